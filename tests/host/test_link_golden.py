"""Golden images of the link's lobby and trouble screens at 240x240 and 320x240.

The screens come from tests/core/test_link_ui.render_link_screens (units in memory with a
seeded virtual clock, so the pictures are the same on every run).  Each is compared pixel
by pixel with tests/golden/link/<name>_<w>x<h>.png; on a mismatch a side-by-side image is
written to out/.  Regenerate deliberately with UPDATE_GOLDEN=1.
"""
import os

import pytest

from drivers import host_png
from test_link_ui import render_link_screens
from test_ui_golden import PALETTE, rgb_of, diff_image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "tests", "golden", "link")
OUT = os.path.join(ROOT, "out")
NAMES = ["browse", "guest_room", "host_room", "paused", "hand_to_ai"]


@pytest.mark.parametrize("w,h", [(240, 240), (320, 240)])
def test_link_screens_match_golden(w, h):
    update = os.environ.get("UPDATE_GOLDEN") == "1"
    shots = []
    render_link_screens(w, h, lambda name, s: shots.append((name, bytes(s.buf))))
    assert [n for n, _ in shots] == NAMES
    failures = []
    for name, gs4 in shots:
        path = os.path.join(GOLDEN, "%s_%dx%d.png" % (name, w, h))
        if update or not os.path.exists(path):
            if not update:
                pytest.fail("missing golden image %s (run with UPDATE_GOLDEN=1)" % path)
            host_png.write_indexed(path, gs4, w, h, PALETTE)
            continue
        gw, gh, expected = host_png.read(path)
        actual = rgb_of(gs4, w, h)
        if (gw, gh) != (w, h) or expected != actual:
            os.makedirs(OUT, exist_ok=True)
            diff = os.path.join(OUT, "golden_diff_link_%s_%dx%d.png" % (name, w, h))
            if (gw, gh) == (w, h):
                host_png.write_rgb(diff, diff_image(expected, actual, w, h), 3 * w, h)
            else:
                host_png.write_indexed(diff, gs4, w, h, PALETTE)
            failures.append("%s differs from %s; see %s" % (name, path, diff))
    assert not failures, "\n".join(failures)
