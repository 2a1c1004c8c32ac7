"""Settings in the whole app, through the board's buttons (core.ui.autoplay.ButtonDriver
on the host board, booted by core/boot.py on a flash directory): the settings page
changes the AI level, brightness and sound (the last two at once on the board), a game's
options page keeps its variants, and after a "reboot" (a new boot on the same flash) all
of it is back; the seat set-up starts every AI seat at the stored level."""
import os
import sys

import pytest

from core import app as app_mod
from core import settings
from core.boot import boot
from core.registry import GAME_NAMES
from core.save import DeviceFs, SaveStore
from core.seats import SeatPlan, ai_levels
from core.ui import autoplay
from core.ui.menu import GAMES, OPTIONS

CHANGED = {"ai_level": 3, "brightness": 60, "sound": False}


def power_up(tmp_path, layout):
    """Boot the host board on the flash directory and start the app, as firmware/main.py
    does; a saved game's "Continue game?" is declined."""
    b = boot(DeviceFs(str(tmp_path)), "host", lambda s: None, board_config={"layout": layout})
    b.app = app_mod.make_app(b, seed=1)
    d = autoplay.ButtonDriver(b, b.app)
    if b.app.state == app_mod.RESUME:
        d.key("BACK")
    assert b.app.state == app_mod.MENU
    return b, d


def to_row(d, lst, want):
    while lst.sel != want:
        d.key("DOWN")


def open_settings(d):
    """The Settings row (after the games); the page's model."""
    m = d.app.menu
    to_row(d, d.app.menu_view.list, len(m.entries))
    d.key("OK")
    page = d.app.menu_view.menu
    assert type(page).__name__ == "SettingsPage"      # (its module is loaded anew each time)
    return page


def edit(d, row, key):
    """OK on the settings or options page's `row`, `key` once, OK."""
    to_row(d, d.app.menu_view.list, row)
    d.key("OK")
    d.key(key)
    d.key("OK")


def open_speedrun_setup(d, length=None):
    """Speed Run's options page (setting its length), then Start: the seat set-up."""
    m = d.app.menu
    to_row(d, d.app.menu_view.list, 0)
    d.key("OK")
    assert m.page == OPTIONS and m.entries[m.game].name == "speedrun"
    if length is not None:
        edit(d, 0, "DOWN")
        assert m.values["length"] == length
    to_row(d, d.app.menu_view.list, m.option_rows() - 1)
    d.key("OK")
    assert d.app.state == app_mod.SETUP


def saved_settings(tmp_path):
    return settings.load(SaveStore(DeviceFs(str(tmp_path))))[0]


@pytest.mark.parametrize("layout", ["lcd13", "display2"])
def test_settings_and_variants_survive_a_reboot(tmp_path, layout):
    b, d = power_up(tmp_path, layout)
    a = b.app
    m = a.menu
    assert [m.game_label(i)[0] for i in range(len(m.entries), m.game_rows())] == [
        "Settings", "Host a linked game", "Join a linked game"]
    assert b.hw.backlight.level == 80 and b.hw.buzzer.enabled is True     # the defaults
    open_settings(d)
    edit(d, 0, "DOWN")                                  # AI level 2 -> 3
    edit(d, 1, "UP")                                    # brightness 80 -> 60 ...
    assert b.hw.backlight.level == 60                   # ... at once
    edit(d, 2, "DOWN")                                  # sound on -> off
    assert b.hw.buzzer.enabled is False
    assert not os.path.exists(os.path.join(str(tmp_path), "settings.sav"))
    d.key("BACK")                                       # leaving saves
    assert a.menu_view.menu is m and m.page == GAMES and a.settings[0] == CHANGED
    assert saved_settings(tmp_path).values == CHANGED
    assert not [n for n in ("core.settings", "core.app_settings", "core.ui.settings_page")
                if n in sys.modules]                    # loaded for the page, then dropped
    open_speedrun_setup(d, "medium")
    assert a.plan.kinds == ["you", "hard", "hard"]      # AI level 3: the trick games' hard
    assert saved_settings(tmp_path).variants == {}      # stored when the game starts
    to_row(d, a.page.list, a.page.rows() - 1)
    d.key("OK")
    assert a.state == app_mod.RULES
    assert saved_settings(tmp_path).variants == {"speedrun": {"length": "medium"}}

    b, d = power_up(tmp_path, layout)                   # "reboot"
    a = b.app
    assert b.hw.backlight.level == 60 and b.hw.buzzer.enabled is False
    assert a.settings == (CHANGED, {"speedrun": {"length": "medium"}})
    assert open_settings(d).values == CHANGED
    d.key("BACK")
    open_speedrun_setup(d)
    assert a.options["length"] == "medium"              # the options page started there
    assert a.plan.kinds == ["you", "hard", "hard"]


def test_the_default_level_gives_todays_seats():
    # nobody opened Settings: ai_level 2 seats every game's AI as before (golden images
    # and records of games against the default AI stay the same)
    for name in GAME_NAMES:
        n = 2 if name == "speed" else 3
        assert SeatPlan(name, n, (n,), None, 2).kinds == SeatPlan(name, n, (n,)).kinds
    assert SeatPlan("reds", 4, (4,), None, 1).kinds == ["you", "easy", "easy", "easy"]
    assert SeatPlan("speed", 2, (2,), None, 4).kinds == ["you", "expert"]
    assert ai_levels("reds")[:3] == ("default", "easy", "hard")


def test_a_damaged_settings_file_still_boots_with_the_defaults(tmp_path):
    with open(os.path.join(str(tmp_path), "settings.sav"), "wb") as f:
        f.write(b"PCSAVE 1 3\n{\"settings\": {\"ai_lev")       # cut short by a power cut
    b, d = power_up(tmp_path, "lcd13")
    assert "settings: save damaged, starting fresh" in b.app.menu.status
    assert b.app.settings == (settings.Settings().values, {}) and b.hw.backlight.level == 80
    assert open_settings(d).values == settings.Settings().values
    d.key("BACK")
    open_speedrun_setup(d)
    assert b.app.plan.kinds == ["you", "default", "default"]


def test_a_game_quit_back_to_its_options_page_starts_again_and_stores_a_change(tmp_path):
    # the menu comes back where it was (its options page, rebuilt after the game)
    b, d = power_up(tmp_path, "lcd13")
    a = b.app
    open_speedrun_setup(d)
    to_row(d, a.page.list, a.page.rows() - 1)
    d.key("OK")
    assert a.state == app_mod.RULES
    assert not os.path.exists(os.path.join(str(tmp_path), "settings.sav"))   # no change
    d.key("OK")
    d.key("MENU")
    d.key("UP")                                         # the pause menu's last item: Quit game
    d.key("OK")
    d.key("DOWN")                                       # "Quit this game?": Yes
    d.key("OK")
    m = a.menu
    assert a.state == app_mod.MENU and m.page == OPTIONS
    edit(d, 0, "UP")                                    # short -> long
    to_row(d, a.menu_view.list, m.option_rows() - 1)
    d.key("OK")
    to_row(d, a.page.list, a.page.rows() - 1)
    d.key("OK")
    assert a.state == app_mod.RULES
    assert saved_settings(tmp_path).variants == {"speedrun": {"length": "long"}}
