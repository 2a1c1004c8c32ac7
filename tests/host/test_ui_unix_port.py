"""The UI renders the same pixels on MicroPython (real C framebuf) as on CPython (the
stand-in), and the unix port really uses the viper expansion routine."""
import binascii
import os
import subprocess

import pytest

from core.cards import SPEED_DECK
from core.ui import hand
from core.ui.palette import FELT
from core.ui.screen import Screen
from test_ui_menu import render_screens

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")

SCRIPT = """
import sys
sys.path[:0] = ['', 'tests/core']
import binascii
from test_ui_menu import render_screens
from core.cards import SPEED_DECK
from core.ui import hand
from core.ui.palette import FELT
from core.ui.screen import Screen
from drivers import expand

def emit(name, s):
    print(name, binascii.hexlify(s.buf).decode())

for (w, h) in ((240, 240), (320, 240)):
    render_screens(w, h, lambda n, s: emit('%s-%d' % (n, w), s))
    s = Screen(w, h)
    s.fb.fill(FELT)
    for n in (5, 12, 13):
        row = hand.HandRow(s, 2, 10 + (n - 5) * 22, w - 4, FELT)
        row.show(SPEED_DECK, bytes([SPEED_DECK.cards()[4 * i + 1] for i in range(n)]), n, 2, 1 << 4, 1 << 6)
    emit('hand-%d' % w, s)
    s = None
print('IMPL', expand.IMPL)
"""


def cpython_lines():
    out = []

    def emit(name, s):
        out.append("%s %s" % (name, binascii.hexlify(s.buf).decode()))
    for (w, h) in ((240, 240), (320, 240)):
        render_screens(w, h, lambda n, s: emit("%s-%d" % (n, w), s))
        s = Screen(w, h)
        s.fb.fill(FELT)
        for n in (5, 12, 13):
            row = hand.HandRow(s, 2, 10 + (n - 5) * 22, w - 4, FELT)
            row.show(SPEED_DECK, bytes([SPEED_DECK.cards()[4 * i + 1] for i in range(n)]), n, 2, 1 << 4, 1 << 6)
        emit("hand-%d" % w, s)
    return out


@pytest.mark.skipif(not os.path.exists(MPY), reason="MicroPython unix port not installed")
def test_menu_and_hand_pixels_identical_on_micropython():
    proc = subprocess.run([MPY, "-X", "heapsize=1M", "-c", SCRIPT], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr or proc.stdout
    lines = proc.stdout.splitlines()
    assert lines[-1] == "IMPL viper"
    mine = cpython_lines()
    assert [ln.split()[0] for ln in lines[:-1]] == [ln.split()[0] for ln in mine]
    for theirs, ours in zip(lines[:-1], mine):
        assert theirs == ours, "%s differs between MicroPython and CPython" % ours.split()[0]
