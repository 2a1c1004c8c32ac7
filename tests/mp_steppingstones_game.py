"""Play one Stepping Stones game with bots on MicroPython and print its record.

Usage (from the project root):
    micropython -X heapsize=64K tests/mp_steppingstones_game.py SEED OPTIONS_JSON BOTS [MPY_DIR]
e.g. ... 7 '{"contracts": "advanced", "redo": true}' greedy,random,greedy /tmp/mpy
MPY_DIR, if given, holds core/*.mpy made by mpy-cross and is searched first: the device
runs frozen or precompiled modules, so compiling the sources on a 64 KB heap is not the
device's situation.  The game is played first; then core/record.py is imported and the
record is printed line by line from game.history (record_lines() would hold every line
at once).  tests/host/test_steppingstones_micropython.py compares the output with
CPython's record_lines().  The last line, {"mem": N}, is the largest gc.mem_alloc() seen
after a collection at the end of each hand (it is not a record line).
"""
import gc
import json
import sys


def play(seed, options, kinds):
    from core.games.steppingstones.rules import SteppingStones

    game = SteppingStones(options, seed)
    bots = []
    for i in range(3):
        bot_seed = seed * 8 + i   # as tools/play.py seeds core.registry.make_bot
        if kinds[i] == "greedy":
            from core.games.steppingstones.bots import GreedyBot
            bots.append(GreedyBot(bot_seed))
        else:
            from core.bots import RandomBot
            bots.append(RandomBot(bot_seed))
    peak = 0
    hand = game.hand_no
    while not game.is_over():
        seat = game.to_move()[0]
        gc.collect()   # as the app loop does between decisions: keeps the heap unfragmented
        game.apply(seat, bots[seat].choose(game.observation(seat)))
        if game.hand_no != hand or game.is_over():
            hand = game.hand_no
            gc.collect()
            peak = max(peak, gc.mem_alloc())
    return game, peak


def main(argv):
    if len(argv) > 4:
        sys.path.insert(0, argv[4])
    if "" not in sys.path:
        sys.path.append("")
    game, peak = play(int(argv[1]), json.loads(argv[2]), argv[3].split(","))
    # The bots' code is not needed any more: free it before loading the record writer.
    for name in ("core.games.steppingstones.bots", "core.bots"):
        if name in sys.modules:
            del sys.modules[name]
    gc.collect()
    from core.record import header
    from core.record_json import action_line
    emit(header(game))
    for seat, action in game.history:
        emit(action_line(game, seat, action))
    emit({"result": game.result()})
    gc.collect()
    emit({"mem": max(peak, gc.mem_alloc())})


def emit(obj):
    """One JSON line, streamed: json.dumps would build the whole string on the heap."""
    json.dump(obj, sys.stdout)
    sys.stdout.write("\n")


main(sys.argv)
