"""CPU time of a Speed AI decision, per level, on the MicroPython unix port (JSON lines).

    python -m tools.bench_speed_ai [--matches 20]      runs itself on .venv/bin/micropython
    .venv/bin/micropython tools/bench_speed_ai.py [matches]   the measurement itself

Two bots of one level play seeded matches against each other; every `tick` that makes a
decision (the view changed: perceive, look ahead, draw a delay) is timed on its own, and so
is every idle tick.  `max_us` includes the host's scheduling noise (the tick itself
allocates nothing, so no garbage collection can run inside it); p99 is the robust figure.
The baseline is GreedyBot's decision, measured in the same run, so the
ratio holds on a noisy machine.  The device estimate is unix-port time x 270
(tools/calibrate.py, docs/device-time.md: the rp2 firmware in an emulator; optimistic).
"""
import sys
import time

try:
    _now_us = time.ticks_us
    _diff = time.ticks_diff
except AttributeError:                       # CPython
    def _now_us():
        return time.perf_counter_ns() // 1000

    def _diff(a, b):
        return a - b

if "" not in sys.path:
    sys.path.insert(0, "")

DEVICE_FACTOR = 270       # tools/calibrate.py (this script runs on MicroPython: a copy)


def measure(make_bot_pair, matches, options=None):
    """Play `matches` matches; return (decision times, idle tick times) in microseconds."""
    from core.games.speed.rules import Speed, SpeedView, NO_ACTION
    from core.games.speed.arbiter import SpeedArbiter
    decisions = []
    idles = []
    for m in range(matches):
        seed = 1000 + m
        game = Speed(options, seed)
        bots = make_bot_pair(seed)
        arb = SpeedArbiter(game)
        views = (SpeedView(), SpeedView())
        now = 0
        while not game.is_over():
            acted = False
            round_no = game.round_no
            for seat in (0, 1):
                view = views[seat]
                game.fill_view(seat, view)
                bot = bots[seat]
                fresh = view.version != bot.seen_version
                t0 = _now_us()
                action = bot.tick(now, view)
                dt = _diff(_now_us(), t0)
                (decisions if fresh else idles).append(dt)
                if action != NO_ACTION:
                    acted = True
                    why = arb.submit(now, seat, action)
                    if why is not None:
                        bot.rejected(now, why)
                    if game.round_no != round_no or game.is_over():
                        break
            if game.round_no != round_no:
                now = 0
            elif not acted and not game.is_over():
                now = min(bots[0].due, bots[1].due)
    return decisions, idles


def summary(times):
    times = sorted(times)
    n = len(times)
    return {"n": n, "mean_us": round(sum(times) / n, 1), "p99_us": times[(n * 99) // 100],
            "max_us": times[-1]}


def run(matches):
    from core.games.speed.ai import SpeedBot, LEVELS
    from core.games.speed.bots import GreedyBot, derive_seed
    runtime = sys.implementation.name
    d, i = measure(lambda s: [GreedyBot(derive_seed(s, 0), 500), GreedyBot(derive_seed(s, 1), 600)],
                   matches)
    base = summary(d)
    line = {"runtime": runtime, "bot": "greedy", "decision": base, "idle_tick": summary(i)}
    print(_json(line))
    for level in LEVELS:
        d, i = measure(lambda s: [SpeedBot(level, derive_seed(s, 0)), SpeedBot(level, derive_seed(s, 1))],
                       matches)
        s = summary(d)
        print(_json({"runtime": runtime, "bot": "level%d" % level, "decision": s,
                     "idle_tick": summary(i),
                     "ratio_to_greedy": round(s["mean_us"] / base["mean_us"], 2),
                     "device_ms_est": round(s["mean_us"] * DEVICE_FACTOR / 1000.0, 2),
                     "device_ms_est_p99": round(s["p99_us"] * DEVICE_FACTOR / 1000.0, 2)}))


def _json(obj):
    import json
    return json.dumps(obj)


def host_main(argv):
    """On CPython: run the measurement on the MicroPython unix port and pass its lines on."""
    import argparse
    import os
    import subprocess
    p = argparse.ArgumentParser(prog="python -m tools.bench_speed_ai")
    p.add_argument("--matches", type=int, default=20)
    p.add_argument("--cpython", action="store_true", help="measure on CPython instead")
    args = p.parse_args(argv)
    if args.cpython:
        run(args.matches)
        return 0
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    exe = os.path.join(root, ".venv", "bin", "micropython")
    proc = subprocess.run([exe, os.path.join("tools", "bench_speed_ai.py"), str(args.matches)],
                          cwd=root, capture_output=True, text=True)
    sys.stdout.write(proc.stdout)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
    return proc.returncode


if __name__ == "__main__":
    if sys.implementation.name == "micropython":
        run(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
    else:
        sys.exit(host_main(sys.argv[1:]))
