"""Times every Reds AI decision of seeded games on a MicroPython port (run by
tools/bench_ai_reds.py).

Usage: micropython tests/perf/ai_bench_reds_mp.py LEVEL PLAYERS GAMES FIRST_SEED [REPEAT [VARIANT]]
VARIANT: plain, partnership, hidden_bids or short_game.  Every seat is the AI at LEVEL.
Prints "D phase unix_us alloc_bytes" per decision with more than one legal action and
"A ai_object_bytes" once per game.  alloc_bytes: every byte the decision allocated with
the collector paused after a collection (an upper bound of its extra working set).
"""
import gc
import sys
import time

sys.path.insert(0, "")

from core.reds import Reds
from core.ai import make_ai


def main(argv):
    level, n, n_games, first = argv[1], int(argv[2]), int(argv[3]), int(argv[4])
    repeat = int(argv[5]) if len(argv) > 5 else 3
    variant = argv[6] if len(argv) > 6 else "plain"
    options = {"players": n}
    if variant != "plain":
        options[variant] = True
    for seed in range(first, first + n_games):
        game = Reds(options, seed)
        gc.collect()
        a0 = gc.mem_alloc()
        bots = [make_ai("reds", level, (seed * 16 + s) % 0x40000000) for s in range(n)]
        gc.collect()
        print("A %d" % ((gc.mem_alloc() - a0) // n))
        while not game.is_over():
            for seat in game.to_move():
                obs = game.observation(seat)
                many = len(obs["legal"]) > 1
                gc.collect()
                gc.disable()
                a0 = gc.mem_alloc()
                t0 = time.ticks_us()
                action = bots[seat].choose(obs)
                dt = time.ticks_diff(time.ticks_us(), t0)
                a1 = gc.mem_alloc()
                gc.enable()
                # A decision depends only on (seed, observation): repeat it, keep the
                # fastest run (other jobs on the machine only ever slow it down).
                for _ in range(repeat - 1):
                    gc.collect()
                    t0 = time.ticks_us()
                    again = bots[seat].choose(obs)
                    d = time.ticks_diff(time.ticks_us(), t0)
                    if again != action:
                        raise AssertionError("decision not reproducible: %r then %r" % (action, again))
                    if d < dt:
                        dt = d
                obs = None
                if many:
                    print("D %s %d %d" % (game.phase, dt, a1 - a0))
                game.apply(seat, action)


main(globals().get("ARGV") or sys.argv)
