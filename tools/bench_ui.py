"""UI benchmark: render and update times on the MicroPython unix port, scaled to the
device, and bytes sent to the display for a card-played update vs a full refresh.

Usage: python -m tools.bench_ui [--repeat N]
Prints one JSON object per line.  Device estimates use tools/calibrate.py's factor (device
time ~= unix-port time x 270, optimistic: the rp2 firmware in an emulator without
flash-cache misses); that factor was measured on bytecode, so it overstates
the C framebuf calls and the viper expansion (conservative).  SPI time assumes the
62.5 MHz clock the boards request: bytes * 8 / 62.5e6.  The unix port runs with a
256 KB heap because the menu imports all four engines from source (.py compiled on the
heap); the device freezes them into flash.
"""
import argparse
import json
import os
import subprocess
import sys

from tools.calibrate import DEVICE_FACTOR

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
SPI_HZ = 62_500_000

SCRIPT = r"""
import sys, time
sys.path[:0] = ['']
from core.ui.screen import Screen
SCREEN = Screen(%(w)d, %(h)d)
from core.cards import SPEED_DECK
from core.ui import hand, palette
from core.ui.menu import MainMenu, MenuView
from core.ui.palette import FELT
from drivers import expand
from drivers.st7789 import ST7789

class CountBus:
    def __init__(self):
        self.n = 0
    def cmd(self, c):
        self.n += 1
    def data(self, b):
        self.n += len(b)

REPEAT = %(repeat)d
lut = palette.lut565()
bus = CountBus()
disp = ST7789(bus, %(w)d, %(h)d)
s = SCREEN
menu = MainMenu()

def best(fn):
    b = None
    for _ in range(REPEAT):
        t = time.ticks_us()
        fn()
        d = time.ticks_diff(time.ticks_us(), t)
        b = d if b is None or d < b else b
    return b

def draw_menu():
    v = MenuView(s, menu)
    v.draw()
print("menu_render_us", best(draw_menu))

def send_full():
    s.mark_all()
    disp.show(s, lut)
print("full_send_us", best(send_full))
bus.n = 0
send_full()
print("full_bytes", bus.n)

cards = SPEED_DECK.cards()[:12]
eleven = cards[:5] + cards[6:]
row = hand.HandRow(s, 2, %(h)d - 60, %(w)d - 4, FELT)
def draw_hand():
    row.n = -1
    row.show(SPEED_DECK, cards, 12, 5)
print("hand12_render_us", best(draw_hand))

# a card played during a trick: the tables hold the hand's layout (the card leaves a gap)
def card_played():
    row.n = -1
    row.show(SPEED_DECK, cards, 12, 5)
    s.dirty.clear()
    t = time.ticks_us()
    row.show(SPEED_DECK, eleven, 11, -1, 0, None, True)
    disp.show(s, lut)
    return time.ticks_diff(time.ticks_us(), t)
b = None
for _ in range(REPEAT):
    d = card_played()
    b = d if b is None or d < b else b
print("card_played_update_us", b)
row.n = -1
row.show(SPEED_DECK, cards, 12, 5)
s.dirty.clear()
row.show(SPEED_DECK, eleven, 11, -1, 0, None, True)
bus.n = 0
disp.show(s, lut)
print("card_played_bytes", bus.n)
print("expand_impl", expand.IMPL)
"""


def run(w, h, repeat):
    proc = subprocess.run([MPY, "-X", "heapsize=256K", "-c", SCRIPT % {"w": w, "h": h, "repeat": repeat}],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    if proc.returncode:
        raise SystemExit(proc.stderr or proc.stdout)
    out = {}
    for line in proc.stdout.splitlines():
        k, v = line.split()
        out[k] = v if k == "expand_impl" else int(v)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description="UI render/update benchmark")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    for w, h in ((240, 240), (320, 240)):
        r = run(w, h, args.repeat)
        full_spi = r["full_bytes"] * 8 * 1000 / SPI_HZ
        part_spi = r["card_played_bytes"] * 8 * 1000 / SPI_HZ

        def est(us, spi_ms=0.0):
            return round(us * DEVICE_FACTOR / 1000 + spi_ms, 1)
        rows = [
            {"bench": "menu_render", "screen": "%dx%d" % (w, h), "unix_us": r["menu_render_us"],
             "device_ms_est": est(r["menu_render_us"])},
            {"bench": "hand12_render", "screen": "%dx%d" % (w, h), "unix_us": r["hand12_render_us"],
             "device_ms_est": est(r["hand12_render_us"])},
            {"bench": "full_redraw", "screen": "%dx%d" % (w, h),
             "unix_us": r["menu_render_us"] + r["full_send_us"],
             "bytes": r["full_bytes"], "spi_ms": round(full_spi, 1),
             "device_ms_est": est(r["menu_render_us"] + r["full_send_us"], full_spi),
             "target_ms": 120, "expand": r["expand_impl"]},
            {"bench": "card_played_update", "screen": "%dx%d" % (w, h),
             "unix_us": r["card_played_update_us"], "bytes": r["card_played_bytes"],
             "spi_ms": round(part_spi, 1),
             "device_ms_est": est(r["card_played_update_us"], part_spi), "target_ms": 50,
             "bytes_ratio_vs_full": round(r["card_played_bytes"] / r["full_bytes"], 3)},
        ]
        for row in rows:
            print(json.dumps(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
