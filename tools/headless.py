"""Headless runs of the app (core/app.py): scripted key events in, PNG screenshots out.

    python -m tools.headless --layout lcd13 --keys "OK wait:2000 DOWN OK shot:out/a.png"
    python -m tools.headless --layout display2 --autoplay speedrun --shots out/run
    python -m tools.headless --capture reds --shots out/reds      # its key screens

`--keys` is a script of logical keys (UP DOWN LEFT RIGHT OK BACK MENU AUX), `wait:MS`
(let the virtual clock run) and `shot:PATH`.  `--autoplay GAME` plays a whole game
through the buttons against AI seats (core.ui.autoplay.AutoPlayer), with a screenshot
of every new screen in `--shots DIR`; `--capture GAME` saves the game's key screens
(the ones tests/golden/app holds).  Layouts: lcd13 = Waveshare Pico-LCD-1.3 240x240
with a joystick, display2 = Pimoroni Pico Display 2.0 320x240 with four buttons.

The clock is virtual, so AI delays and held tricks cost no real time.  With --panel every
update goes through the real ST7789 driver into the emulated panel
(drivers/host_display.py), which is then what a screenshot shows; without it the 4-bit
screen buffer is saved as an indexed PNG (faster, and what golden images compare).
"""
import argparse
import os
import sys

import tools  # noqa: F401
from core import app as app_mod
from core.ui import autoplay
from core.ui.palette import RGB, lut565
from core.ui.screen import Screen
from drivers import host_png

LAYOUTS = ("lcd13", "display2")


def board_module(layout):
    if layout == "lcd13":
        from boards import pico_lcd_1_3 as b
    else:
        from boards import pico_display_2 as b
    return b


def make_screen(layout):
    b = board_module(layout)
    return Screen(b.WIDTH, b.HEIGHT), app_mod.board_hints(b)


def save_screen(screen, path):
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    host_png.write_indexed(path, screen.buf, screen.width, screen.height, RGB)
    return path


class Headless(autoplay.Driver):
    """A Driver on a board layout, with screenshots (of the panel when `panel`)."""

    def __init__(self, layout="lcd13", seed=1, panel=False, step=50, **app_kw):
        screen, hints = make_screen(layout)
        self.layout = layout
        display = None
        if panel:
            from drivers.host_display import HostDisplay
            display = HostDisplay(screen.width, screen.height)
        self.display = display
        autoplay.Driver.__init__(self, screen, hints, seed, display, lut565(), step, **app_kw)

    def shot(self, path):
        if self.display is not None:
            d = os.path.dirname(path)
            if d:
                os.makedirs(d, exist_ok=True)
            return self.display.save_png(path)
        return save_screen(self.screen, path)

    def run_script(self, script):
        for word in script.split():
            if word.startswith("wait:"):
                self.wait(int(word[5:]))
            elif word.startswith("shot:"):
                self.shot(word[5:])
            else:
                self.key(word.upper())


def capture(game, layout, seed=1):
    """{name: (w, h, bytes of the 4-bit buffer)} of the game's key screens, and the run."""
    screen, hints = make_screen(layout)
    out = {}

    def shot(name):
        out[name] = bytes(screen.buf)
    d, cap, ok = autoplay.capture_run(screen, hints, game, shot, seed)
    if not ok:
        raise RuntimeError("%s on %s did not finish" % (game, layout))
    return screen, out


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.headless", description=__doc__.split("\n")[0])
    p.add_argument("--layout", choices=LAYOUTS, default="lcd13")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--keys", default="", help="key script (see the module docstring)")
    p.add_argument("--shot", help="screenshot at the end")
    p.add_argument("--autoplay", help="play a whole game of GAME through the buttons")
    p.add_argument("--capture", help="save the key screens of GAME")
    p.add_argument("--shots", default="out/headless", help="folder for --autoplay/--capture")
    p.add_argument("--panel", action="store_true", help="draw through the emulated ST7789")
    args = p.parse_args(argv)
    if args.capture:
        screen, shots = capture(args.capture, args.layout, args.seed)
        for name in shots:
            screen.buf[:] = shots[name]
            print(save_screen(screen, os.path.join(args.shots, "%s_%s_%s.png" % (
                args.capture, name, args.layout))))
        return 0
    h = Headless(args.layout, args.seed, panel=args.panel)
    if args.keys:
        h.run_script(args.keys)
    if args.autoplay:
        count = [0]
        last = [None]

        def snap(player):
            st = h.app.state
            if st != last[0]:
                last[0] = st
                count[0] += 1
                h.shot(os.path.join(args.shots, "%03d_%s.png" % (count[0], app_mod.STATE_NAMES[st])))
        ok = autoplay.AutoPlayer(h, args.autoplay, seed=args.seed, watch=snap).run()
        print("%s: %s after %d key presses, %d s of virtual time" % (
            args.autoplay, "finished" if ok else "NOT finished", h.presses, h.now // 1000))
        if not ok:
            return 1
    if args.shot:
        print("screenshot:", h.shot(args.shot))
    return 0


if __name__ == "__main__":
    sys.exit(main())
