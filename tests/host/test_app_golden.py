"""Golden images of every game's key screens (table, choice lists, pause, scoresheet,
hand and game results) at 240x240 and 320x240, reached through the buttons.

On a mismatch the new picture and a diff are saved under out/golden_app/;
`make golden` (python -m tools.golden_screens --update) regenerates deliberately."""
import pytest

from tools.golden_screens import GAMES, check
from tools.headless import LAYOUTS


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("game", GAMES)
def test_key_screens_match_golden(game, layout):
    problems = check(game, layout)
    assert not problems, "\n".join(problems)
