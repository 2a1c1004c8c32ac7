""""Quit game" in the pause menu asks first (issue #16 item 5): quitting ends the game and
drops its save, so the question "Quit this game? It cannot be continued." starts on No;
No and BACK go back to the table with the game and its save as they were, Yes quits.
(Linked play goes through the same question: tests/host/test_app_link.py.)"""
from core import app as app_mod
from core.ui import pause
from core.save import GAME_SAVE, SaveStore
from core.ui import autoplay
from core.ui.screen import Screen
from test_save_fakefs import FakeFs

_screen = [None]


def _table(w, h):
    """A Speed Run game against the AI on a w x h screen, at its table, saved once."""
    import gc
    gc.collect()                                    # the last test's app
    s = _screen[0]
    if s is None or s.width != w or s.height != h:
        s = _screen[0] = None
        gc.collect()
        s = _screen[0] = Screen(w, h)
    fs = FakeFs()
    # unload: the device's app (the menu goes while the game runs), for the suite's heap
    d = autoplay.Driver(s, None, seed=1, store=SaveStore(fs), unload=True)
    a = d.app
    d.key("OK")                                     # Speed Run's options
    while a.menu_view.list.sel != a.menu.option_rows() - 1:
        d.key("DOWN")
    d.key("OK")                                     # start: the seats
    while a.page.list.sel != a.page.rows() - 1:
        d.key("DOWN")
    d.key("OK")                                     # start: the rules
    d.key("OK")
    assert a.state == app_mod.TABLE
    a.saver.save_now()                              # as at a trick's end
    assert SaveStore(fs).exists(GAME_SAVE)
    return d, fs


def _ask(d):
    """MENU, the pause menu's last row (Quit game), OK: the question."""
    a = d.app
    d.key("MENU")
    assert a.state == app_mod.PAUSE and a.pause_items[-1] == "Quit game"
    d.key("UP")
    d.key("OK")
    assert a.state == app_mod.PAUSE, "quit without asking"
    assert a.pause_items == [pause.QUIT_NO, pause.QUIT_YES]
    assert a.pause_list.sel == 0                    # on No


def _text_on(screen, s, x, y, w):
    """True if `s`, drawn centred in (x, w) at y, is what the screen shows there (drawn
    again over itself in the panel's colours: nothing changes)."""
    from core.ui import text
    from core.ui.palette import ACCENT, TEXT
    row = screen.width // 2
    band = bytes(screen.buf[y * row:(y + 8) * row])
    for col in (ACCENT, TEXT):
        text.draw_centred(screen.fb, s, x, y, w, col)
        same = bytes(screen.buf[y * row:(y + 8) * row]) == band
        screen.buf[y * row:(y + 8) * row] = band
        if same:
            return True
    return False


def test_quit_asks_and_no_keeps_the_game_and_its_save():
    for w, h in ((240, 240), (320, 240)):
        d, fs = _table(w, h)
        a = d.app
        game = a.game
        _ask(d)
        # the question is on the screen, whole
        y = (h - a._panel_h) // 2
        assert _text_on(a.screen, "Quit this game?", 20, y + 6, w - 40)
        assert _text_on(a.screen, "It cannot be continued.", 20, y + 20, w - 40)
        d.key("OK")                                 # No
        assert a.state == app_mod.TABLE and a.game is game
        assert SaveStore(fs).exists(GAME_SAVE)
        _ask(d)
        d.key("BACK")                               # BACK: No as well
        assert a.state == app_mod.TABLE and a.game is game
        assert SaveStore(fs).exists(GAME_SAVE)
        _ask(d)
        d.key("DOWN")
        d.key("UP")                                 # the cursor moves, and back to No
        d.key("OK")
        assert a.state == app_mod.TABLE and a.game is game
        assert SaveStore(fs).exists(GAME_SAVE)


def test_quit_yes_ends_the_game_and_drops_its_save():
    d, fs = _table(240, 240)
    a = d.app
    _ask(d)
    d.key("DOWN")
    d.key("OK")                                     # Yes
    assert a.state == app_mod.MENU and a.game is None and a.table is None
    assert not SaveStore(fs).exists(GAME_SAVE)
    assert [n for n in fs.files if n.startswith(GAME_SAVE)] == []
