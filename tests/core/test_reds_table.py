"""Reds' table: the first-dealer draws (ruling R-8) are shown before round 1, as a trick
the dealer wins, with the tied players' redraws in the notes.
Runs on CPython and both MicroPython ports."""
from core.ui.screen import Screen

_SCREEN = Screen(240, 240)   # first: one contiguous buffer, as at boot

from core.games.reds.rules import Reds  # noqa: E402
from core.ui.table_common import NO_CARD  # noqa: E402
from core.games.reds.screen import RedsTable  # noqa: E402

NAMES = ["You", "Ann", "Bob", "Cy", "Dee", "Eve"]
HINTS = {"move": "UP/DN", "ok": "OK", "back": "BACK"}


def _table(n, seed, seat=0):
    g = Reds({"players": n}, seed)
    _SCREEN.fb.fill(0)
    t = RedsTable(_SCREEN, g, seat, NAMES[:n], HINTS)
    return g, t


def _show(g, t):
    ms = t.intro(1000)
    t.update(g.observation(t.seat), g.to_move())
    return ms


def test_two_players_tie_redraw_is_shown():
    # seed 3: both draw a jack; the redraw is You 10D, Ann 7C: You deal
    g, t = _table(2, 3)
    draws = [e for e in g.events if e[0] == "draw"]
    assert [(e[1], g.action_label(e[2])) for e in draws] == [
        (0, "JC"), (1, "JD"), (0, "10D"), (1, "7C")]
    assert _show(g, t) == 5000                      # 3 + 2 per tie round, in trick holds
    assert list(t.slots) == [draws[0][2], draws[1][2]]     # everyone's first draw
    assert t.winner == g.first_dealer == 0          # the dealer's name in gold
    assert t.info == "Reds  Draw for first dealer"
    assert t.notes == ["Highest card deals.", "Tie at J: You 10^D, Ann 7^C"]
    assert t.prompt == "You deal round 1"
    assert t.hand == [] and t.choices is None and not t.card_mode   # no bid panel yet
    assert t.intro(1000) == 0                       # once


def test_six_players_three_way_tie_wraps_and_the_seat_sees_its_own_view():
    # seed 59: Cy, Dee and Eve tie on jacks; Eve's king wins the redraw
    g, t = _table(6, 59, seat=2)
    draws = [e for e in g.events if e[0] == "draw"]
    assert len(draws) == 9 and [e[1] for e in draws[6:]] == [3, 4, 5]
    _show(g, t)
    assert list(t.slots) == [e[2] for e in draws[:6]]
    assert t.winner == g.first_dealer == 5
    assert t.notes == ["Highest card deals.", "Tie at J: Cy Q^D, Dee 10^S,", "  Eve K^S"]
    assert t.prompt == "Eve deals round 1"
    for line in t.notes:
        assert len(line.replace("^", "")) <= 29     # fits 240 px


def test_six_players_two_tie_rounds_and_no_tie():
    g, t = _table(6, 74)
    _show(g, t)
    assert t.notes == ["Highest card deals.", "Tie at J: You A^D, Ann A^S",
                       "Tie at A: You 8^S, Ann 5^S"]
    assert t.prompt == "You deal round 1"
    g, t = _table(6, 1)
    assert len([e for e in g.events if e[0] == "draw"]) == 6
    assert _show(g, t) == 3000
    assert t.notes == ["Highest card deals."] and t.trick_count() == 6


def test_the_round_follows_once_the_draws_are_cleared():
    g, t = _table(6, 59)
    _show(g, t)
    t.clear_trick()                                 # the app's hold ends
    t.update(g.observation(0), g.to_move())
    assert t.draws is None and t.info.startswith("Reds  Round 1/9")
    assert len(t.hand) == 5 and t.slots[0] == NO_CARD and t.winner == -1
    assert t.intro(1000) == 0


def test_no_draws_once_the_game_has_begun():
    g, t = _table(4, 72)
    s = g.to_move()[0]
    g.apply(s, g.legal_actions(s)[0])
    assert t.intro(1000) == 0 and t.draws is None


def render_draw_screen(w, h, shot):
    """The six-player draw with a three-way tie (seed 59) as the app shows it, for the
    golden images of tests/host/test_reds_draw_golden.py."""
    s = _SCREEN if (w, h) == (240, 240) else Screen(w, h)
    g = Reds({"players": 6}, 59)
    t = RedsTable(s, g, 0, NAMES, HINTS)
    _show(g, t)
    t.full_draw()
    shot("tie", s)
