"""Screen timings on this runtime (run by tools/bench_screens.py on the unix port).

    micropython tests/perf/screens_bench_mp.py [--path DIR] GAME LAYOUT

Plays GAME through the buttons until this unit's human must play a card, then measures:
  full_redraw   the table drawn from scratch and sent to the display
  card_played   OK on a legal card: the engine applies it, the table redraws what
                changed and the display gets the dirty rectangles
  cursor_move   one cursor step along the hand
Prints one JSON object per line: render and send times in ms (best of several runs)
and the bytes that went over the display bus (commands included).  The bus only counts
bytes: "send" is the driver's work (windows, expansion to RGB565); the SPI wire time is
added from the byte count by tools/bench_screens.py.
"""
import sys

args = sys.argv[1:]
if args and args[0] == "--path":
    sys.path.insert(0, args[1])
    args = args[2:]
if "" not in sys.path:
    sys.path.insert(0, "")

from core.ui.screen import Screen  # noqa: E402

GAME, LAYOUT = args[0], args[1]
SCREEN = Screen(320 if LAYOUT == "display2" else 240, 240)

import json  # noqa: E402
import time  # noqa: E402

from core import app as app_mod  # noqa: E402
from core.ui import autoplay, keys  # noqa: E402
from core.ui.palette import lut565  # noqa: E402
from drivers.st7789 import ST7789  # noqa: E402


class CountingBus:
    """The display bus with nothing behind it: counts bytes, so the time measured is the
    driver's own work (window commands, viper expansion to RGB565), not an emulator's."""

    def __init__(self):
        self.bytes_total = 0

    def cmd(self, c):
        self.bytes_total += 1

    def data(self, buf):
        self.bytes_total += len(buf)

try:
    us = time.ticks_us
    diff = time.ticks_diff
except AttributeError:
    def us():
        return int(time.perf_counter() * 1000000)

    def diff(a, b):
        return a - b


class Ready(Exception):
    pass


def board(layout):
    if layout == "lcd13":
        from boards import pico_lcd_1_3 as b
    else:
        from boards import pico_display_2 as b
    return b


def ready(player):
    a = player.d.app
    if a.state != app_mod.TABLE:
        return
    t = a.table
    if a.realtime:
        if a.game.now > 3000 and t.playable_positions():
            raise Ready()
        return
    if a.hold_until < 0 and t.card_mode and t.trick_count() >= 1:
        raise Ready()


def emit(what, render_us, send_us, nbytes, rects):
    print(json.dumps({"bench": "screens", "game": GAME, "layout": LAYOUT, "what": what,
                      "render_ms": render_us / 1000.0, "send_ms": send_us / 1000.0,
                      "total_ms": (render_us + send_us) / 1000.0, "bytes": nbytes,
                      "rects": rects}))


def main():
    b = board(LAYOUT)
    bus = CountingBus()
    disp = ST7789(bus, b.WIDTH, b.HEIGHT)
    disp.init()
    lut = lut565()
    d = autoplay.Driver(SCREEN, app_mod.board_hints(b), 3, disp, lut, 50, games=(GAME,))
    opts, players, kinds = autoplay.CAPTURE_GAMES[GAME]
    p = autoplay.AutoPlayer(d, GAME, opts, players, kinds, 3, ready)
    try:
        p.run()
        raise SystemExit("never reached a card to play")
    except Ready:
        pass
    a = d.app
    t = a.table
    # full redraw
    best = None
    for _ in range(3):
        t0 = us()
        t.full_draw()
        t1 = us()
        n0 = bus.bytes_total
        rects = SCREEN.dirty.count
        a.show()
        t2 = us()
        r = (diff(t1, t0), diff(t2, t1), bus.bytes_total - n0, rects)
        if best is None or r[0] + r[1] < best[0] + best[1]:
            best = r
    emit("full_redraw", *best)
    # cursor move
    k = keys.event(keys.PRESS, keys.DOWN)
    t0 = us()
    a.feed(k, d.now)
    t1 = us()
    n0 = bus.bytes_total
    rects = SCREEN.dirty.count
    a.show()
    t2 = us()
    emit("cursor_move", diff(t1, t0), diff(t2, t1), bus.bytes_total - n0, rects)
    # move to a legal card, then play it
    if a.realtime:
        want = t.playable_positions()[0]
    else:
        want = [i for i in range(len(t.hand)) if t.card_action(t.hand[i]) in t.legal][0]
    while t.cursor != want:
        d.key("DOWN")
    ok = keys.event(keys.PRESS, keys.OK)
    t0 = us()
    a.feed(ok, d.now)
    t1 = us()
    n0 = bus.bytes_total
    rects = SCREEN.dirty.count
    a.show()
    t2 = us()
    emit("card_played", diff(t1, t0), diff(t2, t1), bus.bytes_total - n0, rects)


main()
