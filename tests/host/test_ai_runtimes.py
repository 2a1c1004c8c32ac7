"""The AI decides identically on CPython and the MicroPython unix port: whole games
with the AI in every seat, compared action by action."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MPY = os.path.join(os.path.dirname(sys.executable), "micropython")


def _trace(exe, level, seed, extra=()):
    out = subprocess.run([exe] + list(extra) + ["tests/ai_trace_mp.py", "speedrun", level, str(seed)],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.splitlines()


def test_speedrun_ai_same_decisions_on_cpython_and_unix_port():
    for level, seed in (("default", 4), ("easy", 9)):
        host = _trace(sys.executable, level, seed)
        unix = _trace(MPY, level, seed, ("-X", "heapsize=1M"))
        assert len(host) > 100
        assert host == unix
