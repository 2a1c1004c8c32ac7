"""Desktop simulator of the device: the main menu on either board layout.

Windowed:  python -m tools.sim [--layout lcd13|display2] [--scale 2]
Headless:  python -m tools.sim --headless --script "DOWN OK wait:200 shot:menu.png" \
               [--layout display2] [--out out/sim]

A script is a list of steps separated by spaces or newlines (or --script-file FILE):
    BUTTON            press and release a physical button of the layout (e.g. A, X, UP)
    BUTTON+BUTTON     press both together (a chord on the 4-button layout)
    hold:BUTTON:MS    hold a button for MS milliseconds (auto-repeat)
    wait:MS           let MS milliseconds pass
    shot:NAME.png     save a screenshot of the panel under --out
Headless mode needs no display and no pygame (PNG written with zlib and struct).  The
windowed mode needs pygame and a display; without one it says so and exits with 0.
"""
import argparse
import os
import sys

import tools  # noqa: F401  (puts the MicroPython shim on sys.path)
from boards import host
from core.ui import keys
from core.ui.menu import MainMenu, MenuView
from core.ui.screen import Screen

TICK_MS = 10


class Sim:
    """The app loop of the simulator: buttons -> events -> menu -> screen -> panel."""

    def __init__(self, layout):
        self.hw = host.make(layout)
        b = self.hw.board
        self.screen = Screen(b.WIDTH, b.HEIGHT)
        self.view = MenuView(self.screen, MainMenu(), b.HINTS)
        self.view.draw()
        self.now = 0
        self.results = []
        self.flush()

    def flush(self):
        self.hw.display.show(self.screen, self.hw.lut)

    def step(self, mask):
        """Advance TICK_MS with the raw button mask `mask`."""
        self.now += TICK_MS
        self.hw.input.mask = mask
        self.hw.poll(self.now)
        while True:
            ev = self.hw.buttons.get()
            if ev == keys.NO_EVENT:
                break
            r = self.view.handle(ev)
            if r is not None:
                self.results.append(r)
        self.flush()

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


def windowed(args):
    if not has_display():
        print("No display found (DISPLAY/WAYLAND_DISPLAY not set), so no window can open.\n"
              "Run the simulator headless instead, e.g.:\n"
              "  python -m tools.sim --headless --layout %s --script \"DOWN OK shot:menu.png\"\n"
              "Screenshots are written under out/sim/." % args.layout)
        return 0
    try:
        import pygame  # noqa: F401
    except ImportError:
        print("pygame is not installed (pip install -r requirements-dev.txt); "
              "use --headless to run without it.")
        return 0
    import time

    from drivers.host_window import HostWindow
    sim = Sim(args.layout)
    win = HostWindow(sim.hw, host.KEYS[args.layout], args.scale)
    print("Simulator running; close the window to quit.")
    while not win.closed():
        mask = win.raw_mask()
        sim.step(mask)
        win.draw(mask)
        for r in sim.results:
            print("start requested:", r)
        sim.results = []
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
    args = ap.parse_args(argv)
    if not args.headless:
        return windowed(args)
    script = args.script
    if args.script_file:
        with open(args.script_file) as f:
            script += "\n" + f.read()
    sim = Sim(args.layout)
    shots = run_script(sim, script, args.out)
    if not any(t.startswith("shot:") for t in script.split()):
        os.makedirs(args.out, exist_ok=True)
        shots.append(sim.hw.display.save_png(os.path.join(args.out, "final.png")))
    for p in shots:
        print("screenshot:", p)
    for r in sim.results:
        print("start requested:", r)
    return 0


if __name__ == "__main__":
    sys.exit(main())
