"""Golden images of the "Quit this game?" question (issue #16 item 5) and of the boot's
notices for two damaged saves, on the menu and on the "Continue game?" page (item 7), at
240x240 and 320x240 (tests/golden/<name>_<w>x<h>.png; UPDATE_GOLDEN=1 regenerates).
The "Continue game?" page names what the boot found (the menu did, but a continued game
skipped it)."""
import os

import pytest

from core import app as app_mod
from core.boot import boot
from core.registry import game_class
from core.save import DeviceFs, GameSaver, SaveStore
from golden_kit import GOLDEN, golden_failures
from test_app_quit import _ask, _table
from test_save_boot import _file

LAYOUT = {240: "lcd13", 320: "display2"}
SETTINGS_DAMAGED = _file(1, 3, b"[1, 2]")
BOTH = ["settings: save damaged, starting fresh", "game: save damaged, starting fresh"]


def _boot(path, w):
    return boot(DeviceFs(path), "host", lambda s: None,
                board_config={"layout": LAYOUT[w], "panel": False})


def _write(path, files):
    for name in files:
        with open(os.path.join(path, name), "wb") as f:
            f.write(files[name])


def _menu_with_both_damaged(path, w):
    _write(path, {"settings.sav": SETTINGS_DAMAGED, "game.sav": b"junk"})
    b = _boot(path, w)
    assert b.notices == BOTH
    a = app_mod.make_app(b, seed=1, link=False)
    assert a.state == app_mod.MENU and a.menu.status == "\n".join(BOTH)
    return b.screen


def _resume_with_both_named(path, w):
    """A game saved twice, its last copy damaged, and the settings damaged."""
    game = game_class("steppingstones")({}, 3)
    saver = GameSaver(SaveStore(DeviceFs(path)), game, {"mode": "ai", "human": 0,
                                                         "kinds": ["you", "default", "default"]})
    saver.save_now()
    saver.save_now()
    with open(os.path.join(path, "game.sav"), "rb") as f:
        data = f.read()
    _write(path, {"game.sav": data[:-5], "settings.sav": SETTINGS_DAMAGED})
    b = _boot(path, w)
    assert b.notices == ["settings: save damaged, starting fresh", "game: restored previous save"]
    a = app_mod.make_app(b, seed=1, link=False)
    assert a.state == app_mod.RESUME
    assert sorted(os.listdir(path)) == ["game.sav", "game.sav.bad", "linkkey.sav",
                                        "settings.sav.bad"]
    return b.screen


def _shots(tmp_path, w, h):
    out = []
    d, fs = _table(w, h)
    _ask(d)
    out.append(("quit_confirm", bytes(d.screen.buf)))
    for name, make in (("notices_both", _menu_with_both_damaged),
                       ("notices_resume", _resume_with_both_named)):
        path = os.path.join(str(tmp_path), name)
        os.makedirs(path)
        out.append((name, bytes(make(path, w).buf)))
    return out


@pytest.mark.parametrize("w,h", [(240, 240), (320, 240)])
def test_quit_question_and_save_notices_match_golden(tmp_path, w, h):
    failures = golden_failures(_shots(tmp_path, w, h), w, h,
                               os.path.join(GOLDEN, "%s_%dx%d.png"), "quit_notices")
    assert not failures, "\n".join(failures)


def test_the_continue_page_names_what_the_boot_found(tmp_path):
    # a settings problem was named only on the menu, which a continued game skips
    from core.ui import text
    from core.ui.palette import ORANGE
    from core.ui.rich import wrap
    s = _resume_with_both_named(str(tmp_path), 240)
    want = wrap("settings: save damaged, starting fresh\ngame: restored previous save",
                text.max_chars(s.width - 16))
    band = bytes(s.buf)
    for i in range(len(want)):
        text.draw_fit(s.fb, want[i], 8, 96 + 10 * i, s.width - 16, ORANGE)
    assert bytes(s.buf) == band, want
