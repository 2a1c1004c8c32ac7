"""The player's settings in the app: the menu's settings page, the AI level's mapping onto
each game's levels, options pages starting from the stored variants, and saving them
(core/app_settings.py, with a stand-in for the App).

`render_settings_screens(w, h, sink)` (no test_ prefix) is shared with the host tests:
tests/host/test_settings_golden.py compares these screens with golden images.
"""
from core import app_settings, save, settings
from core.boot import boot
from core.save import SaveStore
from core.seats import HUMAN, SPEED_LEVELS, SeatPlan, stored_level
from core.settings import Settings
from core.ui import keys
from core.ui.menu import GAMES, LINK_ITEMS, OPTIONS, SETTINGS_ITEM, MainMenu, MenuView
from core.ui.settings_page import SettingsPage
from test_save_boot import Hw, Loader
from test_save_fakefs import FakeFs
from test_ui_menu import FAKE_NAMES, _FakeTrick, fake_loader, press, screen

TRICK = ("default", "easy", "hard", "greedy", "random")     # core.seats.ai_levels' order
SPEED = ("club", "casual", "quick", "expert")


def settings_menu(w=240, h=240):
    """The fake games, Settings and the link rows, as the app shows them."""
    m = MainMenu(FAKE_NAMES, fake_loader)
    m.after = SETTINGS_ITEM + LINK_ITEMS
    v = MenuView(screen(w, h), m)
    v.draw()
    return m, v


def render_settings_screens(w, h, sink):
    """The games list with the Settings row selected, the settings page editing the
    brightness, then editing the AI level at its widest name; sink(name, screen) each."""
    m, v = settings_menu(w, h)
    for _ in range(len(FAKE_NAMES)):
        press(v, keys.DOWN)
    sink("games", v.screen)
    v = settings_view(v.screen, Settings().values)
    press(v, keys.DOWN)
    press(v, keys.OK)
    press(v, keys.UP)                           # brightness 80 -> 60
    sink("edit", v.screen)
    press(v, keys.OK)
    press(v, keys.UP)
    press(v, keys.OK)
    press(v, keys.UP)
    press(v, keys.UP)                           # AI level 2 -> 4
    sink("level", v.screen)


def settings_view(s, values):
    """The settings page on screen `s`, as the app shows it on ("open_settings",)."""
    v = MenuView(s, SettingsPage(values))
    v.draw()
    return v


# -- the AI level -----------------------------------------------------------------------
def test_ai_level_maps_onto_each_games_levels():
    assert [stored_level("speed", n, SPEED) for n in (1, 2, 3, 4)] == list(SPEED_LEVELS)
    assert [stored_level("reds", n, TRICK) for n in (1, 2, 3, 4)] == ["easy", "default",
                                                                       "hard", "hard"]
    # the default (2), and no stored level, give each game's default level: today's seats
    for levels in (TRICK, SPEED, ("greedy", "random")):
        assert stored_level("reds", 2, levels) == levels[0] == stored_level("reds", None, levels)
    assert stored_level("speed", 2, SPEED) == SPEED[0]
    assert stored_level("reds", 3, ("greedy", "random")) == "greedy"    # no core.ai: bots


def test_seat_plan_starts_ai_seats_at_the_stored_level():
    p = SeatPlan("speed", 2, (2,), None, 4)
    assert p.kinds == [HUMAN, "expert"]
    p.set_human(1)
    assert p.kinds == ["expert", HUMAN]
    assert SeatPlan("speed", 2, (2,)).kinds == SeatPlan("speed", 2, (2,), None, 2).kinds == \
        [HUMAN, "club"]


# -- the model ----------------------------------------------------------------------------
def test_settings_over_the_apps_dicts_share_them():
    d = Settings()
    s = Settings(d.values, d.variants)
    s.set("ai_level", 3)
    s.set_variant("trick", "rounds", 5)
    assert d.values == {"ai_level": 3, "brightness": 80, "sound": True}
    assert d.variants == {"trick": {"rounds": 5}}


def test_choose_variants_stores_what_changed():
    s = Settings()
    defaults = {"rounds": 3, "variant": "plain", "fast": False}
    assert not s.choose_variants(_FakeTrick, defaults)     # never stored = the defaults
    assert s.variants == {}
    assert s.choose_variants(_FakeTrick, {"rounds": 5, "variant": "plain", "fast": False})
    assert s.variants == {"faketrick": {"rounds": 5}}
    assert not s.choose_variants(_FakeTrick, {"rounds": 5, "variant": "plain"})
    assert s.options_for(_FakeTrick) == {"rounds": 5}


def test_apply_sets_what_it_is_given_on_the_hardware_there_is():
    hw = Hw()
    settings.apply(hw, {"brightness": 40})
    assert hw.backlight.level == 40 and hw.buzzer.enabled is None
    settings.apply(hw, {"sound": False, "ai_level": 3})
    assert hw.backlight.level == 40 and hw.buzzer.enabled is False
    settings.apply(object(), {"brightness": 40, "sound": True})     # a board without them


# -- the menu's settings page -------------------------------------------------------------
def test_settings_row_follows_the_games_before_the_link_rows():
    m, v = settings_menu()
    n = len(FAKE_NAMES)
    assert m.game_rows() == n + 3
    assert [m.game_label(i) for i in range(n, n + 3)] == [
        ("Settings", None, True), ("Host a linked game", None, True),
        ("Join a linked game", None, True)]
    for _ in range(n):
        press(v, keys.DOWN)
    assert press(v, keys.OK) == ("open_settings",)
    assert m.page == GAMES and m.games_sel == n
    press(v, keys.DOWN)
    assert press(v, keys.OK) == ("link", "host")
    press(v, keys.DOWN)
    assert press(v, keys.OK) == ("link", "join")
    assert MainMenu(FAKE_NAMES, fake_loader).game_rows() == n      # none: the games only


def test_settings_page_edits_like_the_options_page_and_reports_every_change():
    v = settings_view(screen(240, 240), Settings().values)
    m = v.menu
    assert m.page == OPTIONS and v.list.n == 3          # an options page without Start
    assert [m.row_label(i) for i in range(3)] == [
        ("AI level", "2 Normal", True), ("Brightness %", "80", True), ("Sound", "on", True)]
    assert press(v, keys.OK) is None and m.editing
    assert m.row_label(0) == ("AI level", "<2 Normal>", True)
    assert press(v, keys.DOWN) == ("set_value", "ai_level", 3)
    assert m.row_label(0) == ("AI level", "<3 Hard>", True)
    press(v, keys.OK)
    press(v, keys.DOWN)
    assert press(v, keys.LEFT) == ("set_value", "brightness", 60)
    press(v, keys.DOWN)
    assert press(v, keys.RIGHT) == ("set_value", "sound", False)
    assert press(v, keys.OK) is None                   # OK on a row edits, never starts
    assert press(v, keys.BACK) is None and not m.editing
    r = press(v, keys.BACK)
    assert r == ("leave_settings", {"ai_level": 3, "brightness": 60, "sound": False})


def test_the_ai_level_shows_a_name_and_stores_the_int():
    opt = settings.SPEC[0]
    assert opt.key == "ai_level" and len(opt.names) == len(opt.choices)
    assert settings.SPEC[1].names is None           # no names: the value, as before
    v = settings_view(screen(240, 240), {"ai_level": 1, "brightness": 80, "sound": True})
    m = v.menu
    shown = []
    for _ in range(4):
        shown.append(m.row_label(0)[1])
        assert press(v, keys.RIGHT)[2] == m.values["ai_level"]
    assert shown == ["1 Easy", "2 Normal", "3 Hard", "4 Hardest"]
    assert m.values["ai_level"] == 1 and type(m.values["ai_level"]) is int      # wrapped
    press(v, keys.LEFT)
    assert press(v, keys.BACK) == ("leave_settings",
                                   {"ai_level": 4, "brightness": 80, "sound": True})
    s = Settings()
    s.set("ai_level", 4)
    assert settings.parse(s.to_json()).values["ai_level"] == 4     # stored as the int
    for bad in ('"4 Hardest"', '"4"', 'true', '5'):     # a name is not a value
        p = settings.parse('{"settings": {"ai_level": ' + bad + '}}')
        assert p.values["ai_level"] == 2 and p.fixed == ["ai_level"]


def test_options_page_starts_from_the_stored_variants():
    m, v = settings_menu()
    m.stored = {"trick": {"variant": "redo"}}     # App.settings' variants, checked at boot
    press(v, keys.OK)
    assert m.values == {"rounds": 3, "variant": "redo", "fast": False}
    press(v, keys.BACK)
    press(v, keys.DOWN)
    press(v, keys.OK)                           # a game with nothing stored: the defaults
    assert m.values == {"target": 200}


def test_stored_variants_are_checked_against_the_games_options_at_boot():
    st = SaveStore(FakeFs())
    st.save(settings.SAVE_NAME, [b'{"settings": {}, "variants": {"speed": {"target": 50,'
                                 b' "nope": 1}, "speedrun": {"length": "epic"}, "future": {"x": 1}}}'])
    s = settings.load(st)[0]
    assert s.variants == {"speed": {"target": 50}, "speedrun": {}, "future": {"x": 1}}


# -- the app's side (core/app_settings.py) -------------------------------------------------
class App:
    """What core/app_settings.py uses of core.app.App."""

    def __init__(self, kept=None, fs=None):
        self.menu, self.menu_view = settings_menu()
        self.screen = self.menu_view.screen
        self.hints = None
        self.fs = fs if fs is not None else FakeFs()
        self.store = SaveStore(self.fs)
        self.settings = kept
        self.hw = Hw()
        self.linked = None
        self.unload = False


def test_the_settings_page_takes_effect_at_once_and_is_saved_on_leaving():
    a = App()
    games = a.menu
    app_settings.open_settings(a)
    m = a.menu_view.menu
    assert type(m).__name__ == "SettingsPage" and m.values == Settings().values
    assert a.menu is games and a.menu_view._page == OPTIONS     # drawn
    app_settings.set_value(a, "brightness", 40)
    app_settings.set_value(a, "sound", False)
    assert a.hw.backlight.level == 40 and a.hw.buzzer.enabled is False
    assert not a.store.exists(settings.SAVE_NAME)       # nothing written while editing
    values = {"ai_level": 4, "brightness": 40, "sound": False}
    assert app_settings.leave_settings(a, values)
    assert a.settings[0] == values
    assert a.menu_view.menu is games and a.menu_view._page == GAMES    # the games again
    s, loaded = settings.load(SaveStore(a.fs))
    assert loaded.status == save.OK and s.values == values
    n = len(a.fs.log)
    assert not app_settings.leave_settings(a, dict(values))     # unchanged: not written
    assert len(a.fs.log) == n


def test_run_calls_the_named_function():
    a = App()
    app_settings.run(a, ("set_value", "brightness", 20))   # the page's result, as given
    assert a.hw.backlight.level == 20


def test_no_settings_page_while_linked():
    a = App()
    a.linked = object()
    app_settings.open_settings(a)
    assert a.menu_view.menu is a.menu and a.menu.status == "settings: not while linked"


def test_starting_a_game_stores_its_variants_and_saves_only_a_change():
    a = App()
    assert not app_settings.store_variants(a, _FakeTrick, {"rounds": 3})
    assert not a.store.exists(settings.SAVE_NAME)
    assert app_settings.store_variants(a, _FakeTrick, {"rounds": 7, "fast": True})
    s, _ = settings.load(SaveStore(a.fs))
    assert s.variants == {"faketrick": {"rounds": 7, "fast": True}}
    assert a.menu.stored is a.settings[1]     # the next options page starts there


def test_a_damaged_settings_file_boots_with_the_defaults():
    fs = FakeFs({"board.json": b'{"board": "x"}'})
    SaveStore(fs).save(settings.SAVE_NAME, [b'{"settings": 7}'])
    fs.files["settings.sav"] = fs.files["settings.sav"][:-3] + b"xx\n"     # bad checksum
    a = App(None, fs)                   # the screen first, as the device allocates it
    b = boot(fs, out=[].append, load=Loader())
    assert b.settings.values == Settings().values and b.settings.variants == {}
    assert "settings: save damaged, starting fresh" in b.notices
    assert b.hw.backlight.level == 80           # the defaults applied
    a.settings = b.settings.values, b.settings.variants
    app_settings.open_settings(a)
    assert a.menu_view.menu.values == Settings().values
    assert app_settings.leave_settings(a, {"ai_level": 1, "brightness": 80, "sound": True})
    assert settings.load(SaveStore(fs))[0].get("ai_level") == 1     # and saves anew
