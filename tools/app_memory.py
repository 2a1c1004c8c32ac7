"""Whole-app memory figures on the MicroPython unix port (DESIGN.md: 128 KB of heap).

    python -m tools.app_memory [--heap 128K] [--games speedrun,reds] [--layouts lcd13]
                               [--rom] [--no-link]
    python -m tools.app_memory --modules          # heap cost of each module, in boot order

For each game and layout, tests/mp_app_memory.py boots the app as the device does and
plays a complete game against the AI through scripted button presses (see that file);
this prints its JSON lines: {"what": "boot", "free_after_boot": ...} and {"what": "game",
"peak_alloc": ...}, plus {"what": "game", "error": ...} when the run failed (MemoryError).
The app is compiled with mpy-cross as deployed (core/, drivers/, boards/ as .mpy, x64
native code for the viper routines) and loaded into RAM, as on a board without a frozen
build.  With --rom the .mpy files run in place from a ROMFS image (mpremote romfs build),
as from flash in a frozen build: the image is the first block on the heap and its size
is added to the cap, so the app gets the same heap around it.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

import tools  # noqa: F401
from tools.mp_suite import MPY_DIR, ROOT, precompile

MP = os.path.join(os.path.dirname(sys.executable), "micropython")
GAMES = ("speedrun", "steppingstones", "reds", "speed")
LAYOUTS = ("lcd13", "display2")
APP_DIRS = ("core", "drivers", "boards")


def precompile_app():
    """core/, drivers/ and boards/ as .mpy under build/unix-mpy (stale ones removed)."""
    precompile(APP_DIRS)


def build_rom(path):
    """A ROMFS image of the compiled app (mpremote romfs build): code in flash."""
    src = tempfile.mkdtemp(prefix="approm")
    try:
        for top in APP_DIRS:
            shutil.copytree(os.path.join(ROOT, MPY_DIR, top), os.path.join(src, top))
        mpremote = os.path.join(os.path.dirname(sys.executable), "mpremote")
        subprocess.run([mpremote, "romfs", "--no-mpy", "-o", path, "build", src], check=True,
                       capture_output=True, text=True)
    finally:
        shutil.rmtree(src, ignore_errors=True)
    return os.path.getsize(path)


def heap_bytes(text):
    t = text.upper()
    mult = 1024 if t.endswith("K") else 1048576 if t.endswith("M") else 1
    return int(t.rstrip("KM")) * mult


def run_game(game, layout, heap="128K", seed=1, timeout=600, rom=None, link=True):
    """The JSON records of one run; a failed run adds {"what": "game", "error": ...}.
    `rom`: a ROMFS image (build_rom) to run the app from, its size added to the heap."""
    fs = tempfile.mkdtemp(prefix="appmem")
    cap = heap
    extra = []
    if rom is not None:
        cap = str(heap_bytes(heap) + os.path.getsize(rom))
        extra = ["--rom", rom]
    if not link:
        extra.append("--no-link")
    try:
        p = subprocess.run([MP, "-X", "heapsize=" + cap, "tests/mp_app_memory.py", "--path", MPY_DIR,
                            "--fs", fs] + extra + [game, layout, str(seed)], cwd=ROOT,
                           capture_output=True, text=True, timeout=timeout)
    finally:
        shutil.rmtree(fs, ignore_errors=True)
    out = []
    for line in p.stdout.splitlines():
        if line.startswith("{"):
            out.append(json.loads(line))
    done = p.returncode == 0 and p.stdout.rstrip().endswith("done")
    if not done:
        tail = (p.stdout + p.stderr).strip().splitlines()[-6:]
        out.append({"what": "game", "game": game, "layout": layout, "heap": heap,
                    "error": " | ".join(tail)})
    return out


MODULES_SCRIPT = r"""
import gc, sys
sys.path.insert(0, %r)
def cost(m):
    gc.collect(); a = gc.mem_alloc()
    __import__(m)
    gc.collect(); print('{"what": "module", "module": "%%s", "bytes": %%d}' %% (m, gc.mem_alloc() - a))
for m in %r:
    cost(m)
from core.ui.screen import Screen
gc.collect(); a = gc.mem_alloc()
s = Screen(240, 240)
gc.collect(); print('{"what": "screen", "size": "240x240", "bytes": %%d}' %% (gc.mem_alloc() - a))
"""

# Boot order of the app, then what one game adds (Speed Run with its AI and table).
BOOT_MODULES = ("core.clock", "core.prng", "core.game", "core.save", "core.settings", "core.boot",
                "core.ui.keys", "core.ui.palette", "drivers.buttons", "boards.hardware",
                "drivers.expand", "drivers.st7789", "drivers.null_bus", "boards.host",
                "core.ui.dirty", "core.ui.screen", "core.gameinfo", "core.ui.text", "core.ui.widgets",
                "core.ui.menu", "core.app", "core.link.unit")
GAME_MODULES = ("core.seats", "core.ui.setup_screen", "core.ui.rules_page", "core.registry",
                "core.cards", "core.trick", "core.speedrun", "core.ui.table_common",
                "core.ui.table_speedrun", "core.ai", "core.ai.speedrun_ai", "core.ui.results",
                "core.record")


def module_costs():
    script = MODULES_SCRIPT % (MPY_DIR, BOOT_MODULES + GAME_MODULES)
    p = subprocess.run([MP, "-X", "heapsize=1M", "-c", script], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    if p.returncode != 0:
        raise RuntimeError(p.stdout + p.stderr)
    return [json.loads(l) for l in p.stdout.splitlines() if l.startswith("{")]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.app_memory", description=__doc__.split("\n")[0])
    ap.add_argument("--heap", default="128K")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--layouts", default="lcd13")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--modules", action="store_true", help="heap cost of each module instead")
    ap.add_argument("--no-link", action="store_true", help="without the idle link stack")
    ap.add_argument("--rom", action="store_true",
                    help="run the app from a ROMFS image (code in flash, as a frozen build)")
    args = ap.parse_args(argv)
    precompile_app()
    if args.modules:
        for r in module_costs():
            print(json.dumps(r))
        return 0
    rom = None
    if args.rom:
        rom = os.path.join(ROOT, "build", "app.romfs")
        print(json.dumps({"what": "rom", "bytes": build_rom(rom)}))
    failed = 0
    for layout in args.layouts.split(","):
        for game in args.games.split(","):
            for r in run_game(game, layout, args.heap, args.seed, rom=rom, link=not args.no_link):
                if "error" in r:
                    failed += 1
                print(json.dumps(r))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
