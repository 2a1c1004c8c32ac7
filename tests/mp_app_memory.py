"""The whole app through a complete game against the AI, on this runtime, with figures.

    micropython -X heapsize=128K tests/mp_app_memory.py --path DIR --fs FSDIR [--rom IMAGE]
                [--no-link] GAME LAYOUT [SEED]

What runs is what the device runs: core.boot (board "host" with panel=False: the real
ST7789 driver on a byte-counting bus, settings and saves on FSDIR) -> core.app.make_app
(the screen allocated at boot, Host / Join in the menu with the link stack not loaded
until chosen, the save store, modules unloaded
after each game) -> core.app.step() every 10 ms of a virtual clock.  A scripted finger
(core.ui.autoplay.ButtonDriver) presses the board's physical buttons: menu -> game ->
options -> seat set-up (AI seats at their default level: core.ai.make_ai "default"
for Speed Run, Stepping Stones and Reds, core.speed_ai.SpeedBot "club" for Speed) ->
rules -> the whole game -> results -> back to the menu.

Prints one JSON object per line: {"what": "boot", ...} after boot, {"what": "game", ...}
at the end (peak = the highest gc.mem_alloc() after a gc.collect(), sampled after every
loop pass, i.e. the live heap's high-water mark; transient garbage inside one pass is
not seen, the heap cap itself checks that), then "done".  A MemoryError anywhere ends
the run with a traceback and no "done".
"""
import gc
import sys

args = sys.argv[1:]
if args and args[0] == "--path":
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
    import vfs
    f = open(args[1], "rb")
    _image = f.read()
    f.close()
    ROM = len(_image)
    vfs.mount(vfs.VfsRom(_image), "/rom")
    sys.path.insert(0, "/rom")
    args = args[2:]
LINK = True
if args and args[0] == "--no-link":     # for the breakdown: the app without the link stack
    LINK = False
    args = args[1:]
if "" not in sys.path:
    sys.path.append("")

GAME = args[0]
LAYOUT = args[1]
SEED = int(args[2]) if len(args) > 2 else 1
OPTIONS = {"reds": {"players": 4},       # the defaults otherwise (AutoPlayer keeps them);
           "speed": {"scoring": "automatic", "target": 50}}   # Speed: two rounds won, a save

gc.collect()
heap = gc.mem_free() + gc.mem_alloc() - ROM
start_alloc = gc.mem_alloc() - ROM

from core.boot import boot  # noqa: E402
from core.save import DeviceFs  # noqa: E402



class HostFlash(DeviceFs):
    """The save files on FSDIR, as on the device, except os.sync(): on a host that
    flushes every file system of the machine (seconds per save under load)."""

    syncs = 0

    def sync(self):
        self.syncs += 1


lines = []
b = boot(HostFlash(FS), "host", lines.append, board_config={"layout": LAYOUT, "panel": False,
                                                             "node": 7})
from core import app as app_mod  # noqa: E402

# The app's pacing for people (an AI card stays 700 ms, a finished trick 1.2 s) only
# adds loop passes here: shorter delays, the same code.
app = app_mod.make_app(b, seed=SEED, link=LINK, play_ms=150, trick_ms=300, think_ms=50)
gc.collect()
boot_alloc = gc.mem_alloc() - ROM
boot_free = gc.mem_free()
sys.stdout.write('{"what": "boot", "layout": "%s", "heap": %d, "alloc_at_start": %d, '
                 '"alloc_after_boot": %d, "free_after_boot": %d, "link": %s, "link_modules": %d, '
                 '"modules": %d, "rom_image": %d}\n' % (
                     LAYOUT, heap, start_alloc, boot_alloc, boot_free,
                     "true" if app.link_hw is not None else "false",
                     len([m for m in sys.modules if m.startswith("core.link") or m == "core.app_link"]),
                     len(sys.modules), ROM))

from core.ui import autoplay  # noqa: E402

peak = [0, 0, ""]      # live heap high-water mark, loop passes, the app's state then


def sample(d):
    gc.collect()
    a = gc.mem_alloc() - ROM
    if a > peak[0]:
        peak[0] = a
        peak[2] = app_mod.STATE_NAMES[d.app.state]
    peak[1] += 1


d = autoplay.ButtonDriver(b, app, hold_ms=80, sample=sample)
gc.collect()
harness = gc.mem_alloc() - ROM - boot_alloc
game_modules = []


def watch(player):
    if not game_modules and d.app.state == app_mod.TABLE:
        game_modules.append(len(sys.modules))


ok = autoplay.AutoPlayer(d, GAME, OPTIONS.get(GAME), None, None, SEED, watch).run()
gc.collect()
kinds = ",".join(app.seat_kinds or ())
sys.stdout.write('{"what": "game", "game": "%s", "layout": "%s", "heap": %d, "finished": %s, '
                 '"peak_alloc": %d, "peak_above_boot": %d, "harness": %d, "free_after_game": %d, '
                 '"samples": %d, "presses": %d, "virtual_s": %d, "seats": "%s", '
                 '"modules_in_game": %d, "modules_after": %d, "saves": %d, "peak_in": "%s"}\n' % (
                     GAME, LAYOUT, heap, "true" if ok else "false", peak[0], peak[0] - boot_alloc,
                     harness, gc.mem_free(), peak[1], d.presses, d.now // 1000, kinds,
                     game_modules[0] if game_modules else 0, len(sys.modules),
                     app.saves, peak[2]))
print("done" if ok else "not finished")
