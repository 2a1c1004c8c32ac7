"""Scores a player can see (issue #16 items 2 and 3): Reds shows every seat's score under
its name at the trick at 2-6 players (and the partnership game) on both screens, inside the
screen and above the message line; its bid and exchange screens show the trump, anti-trump
and neutral suits, the turned cards and the bids so far, never a hidden bid (the
scoresheets: test_reds_sheet.py, test_speed_sheet.py).  Runs on CPython and both
MicroPython ports.
"""
import framebuf
import gc

from core.ui.screen import Screen

_BIG = Screen(320, 240)   # first: one contiguous buffer, as at boot


class _Smaller(Screen):
    """A 240x240 screen on the 320x240 one's buffer (the MicroPython heap holds one)."""

    def __init__(self, big, w, h):
        from core.ui.dirty import DirtyRects
        self.width = w
        self.height = h
        self.buf = memoryview(big.buf)[:(w * h) >> 1]
        self.fb = framebuf.FrameBuffer(self.buf, w, h, framebuf.GS4_HMSB)
        self.dirty = DirtyRects(w, h)


_SCREENS = {320: _BIG, 240: _Smaller(_BIG, 240, 240)}

from core.games.reds.rules import BID_BASE, Reds  # noqa: E402
from core.ui import carddraw, rich  # noqa: E402
from core.ui.palette import ACCENT, RED  # noqa: E402
from core.ui.table_common import card_rich  # noqa: E402
from core.games.reds.screen import RedsTable  # noqa: E402
from sheet_kit import sheet_texts  # noqa: E402

NAMES = ["You", "Ann", "Bob", "Cy", "Dee", "Eve"]
HINTS = {"move": "UP/DN", "ok": "OK", "back": "BACK"}


def _reds(n, seed=5, part=False, hidden=False):
    return Reds({"players": n, "partnership": part, "hidden_bids": hidden}, seed)


def _step(g):
    s = g.to_move()[0]
    acts = g.legal_actions(s)
    g.apply(s, acts[-2] if g.phase == "bid" else acts[0])


def _to_round_play(g, rounds):
    while not g.is_over() and not (len(g.rounds) >= rounds and g.phase == "play"):
        _step(g)


def _table(g, w, seat=0):
    gc.collect()
    s = _SCREENS[w]
    s.fb.fill(0)
    t = RedsTable(s, g, seat, NAMES[:g.n_players], HINTS)
    t.intro_done = True
    t.update(g.observation(seat), g.to_move())
    t.full_draw()
    return s, t


def _count(fb, x, y, w, h, col):
    k = 0
    for yy in range(y, y + h):
        for xx in range(x, x + w):
            if fb.pixel(xx, yy) == col:
                k += 1
    return k


def _check_scores_visible(g, w):
    s, t = _table(g, w)
    n = g.n_players
    cw = carddraw.width(carddraw.FULL)
    y = t.trick_y + 2 + carddraw.height(carddraw.FULL) + 12     # the row under the names
    assert y + 8 <= t.notes_y and y + 8 <= t.msg_y, (n, w)
    pitch = cw + t.slot_gap
    for seat in range(n):
        label = "%d" % g.scores[seat]
        assert t.score_row[seat] == label
        x = t.slot_x(seat)
        assert 0 <= x - 4 and x + cw + 4 <= w, (n, w, seat)
        assert 8 * len(label) < pitch, (n, w, label)        # apart from its neighbours
        # drawn: score-coloured pixels under that seat's name
        assert _count(s.fb, x - 4, y, cw + 8, 8, ACCENT) > 0, (n, w, seat)
    cols = (w - 8) // 8
    assert t.notes_y + 11 * (len(t.notes) - 1) + 8 <= t.msg_y     # above the message
    for line in t.notes:
        assert rich.length(line) <= cols, (n, w, line)
    return t


def test_every_players_score_is_visible_at_every_player_count_on_both_screens():
    for w in (240, 320):
        for n in (2, 3, 4, 5, 6):
            g = _reds(n)
            _to_round_play(g, 2)
            assert max(g.scores) > 0
            _check_scores_visible(g, w)
        for n in (4, 6):
            g = _reds(n, part=True)
            _to_round_play(g, 1)
            t = _check_scores_visible(g, w)
            assert [x for x in t.notes if "+" in x], t.notes    # the team totals too


def test_three_digit_scores_fit_at_six_players():
    for w in (240, 320):
        g = None
        gc.collect()
        g = _reds(6)
        _to_round_play(g, 1)
        g.scores[:] = [180, 123, 99, 100, 7, 150]
        _check_scores_visible(g, w)


def _bidding_table(hidden, w, n=4):
    """Seat 0 bids last (the dealer is seat 0): the others' bids are in."""
    for seed in range(1, 60):
        g = _reds(n, seed, hidden=hidden)
        if g.dealer == 0 or hidden:
            break
    while g.phase == "bid" and (0 not in g.to_move() or (hidden and len(g.to_move()) > 1)):
        s = [x for x in g.to_move() if x != 0][0]
        g.apply(s, BID_BASE + (s % 3) + 1)
    assert g.phase == "bid" and 0 in g.to_move()
    s, t = _table(g, w)
    return g, s, t


def test_the_bid_screen_shows_suits_turned_cards_and_the_bids_so_far():
    for w in (240, 320):
        g, s, t = _bidding_table(False, w)
        obs = g.observation(0)
        assert t.choices is not None and t.choices[0][1] == BID_BASE     # the bid list
        assert t.notes[0].startswith("Trump ^D")
        assert ("Anti ^%s" % obs["anti"]) in t.notes[0] or obs["anti"] is None
        shown = " ".join(t.notes)
        assert obs["turned"] and "Turned:" in shown
        for c in obs["turned"]:
            assert card_rich(t.deck, c) in shown, (shown, c)
        for seat in range(1, g.n_players):
            assert t.opp[seat] == "bid %d" % g.bids[seat], t.opp
        # the list covers only the card slots: the notes stay on the screen, the trump's
        # red diamond among them
        assert t.list.y + t.list.h <= t.notes_y
        assert _count(s.fb, 4, t.notes_y, w - 8, 8, RED) > 0


def test_the_exchange_screen_shows_the_suits_and_turned_cards():
    g = _reds(4, 7)
    while g.phase != "exchange":
        _step(g)
    for w in (240, 320):
        s, t = _table(g, w)
        text = " ".join(t.notes)
        assert text.startswith("Trump ^D") and "Turned:" in text and "Pass 4 to" in text
        assert _count(s.fb, 4, t.notes_y, w - 8, 8, RED) > 0


def test_a_hidden_bid_is_never_shown_before_the_reveal():
    for w in (240, 320):
        g, s, t = _bidding_table(True, w, 3)
        for seat in (1, 2):
            assert g.has_bid[seat]
            assert t.opp[seat] == ("bid hidden" if t.box_w >= 100 else "bid ?"), t.opp
        while g.phase == "bid":
            g.apply(0, BID_BASE + 2)
        while g.phase != "play":
            _step(g)                                    # the exchange
        while g.phase == "play" and g.trick_no < 4:
            _step(g)
        t.update(g.observation(0), g.to_move())
        for seat in (1, 2):
            assert "%d" % g.bids[seat] not in t.opp[seat].split("won")[0], t.opp
        assert [x for x in t.notes if x.startswith("You: bid 2,")]
        sheet = _sheet_texts(g, t, w)
        assert "No round finished yet." in sheet          # the round's bids are not there


def _sheet_texts(g, t, w):
    return sheet_texts(_SCREENS[w], t, g.observation(t.seat))


def render_score_screens(w, h, shot):
    """Six players in partnership, on both screens, for the golden images of
    tests/host/test_table_scores_golden.py: the table after round 3 with three-digit
    scores and both pages of the scoresheet after nine rounds; five players' bid screen."""
    from core.ui.palette import FELT_DARK
    from core.ui.sheets import sheet_hint
    from core.ui.widgets import hint_line
    g = _reds(6, 11, part=True)
    _to_round_play(g, 3)
    g.scores[:] = [123, 45, 7, 180, 99, 100]
    s, t = _table(g, w)
    shot("table6p", s)
    g = _reds(6, 11, part=True)
    _to_round_play(g, 9)
    s, t = _table(g, w)
    for page in (0, 1):
        t.sheet_page = page
        s.fb.fill(0)
        t.draw_sheet(s, g.observation(0))
        hint_line(s, sheet_hint(t, HINTS), FELT_DARK, 14)
        shot("sheet6p_page%d" % (page + 1), s)
    g, s, t = _bidding_table(False, w, 5)
    shot("bid5p", s)
