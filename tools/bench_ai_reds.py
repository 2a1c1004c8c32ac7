"""Device-time and heap benchmark of the Reds AI on the MicroPython unix port.

    python -m tools.bench_ai_reds [--players 4] [--variant plain] [--level default]
                                  [--games 200] [--seed 1] [--repeat 3] [--chunk 10]

Plays seeded Reds games with the AI in every seat on the unix port
(tests/perf/ai_bench_reds_mp.py) and prints, like tools/bench_ai.py (whose summary it
reuses), one JSON line per phase (bid, exchange, play) and one for all decisions: p50/p95/
max unix ms, device estimates at x150 and x240 (docs/device-time.md), the bytes each
decision allocated and the AI object's size.  --variant: plain, partnership, hidden_bids,
short_game.
"""
import argparse
import json
import os
import subprocess
import sys

from tools.bench_ai import ROOT, summary


def run_chunk(args, first, n):
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    cmd = [mp, "-X", "heapsize=" + args.heap, "tests/perf/ai_bench_reds_mp.py", args.level, str(args.players),
           str(n), str(first), str(args.repeat), args.variant]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("unix port failed: %s" % (out.stderr or out.stdout)[-2000:])
    return out.stdout.splitlines()


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.bench_ai_reds", description=__doc__.split("\n")[0])
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--variant", default="plain", choices=("plain", "partnership", "hidden_bids", "short_game"))
    p.add_argument("--level", default="default")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--heap", default="1M")
    p.add_argument("--chunk", type=int, default=10, help="games per unix-port process")
    args = p.parse_args(argv)
    args.game = "reds/%dp/%s" % (args.players, args.variant)
    rows = {}
    obj = 0
    done = 0
    while done < args.games:
        n = min(args.chunk, args.games - done)
        for line in run_chunk(args, args.seed + done, n):
            parts = line.split()
            if parts and parts[0] == "A":
                obj = max(obj, int(parts[1]))
            elif parts and parts[0] == "D":
                rows.setdefault(parts[1], []).append((int(parts[2]), int(parts[3])))
        done += n
        sys.stderr.write("\r%d/%d games" % (done, args.games))
    sys.stderr.write("\n")
    everything = []
    for phase in sorted(rows):
        print(json.dumps(summary(phase, rows[phase], obj, args)))
        everything.extend(rows[phase])
    print(json.dumps(summary("all", everything, obj, args)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
