"""Golden images of the menu screens at 240x240 and 320x240.

The screens come from tests/core/test_ui_menu.render_screens (fixed fake games, so the
images do not change when the real engines change).  Each is compared pixel by pixel
with tests/golden/menu_<name>_<w>x<h>.png; on a mismatch a side-by-side image
(expected | actual | differing pixels in magenta) is written to out/ for a human to look
at.  Regenerate deliberately with UPDATE_GOLDEN=1.
"""
import os

import pytest

from core.ui import palette
from drivers import host_png
from test_ui_menu import render_screens

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "tests", "golden")
OUT = os.path.join(ROOT, "out")
PALETTE = [palette.rgb888_of_565(palette.rgb565(*c)) for c in palette.RGB]


def shots(w, h):
    out = []
    render_screens(w, h, lambda name, s: out.append((name, bytes(s.buf))))
    return out


def rgb_of(gs4, w, h):
    return host_png.decode(host_png.encode_indexed(gs4, w, h, PALETTE))[2]


def diff_image(expected, actual, w, h):
    """expected | actual | mask, 3 images side by side, as RGB bytes of width 3w."""
    out = bytearray(9 * w * h)
    for y in range(h):
        for x in range(w):
            i = 3 * (y * w + x)
            row = 9 * w * y
            out[row + 3 * x:row + 3 * x + 3] = expected[i:i + 3]
            out[row + 3 * (w + x):row + 3 * (w + x) + 3] = actual[i:i + 3]
            bad = expected[i:i + 3] != actual[i:i + 3]
            out[row + 3 * (2 * w + x):row + 3 * (2 * w + x) + 3] = b"\xff\x00\xff" if bad else b"\x20\x20\x20"
    return out


@pytest.mark.parametrize("w,h", [(240, 240), (320, 240)])
def test_menu_screens_match_golden(w, h):
    update = os.environ.get("UPDATE_GOLDEN") == "1"
    failures = []
    for name, gs4 in shots(w, h):
        path = os.path.join(GOLDEN, "menu_%s_%dx%d.png" % (name, w, h))
        if update or not os.path.exists(path):
            if not update:
                pytest.fail("missing golden image %s (run with UPDATE_GOLDEN=1)" % path)
            host_png.write_indexed(path, gs4, w, h, PALETTE)
            continue
        gw, gh, expected = host_png.read(path)
        actual = rgb_of(gs4, w, h)
        if (gw, gh) != (w, h) or expected != actual:
            os.makedirs(OUT, exist_ok=True)
            diff = os.path.join(OUT, "golden_diff_menu_%s_%dx%d.png" % (name, w, h))
            if (gw, gh) == (w, h):
                host_png.write_rgb(diff, diff_image(expected, actual, w, h), 3 * w, h)
            else:
                host_png.write_indexed(diff, gs4, w, h, PALETTE)
            failures.append("%s differs from %s; see %s" % (name, path, diff))
    assert not failures, "\n".join(failures)


def test_png_round_trip():
    gs4 = bytes((i * 7) & 0xFF for i in range(16 * 6 // 2))
    w, h, rgb = host_png.decode(host_png.encode_indexed(gs4, 16, 6, PALETTE))
    assert (w, h) == (16, 6)
    for k in range(16 * 6):
        b = gs4[k >> 1]
        c = (b >> 4) if k % 2 == 0 else b & 15
        assert rgb[3 * k:3 * k + 3] == bytes(PALETTE[c])
    assert host_png.decode(host_png.encode_rgb(rgb, 16, 6)) == (16, 6, rgb)
