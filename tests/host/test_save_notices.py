"""The boot's save notices on the menu screen, whole (issue #15 items 5 and 6): a damaged
save (checksum right, contents wrong) and saves of a newer firmware boot into a working
menu that says so; the newer firmware's files stay on flash.  Screens in out/saves/."""
import os

import pytest

from core import app as app_mod
from core.boot import boot
from core.save import DeviceFs
from core.ui import autoplay, text
from tools.headless import save_screen
from test_save_boot import GAME_HEAD, _file

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                   "out", "saves")
DAMAGED = {"game.sav": _file(1, 5, GAME_HEAD + b'{"record": 1, "game": "speed", "seed": 1.5}')}
NEWER = {"game.sav": _file(2, 9, b"a game of format 2"),
         "settings.sav": _file(2, 9, b"settings of format 2"),
         "linkkey.sav": _file(2, 9, b"a key of format 2")}
BOTH = {"game.sav": DAMAGED["game.sav"], "settings.sav": _file(1, 3, b'[1, 2]')}
CASES = {
    "damaged": (DAMAGED, ["game: save damaged, starting fresh"]),
    # issue #16 item 7: both saves damaged, both named (and each set aside once named)
    "both": (BOTH, ["settings: save damaged, starting fresh", "game: save damaged, starting fresh"]),
    "newer": (NEWER, ["settings: saved by a newer firmware", "game: saved by a newer firmware",
                      "link key of a newer firmware kept: made a new one"]),
}


@pytest.mark.parametrize("layout", ["lcd13", "display2"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_the_menu_says_what_happened_to_the_saves_and_works(tmp_path, case, layout):
    files, notices = CASES[case]
    for name in files:
        with open(os.path.join(str(tmp_path), name), "wb") as f:
            f.write(files[name])
    b = boot(DeviceFs(str(tmp_path)), "host", lambda s: None,
             board_config={"layout": layout, "panel": False})
    assert b.notices == notices and b.saved_game is None
    if case != "newer":
        # the damaged files are set aside: the next start is quiet (a newer firmware's
        # files stay, and are named at every start)
        names = sorted(os.listdir(str(tmp_path)))
        assert [n for n in names if n.endswith(".bad")] == sorted([n + ".bad" for n in files])
        again = boot(DeviceFs(str(tmp_path)), "host", lambda s: None,
                     board_config={"layout": layout, "panel": False})
        assert again.notices == []
    b.app = app_mod.make_app(b, seed=1, link=False)
    a = b.app
    assert a.state == app_mod.MENU and a.menu.status == "\n".join(notices)
    save_screen(b.screen, os.path.join(OUT, "%s_%s.png" % (case, layout)))
    # the whole status is on the screen: as many lines as it wraps to, none cut
    from core.ui.rich import wrap
    view = a.menu_view
    cols = text.max_chars(b.screen.width - 8)
    lines = wrap(a.menu.status, cols)
    lv = view.list
    free = b.screen.height - view.HINT_H - 2 - (lv.y + min(lv.n, lv.rows) * lv.row_h)
    assert len(lines) * view.LINE_H <= free, (lines, free)
    assert view._status_top >= lv.y + min(lv.n, lv.rows) * lv.row_h
    _newer_files_kept(tmp_path, case, files)
    # and the menu works: a game is played from it to its end (the save's is gone)
    d = autoplay.ButtonDriver(b, a, hold_ms=80)
    if layout == "lcd13":
        assert autoplay.AutoPlayer(d, "speedrun", seed=2).run() and a.state == app_mod.MENU
        assert "game.sav" not in os.listdir(str(tmp_path))
        _newer_files_kept(tmp_path, case, files)
    else:
        from core.ui.menu import OPTIONS
        d.key("OK")
        assert a.state == app_mod.MENU and a.menu.page == OPTIONS


def _newer_files_kept(tmp_path, case, files):
    """A newer firmware's files are all on flash still (some kept aside as NAME.fut)."""
    if case != "newer":
        return
    on_flash = []
    for name in os.listdir(str(tmp_path)):
        with open(os.path.join(str(tmp_path), name), "rb") as f:
            on_flash.append(f.read())
    for name in files:
        assert files[name] in on_flash, name
