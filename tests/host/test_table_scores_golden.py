"""Golden images of Reds with six players (issue #16 items 2 and 3) at 240x240 and 320x240:
the table with every seat's score under its name, the bid screen with the suits, turned
cards and bids so far, and both pages of a nine-round scoresheet (the app goldens' capture
run plays four players and opens the sheet in round 1).

The screens come from tests/core/test_table_scores.render_score_screens; compared pixel by
pixel with tests/golden/reds_scores_<name>_<w>x<h>.png (tests/host/golden_kit.py).
Regenerate deliberately with UPDATE_GOLDEN=1.
"""
import os

import pytest

from golden_kit import GOLDEN, golden_failures
from test_table_scores import render_score_screens


@pytest.mark.parametrize("w,h", [(240, 240), (320, 240)])
def test_reds_score_screens_match_golden(w, h):
    shots = []
    render_score_screens(w, h, lambda name, s: shots.append((name, bytes(s.buf))))
    failures = golden_failures(shots, w, h, os.path.join(GOLDEN, "reds_scores_%s_%dx%d.png"),
                               "reds_scores")
    assert not failures, "\n".join(failures)
