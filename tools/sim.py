"""Desktop simulator of the device: the whole app (menu -> seats -> a game against the AI
-> results) on either board layout, through the same boot and loop as the device.

Windowed:  python -m tools.sim [--layout lcd13|display2] [--scale 2]     (make play)
Headless:  python -m tools.sim --headless --script "DOWN A wait:200 shot:menu.png" \
               [--layout display2] [--out out/sim]

The simulator boots like the device (core/boot.py with board "host": the real ST7789
driver on an emulated panel, buttons from the keyboard or a script), keeps settings and
saves in --flash (default out/sim/flash) and runs core.app.step() every 10 ms.

A script is a list of steps separated by spaces or newlines (or --script-file FILE):
    BUTTON            press and release a physical button of the layout (e.g. A, X, UP)
    BUTTON+BUTTON     press both together (a chord on the 4-button layout)
    hold:BUTTON:MS    hold a button for MS milliseconds (auto-repeat)
    wait:MS           let MS milliseconds pass (a virtual clock: AI delays cost no time)
    shot:NAME.png     save a screenshot of the panel under --out
Each new app screen is printed ("screen: setup").  Headless mode needs no display and no
pygame (PNG written with zlib and struct).  The windowed mode needs pygame and a
display; without one it says how to run headless and exits with 0.
"""
import argparse
import os
import sys

import tools  # noqa: F401  (puts the MicroPython shim on sys.path)
from boards import host

TICK_MS = 10


class Sim:
    """The device loop on the host board: buttons -> app -> link -> panel."""

    def __init__(self, layout, flash=None, seed=1, out=print):
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

    def mask_of(self, names):
        b = self.hw.board
        m = 0
        for n in names.split("+"):
            if n not in b.BUTTONS:
                raise SystemExit("no button %r on %s (buttons: %s)" % (n, b.NAME, " ".join(b.BUTTONS)))
            m |= 1 << b.BUTTONS.index(n)
        return m


def run_script(sim, script, out_dir):
    shots = []
    for tok in script.split():
        if tok.startswith("wait:"):
            sim.run_for(int(tok[5:]), 0)
        elif tok.startswith("shot:"):
            os.makedirs(out_dir, exist_ok=True)
            shots.append(sim.hw.display.save_png(os.path.join(out_dir, tok[5:])))
        elif tok.startswith("hold:"):
            _, name, ms = tok.split(":")
            sim.run_for(int(ms), sim.mask_of(name))
            sim.run_for(100, 0)
        else:
            sim.run_for(100, sim.mask_of(tok))     # press, held past debounce and chords
            sim.run_for(100, 0)                    # release
    return shots


def has_display():
    if os.environ.get("SDL_VIDEODRIVER") not in (None, "", "x11", "wayland", "windows", "cocoa"):
        return False
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


HEADLESS_HELP = """No display found (DISPLAY/WAYLAND_DISPLAY not set), so no window can open.
Run the simulator headless instead: it plays the same app from a script of button presses
and saves screenshots, e.g.
  .venv/bin/python -m tools.sim --headless --layout %s --script "DOWN A shot:options.png"
  .venv/bin/python -m tools.headless --autoplay speedrun --shots out/run   (a whole game)
Screenshots are written under out/sim/ (see python -m tools.sim --help)."""


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
    import time

    from drivers.host_window import HostWindow
    try:
        sim = Sim(args.layout, args.flash)
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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--layout", choices=sorted(host.LAYOUTS), default="lcd13")
    ap.add_argument("--headless", action="store_true")
    ap.add_argument("--script", default="")
    ap.add_argument("--script-file")
    ap.add_argument("--out", default=os.path.join("out", "sim"))
    ap.add_argument("--scale", type=int, default=2)
    ap.add_argument("--flash", default=os.path.join("out", "sim", "flash"),
                    help="folder holding the simulated flash (settings, saved game)")
    args = ap.parse_args(argv)
    if not args.headless:
        return windowed(args)
    script = args.script
    if args.script_file:
        with open(args.script_file) as f:
            script += "\n" + f.read()
    sim = Sim(args.layout, args.flash)
    shots = run_script(sim, script, args.out)
    if not any(t.startswith("shot:") for t in script.split()):
        os.makedirs(args.out, exist_ok=True)
        shots.append(sim.hw.display.save_png(os.path.join(args.out, "final.png")))
    for p in shots:
        print("screenshot:", p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
