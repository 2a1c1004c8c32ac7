"""Runs tests/core/link_scenarios.py and link_hidden_bids.py on all three runtimes.

On CPython each scenario is its own pytest test; on the MicroPython unix port (384 KB heap:
three units of Speed Run on the 64-bit port) and the 32-bit WebAssembly port (256 KB) the
whole module runs in one process through tests/mprun.py (see the module's docstring for
why the heap is larger than 128 KB).
"""
import os
import subprocess

import pytest

import link_hidden_bids
import link_scenarios

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAMES = sorted(n for n in dir(link_scenarios) if n.startswith("test_"))
HIDDEN = sorted(n for n in dir(link_hidden_bids) if n.startswith("test_"))
MODULES = [("link_scenarios", len(NAMES)), ("link_hidden_bids", len(HIDDEN))]


@pytest.mark.parametrize("name", NAMES)
def test_cpython(name):
    getattr(link_scenarios, name)()


@pytest.mark.parametrize("name", HIDDEN)
def test_cpython_hidden_bids(name):
    getattr(link_hidden_bids, name)()


def _run(cmd, runtime, n):
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "%s: %d passed, 0 failed" % (runtime, n) in p.stdout, p.stdout


@pytest.mark.parametrize("module,n", MODULES)
def test_micropython_unix_port(module, n):
    _run([os.path.join(ROOT, ".venv", "bin", "micropython"), "-X", "heapsize=384K",
          "tests/mprun.py", "unix", module], "unix", n)


@pytest.mark.parametrize("module,n", MODULES)
def test_webassembly_port(module, n):
    _run(["node", "tools/wasm_run.mjs", "--heap", "256K", "tests/mprun.py", "wasm",
          module], "wasm", n)
