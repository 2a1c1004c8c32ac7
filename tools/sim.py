"""Desktop simulator of the device: the whole app (menu -> seats -> a game against the AI
-> results) on either board layout, through the same boot and loop as the device.

Windowed:  python -m tools.sim [--layout lcd13|display2] [--scale 2] [--seed N]   (make play)
Headless:  python -m tools.sim --headless --script "DOWN OK wait:200 shot:menu.png"
               [--layout display2] [--out out/sim] [--seed N]

The simulator boots like the device (core/boot.py with board "host": the real ST7789
driver on an emulated panel, buttons from the keyboard or a script), keeps settings and
saves in --flash (default out/sim/flash) and runs core.app.step() every 10 ms.  The deal
is seeded from the clock, as on the device, and the seed is printed first ("Seed 123456:
replay this deal with --seed 123456"); --seed N deals the same cards again.  Each new app
screen is printed ("screen: setup (reds)").  The windowed mode needs pygame and a
display (the keyboard keys of each button are listed beside the screen); without a
display it says how to run headless and exits with 0.  Headless mode needs neither (PNG
written with zlib and struct); with no shot: step it saves final.png.  The same key
scripts drive python -m tools.headless (the app without the device loop).
"""
import argparse
import os
import sys
import time

import tools  # noqa: F401  (puts the MicroPython shim on sys.path)
from boards import host
from tools import keyscript

TICK_MS = 10


class Sim:
    """The device loop on the host board: buttons -> app -> link -> panel."""

    def __init__(self, layout, flash=None, seed=1, out=print):
        """`seed`: the app's seed (main() passes the clock's or --seed's)."""
        from core import app as app_mod
        from core.boot import boot
        from core.save import DeviceFs
        self.app_mod = app_mod
        if flash:
            os.makedirs(flash, exist_ok=True)
        self.boot = boot(DeviceFs(flash or ""), "host", out, board_config={"layout": layout})
        self.hw = self.boot.hw
        self.app = app_mod.make_app(self.boot, seed=seed)
        self.now = 0
        self.out = out
        self.state = None
        self.step(0)

    def step(self, mask, dt=TICK_MS):
        """Advance `dt` ms with the raw button mask `mask`."""
        self.now += dt
        self.hw.input.mask = mask
        self.app_mod.step(self.boot, self.app, self.now)
        st = self.app.state
        if st != self.state:
            self.state = st
            name = self.app_mod.STATE_NAMES[st]
            game = getattr(self.app, "game_name", None)
            self.out("screen: %s%s" % (name, " (%s)" % game if st != self.app_mod.MENU and game else ""))

    def run_for(self, ms, mask):
        for _ in range(max(1, ms // TICK_MS)):
            self.step(mask)

    def mask_of(self, name):
        """The raw button mask of a key or button name (tools/keyscript.py)."""
        try:
            return keyscript.resolve(self.hw.board, name)[0]
        except ValueError as exc:
            raise SystemExit(str(exc))


def run_script(sim, words, out_dir):
    """Run key-script words (tools/keyscript.py) on `sim`; returns the screenshots' paths."""
    shots = []
    try:
        script = keyscript.checked_steps(sim.hw.board, words)
    except ValueError as exc:
        raise SystemExit(str(exc))
    for kind, arg, ms in script:
        if kind == "wait":
            sim.run_for(ms, 0)
        elif kind == "shot":
            shots.append(sim.hw.display.save_png(keyscript.shot_path(out_dir, arg)))
        elif kind == "hold":
            sim.run_for(ms, sim.mask_of(arg))
            sim.run_for(100, 0)
        else:
            sim.run_for(100, sim.mask_of(arg))     # press, held past debounce and chords
            sim.run_for(100, 0)                    # release
    return shots


def clock_seed():
    """A seed from the clock, as the device takes one (short enough to type back)."""
    return int(time.time() * 1000) % 1000000


def say_seed(seed):
    print("Seed %d: replay this deal with --seed %d" % (seed, seed))


def has_display():
    if os.environ.get("SDL_VIDEODRIVER") not in (None, "", "x11", "wayland", "windows", "cocoa"):
        return False
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


HEADLESS_HELP = """No display found (DISPLAY/WAYLAND_DISPLAY not set), so no window can open.
Run the simulator headless instead: it plays the same app from a script of key presses
and saves screenshots, e.g.
  .venv/bin/python -m tools.sim --headless --layout %s --script "DOWN OK shot:options.png"
  .venv/bin/python -m tools.headless --autoplay speedrun --out out/run   (a whole game)
Screenshots are written under out/sim/; python -m tools.sim --help describes the script
(key names, hold:, wait:, shot:)."""


def windowed(args):
    if not has_display():
        print(HEADLESS_HELP % args.layout)
        return 0
    try:
        import pygame  # noqa: F401
    except ImportError:
        print("pygame is not installed (make setup, or pip install -r requirements-dev.txt); "
              "use --headless to run without it.")
        return 0
    from drivers.host_window import HostWindow
    say_seed(args.seed)
    try:
        sim = Sim(args.layout, args.flash, args.seed)
        win = HostWindow(sim.hw, host.KEYS[args.layout], args.scale)
    except pygame.error as exc:     # a DISPLAY that cannot be opened
        print("Cannot open a window (%s).\n" % exc + HEADLESS_HELP % args.layout)
        return 0
    print("Simulator running (%s); close the window to quit." % sim.hw.board.NAME)
    t0 = time.monotonic()
    while not win.closed():
        mask = win.raw_mask()
        now = int((time.monotonic() - t0) * 1000)
        sim.step(mask, max(0, now - sim.now))
        win.draw(mask)
        time.sleep(TICK_MS / 1000)
    return 0


def build_parser():
    ap = argparse.ArgumentParser(
        prog="python -m tools.sim", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="The desktop simulator: the whole app on either board layout, booted and\n"
                    "looped as on the device, in a window (pygame; make play) or headless from\n"
                    "a key script (--headless).  The deal is seeded from the clock and the seed\n"
                    "is printed first; --seed N deals the same cards again.  Each new screen is\n"
                    "printed (\"screen: table (reds)\").",
        epilog=keyscript.syntax())
    ap.add_argument("--layout", choices=sorted(host.LAYOUTS), default="lcd13",
                    help="lcd13: Waveshare Pico-LCD-1.3, 240x240, joystick and A/B/X/Y; "
                         "display2: Pimoroni Pico Display 2.0, 320x240, four buttons "
                         "(default lcd13)")
    ap.add_argument("--seed", type=int, default=None, metavar="N",
                    help="deal from seed N, 0..2**30-1 (default: from the clock; the seed "
                         "is printed at the start)")
    ap.add_argument("--headless", action="store_true",
                    help="no window: run the key script, then save the screenshots")
    ap.add_argument("--script", default="", metavar="TEXT", help="the key script (below)")
    ap.add_argument("--script-file", metavar="FILE", help="more of the key script, from a file")
    ap.add_argument("--out", default=os.path.join("out", "sim"), metavar="DIR",
                    help="folder for the shot: screenshots (default out/sim)")
    ap.add_argument("--scale", type=int, default=2,
                    help="window pixels per panel pixel (default 2)")
    ap.add_argument("--flash", default=os.path.join("out", "sim", "flash"), metavar="DIR",
                    help="folder holding the simulated flash: settings, saved game "
                         "(default out/sim/flash)")
    return ap


def main(argv=None):
    ap = build_parser()
    args = ap.parse_args(argv)
    if args.seed is None:
        args.seed = clock_seed()
    elif not 0 <= args.seed < 1 << 30:
        ap.error("--seed: %d is not in 0..2**30-1" % args.seed)
    if not args.headless:
        return windowed(args)
    words = keyscript.read_script(args.script, args.script_file)
    say_seed(args.seed)
    sim = Sim(args.layout, args.flash, args.seed)
    shots = run_script(sim, words, args.out)
    if not shots:
        shots.append(sim.hw.display.save_png(keyscript.shot_path(args.out, "final.png")))
    for p in shots:
        print("screenshot:", p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
