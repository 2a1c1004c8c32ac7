"""Play one seeded game with the built-in AI in every seat and print its actions.

Usage: micropython tests/ai_trace_mp.py GAME LEVEL SEED   (or python ...: same output)
tests/host/test_ai_runtimes.py runs it on the unix port and on CPython and compares the
lines: every AI decision must be identical on both runtimes.
"""
import sys

sys.path.insert(0, "tools/hostshim")
sys.path.insert(0, "")

from core.registry import game_class
from core.registry import make_ai


def main(argv):
    game_name, level, seed = argv[1], argv[2], int(argv[3])
    game = game_class(game_name)({}, seed)
    bots = [make_ai(game_name, level, seed * 16 + s) for s in range(game.n_players)]
    while not game.is_over():
        for seat in game.to_move():
            action = bots[seat].choose(game.observation(seat))
            print("%d %d" % (seat, action))
            game.apply(seat, action)
        game.events.clear()
    print("scores %s" % (game.result()["scores"],))


main(sys.argv)
