"""Play one seeded Speed Run game with the baseline bots and print its record.

Usage: micropython -X heapsize=64K tests/speedrun_mp_game.py SEED 'OPTIONS_JSON' BOTS [LIB_DIR]
       python tests/speedrun_mp_game.py ...   (same output on CPython)

Prints the game record (core/record.py's lines: header, one line per action, result) and,
as {"event": [...]} lines, the public event log; the host test tests/host/test_speedrun_mp.py
runs this on the unix port with a 64 KB heap and compares with CPython.  Like the app loop
on the device, it streams each record line and consumes the event log as the game goes,
so only the game state itself has to fit the heap.  BOTS names each seat's bot: "r" for
RandomBot, "g" for GreedyBot (e.g. "rrr", "grg").  LIB_DIR (optional) goes first on sys.path.
The host test runs it from the folder of the modules precompiled by mpy-cross instead (its
"" on sys.path), so that their paths are the device's.

The record lines are built here rather than by importing core.record: that module and the
registry it imports hold ~6 KB of heap on the 64-bit port, which a 64 KB cap cannot spare.
The host test checks every line against core.record_json.record_lines() on CPython.
"""
import sys

# The project root must come before tests/ (whose tests/core would shadow core/).
sys.path.insert(0, "tools/hostshim")
sys.path.insert(0, "")
if len(sys.argv) > 4:
    sys.path.insert(0, sys.argv[4])

import gc
import json

from core.bots import RandomBot
from core.games.speedrun.rules import SpeedRun


def main(seed, options):
    game = SpeedRun(options, seed)
    # Few names on purpose: on the 64-bit port every new name is an interned string, and
    # this run sits at the edge of a 64 KB heap (see tests/host/test_speedrun_mp.py).
    bots = []
    for seat in range(len(sys.argv[3])):      # the bots, "r"/"g" per seat
        if sys.argv[3][seat] == "g":
            from core.games.speedrun.bots import GreedyBot   # only when asked: ~4 KB of heap
            bots.append(GreedyBot(seed + seat))
        else:
            bots.append(RandomBot(seed + seat))
    print(json.dumps({"record": game.RECORD_VERSION, "game": game.NAME, "seed": seed,
                      "options": game.options}))
    while not game.is_over():
        gc.collect()   # as the app loop does between frames: keeps the heap unfragmented
        seat = game.to_move()[0]
        action = bots[seat].choose(game.observation(seat))
        game.apply(seat, action)
        print(json.dumps({"seat": seat, "action": action, "label": game.action_label(action)}))
        for event in game.events:
            print(json.dumps({"event": list(event)}))
        game.events.clear()
    print(json.dumps({"result": game.result()}))


main(int(sys.argv[1]), json.loads(sys.argv[2]))
