"""Device-time and heap benchmark of the built-in AI on the MicroPython unix port.

    python -m tools.bench_ai [--game speedrun] [--level default] [--games 200] [--seed 1]
                             [--repeat 3] [--heap 1M] [--chunk 20] [--option KEY=VALUE ...]

(Reds: --game reds --option players=6 --option partnership=true, and so on.)

Plays seeded games with the AI in every seat on the unix port
(tests/perf/ai_bench_mp.py), timing every decision that has more than one legal action
(--repeat N re-runs each decision N-1 more times and checks the action is reproduced).
Prints one JSON line per phase and one for all decisions: count, p50/p95/max unix ms,
device estimates at x270 (docs/device-time.md; optimistic), the bytes each decision
allocated (p95/max; collector paused) and the AI object's own size.

Two clocks: `unix_ms` is wall time, which grows when other jobs share the machine's two
cores; the unix port's process CPU time (C clock()) does not, but ticks in ~1 ms steps.
So per game the wall times are scaled by (CPU time of the game's decisions) / (their wall
time): `unix_ms_quiet` is what each decision takes on a quiet machine, and the device
estimates use it, since the x270 factor was measured on a quiet machine
(docs/device-time.md).
"""
import argparse
import json
import os
import subprocess
import sys

from tools.calibrate import DEVICE_FACTOR
from tools.cli import parse_options

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def pct(xs, p):
    xs = sorted(xs)
    if not xs:
        return 0
    k = min(len(xs) - 1, int(round(p / 100.0 * (len(xs) - 1))))
    return xs[k]


def run_chunk(args, first, n):
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    cmd = [mp, "-X", "heapsize=" + args.heap, "tests/perf/ai_bench_mp.py", args.game, args.level,
           str(n), str(first), str(args.repeat), json.dumps(args.options)]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("unix port failed: %s" % (out.stderr or out.stdout)[-2000:])
    return out.stdout.splitlines()


def summary(label, rows, obj_bytes, args):
    raw = [r[0] for r in rows]
    us = [r[2] for r in rows]   # quiet-machine estimate, see the module docstring
    alloc = [r[1] for r in rows]
    p50, p95, mx = pct(us, 50) / 1000.0, pct(us, 95) / 1000.0, max(us) / 1000.0 if us else 0
    return {"bench": "ai_decisions", "game": args.game, "options": args.options, "level": args.level, "phase": label,
            "games": args.games, "decisions": len(rows),
            "unix_ms": {"p50": round(pct(raw, 50) / 1000.0, 2), "p95": round(pct(raw, 95) / 1000.0, 2),
                        "max": round(max(raw) / 1000.0, 2)},
            "unix_ms_quiet": {"p50": round(p50, 2), "p95": round(p95, 2), "max": round(mx, 2)},
            "device_ms_x%d" % DEVICE_FACTOR: {"p50": round(p50 * DEVICE_FACTOR), "p95": round(p95 * DEVICE_FACTOR),
                                              "max": round(mx * DEVICE_FACTOR)},
            "decision_alloc_bytes": {"p95": pct(alloc, 95), "max": max(alloc) if alloc else 0},
            "ai_object_bytes": obj_bytes,
            "working_set_bytes_max": obj_bytes + (max(alloc) if alloc else 0)}


def add_game(rows, game):
    """Rows (wall us, alloc, quiet us) of one game's decisions, by phase."""
    wall = sum(d[1] for d in game)
    cpu = sum(d[3] for d in game)
    scale = min(1.0, cpu / float(wall)) if wall else 1.0
    for phase, us, alloc, _, best in game:
        rows.setdefault(phase, []).append((us, alloc, min(us * scale, best)))


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.bench_ai", description=__doc__.split("\n")[0])
    p.add_argument("--game", default="speedrun")
    p.add_argument("--level", default="default")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--repeat", type=int, default=1)
    p.add_argument("--heap", default="1M")
    p.add_argument("--chunk", type=int, default=20, help="games per unix-port process")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="game option (repeatable); values are parsed as JSON when possible")
    args = p.parse_args(argv)
    args.options = parse_options(args.option)
    rows = {}
    obj = 0
    done = 0
    while done < args.games:
        n = min(args.chunk, args.games - done)
        game = []
        for line in run_chunk(args, args.seed + done, n) + ["A 0"]:
            parts = line.split()
            if parts and parts[0] == "A":
                obj = max(obj, int(parts[1]))
                add_game(rows, game)
                game = []
            elif parts and parts[0] == "D":
                game.append((parts[1], int(parts[2]), int(parts[3]), int(parts[4]), int(parts[5])))
        done += n
        sys.stderr.write("\r%d/%d games" % (done, args.games))
    sys.stderr.write("\n")
    everything = []
    for phase in sorted(rows):
        everything.extend(rows[phase])
    for phase in sorted(rows):
        print(json.dumps(summary(phase, rows[phase], obj, args)))
    print(json.dumps(summary("all", everything, obj, args)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
