"""The Stepping Stones AI decides identically on CPython and the MicroPython unix port:
whole games with the AI in every seat (both contract sets, Redo), compared action by
action."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MPY = os.path.join(os.path.dirname(sys.executable), "micropython")

# Runs on both runtimes: one game, one line per action.
TRACE = """
import sys
sys.path.insert(0, 'tools/hostshim')
sys.path.insert(0, '')
from core.games.steppingstones.rules import SteppingStones
from core.registry import make_ai
opts = {'contracts': '%s', 'redo': %s}
game = SteppingStones(opts, %d)
bots = [make_ai('steppingstones', '%s', %d * 16 + s) for s in range(3)]
while not game.is_over():
    seat = game.to_move()[0]
    a = bots[seat].choose(game.observation(seat))
    print('%%d %%d' %% (seat, a))
    game.apply(seat, a)
print('scores %%s' %% (game.result()['scores'],))
"""


def _trace(exe, contracts, redo, seed, level, extra=()):
    code = TRACE % (contracts, redo, seed, level, seed)
    out = subprocess.run([exe] + list(extra) + ["-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.splitlines()


def test_steppingstones_ai_same_decisions_on_cpython_and_unix_port():
    for contracts, redo, seed, level in (("starter", False, 4, "default"), ("advanced", True, 9, "default"),
                                         ("starter", True, 2, "easy")):
        host = _trace(sys.executable, contracts, redo, seed, level)
        unix = _trace(MPY, contracts, redo, seed, level, ("-X", "heapsize=1M"))
        assert len(host) > 400
        assert host == unix
