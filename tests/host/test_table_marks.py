"""The AI's moves are easy to follow on the trick tables (core/ui/table_common.py): the
card played last stays framed in gold until the next card is played (through AI delays
and redraws), and while a finished trick is held the message line says who took it, in
gold like the winner's name.  Checked on the rendered screen of games played through the
keys: every trick-taking game, Reds at 2-6 players, both layouts."""
import pytest

from core import app as app_mod
from core.ui import autoplay
from core.ui.palette import GOLD
from tools.headless import Headless

GAMES = [("reds", {"short_game": True}, n) for n in (2, 3, 4, 5, 6)] + [
    ("steppingstones", {}, None), ("speedrun", {"length": "short"}, None)]


def _framed(t, seat):
    """Is the trick slot of `seat` drawn with the gold frame (carddraw.F_CURSOR)?"""
    return t.screen.fb.pixel(t.slot_x(seat) + 1, t.trick_y + 2 + 20) == GOLD


def _msg_has_gold(t):
    fb = t.screen.fb
    for y in range(t.msg_y, t.msg_y + 10):
        for x in range(0, t.W, 2):
            if fb.pixel(x, y) == GOLD:
                return True
    return False


@pytest.mark.parametrize("layout", ["lcd13", "display2"])
@pytest.mark.parametrize("game,opts,players", GAMES)
def test_last_card_stays_framed_and_the_trick_winner_is_announced(game, opts, players, layout):
    h = Headless(layout, 5)
    seen = {"framed": 0, "announced": 0, "ai_won": 0, "you_won": 0}

    def watch(player):
        a = h.app
        if a.state != app_mod.TABLE:
            return
        t = a.table
        if getattr(t, "draws", None) is not None:
            return                              # Reds' first-dealer draws, not a trick
        g = a.game
        # the record, not the event log: the app drops a shown trick's events
        plays = [seat for seat, action in g.history if action < 64]     # cards are 0..63
        if t.trick_count() == 0 or not plays:
            return
        last = plays[-1]
        # the last card played is framed, and only it, until the next card is played
        assert t.last_seat == last
        for s in range(t.n):
            if t.slots[s] != 0xFF:
                assert _framed(t, s) == (s == last), (s, last)
        seen["framed"] += 1
        if a.hold_until >= 0 and t.winner >= 0:
            w = t.winner
            want = "You take the trick" if w == t.seat else "%s takes the trick" % t.names[w]
            assert t.prompt == want and not t.msg
            assert _msg_has_gold(t)
            seen["announced"] += 1
            seen["you_won" if w == t.seat else "ai_won"] += 1

    p = autoplay.AutoPlayer(h, game, opts, players, None, 5, watch)
    while seen["announced"] < 6 and h.presses < 2500:
        if p.run(max_presses=h.presses + 25):
            break
    assert seen["framed"] > 10 and seen["announced"] >= 3 and seen["ai_won"] >= 1, seen


def test_frame_and_announcement_survive_a_full_redraw():
    """The pause menu covers the table; coming back redraws it with the same marks."""
    h = Headless("lcd13", 5)
    state = {}

    def watch(player):
        a = h.app
        if state or a.state != app_mod.TABLE or a.hold_until < 0 or a.table.winner < 0:
            return
        t = a.table
        if getattr(t, "draws", None) is not None:
            return
        last, prompt = t.last_seat, t.prompt
        t.full_draw()
        assert _framed(t, last) and t.prompt == prompt and _msg_has_gold(t)
        state["done"] = True

    p = autoplay.AutoPlayer(h, "steppingstones", {}, None, None, 5, watch)
    while not state and h.presses < 1000:
        p.run(max_presses=h.presses + 25)
    assert state
