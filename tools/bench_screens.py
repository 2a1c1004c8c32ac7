"""Screen benchmark: render time and display bytes of the key table updates, on the
MicroPython unix port, with device estimates (JSON lines; docs/device-time.md).

    python -m tools.bench_screens [--games speedrun,reds] [--layouts lcd13,display2]

For every game and layout tests/perf/screens_bench_mp.py plays to a card decision and
times a full redraw, a cursor step, a card played (engine + table redraw + the
driver's expansion of the dirty rectangles, written through the real SpiBus) and, for the
trick-taking games, the end of that trick (the trick leaves, the hand re-centres).  Device
estimate = unix time x 270 (tools/calibrate.py, docs/device-time.md; optimistic) + SPI wire
time of the bytes at the boards' 62.5 MHz clock.
Targets on the device estimate: card played <= 50 ms, full redraw <= 120 ms.
"""
import argparse
import json
import os
import subprocess
import sys

import tools  # noqa: F401
from tools.calibrate import DEVICE_FACTOR
from tools.mp_suite import MPY_DIR, precompile_core

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MP = os.path.join(os.path.dirname(sys.executable), "micropython")
SPI_HZ = 62500000
# trick_end (the finished trick leaves, the held hand re-centres) has no target of its own
TARGETS = {"card_played": 50.0, "full_redraw": 120.0, "cursor_move": 50.0, "trick_end": None}
GAMES = ("speedrun", "steppingstones", "reds", "speed")
LAYOUTS = ("lcd13", "display2")


def measure(game, layout, runs=3):
    """Best of `runs` processes for each update kind."""
    best = {}
    for _ in range(runs):
        p = subprocess.run([MP, "-X", "heapsize=512K", "tests/perf/screens_bench_mp.py", "--path",
                            MPY_DIR, game, layout], cwd=ROOT, capture_output=True, text=True,
                           timeout=300)
        if p.returncode != 0:
            raise RuntimeError(p.stdout + p.stderr)
        for line in p.stdout.splitlines():
            r = json.loads(line)
            w = r["what"]
            if w not in best or r["total_ms"] < best[w]["total_ms"]:
                best[w] = r
    return best


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench_screens", description=__doc__.split("\n")[0])
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--layouts", default=",".join(LAYOUTS))
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    precompile_core()
    worst = 0
    for game in args.games.split(","):
        for layout in args.layouts.split(","):
            for what, r in sorted(measure(game, layout, args.runs).items()):
                wire = r["bytes"] * 8 * 1000.0 / SPI_HZ
                r["wire_ms"] = round(wire, 2)
                dev = r["device_ms_x%d" % DEVICE_FACTOR] = round(r["total_ms"] * DEVICE_FACTOR + wire, 1)
                target = TARGETS[what]
                r["target_ms"] = target
                if target is not None:
                    r["meets_target"] = dev <= target
                    if dev > target:
                        worst += 1
                print(json.dumps(r, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
