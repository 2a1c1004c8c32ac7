"""The device loop survives a failure inside a pass (core.app.guarded_step): a MemoryError
at the table shows the crash page, the save of the game in progress is untouched, and a
button press starts the app again, which offers that save ("Continue game?")."""
import os

from core import app as app_mod

from core import loop as loop_mod
from core.boot import boot
from core.save import DeviceFs, GAME_SAVE, SaveStore
from core.save_load import load_game
from core.ui import crash
from core.ui.screen import Screen
from test_app_resume import _play_until_saves


class Device:
    """core.app.run()'s loop, one pass at a time, with the host board's buttons."""

    def __init__(self, path):
        self.boot = boot(DeviceFs(path), "host", lambda s: None, board_config={"layout": "lcd13"})
        self.boot.app = app_mod.make_app(self.boot, seed=1)
        self.now = 0

    @property
    def app(self):
        return self.boot.app

    def passes(self, n, mask=0):
        for _ in range(n):
            self.now += 10
            self.boot.hw.input.mask = mask
            app_mod.guarded_step(self.boot, self.now, 1)

    def press(self, button):
        self.passes(8, 1 << self.boot.hw.board.BUTTONS.index(button))
        self.passes(8)


def _shows_crash_page(dev, exc, saved):
    """The boot screen holds exactly the crash page for `exc` with that save note."""
    s = dev.boot.screen
    expected = Screen(s.width, s.height)
    crash.show(expected, exc, saved)
    assert dev.boot.store.exists(GAME_SAVE) == saved
    assert s.buf == expected.buf
    other = Screen(s.width, s.height)
    crash.show(other, exc, not saved)
    assert other.buf != expected.buf                # the save note is on the page


def test_a_memory_error_at_the_table_shows_the_crash_page_and_restart_offers_the_save(tmp_path):
    path = str(tmp_path)
    _play_until_saves(path, "steppingstones", 3)
    before = load_game(SaveStore(DeviceFs(path))).value[1]
    dev = Device(path)
    assert dev.app.state == app_mod.RESUME
    dev.press("A")                                  # continue the saved game
    assert dev.app.state == app_mod.TABLE

    def full_heap(now):
        raise MemoryError("memory allocation failed, allocating 4096 bytes")
    dev.app.tick = full_heap
    dev.passes(1)
    assert dev.app is None and dev.boot.crashes == 1
    _shows_crash_page(dev, MemoryError("x"), saved=True)
    dev.boot.hw.display.save_png(os.path.join(path, "crash.png"))
    # the crash page is up: the loop keeps running and the save is as it was
    dev.passes(20)
    assert dev.app is None
    assert os.path.exists(os.path.join(path, GAME_SAVE + ".sav"))
    after = load_game(SaveStore(DeviceFs(path))).value[1]
    assert list(after.history) == list(before.history)
    # any button: a fresh app that offers the saved game again and plays on
    dev.press("B")
    assert dev.app is not None and dev.app.state == app_mod.RESUME
    dev.press("A")
    assert dev.app.state == app_mod.TABLE
    assert list(dev.app.game.history) == list(before.history)


def test_a_bug_in_the_menu_restarts_to_the_menu(tmp_path):
    dev = Device(str(tmp_path))
    assert dev.app.state == app_mod.MENU

    def bug(ev, now):
        raise KeyError("oops")
    dev.app.feed = bug
    dev.press("DOWN")
    assert dev.app is None and dev.boot.crashes == 1
    _shows_crash_page(dev, KeyError("oops"), saved=False)
    dev.press("A")
    assert dev.app is not None and dev.app.state == app_mod.MENU
    dev.press("DOWN")                               # the new app works
    assert dev.app is not None and dev.boot.crashes == 1


def test_the_app_drops_the_boot_code_and_a_restart_reads_the_save_again(tmp_path):
    import sys
    dev = Device(str(tmp_path))
    # core/boot.py and the settings it applied are not needed once the app runs
    assert dev.boot.settings is None
    for name in loop_mod.BOOT_ONLY:
        assert name not in sys.modules, name
    dev.app.feed = lambda ev, now: 1 // 0
    dev.press("DOWN")
    assert dev.app is None
    dev.press("A")                                  # restart(): core.boot.restore again
    assert dev.app is not None and dev.app.state == app_mod.MENU
    for name in loop_mod.BOOT_ONLY:
        assert name not in sys.modules, name


def test_the_crash_page_does_not_call_a_damaged_save_safe(tmp_path):
    # issue #16 item 7: the page said "Your game is safe" whenever a save file was there
    path = str(tmp_path)
    _play_until_saves(path, "steppingstones", 3)
    dev = Device(path)
    dev.press("A")                                  # continue the saved game
    assert dev.app.state == app_mod.TABLE
    for name in ("game.sav", "game.bak"):           # the flash fails under it
        p = os.path.join(path, name)
        if os.path.exists(p):
            with open(p, "r+b") as f:
                f.seek(20)
                f.write(b"#")
    dev.app.tick = lambda now: 1 // 0
    dev.passes(1)
    assert dev.app is None
    s = dev.boot.screen
    expected = Screen(s.width, s.height)
    crash.show(expected, ZeroDivisionError("integer division or modulo by zero"), crash.DAMAGED)
    assert s.buf == expected.buf
    crash.show(expected, ZeroDivisionError("integer division or modulo by zero"), crash.SAVED)
    assert s.buf != expected.buf
    dev.boot.hw.display.save_png(os.path.join(path, "crash_damaged.png"))
    dev.press("A")                                  # the restart names the damage
    assert dev.app.state == app_mod.MENU
    assert dev.app.menu.status == "game: save damaged, starting fresh"


def test_the_crash_page_of_a_linked_game_says_how_to_go_back(tmp_path):
    from test_app_link import start_linked
    w, fingers = start_linked(tmp_path, "reds", {"short_game": True}, 2, 2, None)
    b = w.boots[1]
    a = w.apps[1]
    for _ in range(100):
        if a.state == app_mod.RULES:
            fingers[1].key("OK")
        if a.state == app_mod.TABLE:
            break
        w.run(50)
    assert a.state == app_mod.TABLE and a.linked is not None
    b.app = a
    a.tick = lambda now: 1 // 0
    app_mod.guarded_step(b, w.now + 10, 1)
    assert b.app is None
    expected = Screen(b.screen.width, b.screen.height)
    crash.show(expected, ZeroDivisionError("integer division or modulo by zero"), crash.LINKED)
    assert b.screen.buf == expected.buf
    from tools.headless import save_screen
    save_screen(b.screen, os.path.join(str(tmp_path), "crash_linked.png"))
