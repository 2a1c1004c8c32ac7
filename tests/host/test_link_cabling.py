"""Runs tests/core/link_cabling.py on all three runtimes (three and eight units: a larger
heap than the core suite's, like tests/host/test_link_scenarios.py)."""
import os
import subprocess

import pytest

import link_cabling

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAMES = sorted(n for n in dir(link_cabling) if n.startswith("test_"))


@pytest.mark.parametrize("name", NAMES)
def test_cpython(name):
    getattr(link_cabling, name)()


def _run(cmd, runtime):
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "%s: %d passed, 0 failed" % (runtime, len(NAMES)) in p.stdout, p.stdout


def test_micropython_unix_port():
    _run([os.path.join(ROOT, ".venv", "bin", "micropython"), "-X", "heapsize=576K",
          "tests/mprun.py", "unix", "link_cabling"], "unix")


def test_webassembly_port():
    _run(["node", "tools/wasm_run.mjs", "--heap", "256K", "tests/mprun.py", "wasm",
          "link_cabling"], "wasm")
