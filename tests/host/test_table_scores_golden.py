"""Golden images of Reds with six players (issue #16 items 2 and 3) at 240x240 and 320x240:
the table with every seat's score under its name, the bid screen with the suits, turned
cards and bids so far, and both pages of a nine-round scoresheet; Speed's scoresheet after
twelve rounds (the app goldens' capture runs open the sheets in the first round).

The screens come from tests/core/test_table_scores.render_score_screens and
test_speed_sheet.render_speed_sheet; compared pixel by pixel with
tests/golden/{reds,speed}_scores_<name>_<w>x<h>.png (tests/host/golden_kit.py).
Regenerate deliberately with UPDATE_GOLDEN=1.
"""
import os

import pytest

from golden_kit import GOLDEN, golden_failures
from test_speed_sheet import render_speed_sheet
from test_table_scores import render_score_screens


@pytest.mark.parametrize("w,h", [(240, 240), (320, 240)])
def test_reds_score_screens_match_golden(w, h):
    shots = []
    render_score_screens(w, h, lambda name, s: shots.append((name, bytes(s.buf))))
    failures = golden_failures(shots, w, h, os.path.join(GOLDEN, "reds_scores_%s_%dx%d.png"),
                               "reds_scores")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("w,h", [(240, 240), (320, 240)])
def test_speed_scoresheet_matches_golden(w, h):
    shots = []
    render_speed_sheet(w, h, lambda name, s: shots.append((name, bytes(s.buf))))
    failures = golden_failures(shots, w, h, os.path.join(GOLDEN, "speed_scores_%s_%dx%d.png"),
                               "speed_scores")
    assert not failures, "\n".join(failures)
