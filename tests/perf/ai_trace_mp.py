"""A fingerprint of the AI's decisions (docs/ai.md, "Cheaper playouts"): plays seeded games
with the AI at LEVEL in every seat and prints a hash of every action, so two versions of the
code can be checked to decide alike (a pure speed-up must print the same hash).  Also
prints the decisions' process CPU time: set-up (start) and search (step) apart.

Usage (from the repository root; the unix port or CPython with tools/hostshim on the path):
    micropython -X heapsize=1M tests/perf/ai_trace_mp.py GAME LEVEL GAMES FIRST_SEED [OPTIONS_JSON]
"""
import json
import sys
import time

sys.path.insert(0, "")

from core.registry import game_class, make_ai


def _cpu_us():
    if hasattr(time, "clock"):
        return int(time.clock() * 1000000)      # the unix port: C's clock()
    return int(time.process_time() * 1000000)


def main(argv):
    name, level, n, first = argv[1], argv[2], int(argv[3]), int(argv[4])
    options = json.loads(argv[5]) if len(argv) > 5 else {}
    cls = game_class(name)
    h = 0
    actions = 0
    t_start = 0
    t_step = 0
    for seed in range(first, first + n):
        game = cls(options, seed)
        bots = [make_ai(name, level, (seed * 16 + s) % 0x40000000) for s in range(game.n_players)]
        while not game.is_over():
            for seat in game.to_move():
                bot = bots[seat]
                t0 = _cpu_us()
                bot.start(game.observation(seat))
                t1 = _cpu_us()
                while True:
                    a = bot.step(4000)
                    if a is not None:
                        break
                t_step += _cpu_us() - t1
                t_start += t1 - t0
                h = (h * 1000003 + a + 1) & 0x3FFFFFFF
                actions += 1
                game.apply(seat, a)
    print("%s hash %d actions %d start_ms %d step_ms %d" % (name, h, actions, t_start // 1000, t_step // 1000))


main(sys.argv)
