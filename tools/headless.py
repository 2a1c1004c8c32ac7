"""Headless runs of the app (core/app.py): a key script in, PNG screenshots out.

    python -m tools.headless --layout lcd13 --script "OK wait:2000 DOWN OK shot:a.png"
    python -m tools.headless --layout display2 --autoplay speedrun --out out/run
    python -m tools.headless --capture reds --out out/reds      # its key screens

--script takes the key scripts of python -m tools.sim (tools/keyscript.py: the same
key and button names, hold:KEY:MS, wait:MS, shot:NAME.png; --help lists them).  Unlike
the simulator it drives the app directly (core.ui.autoplay.Driver: a key press is fed
as one event, not held past the buttons' debounce), with the fixed --seed 1 unless told,
so runs repeat exactly (tests and golden images use it).  `--autoplay GAME` plays a
whole game through the keys against AI seats (core.ui.autoplay.AutoPlayer), with a
screenshot of every new screen in --out; `--capture GAME` saves the game's key screens
(the ones tests/golden/app holds).  Layouts: lcd13 = Waveshare Pico-LCD-1.3 240x240 with
a joystick, display2 = Pimoroni Pico Display 2.0 320x240 with four buttons.

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
from tools import keyscript

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

    def run_script(self, words, out_dir=""):
        """Run key-script words (tools/keyscript.py); returns the screenshots' paths.
        Raises ValueError on a step or name the layout does not have."""
        board = board_module(self.layout)
        shots = []
        for kind, arg, ms in keyscript.checked_steps(board, words):
            if kind == "wait":
                self.wait(ms)
            elif kind == "shot":
                shots.append(self.shot(keyscript.shot_path(out_dir, arg)))
            else:
                mask, key = keyscript.resolve(board, arg)
                if kind == "key" and key is not None:
                    self.key(key)
                else:
                    self.hold(board, mask, ms if kind == "hold" else 100)
        return shots

    def hold(self, board, mask, ms):
        """Hold the buttons of `mask` for `ms` (then release them for 100 ms) through the
        device's button logic (drivers/buttons.py: debounce, chords, auto-repeat)."""
        from drivers.buttons import Buttons
        b = Buttons(board.KEYMAP, board.CHORDS)
        for m, span in ((mask, ms), (0, 100)):
            end = self.now + span
            while self.now < end:
                self.now += 10
                b.update(m, self.now)
                ev = b.get()
                while ev >= 0:
                    self.app.feed(ev, self.now)
                    ev = b.get()
                self.app.tick(self.now)
                self.app.show()
        self.presses += 1


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


def build_parser():
    p = argparse.ArgumentParser(
        prog="python -m tools.headless", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="The app without a window or the device loop: a key script in, PNG\n"
                    "screenshots out; or a whole game played through the keys (--autoplay),\n"
                    "or a game's key screens (--capture).  The same key scripts as\n"
                    "python -m tools.sim; the seed is fixed (--seed, default 1) so runs repeat.",
        epilog=keyscript.syntax())
    p.add_argument("--layout", choices=LAYOUTS, default="lcd13",
                   help="lcd13 (240x240, joystick) or display2 (320x240, four buttons); "
                        "default lcd13")
    p.add_argument("--seed", type=int, default=1, metavar="N",
                   help="the app's seed, 0..2**30-1 (default 1)")
    p.add_argument("--script", "--keys", dest="script", default="", metavar="TEXT",
                   help="the key script (below; --keys is the old name)")
    p.add_argument("--script-file", metavar="FILE", help="more of the key script, from a file")
    p.add_argument("--out", "--shots", dest="out", default=os.path.join("out", "headless"),
                   metavar="DIR", help="folder for shot: screenshots and --autoplay/--capture "
                                       "(default out/headless; --shots is the old name)")
    p.add_argument("--shot", metavar="PATH", help="also save a screenshot at PATH at the end")
    p.add_argument("--autoplay", metavar="GAME", help="then play a whole game of GAME through "
                                                      "the keys, a screenshot per new screen")
    p.add_argument("--capture", metavar="GAME", help="only save the key screens of GAME")
    p.add_argument("--panel", action="store_true", help="draw through the emulated ST7789")
    return p


def main(argv=None):
    p = build_parser()
    args = p.parse_args(argv)
    if args.capture:
        screen, shots = capture(args.capture, args.layout, args.seed)
        for name in shots:
            screen.buf[:] = shots[name]
            print(save_screen(screen, os.path.join(args.out, "%s_%s_%s.png" % (
                args.capture, name, args.layout))))
        return 0
    h = Headless(args.layout, args.seed, panel=args.panel)
    try:
        for path in h.run_script(keyscript.read_script(args.script, args.script_file), args.out):
            print("screenshot:", path)
    except ValueError as exc:
        p.error(str(exc))
    if args.autoplay:
        count = [0]
        last = [None]

        def snap(player):
            st = h.app.state
            if st != last[0]:
                last[0] = st
                count[0] += 1
                h.shot(os.path.join(args.out, "%03d_%s.png" % (count[0], app_mod.STATE_NAMES[st])))
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
