"""Screen timings on this runtime (run by tools/bench_screens.py on the unix port).

    micropython tests/perf/screens_bench_mp.py [--path DIR] GAME LAYOUT

Plays GAME through the buttons until this unit's human must play a card, then measures:
  full_redraw   the table drawn from scratch and sent to the display
  card_played   OK on a legal card: the engine applies it, the table redraws what
                changed and the display gets the dirty rectangles
  cursor_move   one cursor step along the hand
  trick_end     (trick-taking games) the AIs finish that trick; when the finished trick's
                hold ends it leaves the table and the hand, held during the trick,
                re-centres: that tick and its display update
Prints one JSON object per line: render and send times in ms (best of several runs)
and the bytes that went over the display bus (commands included).  The driver writes
through the real SpiBus to an SPI that only counts bytes: "send" is the driver's work
(windows, expansion to RGB565, the bus's pin calls); the SPI wire time is added from the
byte count by tools/bench_screens.py.
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
from drivers.st7789 import ST7789, SpiBus  # noqa: E402


class CountingSpi:
    """machine.SPI with nothing behind it: write() counts bytes.  The driver talks to it
    through the real SpiBus (DC and CS pin calls around every write), so the time
    measured is the driver's own work (window commands, viper expansion to RGB565, the
    bus's per-write calls), not an emulator's; the wire time is added from the bytes."""

    def __init__(self):
        self.bytes_total = 0

    def write(self, buf):
        self.bytes_total += len(buf)


class NoPin:
    """A machine.Pin stand-in: pin(v) sets the level (a Python call here, a C call on the
    device, so the bench errs on the slow side)."""

    def __call__(self, v=None):
        return 0


def CountingBus():
    spi = CountingSpi()
    bus = SpiBus(spi, NoPin(), NoPin())
    bus.spi_counter = spi
    return bus


def sent(bus):
    return bus.spi_counter.bytes_total

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
        # Speed: the human's second card (one drawn), the same game state whatever order
        # the table shows the hand in (trees compared): the first card played changed it
        from core.games.speed.defs import DRAW_DEAL
        if a.game.n_draw[t.seat] == DRAW_DEAL - 1 and t.playable_positions():
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
        n0 = sent(bus)
        rects = SCREEN.dirty.count
        a.show()
        t2 = us()
        r = (diff(t1, t0), diff(t2, t1), sent(bus) - n0, rects)
        if best is None or r[0] + r[1] < best[0] + best[1]:
            best = r
    emit("full_redraw", *best)
    # cursor move
    k = keys.event(keys.PRESS, keys.DOWN)
    t0 = us()
    a.feed(k, d.now)
    t1 = us()
    n0 = sent(bus)
    rects = SCREEN.dirty.count
    a.show()
    t2 = us()
    emit("cursor_move", diff(t1, t0), diff(t2, t1), sent(bus) - n0, rects)
    # move to a legal card, then play it
    if a.realtime:
        h = t.hand()     # the lowest card that fits: the same card whatever the order shown
        want = min(t.playable_positions(), key=lambda i: h[i])
    else:
        want = [i for i in range(len(t.hand)) if t.card_action(t.hand[i]) in t.legal][0]
    while t.cursor != want:
        d.key("DOWN")
    # the table up to date first: a game change not drawn yet (Speed redraws on its
    # tick) is not the card played's
    if a.realtime:
        t.draw(d.now)
    a.show()
    ok = keys.event(keys.PRESS, keys.OK)
    t0 = us()
    a.feed(ok, d.now)
    t1 = us()
    n0 = sent(bus)
    rects = SCREEN.dirty.count
    a.show()
    t2 = us()
    emit("card_played", diff(t1, t0), diff(t2, t1), sent(bus) - n0, rects)
    if a.realtime:
        return
    # trick end: the AIs finish the trick; when its hold ends the trick leaves the table
    # and the hand re-centres (the held layout's deferred cost), timed alone
    for _ in range(2000):
        if a.state != app_mod.TABLE:
            return
        if a.hold_until >= 0 and d.now + d.step - a.hold_until >= 0:
            d.now += d.step
            t0 = us()
            a.tick(d.now)
            t1 = us()
            n0 = sent(bus)
            rects = SCREEN.dirty.count
            a.show()
            t2 = us()
            if a.state == app_mod.TABLE:
                emit("trick_end", diff(t1, t0), diff(t2, t1), sent(bus) - n0, rects)
            return
        d.wait(d.step)


main()
