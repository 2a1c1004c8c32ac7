"""Measure the device-time factor: unix-port time x FACTOR ~= RP2040 time.

    python -m tools.calibrate PATH/TO/micropython/tests/perf_bench/misc_pystone.py

Runs MicroPython's pystone benchmark (not shipped here: pass the file from a MicroPython
source checkout) with the parameters of `bm_run(100, 100)` (300 loops) on the unix port,
best of 15, and divides the 164-234 ms that the same benchmark takes on an emulated RP2040
running the rp2 firmware (DESIGN.md) by it.  Prints one JSON line.
"""
import json
import os
import subprocess
import sys

DEVICE_MS = (164.0, 234.0)
RUNNER = """
import time
exec(open(%r).read())
best = None
for i in range(15):
    run, res = bm_setup((300,))
    t0 = time.ticks_us()
    run()
    d = time.ticks_diff(time.ticks_us(), t0)
    if best is None or d < best:
        best = d
print(best)
"""


def main():
    if len(sys.argv) != 2 or not os.path.exists(sys.argv[1]):
        sys.stderr.write(__doc__)
        return 2
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    out = subprocess.run([mp, "-c", RUNNER % os.path.abspath(sys.argv[1])],
                         capture_output=True, text=True, check=True).stdout
    unix_ms = int(out.strip()) / 1000.0
    print(json.dumps({"bench": "misc_pystone bm_run(100,100)", "unix_ms": unix_ms,
                      "device_ms": list(DEVICE_MS),
                      "factor_low": round(DEVICE_MS[0] / unix_ms), "factor_high": round(DEVICE_MS[1] / unix_ms)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
