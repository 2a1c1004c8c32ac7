"""The whole app through a complete game against the AI, on this runtime, with figures.

    micropython -X heapsize=128K tests/mp_app_memory.py --path DIR --fs FSDIR [--rom IMAGE]
                [--list-modules] [--no-link] [--board NAME] [--times N]
                [--record FILE | --replay FILE] GAME[+GAME...] [LAYOUT [SEED]]
    node tools/wasm_run.mjs --heap 128K --fixed-heap --loop TICK --copy build/wasm-mpy
                --copy RECDIR --mkdir /save tests/mp_app_memory.py --path /proj/build/wasm-mpy
                --fs /save --replay /proj/RECDIR/FILE GAME LAYOUT [SEED]

(tools/app_memory.py runs it: --port unix, the 64-bit unix port, or --port wasm, the
32-bit WebAssembly port.)  Options come in the order above.

On a board or an emulator of one, with the app installed by `make flash` (a board has
no command line: set sys.argv first, in the same mpremote session; docs/memory.md):

    mpremote exec "import sys; sys.argv[:] = ['-', '--fs', '/appmem', '--board', 'pico_lcd_1_3', '--times', '1500', 'speedrun']" run tests/mp_app_memory.py

--board NAME boots boards/NAME.py (its display on its SPI, its pins) instead of the host
board; the buttons are then read from a settable mask (boards.hardware.MaskInput), which
the scripted finger (or --replay) sets pass by pass, so the run is the same on a board,
an emulator or the host.  Saves go to FSDIR on the board's flash (create it first:
`mpremote mkdir :appmem`), apart from the user's.  --times N also reports the AI's
decision times, time.ticks_us() per decision, by kind (the engine's phase; Speed: "act"
and "perceive"), one {"what": "ai_times", ...} line per kind after each game; N samples
(4 bytes each, allocated before the boot: "times_bytes") are kept per game.  That code is
tests/mp_app_times.py, imported only then (on a board: `mpremote cp tests/mp_app_times.py :`).

What runs is what the device runs: core.boot (board "host" with panel=False: the real
ST7789 driver on a byte-counting bus, settings and saves on FSDIR) -> core.app.make_app
(the screen allocated at boot, Host / Join in the menu with the link stack not loaded
until chosen, the save store, modules unloaded
after each game) -> core.app.step() every 10 ms of a virtual clock.  A scripted finger
(core.ui.autoplay.ButtonDriver) presses the board's physical buttons: menu -> game ->
options -> seat set-up (AI seats at their default level: core.registry.make_ai "default"
for Speed Run, Stepping Stones and Reds, core.games.speed.ai.SpeedBot "club" for Speed) ->
rules -> the whole game -> results -> back to the menu.  GAME may name several games joined
by "+" (e.g. speedrun+reds): a session that plays them one after the other after one boot,
as a user does.  What one game leaves behind (names MicroPython interns and never frees,
modules not dropped, fragmentation) then shows in the next game's figures.

--record FILE also writes the button mask of every loop pass to FILE (JSON Lines: runs
[MASK, PASSES], then {"end": ...} with a fingerprint of the run).  --replay FILE plays
such a recording instead of the scripted finger: the same masks into core.app.step(),
pass by pass, as the device loop does; the run must give the same fingerprint (the app
state at every pass and the bytes sent to the display), or it is reported as not
finished.  The WebAssembly port needs --replay: it collects garbage only when JS calls
into Python from the top level (gc.collect() inside a call only asks for a collection),
so every loop pass is one call of TICK() from tools/wasm_run.mjs --loop TICK.  The
scripted finger cannot be cut into such calls, so tools/app_memory.py records the run
on the unix port first (the app is deterministic: same seed, same game on both ports).

Prints one JSON object per line: {"what": "boot", ...} after boot, {"what": "game", ...}
at the end of each game (peak_alloc = the highest gc.mem_alloc() after a gc.collect(), sampled after
every loop pass, i.e. the live heap's high-water mark; peak_pass = the highest
gc.mem_alloc() at the end of a pass before that collection, i.e. with the pass's
garbage: the heap this port needs when, as on the WebAssembly port, nothing is collected
inside a pass; alloc_at_menu = the live heap back at the menu after it; app_peak =
peak_alloc without this script's own heap: alloc_at_start, taken before the first app
module is imported, and what it holds after the boot, "harness"), then "done".
At every new peak it also prints micropython.qstr_info()'s line ("qstr pool: ...,
n_total_bytes=N"): how much of that peak the interned names (qstrs) take, which a frozen
build keeps in flash (tools/app_memory.py adds it to the game's record).  A MemoryError anywhere ends the run with a traceback and
no "done".
"""
import gc
import sys

# The WebAssembly port has no sys.argv: tools/wasm_run.mjs passes ARGV as a global.
args = (globals().get("ARGV") or sys.argv)[1:]
# The WebAssembly port adds heap areas on demand (tools/wasm_run.mjs --fixed-heap stops
# that) and its gc.mem_free() counts the 128 MB it could still add: not free heap.
SPLIT = 1 << 27 if sys.platform == "webassembly" else 0
if args and args[0] == "--path":
    if SPLIT:
        # As on a board: the app's folder is the current one and each module's path, which
        # the port interns as a name (__file__), is the device's "core/x.mpy", not
        # "/proj/build/wasm-mpy/core/x.mpy" (~1.3 KB more names).
        import os
        os.chdir(args[1])
        sys.path.insert(0, "")
    else:
        sys.path.insert(0, args[1])
    args = args[2:]
FS = "."
if args and args[0] == "--fs":
    FS = args[1]
    args = args[2:]
ROM = 0                 # bytes of the ROMFS image standing in for flash (--rom IMAGE)
if args and args[0] == "--rom":
    # The app's .mpy files in a ROMFS image executed in place, as from a Pico's flash
    # (a frozen build or a ROMFS partition): the image is the first block on the heap
    # and its size is added to the heap cap, so the app has the same heap around it.
    # tools/app_memory.py mounts the image first and runs this script from it (its
    # ROM_LAUNCH); run as a file, the script mounts the image itself.
    import os
    import vfs
    ROM = os.stat(args[1])[6]
    if "/rom" not in sys.path:
        f = open(args[1], "rb")
        _image = f.read()
        f.close()
        vfs.mount(vfs.VfsRom(_image), "/rom")
        sys.path.insert(0, "/rom")
    args = args[2:]
LIST_MODULES = False
if args and args[0] == "--list-modules":
    # the module names loaded at the first table pass of each game (tools/app_memory.py
    # --floor imports them alone to find what the code costs without any game state)
    LIST_MODULES = True
    args = args[1:]
LINK = True
if args and args[0] == "--no-link":     # for the breakdown: the app without the link stack
    LINK = False
    args = args[1:]
BOARD = "host"
if args and args[0] == "--board":
    # a real board module (boards/NAME.py: its display, buttons and pins, as on the
    # device) instead of the host board; the buttons are read from a settable mask
    # (boards.hardware.MaskInput), which the scripted finger or the replay sets
    BOARD = args[1]
    args = args[2:]
TIMES = 0
if args and args[0] == "--times":
    # the AI's decision times (time.ticks_us), by decision kind: room for N samples,
    # allocated before the boot (its bytes are reported as "times_bytes")
    TIMES = int(args[1])
    args = args[2:]
RECORD = REPLAY = None
if args and args[0] == "--record":
    RECORD = args[1]
    args = args[2:]
if args and args[0] == "--replay":
    REPLAY = args[1]
    args = args[2:]
if SPLIT and REPLAY is None:
    raise SystemExit("on the WebAssembly port the run needs --replay (see the docstring)")
if "" not in sys.path:
    sys.path.append("")

GAMES = args[0].split("+")
LAYOUT = args[1] if len(args) > 1 else "lcd13"     # the host board's layout (else unused)
if BOARD != "host":
    LAYOUT = BOARD
SEED = int(args[2]) if len(args) > 2 else 1
OPTIONS = {"reds": {"players": 4},       # the defaults otherwise (AutoPlayer keeps them);
           "speed": {"scoring": "automatic", "target": 50}}   # Speed: two rounds won, a save
TICK_MS = 10



def flash(host):
    """The save files on FSDIR, as on the device (core.save.DeviceFs), on a host without
    os.sync(): that flushes every file system of the machine (seconds per save under
    load).  Imported here, after `alloc_at_start`, so that this script's own heap is
    measured without any of the app's modules."""
    from core.save import DeviceFs

    class HostFlash(DeviceFs):
        syncs = 0

        def sync(self):
            self.syncs += 1

    return (HostFlash if host else DeviceFs)(FS)


try:
    from micropython import qstr_info as QSTR_INFO
except ImportError:
    QSTR_INFO = None


def heap_size():
    return gc.mem_free() + gc.mem_alloc() - SPLIT - ROM


class Recorder:
    """The button mask of every loop pass, as runs [MASK, PASSES] on the lines of FILE."""

    def __init__(self, path):
        self.f = open(path, "w")
        self.mask = 0
        self.n = 0

    def tick(self, mask):
        if mask != self.mask:
            self.flush()
            self.mask = mask
        self.n += 1

    def flush(self):
        if self.n:
            self.f.write("[%d, %d]\n" % (self.mask, self.n))
            self.n = 0

    def game_over(self, game):
        self.flush()
        self.f.write('{"game_over": "%s"}\n' % game)

    def close(self, presses, ok, check, sent):
        self.flush()
        self.f.write('{"end": true, "presses": %d, "finished": %s, "check": %d, "display_bytes": %d}\n'
                     % (presses, "true" if ok else "false", check, sent))
        self.f.close()


def recorded(path):
    """The recording's masks, one per pass, a {"game_over": NAME} after each game, then its
    end record ({"end": true, ...})."""
    import json
    f = open(path)
    while True:
        line = f.readline()
        if not line:
            break
        r = json.loads(line)
        if isinstance(r, dict):
            yield r
            if "end" in r:
                f.close()
                return
            continue
        for _ in range(r[1]):
            yield r[0]


class Run:
    """The figures of one run; note() is called after every loop pass."""

    def __init__(self, app_mod, app):
        self.app_mod = app_mod
        self.app = app
        self.passes = 0
        self.check = 0          # the app state at every pass, hashed
        self.state = -1         # ... at the last one
        self.new_game()

    def new_game(self):
        """Figures start again for the next game of a session (passes and check go on)."""
        self.peak = 0           # live heap high-water mark
        self.peak_pass = 0      # the same before the collection, with the pass's garbage
        self.peak_in = ""       # the app's state at the peak
        self.peak_pass_in = ""  # ... at that one
        self.by_state = [0] * len(self.app_mod.STATE_NAMES)    # the live peak in each state
        self.modules_in_game = 0

    def note(self, pass_alloc):
        a = gc.mem_alloc() - ROM
        st = self.app.state
        if a > self.by_state[st]:
            self.by_state[st] = a
        if a > self.peak:
            self.peak = a
            self.peak_in = self.app_mod.STATE_NAMES[st]
            if QSTR_INFO is not None:
                QSTR_INFO()     # "qstr pool: ...": the interned names' heap at this peak
        if pass_alloc - ROM > self.peak_pass:
            self.peak_pass = pass_alloc - ROM
            self.peak_pass_in = self.app_mod.STATE_NAMES[st]
        self.passes += 1
        if st != self.state:
            self.state = st
            sys.stdout.write('{"what": "state", "pass": %d, "state": "%s"}\n'
                             % (self.passes, self.app_mod.STATE_NAMES[st]))
        self.check = (self.check * 31 + st + 1) & 0x3FFFFF
        if not self.modules_in_game and st == self.app_mod.TABLE:
            self.modules_in_game = len(sys.modules)
            if LIST_MODULES:
                self.list_modules()

    def write_by_state(self):
        """"rules:N table:N ...": the live peak in each state the game went through."""
        w = sys.stdout.write
        names = self.app_mod.STATE_NAMES
        for i in range(len(self.by_state)):
            if self.by_state[i]:
                w("%s:%d " % (names[i], self.by_state[i]))

    def list_modules(self):
        """{"what": "modules_at_table", "modules": "a b ..."}, written name by name (no
        string built on the measured heap)."""
        w = sys.stdout.write
        w('{"what": "modules_at_table", "modules": "')
        for m in sys.modules:
            w(m)
            w(" ")
        w('"}\n')


def main():
    """The run, as a generator that yields after every gc.collect() it measures after
    (on the WebAssembly port the collection happens there, see TICK)."""
    timer = None
    if TIMES:
        # its own module, so that a run without --times does not hold its code
        from mp_app_times import Timer
        timer = Timer(TIMES)
    gc.collect()
    yield
    heap = heap_size()
    start_alloc = gc.mem_alloc() - ROM

    from core.boot import boot

    lines = []
    if BOARD == "host":
        b = boot(flash(True), "host", lines.append, board_config={"layout": LAYOUT, "panel": False,
                                                                     "node": 7})
    else:
        # the board's own make(): its display on its SPI, its pins; saves on the board's
        # flash under FS (the real os.sync), apart from the user's saves in /
        b = boot(flash(False), BOARD, lines.append)
        if b is None or b.hw is None:
            raise SystemExit("board %s did not boot: %s" % (BOARD, " | ".join(lines)))
        from boards.hardware import MaskInput
        b.hw.input = MaskInput()
        b.hw.read_buttons = b.hw.input.read
    del boot    # as firmware/main.py does: the app drops core.boot once it runs
    gc.collect()
    yield
    from core import app as app_mod

    # The app's pacing for people (an AI card stays 700 ms, a finished trick 1.2 s) only
    # adds loop passes here: shorter delays, the same code.
    app = app_mod.make_app(b, seed=SEED, link=LINK, play_ms=150, trick_ms=300, think_ms=50)
    gc.collect()
    yield
    boot_alloc = gc.mem_alloc() - ROM
    boot_free = gc.mem_free() - SPLIT
    sys.stdout.write('{"what": "boot", "platform": "%s", "layout": "%s", "heap": %d, '
                     '"alloc_at_start": %d, "alloc_after_boot": %d, "free_after_boot": %d, '
                     '"link": %s, "link_modules": %d, "modules": %d, "rom_image": %d, '
                     '"times_bytes": %d}\n' % (
                         sys.platform, LAYOUT, heap, start_alloc, boot_alloc, boot_free,
                         "true" if app.link_hw is not None else "false",
                         len([m for m in sys.modules if m.startswith("core.link") or m == "core.app_link"]),
                         len(sys.modules), ROM, 4 * TIMES))
    run = Run(app_mod, app)
    if timer is not None:
        timer.app = app
    # the bytes sent to the display (a board's own SPI bus does not count them: -1)
    sent = getattr(b.hw.display.bus, "bytes_total", None) or (lambda: -1)
    harness = 0

    def game_over(game, ok, presses, now):
        """The game's record, with the live heap back at the menu after it."""
        gc.collect()
        kinds = ",".join(app.seat_kinds or ())
        sys.stdout.write('{"what": "game", "game": "%s", "layout": "%s", "heap": %d, "finished": %s, '
                         '"replay": %s, "peak_alloc": %d, "peak_pass": %d, "peak_above_boot": %d, '
                         '"alloc_at_menu": %d, "harness": %d, "free_after_game": %d, "samples": %d, '
                         '"presses": %d, "virtual_s": %d, "seats": "%s", "modules_in_game": %d, '
                         '"modules_after": %d, "saves": %d, "peak_in": "%s", "peak_pass_in": "%s", '
                         '"app_peak": %d}\n' % (
                             game, LAYOUT, heap, "true" if ok else "false",
                             "false" if REPLAY is None else "true", run.peak, run.peak_pass,
                             run.peak - boot_alloc, gc.mem_alloc() - ROM, harness,
                             gc.mem_free() - SPLIT, run.passes, presses, now // 1000, kinds,
                             run.modules_in_game, len(sys.modules), app.saves, run.peak_in,
                             run.peak_pass_in, run.peak - start_alloc - harness))
        sys.stdout.write('{"what": "peaks", "game": "%s", "by_state": "' % game)
        run.write_by_state()
        sys.stdout.write('"}\n')
        if timer is not None:
            timer.report(game)
        run.new_game()

    if REPLAY is None:
        from core.ui import autoplay

        rec = Recorder(RECORD) if RECORD else None

        def sample(d):
            a = gc.mem_alloc()
            gc.collect()
            run.note(a)
            if timer is not None:
                timer.watch()
            if rec is not None:
                rec.tick(b.hw.input.mask)

        d = autoplay.ButtonDriver(b, app, tick_ms=TICK_MS, hold_ms=80, sample=sample)
        gc.collect()
        harness = gc.mem_alloc() - ROM - boot_alloc
        ok = True
        for game in GAMES:
            played = autoplay.AutoPlayer(d, game, OPTIONS.get(game), None, None, SEED).run()
            ok = ok and played and app.game_name == game
            game_over(game, played, d.presses, d.now)
            if rec is not None:
                rec.game_over(game)
        if rec is not None:
            rec.close(d.presses, ok, run.check, sent())
    else:
        step = app_mod.step
        inp = b.hw.input
        masks = recorded(REPLAY)
        gc.collect()
        harness = gc.mem_alloc() - ROM - boot_alloc
        now = presses = held = 0
        games = []
        for mask in masks:
            if isinstance(mask, dict):
                if "end" in mask:
                    break
                games.append(mask["game_over"])
                game_over(games[-1], app.state == app_mod.MENU, presses, now)
                continue
            now += TICK_MS
            presses += 1 if mask and not held else 0
            held = mask
            inp.mask = mask
            step(b, app, now)
            a = gc.mem_alloc()
            gc.collect()
            yield
            run.note(a)
            if timer is not None:
                timer.watch()
        ok = (mask["finished"] and mask["check"] == run.check
              and (sent() < 0 or mask["display_bytes"] == sent())    # -1: a board's own bus
              and app.state == app_mod.MENU and games == GAMES)
    gc.collect()
    yield
    if heap_size() != heap:     # a new heap area (tools/wasm_run.mjs without --fixed-heap)
        raise MemoryError("the heap grew from %d to %d bytes: no cap" % (heap, heap_size()))
    print("done" if ok else "not finished")


_run = main()


def TICK():
    """One step of the run; False at its end (tools/wasm_run.mjs --loop TICK)."""
    for _ in _run:
        return True
    return False


if not SPLIT:
    while TICK():
        pass
