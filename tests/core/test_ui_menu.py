"""Main menu model and view: games list, options pages from OPTIONS, unavailable games.

`render_screens(w, h)` (no test_ prefix) is shared with the host tests: the golden images
and the CPython-vs-MicroPython comparison render exactly these screens.
"""
from binascii import crc32

from core.game import Game, Option
from core.registry import GAME_NAMES
from core.ui import keys
from core.ui.menu import GAMES, OPTIONS, MainMenu, MenuView
from core.ui.screen import Screen


class _FakeTrick(Game):
    NAME = "faketrick"
    TITLE = "Fake Trick"
    PLAYERS = (3,)
    OPTIONS = (Option("rounds", (3, 5, 7), "Rounds"),
               Option("variant", ("plain", "redo"), "Variant"),
               Option("fast", (False, True), "Quick play with a long label here"))


class _FakeParty(Game):
    NAME = "fakeparty"
    TITLE = "Party Game"
    PLAYERS = (2, 3, 4, 5, 6)
    OPTIONS = (Option("target", (100, 200, 300), "Target score", 200),)


def fake_loader(name):
    if name == "trick":
        return _FakeTrick
    if name == "party":
        return _FakeParty
    if name == "broken":
        raise ValueError("half-written engine")
    raise ImportError("no module named 'core.%s'" % name)


FAKE_NAMES = ("trick", "party", "missing", "broken")


_screen = [None]


def screen(w, h):
    """One reusable Screen: a 128 KB MicroPython heap has room for one, like the device."""
    s = _screen[0]
    if s is None or s.width != w or s.height != h:
        _screen[0] = None
        s = _screen[0] = Screen(w, h)
    s.fb.fill(0)
    s.dirty.clear()
    return s


def press(view, key, kind=keys.PRESS):
    return view.handle(keys.event(kind, key))


def render_screens(w, h, sink):
    """Render the menu pages a user sees at one resolution; sink(name, screen) each."""
    s = screen(w, h)
    v = MenuView(s, MainMenu(FAKE_NAMES, fake_loader))
    v.draw()
    sink("games", s)
    press(v, keys.DOWN)
    press(v, keys.DOWN)
    press(v, keys.OK)               # "missing": unavailable, status line explains
    sink("unavailable", s)
    press(v, keys.UP)
    press(v, keys.OK)               # "party": options page
    press(v, keys.DOWN)
    press(v, keys.OK)               # edit Players
    press(v, keys.DOWN)
    sink("options_edit", s)


def test_unavailable_games_are_listed_not_fatal():
    m = MainMenu(FAKE_NAMES, fake_loader)
    assert [e.name for e in m.entries] == list(FAKE_NAMES)
    assert m.entries[0].cls is _FakeTrick and m.entries[0].reason is None
    assert m.entries[2].cls is None and "not installed" in m.entries[2].reason
    assert m.entries[3].cls is None and "ValueError" in m.entries[3].reason
    assert m.game_label(2) == ("missing", "n/a", False)
    assert m.game_label(1) == ("Party Game", "2-6P", True)


def test_real_registry_menu_builds_whatever_is_installed():
    s = screen(240, 240)
    m = MainMenu()
    v = MenuView(s, m)
    v.draw()
    assert [e.name for e in m.entries] == list(GAME_NAMES)
    for i in range(len(m.entries)):
        e = m.entries[i]
        assert (e.cls is None) != (e.reason is None)
        if e.cls is not None:
            # every available game's options page opens and lists each option + Start
            m.open_game(i)
            assert m.option_rows() >= len(e.cls.OPTIONS) + 1
            for r in range(m.option_rows()):
                label, value, enabled = m.row_label(r)
                assert label and enabled
    assert s.dirty.count > 0


def test_navigate_edit_and_start():
    s = screen(240, 240)
    v = MenuView(s, MainMenu(FAKE_NAMES, fake_loader))
    v.draw()
    assert press(v, keys.OK) is None
    assert v.menu.page == OPTIONS and v.list.n == 4          # 3 options + Start
    press(v, keys.RIGHT)                                       # rounds 3 -> 5
    press(v, keys.DOWN)
    press(v, keys.OK)                                          # edit "variant"
    assert v.menu.editing
    assert v.menu.row_label(1) == ("Variant", "<plain>", True)
    press(v, keys.DOWN)                                        # plain -> redo
    press(v, keys.OK)                                          # leave edit mode
    assert not v.menu.editing
    press(v, keys.DOWN)
    press(v, keys.DOWN)
    result = press(v, keys.OK)
    assert result == ("start", "trick", {"rounds": 5, "variant": "redo", "fast": False}, 3)


def test_players_row_and_back():
    s = screen(240, 240)
    v = MenuView(s, MainMenu(FAKE_NAMES, fake_loader))
    v.draw()
    press(v, keys.DOWN)
    press(v, keys.OK)
    assert v.menu.row_label(0) == ("Target score", "200", True)   # explicit default
    assert v.menu.row_label(1) == ("Players", "2", True)
    press(v, keys.DOWN)
    press(v, keys.LEFT)                                         # wraps 2 -> 6
    assert v.menu.players == 6
    press(v, keys.BACK)
    assert v.menu.page == GAMES and v.list.sel == 1
    press(v, keys.OK)
    assert v.menu.players == 2                                  # reopened: defaults


def test_list_wraps_and_repeat_moves_release_does_not():
    s = screen(240, 240)
    v = MenuView(s, MainMenu(FAKE_NAMES, fake_loader))
    v.draw()
    press(v, keys.UP)
    assert v.list.sel == 3
    press(v, keys.DOWN, keys.REPEAT)
    assert v.list.sel == 0
    press(v, keys.DOWN, keys.RELEASE)
    assert v.list.sel == 0


def test_cursor_move_redraws_two_rows_only():
    s = screen(240, 240)
    v = MenuView(s, MainMenu(FAKE_NAMES, fake_loader))
    v.draw()
    s.dirty.clear()
    press(v, keys.DOWN)
    assert 0 < s.dirty.area() <= 2 * v.list.row_h * s.width


def check_render(w, h):
    """The three menu screens render at w x h, differ, and mark dirty regions."""
    for _ in (0,):
        shots = []
        render_screens(w, h, lambda name, s: shots.append((name, crc32(s.buf), s.dirty.count)))
        assert [n for n, _, _ in shots] == ["games", "unavailable", "options_edit"]
        assert shots[0][1] != shots[1][1] and shots[1][1] != shots[2][1]
        assert shots[0][2] > 0


def test_screens_render_240():
    check_render(240, 240)
