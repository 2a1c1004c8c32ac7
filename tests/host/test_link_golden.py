"""Golden images of the link's lobby and trouble screens at 240x240 and 320x240.

The screens come from tests/core/test_link_ui.render_link_screens,
test_link_versions.render_version_screens and link_cabling.render_cabling_screens (units
in memory with a seeded virtual clock, so the pictures are the same on every run).  Each is
compared pixel by pixel with tests/golden/link/<name>_<w>x<h>.png; on a mismatch a
side-by-side image is written to out/ (tests/host/golden_kit.py).  Regenerate
deliberately with UPDATE_GOLDEN=1.
"""
import os

import pytest

from golden_kit import GOLDEN, golden_failures
from link_cabling import render_cabling_screens
from test_link_ui import render_link_screens
from test_link_versions import render_version_screens

NAMES = ["browse", "securing", "guest_room", "host_room", "paused", "paused_far", "hand_to_ai",
         "browse_update", "host_refused", "link_version", "ring", "too_far"]


@pytest.mark.parametrize("w,h", [(240, 240), (320, 240)])
def test_link_screens_match_golden(w, h):
    shots = []

    def sink(name, s):
        shots.append((name, bytes(s.buf)))
    render_link_screens(w, h, sink)
    render_version_screens(w, h, sink)
    render_cabling_screens(w, h, sink)
    assert [n for n, _ in shots] == NAMES
    failures = golden_failures(shots, w, h, os.path.join(GOLDEN, "link", "%s_%dx%d.png"), "link")
    assert not failures, "\n".join(failures)
