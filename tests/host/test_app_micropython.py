"""The app's screens on the MicroPython unix port, with its real framebuf, have the same
pixels as on CPython: each game is played through the buttons on both runtimes and the
CRC of every key screen is compared (tests/mp_app_screens.py)."""
import os
import subprocess
import sys

import pytest

from tools.mp_suite import MPY_DIR, precompile_core

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MP = os.path.join(os.path.dirname(sys.executable), "micropython")
# The heap for the whole run: a game, its AI, the UI and the screen.  With every module
# loaded as .mpy into RAM (the unix port, or a board without a frozen build) the peak
# is past 300 KB; see docs/memory.md.
HEAP = "512K"


def run(cmd):
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "done" in p.stdout, p.stdout + p.stderr
    return [l for l in p.stdout.splitlines() if l.startswith("screen ")]


@pytest.fixture(scope="module")
def compiled():
    precompile_core()


@pytest.mark.skipif(not os.path.exists(MP), reason="no MicroPython unix port in .venv")
@pytest.mark.parametrize("game,layout", [("speedrun", "lcd13"), ("steppingstones", "display2"),
                                         ("reds", "display2"), ("speed", "lcd13")])
def test_same_pixels_on_micropython(compiled, game, layout):
    mp = run([MP, "-X", "heapsize=" + HEAP, "tests/mp_app_screens.py", "--path", MPY_DIR, game, layout])
    cp = run([sys.executable, "-c", "import tools, runpy, sys; sys.argv = ['x', %r, %r]; "
              "runpy.run_path('tests/mp_app_screens.py', run_name='__main__')" % (game, layout)])
    assert len(mp) >= 5
    assert mp == cp
