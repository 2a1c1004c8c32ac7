"""Runs tests/core/link_scenarios.py and link_hidden_bids.py on all three runtimes.

On CPython each scenario is its own pytest test; on the MicroPython unix port (640 KB heap
for both modules: three units on the 64-bit port; 384 KB / 448 KB before the secure link,
whose ladder and hashlib garbage fragments the heap until compiling speedrun.py from source
for the last scenario cannot find 1.3 KB; that scenario alone passes in 384 KB) and the
32-bit WebAssembly port (256 KB) the
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
# link_hidden_bids at 384 KB on the unix port sat on the edge (fragmentation): it passed at
# 384 and 416 KB and failed at 368 and 400 KB before the channel's fragments, which add ~3 KB
# of code compiled from source; then it failed at 368 and 384 KB, passed at 400-448 KB.
UNIX_HEAP = {"link_scenarios": "640K", "link_hidden_bids": "640K"}


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
    _run([os.path.join(ROOT, ".venv", "bin", "micropython"), "-X", "heapsize=" + UNIX_HEAP[module],
          "tests/mprun.py", "unix", module], "unix", n)


@pytest.mark.parametrize("module,n", MODULES)
def test_webassembly_port(module, n):
    _run(["node", "tools/wasm_run.mjs", "--heap", "256K", "tests/mprun.py", "wasm",
          module], "wasm", n)
