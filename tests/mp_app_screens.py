"""Render the key screens of one game through the app on this runtime; print their CRCs.

    micropython tests/mp_app_screens.py [--path DIR] GAME LAYOUT [SEED]

LAYOUT: lcd13 (240x240) or display2 (320x240).  Prints "screen NAME CRC32" per key screen,
"free N" (heap free after the run) and "done".  tests/host/test_app_micropython.py runs
it on the MicroPython unix port and compares with the same run on CPython: the same
pixels on both runtimes, with MicroPython's real framebuf.
"""
import gc
import sys

args = sys.argv[1:]
if args and args[0] == "--path":
    sys.path.insert(0, args[1])
    args = args[2:]
for p in ("",):
    if p not in sys.path:
        sys.path.insert(0, p)

# The screen buffer first, as run() does on the device: one 28.8 / 38.4 KB block is
# easiest to find before the heap is fragmented by imports.
from core.ui.screen import Screen  # noqa: E402

SCREEN = Screen(320 if "display2" in args else 240, 240)

import binascii  # noqa: E402

from core import app as app_mod  # noqa: E402
from core.ui import autoplay  # noqa: E402


def board(layout):
    if layout == "lcd13":
        from boards import pico_lcd_1_3 as b
    else:
        from boards import pico_display_2 as b
    return b


def main(game, layout, seed=1):
    b = board(layout)
    screen = SCREEN
    out = []

    def shot(name):
        out.append("screen %s %08x" % (name, binascii.crc32(screen.buf) & 0xFFFFFFFF))
    # The menu lists only this game (the golden captures were made that way); the menu
    # itself imports no engine (core/gameinfo.py, docs/memory.md).
    d, cap, ok = autoplay.capture_run(screen, app_mod.board_hints(b), game, shot, seed,
                                      games=(game,))
    for line in out:
        print(line)
    gc.collect()
    if hasattr(gc, "mem_free"):
        print("free %d" % gc.mem_free())
    print("done" if ok else "not finished")


if __name__ == "__main__":
    main(args[0], args[1], int(args[2]) if len(args) > 2 else 1)
