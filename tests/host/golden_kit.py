"""Golden-image comparison shared by tests/host/test_ui_golden.py and test_link_golden.py
(not a test module: pytest collects test_*.py only).

A shot is (name, 4-bit screen buffer).  Each is compared pixel by pixel with its golden
PNG; on a mismatch a side-by-side image (expected | actual | differing pixels in magenta)
is written to out/ for a human to look at.  UPDATE_GOLDEN=1 writes the goldens anew.
"""
import os

import pytest

from core.ui import palette
from drivers import host_png
from drivers.host_panel import rgb888_of_565

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "tests", "golden")
OUT = os.path.join(ROOT, "out")
PALETTE = [rgb888_of_565(palette.rgb565(*c)) for c in palette.RGB]


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


def golden_failures(shots, w, h, golden, tag):
    """Compare each shot of a w x h screen with the golden `golden % (name, w, h)` (a path);
    a missing golden fails the test.  Returns one line per differing shot, whose diff is
    out/golden_diff_<tag>_<name>_<w>x<h>.png."""
    update = os.environ.get("UPDATE_GOLDEN") == "1"
    failures = []
    for name, gs4 in shots:
        path = golden % (name, w, h)
        if update or not os.path.exists(path):
            if not update:
                pytest.fail("missing golden image %s (run with UPDATE_GOLDEN=1)" % path)
            host_png.write_indexed(path, gs4, w, h, PALETTE)
            continue
        gw, gh, expected = host_png.read(path)
        actual = rgb_of(gs4, w, h)
        if (gw, gh) != (w, h) or expected != actual:
            os.makedirs(OUT, exist_ok=True)
            diff = os.path.join(OUT, "golden_diff_%s_%s_%dx%d.png" % (tag, name, w, h))
            if (gw, gh) == (w, h):
                host_png.write_rgb(diff, diff_image(expected, actual, w, h), 3 * w, h)
            else:
                host_png.write_indexed(diff, gs4, w, h, PALETTE)
            failures.append("%s differs from %s; see %s" % (name, path, diff))
    return failures
