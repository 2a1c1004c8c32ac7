"""The pause menu's scoresheet page of Reds and Speed, reached through the buttons in a
game against the AI after some rounds (issue #16 item 2): the menu lists it, the page is
exactly the table's sheet with the game's numbers, and a key goes back to the game."""
import sys
import os

import pytest

from core import app as app_mod
from core.ui import autoplay
from core.ui.palette import FELT_DARK
from core.ui.screen import Screen
from core.ui.sheets import sheet_hint
from core.ui.widgets import hint_line
from tools.headless import LAYOUTS, Headless

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "core"))
from sheet_kit import sheet_texts  # noqa: E402


def _open_sheet(h):
    a = h.app
    h.key("MENU")
    assert a.state == app_mod.PAUSE and "Scoresheet" in a.pause_items
    while a.pause_items[a.pause_list.sel] != "Scoresheet":
        h.key("DOWN")
    h.key("OK")
    assert a.state == app_mod.SHEET
    t = a.table
    # the page on the screen is the table's sheet of the game as it stands, and its hint
    s = Screen(h.screen.width, h.screen.height)
    t.sheet_page = -1
    texts = sheet_texts(s, t, a.game.observation(a.human))
    hint_line(s, sheet_hint(t, a.hints), FELT_DARK, 14)
    assert bytes(s.buf) == bytes(h.screen.buf)
    return texts


def _close_sheet(h):
    h.key("OK")
    assert h.app.state == app_mod.TABLE


@pytest.mark.parametrize("layout", LAYOUTS)
def test_reds_pause_menu_scoresheet_after_some_rounds(layout):
    h = Headless(layout, 2, step=100)
    seen = []

    def watch(p):
        a = h.app
        g = a.game
        if (seen or a.state != app_mod.TABLE or g is None or len(g.rounds) < 2 or
                a.hold_until >= 0 or not a.table.card_mode):
            return
        texts = _open_sheet(h)
        for r in g.result()["rounds"]:
            at = texts.index("R%d" % r["round"])
            want = []
            for s in range(g.n_players):
                want += ["%d/%d" % (r["bids"][s], r["tricks"][s]), "+%d" % r["points"][s]]
            assert texts[at + 1:at + 1 + len(want)] == want
        at = texts.index("Total")
        assert texts[at + 1:at + 1 + g.n_players] == ["%d" % x for x in g.scores]
        seen.append(len(g.rounds))
        _close_sheet(h)

    ok = autoplay.AutoPlayer(h, "reds", {"short_game": True}, 5, None, 2, watch).run()
    assert ok and seen and seen[0] >= 2


@pytest.mark.parametrize("layout", LAYOUTS)
def test_speed_pause_menu_scoresheet_after_some_rounds(layout):
    h = Headless(layout, 3, step=100)
    rounds = {}
    seen = []

    def watch(p):
        a = h.app
        g = a.game
        if g is None:
            return
        if g.rounds:
            r = g.rounds[-1]
            rounds[r["round"]] = (r["winner"], r["points"])
        if seen or a.state != app_mod.TABLE or g.round_no < 4:
            return
        texts = _open_sheet(h)
        at = texts.index("Rounds won")
        assert texts[at + 1:at + 3] == ["%d" % g.rounds_won[0], "%d" % g.rounds_won[1]]
        at = texts.index("Points")
        assert texts[at + 1:at + 3] == ["%d" % g.scores[0], "%d" % g.scores[1]]
        for no in range(1, g.round_no):
            at = texts.index("Round %d" % no)
            w, pts = rounds[no]
            assert texts[at + 1:at + 3] == ["+%d" % pts if s == w else "0" for s in (0, 1)]
        seen.append(g.round_no)
        _close_sheet(h)

    ok = autoplay.AutoPlayer(h, "speed", {"target": 100, "scoring": "automatic",
                                          "auto_points": 10}, None, None, 3, watch).run()
    assert ok and seen
