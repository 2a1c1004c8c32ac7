"""Speed Run's and Stepping Stones' running totals stay whole on the table (issue #16 item
2): three players, the widest totals the games can reach, on 240x240 and 320x240, every
player's name and total on one note line inside the screen.  CPython and MicroPython."""
from core.ui.screen import Screen

_SCREEN = Screen(320, 240)   # first: one contiguous buffer, as at boot

from core.ui import rich  # noqa: E402

NAMES = ["You", "Ann", "Bob"]
HINTS = {"move": "UP/DN", "ok": "OK", "back": "BACK"}


def _check(table_cls, game, key, values, label):
    for w in (240, 320):
        _SCREEN.width = w
        t = table_cls(_SCREEN, game, 0, NAMES, HINTS)
        obs = game.observation(0)
        obs[key] = values
        t.update(obs, game.to_move())
        lines = [x for x in t.notes if x.startswith(label)]
        assert len(lines) == 1, t.notes
        for s in range(3):
            assert (" %s %d" % (NAMES[s], values[s])) in lines[0], lines
        assert rich.length(lines[0]) <= (w - 8) // 8, (w, lines[0])
        assert t.notes.index(lines[0]) < 4               # the notes show four lines
    _SCREEN.width = 320


def test_speedrun_totals_fit_with_three_digits():
    from core.games.speedrun.rules import SpeedRun
    from core.games.speedrun.screen import SpeedRunTable
    _check(SpeedRunTable, SpeedRun({}, 1), "totals", [100, 108, 216], "Total")


def test_steppingstones_points_fit():
    from core.games.steppingstones.rules import SteppingStones
    from core.games.steppingstones.screen import SteppingStonesTable
    _check(SteppingStonesTable, SteppingStones({}, 1), "scores", [-7, 21, 21], "Points:")
