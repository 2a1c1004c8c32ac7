"""Runs tests/core/link_scenarios.py on all three runtimes.

On CPython each scenario is its own pytest test; on the MicroPython unix port (640 KB heap:
three units of Speed Run on the 64-bit port; 384 KB before the secure link, whose ladder
and hashlib garbage fragments the heap until compiling speedrun.py from source for the
last scenario cannot find 1.3 KB; the scenario alone passes in 384 KB) and the 32-bit WebAssembly port (256 KB) the
whole module runs in one process through tests/mprun.py (see the module's docstring for
why the heap is larger than 128 KB).
"""
import os
import subprocess

import pytest

import link_scenarios

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAMES = sorted(n for n in dir(link_scenarios) if n.startswith("test_"))


@pytest.mark.parametrize("name", NAMES)
def test_cpython(name):
    getattr(link_scenarios, name)()


def _run(cmd, runtime):
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "%s: %d passed, 0 failed" % (runtime, len(NAMES)) in p.stdout, p.stdout


def test_micropython_unix_port():
    _run([os.path.join(ROOT, ".venv", "bin", "micropython"), "-X", "heapsize=640K",
          "tests/mprun.py", "unix", "link_scenarios"], "unix")


def test_webassembly_port():
    _run(["node", "tools/wasm_run.mjs", "--heap", "256K", "tests/mprun.py", "wasm",
          "link_scenarios"], "wasm")
