"""Golden images of Reds' first-dealer draws (ruling R-8) with a three-way tie and its
redraw, six players, at 240x240 and 320x240 (the app goldens' capture run has no tie).

The screens come from tests/core/test_reds_table.render_draw_screen; compared pixel by
pixel with tests/golden/reds_draw_<name>_<w>x<h>.png (tests/host/golden_kit.py).
Regenerate deliberately with UPDATE_GOLDEN=1.
"""
import os

import pytest

from golden_kit import GOLDEN, golden_failures
from test_reds_table import render_draw_screen


@pytest.mark.parametrize("w,h", [(240, 240), (320, 240)])
def test_reds_draw_tie_matches_golden(w, h):
    shots = []
    render_draw_screen(w, h, lambda name, s: shots.append((name, bytes(s.buf))))
    failures = golden_failures(shots, w, h, os.path.join(GOLDEN, "reds_draw_%s_%dx%d.png"), "reds_draw")
    assert not failures, "\n".join(failures)
