"""Golden images of the rules page with variants on, at 240x240 and 320x240: Reds with
6 players, the short game, hidden bids and partnerships, at the page showing the most
variant lines (the default-options rules pages are goldens of tests/host/test_app_golden.py
and must not change).

The screens come from tests/core/test_rules_page.render_rules_screens.  Each is compared
pixel by pixel with tests/golden/rules_<name>_<w>x<h>.png; on a mismatch a side-by-side
image is written to out/ (tests/host/golden_kit.py).  Regenerate deliberately with
UPDATE_GOLDEN=1.
"""
import os

import pytest

from golden_kit import GOLDEN, golden_failures
from test_rules_page import render_rules_screens


@pytest.mark.parametrize("w,h", [(240, 240), (320, 240)])
def test_rules_variants_page_matches_golden(w, h):
    shots = []
    render_rules_screens(w, h, lambda name, s: shots.append((name, bytes(s.buf))))
    assert [n for n, _ in shots] == ["variants"]
    failures = golden_failures(shots, w, h, os.path.join(GOLDEN, "rules_%s_%dx%d.png"), "rules")
    assert not failures, "\n".join(failures)
