"""Golden images of the settings page at 240x240 and 320x240: the games list with its
Settings row, the settings page editing a value, and editing the AI level at its widest
name ("<4 Hardest>").

The screens come from tests/core/test_settings_page.render_settings_screens (the fake
games of the menu tests and the real settings).  Each is compared pixel by pixel with
tests/golden/settings_<name>_<w>x<h>.png; on a mismatch a side-by-side image is written
to out/ (tests/host/golden_kit.py).  Regenerate deliberately with UPDATE_GOLDEN=1.
"""
import os

import pytest

from golden_kit import GOLDEN, golden_failures
from test_settings_page import render_settings_screens


@pytest.mark.parametrize("w,h", [(240, 240), (320, 240)])
def test_settings_screens_match_golden(w, h):
    shots = []
    render_settings_screens(w, h, lambda name, s: shots.append((name, bytes(s.buf))))
    assert [n for n, _ in shots] == ["games", "edit", "level"]
    failures = golden_failures(shots, w, h, os.path.join(GOLDEN, "settings_%s_%dx%d.png"),
                               "settings")
    assert not failures, "\n".join(failures)
