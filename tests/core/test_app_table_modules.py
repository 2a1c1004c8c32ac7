"""What the device's app (App(unload=True)) keeps loaded at a trick game's table, where a
game's heap peaks (docs/memory.md, issue #19 item 3): not the menu, the code that leads
to the table (core/app_start.py), core.gameinfo or the rules page; a game's scoresheet
page and results texts (core/games/<game>/summary.py) only while that page is drawn.  The
pause menu's rules page and scoresheet still work and go again with the table."""
import sys

from core import app as app_mod
from core.save import SaveStore
from core.ui import autoplay
from core.ui.screen import Screen
from test_save_fakefs import FakeFs

GONE = ("core.app_start", "core.gameinfo", "core.ui.menu", "core.ui.rules_page",
        "core.games.speedrun.page", "core.games.speedrun.summary", "core.registry")


def _loaded():
    return [m for m in GONE if m in sys.modules]


def _pause_row(d, row):
    """MENU (unless paused), then OK on the pause menu's row named `row`."""
    a = d.app
    if a.state != app_mod.PAUSE:
        d.key("MENU")
    assert a.state == app_mod.PAUSE
    while a.pause_items[a.pause_list.sel] != row:
        d.key("DOWN")
    d.key("OK")


def test_the_table_keeps_none_of_the_way_to_it():
    d = autoplay.Driver(Screen(240, 240), None, seed=1, store=SaveStore(FakeFs()), unload=True)
    a = d.app
    d.key("OK")                                     # Speed Run: its options
    while a.menu_view.list.sel != a.menu.option_rows() - 1:
        d.key("DOWN")
    d.key("OK")                                     # start: the seats
    while a.page.list.sel != a.page.rows() - 1:
        d.key("DOWN")
    d.key("OK")                                     # start: the rules page
    assert a.state == app_mod.RULES and "core.app_start" not in sys.modules
    d.key("OK")
    assert a.state == app_mod.TABLE
    assert _loaded() == []
    _pause_row(d, "Rules")                          # the rules page from the pause menu
    assert a.state == app_mod.RULES and "core.ui.rules_page" in sys.modules
    assert "core.app_start" not in sys.modules      # dropped again as the page opened
    d.key("OK")
    assert a.state == app_mod.TABLE and _loaded() == []
    _pause_row(d, "Scoresheet")
    assert a.state == app_mod.SHEET
    assert "core.games.speedrun.summary" not in sys.modules    # drawn, then dropped
    d.key("BACK")                                   # the pause menu again
    _pause_row(d, "Resume")
    assert a.state == app_mod.TABLE and _loaded() == []
    _pause_row(d, "Quit game")
    d.key("DOWN")
    d.key("OK")                                     # Yes: back to the menu, rebuilt
    assert a.state == app_mod.MENU and a.menu is not None and "core.ui.menu" in sys.modules
