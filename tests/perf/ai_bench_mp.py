"""Times every AI decision of seeded games on a MicroPython port (run by tools/bench_ai.py).

Usage: micropython tests/perf/ai_bench_mp.py GAME LEVEL GAMES FIRST_SEED [REPEAT [OPTIONS_JSON]]
(REPEAT > 1 re-runs each decision and checks it is reproduced; OPTIONS_JSON are the game's
options, e.g. '{"players": 6}' for Reds)
Every seat is the AI at LEVEL.  Prints one line per decision with more than one legal
action: "D phase unix_us alloc_bytes cpu_us best_us", and "A ai_object_bytes" once per game.
cpu_us is the process CPU time of the decision (C clock(), in steps of about 1 ms): the
host uses its sum per game to correct the wall times for other jobs sharing the cores.  Each
decision runs with the collector paused after a collection, so alloc_bytes is every byte
the decision allocated (an upper bound of its extra working set).
"""
import gc
import json
import sys
import time

sys.path.insert(0, "")

from core.registry import game_class
from core.registry import make_ai


REPEAT = 1
SLOW_US = 3000   # decisions slower than this are re-timed
RETIME = 4


def _cpu_us():
    """Process CPU time in µs (the unix port's time.clock() is C's clock())."""
    return int(time.clock() * 1000000)


def main(argv):
    global REPEAT
    game_name, level, n_games, first = argv[1], argv[2], int(argv[3]), int(argv[4])
    if len(argv) > 5:
        REPEAT = int(argv[5])
    options = json.loads(argv[6]) if len(argv) > 6 else {}
    cls = game_class(game_name)
    make_ai(game_name, level, 0)   # import the modules first: "A" counts the object only
    for seed in range(first, first + n_games):
        game = cls(options, seed)
        gc.collect()
        a0 = gc.mem_alloc()
        bots = [make_ai(game_name, level, (seed * 16 + s) % 0x40000000) for s in range(game.n_players)]
        gc.collect()
        print("A %d" % ((gc.mem_alloc() - a0) // game.n_players))
        while not game.is_over():
            for seat in game.to_move():
                obs = game.observation(seat)
                many = len(obs["legal"]) > 1
                gc.collect()
                gc.disable()
                a0 = gc.mem_alloc()
                c0 = _cpu_us()
                t0 = time.ticks_us()
                action = bots[seat].choose(obs)
                dt = time.ticks_diff(time.ticks_us(), t0)
                cpu = _cpu_us() - c0
                a1 = gc.mem_alloc()
                gc.enable()
                # A decision depends only on (seed, observation): repeats must agree.  Slow
                # ones are re-run up to RETIME times and their fastest wall time kept too:
                # a single run can be stretched by the scheduler.
                best = dt
                extra = REPEAT - 1 if dt < SLOW_US else max(REPEAT - 1, RETIME)
                for _ in range(extra):
                    gc.collect()
                    t0 = time.ticks_us()
                    again = bots[seat].choose(obs)
                    d = time.ticks_diff(time.ticks_us(), t0)
                    if again != action:
                        raise AssertionError("decision not reproducible: %r then %r" % (action, again))
                    if d < best:
                        best = d
                obs = None
                if many:
                    print("D %s %d %d %d %d" % (_phase(game), dt, a1 - a0, cpu, best))
                game.apply(seat, action)


def _phase(game):
    names = ("bid", "rank", "trump", "play", "over") if game.NAME == "steppingstones" else \
        ("select", "bid", "reveal", "play", "over")
    return names[game.phase] if isinstance(game.phase, int) else str(game.phase)


main(globals().get("ARGV") or sys.argv)
