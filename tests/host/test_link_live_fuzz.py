"""Fuzzing live units during full linked games (issue #15 items 2 and 3): mutated frames
with a valid CRC on the wires (channel header, net header, payload) and mutated messages
at `LinkUnit._on_message` from a real participant (tests/core/link_fuzz_live.py).  Every
game must end on every unit with identical records; nothing may raise out of the receive
path, and the units' last-resort guard must never have fired (`unhandled` == 0): a message
it catches is a bug that the guard would otherwise hide.

On CPython (every game, 2 and 3+ units) and on the MicroPython unix port (the module run
as a script by .venv/bin/micropython).  `make soak-link` (LINK_SOAK=1) plays more seeds."""
import os
import subprocess

import pytest

from link_drive import GAMES
from link_fuzz_live import fuzz_game, outcome

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOAK = os.environ.get("LINK_SOAK") == "1"
SEEDS = range(1, 41) if SOAK else range(1, 2)

# (frames: one in N mutated, where; messages: one every N ms)
MODES = [(30, "channel", 0), (30, "net", 0), (30, "any", 0), (0, "any", 40)]


def _check(d, ms, counts, what):
    o = outcome(d, ms)
    assert o["unhandled"] == 0, (what, o)
    assert o["over"] and o["same"], (what, counts, o)


@pytest.mark.parametrize("game,n,opts", GAMES)
@pytest.mark.parametrize("frames,where,messages", MODES)
def test_fuzzed_games_end_identically_and_nothing_raises(game, n, opts, frames, where,
                                                         messages):
    for seed in SEEDS:
        d, ms, counts = fuzz_game(game, n, opts, seed, frames, messages, where, 300000)
        assert counts[0] + counts[1] > 10
        _check(d, ms, counts, (game, n, seed, frames, where, messages))


@pytest.mark.parametrize("game,units", [("reds", 2), ("speedrun", 3), ("speed", 2)])
def test_fuzzed_games_on_the_micropython_unix_port(game, units):
    n_games = 10 if SOAK else 2
    for frames, messages in ((30, 0), (0, 40), (40, 60)):
        arg = "['x', %r, '%d', '1', '%d', '%d', '%d']" % (game, units, frames, messages, n_games)
        p = subprocess.run(
            [os.path.join(ROOT, ".venv", "bin", "micropython"), "-X", "heapsize=2M", "-c",
             "import sys; sys.path[:0] = ['.', 'tests/core']; import link_fuzz_live as L; "
             "L.main(%s)" % arg], cwd=ROOT, capture_output=True, text=True, timeout=600)
        assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
        assert "done bad 0" in p.stdout, p.stdout[-3000:]
        assert p.stdout.count("\nok ") + p.stdout.startswith("ok ") == n_games, p.stdout[-2000:]
