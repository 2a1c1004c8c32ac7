"""Golden images of the app's key screens: compare, or regenerate deliberately.

    python -m tools.golden_screens            # compare; diffs go to out/golden_app/
    python -m tools.golden_screens --update   # write tests/golden/app/*.png anew
    python -m tools.golden_screens --games reds,speed --layouts lcd13

Each game is played once per layout through the buttons (core.ui.autoplay.capture_run)
and its key screens are taken from the 4-bit screen buffer.  Golden files are indexed
PNGs (4 bits per pixel, exactly the buffer), named GAME_SCREEN_LAYOUT.png.  On a
mismatch the new picture (_got) and a diff (changed pixels white on black) are saved.
`make golden` regenerates; review the pictures before committing them.
"""
import argparse
import os
import struct
import sys
import zlib

import tools  # noqa: F401
from core.ui.palette import RGB
from drivers import host_png
from tools.headless import LAYOUTS, capture

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = os.path.join(ROOT, "tests", "golden", "app")
OUT = os.path.join(ROOT, "out", "golden_app")
GAMES = ("speedrun", "steppingstones", "reds", "speed")


def read_indexed(path):
    """(width, height, 4-bit buffer) of an indexed PNG as host_png.write_indexed writes it."""
    with open(path, "rb") as f:
        blob = f.read()
    pos = 8
    idat = b""
    w = h = 0
    while pos < len(blob):
        n, kind = struct.unpack(">I4s", blob[pos:pos + 8])
        data = blob[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", data[:10])
            if depth != 4 or ctype != 3:
                raise ValueError("%s: not a 4-bit indexed PNG" % path)
        elif kind == b"IDAT":
            idat += data
    raw = zlib.decompress(idat)
    row = w // 2
    out = bytearray()
    for y in range(h):
        if raw[y * (row + 1)] != 0:
            raise ValueError("%s: filtered rows are not expected" % path)
        out += raw[y * (row + 1) + 1:(y + 1) * (row + 1)]
    return w, h, bytes(out)


def diff_image(a, b, w, h):
    """A 4-bit buffer: colour WHITE (1) where the two buffers' pixels differ, else BLACK."""
    out = bytearray(len(a))
    for i in range(len(a)):
        x = a[i] ^ b[i]
        if x:
            out[i] = (0x10 if x & 0xF0 else 0) | (0x01 if x & 0x0F else 0)
    return bytes(out)


def name_of(game, screen, layout):
    return "%s_%s_%s.png" % (game, screen, layout)


def check(game, layout, update=False):
    """Compare (or write) one game's key screens on one layout; returns a list of problems."""
    screen, shots = capture(game, layout)
    w, h = screen.width, screen.height
    problems = []
    prefix = "%s_" % game
    suffix = "_%s.png" % layout
    have = set()
    if os.path.isdir(GOLDEN):
        have = {f for f in os.listdir(GOLDEN) if f.startswith(prefix) and f.endswith(suffix)}
    made = set()
    for name in shots:
        fname = name_of(game, name, layout)
        made.add(fname)
        path = os.path.join(GOLDEN, fname)
        if update:
            os.makedirs(GOLDEN, exist_ok=True)
            host_png.write_indexed(path, shots[name], w, h, RGB)
            continue
        if not os.path.exists(path):
            problems.append("%s: no golden image (run make golden)" % fname)
            continue
        gw, gh, gold = read_indexed(path)
        if (gw, gh) != (w, h) or gold != shots[name]:
            os.makedirs(OUT, exist_ok=True)
            got = os.path.join(OUT, fname[:-4] + "_got.png")
            host_png.write_indexed(got, shots[name], w, h, RGB)
            if (gw, gh) == (w, h):
                host_png.write_indexed(os.path.join(OUT, fname[:-4] + "_diff.png"),
                                       diff_image(gold, shots[name], w, h), w, h, RGB)
            problems.append("%s differs: see %s" % (fname, got))
    if update:
        for stale in have - made:
            os.remove(os.path.join(GOLDEN, stale))
    else:
        for missing in sorted(have - made):
            problems.append("%s: golden image but the run no longer shows that screen" % missing)
    return problems


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.golden_screens", description=__doc__.split("\n")[0])
    p.add_argument("--update", action="store_true", help="write the golden images anew")
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--layouts", default=",".join(LAYOUTS))
    args = p.parse_args(argv)
    bad = 0
    for game in args.games.split(","):
        for layout in args.layouts.split(","):
            problems = check(game, layout, args.update)
            for line in problems:
                print(line)
            bad += len(problems)
            print("%s %s: %s" % (game, layout, "written" if args.update else (
                "ok" if not problems else "%d problems" % len(problems))))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
