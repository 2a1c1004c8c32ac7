"""Golden images of the menu screens at 240x240 and 320x240.

The screens come from tests/core/test_ui_menu.render_screens (fixed fake games, so the
images do not change when the real engines change).  Each is compared pixel by pixel
with tests/golden/menu_<name>_<w>x<h>.png; on a mismatch a side-by-side image
(expected | actual | differing pixels in magenta) is written to out/ for a human to look
at (tests/host/golden_kit.py).  Regenerate deliberately with UPDATE_GOLDEN=1.
"""
import os

import pytest

from drivers import host_png
from golden_kit import GOLDEN, PALETTE, golden_failures
from test_ui_menu import render_screens


def shots(w, h):
    out = []
    render_screens(w, h, lambda name, s: out.append((name, bytes(s.buf))))
    return out


@pytest.mark.parametrize("w,h", [(240, 240), (320, 240)])
def test_menu_screens_match_golden(w, h):
    failures = golden_failures(shots(w, h), w, h, os.path.join(GOLDEN, "menu_%s_%dx%d.png"), "menu")
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
