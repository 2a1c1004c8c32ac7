"""The boot sequence: board config -> board -> saves -> hand over to the app loop.

firmware/main.py calls main().  Step by step (each is a function, tested on its own):
  1. read_config(): `board.json` on the filesystem, written by tools/deploy.py,
     e.g. {"board": "pico_lcd_1_3"}; a missing or broken file is reported and the
     default board is used.  Other keys are the board's settings (boards/host.py:
     {"board": "host", "layout": "display2", "panel": false}).
  2. load_board(): import boards/<name>.py and call its make(**settings), which builds
     the display, buttons, backlight and link ports and returns a boards.hardware.Hardware
     (the board module is the only place naming a pin).  Then the screen buffer is
     allocated, the largest block the app needs (28.8 / 38.4 KB), before restoring a save
     fragments the heap.
  3. restore(): settings and the game in progress from the flash filesystem
     (core/save.py), with a message for whatever was found ("restored previous save",
     "save damaged, starting fresh"), so the menu can offer "continue game?".
  4. apply the settings the board can honour (brightness, sound).
  4b. link_secret(): the unit's link secret, 16 random bytes in the "linkkey" save,
     made once (the first boot, or after it was lost) and never sent: the link derives
     its seal nonces from it (core/link/commit.py seal_nonce), so that a choice sealed
     before a power cut can be opened after it.  Made here because boot comes before any
     link, and flash is never written while a game is linked (docs/link.md).
  5. hand over to the app loop: firmware/main.py runs core/app.py run(boot) with what
     main() returns, so that no function of this module is on the stack while the app
     runs: the app drops this module (core.app.make_app), which it does not need.

The Boot object (core.loop.Boot) carries everything the app needs: board module, hardware
(hw: display, lut, buttons, poll(now), backlight, open_link()), the screen, store,
settings, the saved game (meta, game) or None, and notices for the screen.
"""
import binascii
import json

from core import save

CONFIG_FILE = "board.json"
DEFAULT_BOARD = "host"
LINK_SECRET = "linkkey"     # the save holding the unit's link secret (hex)
SECRET_BYTES = 16


class BootError(Exception):
    """The device cannot start the app; the message says why and what to do."""


DEVICE_PLATFORMS = ("rp2",)     # sys.platform of a real board: no host board to fall back to
SET_BOARD = ('write it with the board\'s name, e.g. echo \'{"board": "pico_lcd_1_3"}\' > board.json && '
             'mpremote fs cp board.json :board.json (boards: pico_lcd_1_3, pico_display_2)')


def on_device():
    import sys
    return sys.platform in DEVICE_PLATFORMS


def read_config(fs, b, device=None):
    """The board config dict; notes a problem and falls back to the default board.  On a
    real board (`device`, default: sys.platform says so) there is nothing to fall back to
    (the host board emulates a panel in 115 KB of RAM): BootError says how to set it."""
    if device is None:
        device = on_device()
    data = fs.read(CONFIG_FILE)
    cfg = None
    problem = None
    if data is None:
        problem = "no %s" % CONFIG_FILE
    else:
        try:
            cfg = json.loads(data)
        except ValueError:
            cfg = None
        if not isinstance(cfg, dict) or not isinstance(cfg.get("board"), str):
            problem = "%s unreadable" % CONFIG_FILE
            cfg = None
    if cfg is None:
        if device:
            raise BootError("%s: %s" % (problem, SET_BOARD))
        b.note("%s: using board %s" % (problem, DEFAULT_BOARD))
        cfg = {"board": DEFAULT_BOARD}
    return cfg


def load_board(name, config=None):
    """The board module and its Hardware (board.make(**config)); BootError if it cannot
    load.  `config`: the board's settings from board.json (every key but "board")."""
    for ch in name:
        if not (ch.isalpha() or ch.isdigit() or ch == "_"):
            raise BootError("bad board name %r" % name)
    try:
        module = __import__("boards." + name, None, None, ("make",))
    except ImportError as exc:
        raise BootError("board %s is not installed (%s)" % (name, exc))
    make = getattr(module, "make", None)
    if make is None:
        raise BootError("boards/%s has no make(): not a board module" % name)
    kw = {}
    if config:
        for key in config:
            if key != "board":
                kw[key] = config[key]
    try:
        hw = make(**kw)
    except TypeError as exc:
        if kw:
            raise BootError("board %s: settings %s in %s not understood (%s)" % (
                name, ", ".join(sorted(kw)), CONFIG_FILE, exc))
        raise
    return module, hw


def make_screen(hw):
    """The app's screen buffer for the board's display (None without a display)."""
    d = getattr(hw, "display", None)
    if d is None:
        return None
    from core.ui.screen import Screen
    return Screen(d.width, d.height)


def _load(load, store, what):
    """load(store) -> Loaded, where no exception stops the boot (defence in depth: the
    loaders raise SaveCorrupt for any save they refuse, which the store reports as
    damage; anything else would be a bug, still reported as damage, with its name)."""
    try:
        return load(store)
    except MemoryError:
        # a record too big for this heap must not stop the device from booting
        from core.save_load import Loaded
        return Loaded(None, save.DAMAGED, "%s: save too big, starting fresh" % what, [])
    except Exception as exc:    # noqa: BLE001 (a save must never stop the device)
        from core.save_load import Loaded
        return Loaded(None, save.DAMAGED, "%s: save damaged, starting fresh" % what,
                      ["%s: %s" % (type(exc).__name__, exc)])


def _settings(store):
    from core import settings
    s, loaded = settings.load(store)
    loaded.value = s
    return loaded


def _set_aside(store, loaded):
    """After its notice: each damaged file `loaded` found is renamed NAME.sav.bad (and so
    on), so the next start is quiet, and kept for a bug report (an older .bad of the same
    copy goes: at most one per copy).  When the previous copy was restored, it becomes
    the current one.  Whatever goes wrong (a flash that refuses, a bug), the boot goes
    on, and the next start names the file again.  Here, not in core/save.py: only the
    boot needs it (the app drops this module)."""
    fs = store.fs
    name = None
    for fname in loaded.bad:
        name = fname[:fname.rfind(".")]
        try:
            if fs.exists(fname + ".bad"):
                fs.remove(fname + ".bad")
            fs.rename(fname, fname + ".bad")
        except Exception:       # noqa: BLE001 (a save must never stop the device)
            pass
    if name is None:
        return
    store._cur_ok.pop(name, None)       # the store reads the current copy's state again
    if loaded.status == save.PREVIOUS:
        try:
            if not fs.exists(name + ".sav"):
                fs.rename(name + ".bak", name + ".sav")
        except Exception:       # noqa: BLE001
            pass


def restore(b, store):
    """Settings and the unfinished game into `b`, with notices for what was found: a
    damaged save (whatever its checksum says) or a newer firmware's is named, and the
    app starts fresh.  Damaged files are set aside once named (_set_aside: kept as
    NAME.sav.bad for a bug report), so each is named at one start only; a newer
    firmware's file is never touched.  Every damaged save is named: the settings and the
    game each have their notice."""
    loaded = _load(_settings, store, "settings")
    if loaded.value is None:
        from core.settings import Settings
        loaded.value = Settings()
    b.settings = loaded.value
    if loaded.message and loaded.status != save.OK:
        b.note(loaded.message)
    _set_aside(store, loaded)
    if b.settings.fixed:
        b.note("settings reset to defaults: %s" % ", ".join(b.settings.fixed))
    import sys
    before = set(sys.modules)
    from core.save_load import load_game
    loaded = _load(load_game, store, "game")
    # the replay imported the game's engine (and its tables): not the menu's modules
    b.game_modules = [name for name in sys.modules if name not in before]
    if loaded.value is not None:
        b.saved_game = loaded.value
    if loaded.message:
        b.note(loaded.message)
    _set_aside(store, loaded)


def _parse_secret(payload):
    try:
        k = binascii.unhexlify(bytes(payload).strip())
    except (ValueError, TypeError):
        k = b""
    if len(k) != SECRET_BYTES:
        raise save.SaveCorrupt("not a link key")
    return k


def _load_secret(store):
    from core.save_load import load_copy
    return load_copy(store, LINK_SECRET, _parse_secret, "link key")


def load_link_secret(store):
    """The unit's link secret from flash, or None (no store, none saved, damaged).
    Reads only: core/app_link.py calls it when the player hosts or joins; the boot's
    modules it brought back (this one, the reader) go again after it."""
    if store is None:
        return None
    secret = _load(_load_secret, store, "link key").value
    from core.loop import BOOT_ONLY, drop_modules
    drop_modules(BOOT_ONLY)
    return secret


def _random_bytes(n):
    try:
        import os
        return os.urandom(n)
    except (ImportError, AttributeError, NotImplementedError):
        from core.clock import ticks_ms
        from core.prng import Prng
        r = Prng((ticks_ms() * 7919 + id(n)) & 0x3FFFFFFF)
        return bytes([r.below(256) for _ in range(n)])


def link_secret(b, store, rand=_random_bytes):
    """Step 4b: the unit's link secret, made and saved if there is none (or it is
    damaged: a new one, which cannot open seals made with the old one; said so)."""
    loaded = _load(_load_secret, store, "link key")
    k = loaded.value
    if k is None:
        k = rand(SECRET_BYTES)
        store.save(LINK_SECRET, (binascii.hexlify(k),))   # a newer one's is kept (.fut)
        if loaded.status == save.DAMAGED:
            b.note("link key damaged: made a new one")
        elif loaded.status == save.NEWER:
            b.note("link key of a newer firmware kept: made a new one")
    b.link_secret = k
    return k


def boot(fs=None, board_name=None, out=print, load=load_board, board_config=None, device=None):
    """Steps 1-4; returns the Boot.  `board_name` (and `board_config`, the board's
    settings) override board.json (the simulator); `load(name, config)` -> (module, hw)
    is load_board unless a test passes a fake."""
    b = new_boot()
    if fs is None:
        fs = save.DeviceFs()
    if board_name:
        cfg = {"board": board_name}
        if board_config:
            for key in board_config:
                cfg[key] = board_config[key]
    else:
        cfg = read_config(fs, b, device)
    name = cfg["board"]
    b.board_name = name
    b.board, b.hw = load(name, cfg)
    b.screen = make_screen(b.hw)     # the largest block: before the save is parsed
    b.store = save.SaveStore(fs, getattr(b.hw, "link_busy", None))
    restore(b, b.store)
    from core.settings import apply
    apply(b.hw, b.settings.values)         # step 4
    link_secret(b, b.store)
    for line in b.notices:
        out(line)
    return b


def new_boot():
    """An empty core.loop.Boot; BootError if the app is not installed."""
    try:
        from core.loop import Boot
    except ImportError as exc:
        raise BootError("the app (core/loop.py) is not installed: %s" % exc)
    return Boot()


def main(fs=None, board_name=None, out=print, load=load_board, device=None):
    """Steps 1-4: the Boot to hand to core.app.run (step 5, firmware/main.py), or None
    when the device cannot start (printed why)."""
    try:
        return boot(fs, board_name, out, load, device=device)
    except BootError as exc:
        out("boot: %s" % exc)
        return None


def demo(b, game_name, seed=1, max_actions=None, out=print):
    """Headless play with a bot in every seat, saving at safe points like the app does.

    Continues the saved game if there is one.  Used as a self-test on a board with no
    screen and by the deploy test on the virtual board.  Returns the game.
    """
    from core.registry import game_class, make_bot
    if b.saved_game is not None and b.saved_game[1].NAME == game_name:
        meta, game = b.saved_game
        out("continuing %s after %d actions" % (      # Speed keeps one round (SP-7)
            game_name, getattr(game, "actions_dropped", 0) + len(game.history)))
    else:
        cls = game_class(game_name)
        game = cls(b.settings.options_for(cls), seed)
        meta = {"mode": "demo", "ai_level": b.settings.get("ai_level")}
    bots = [make_bot(game_name, "random", seed * 8 + i) for i in range(game.n_players)]
    saver = save.GameSaver(b.store, game, meta)
    n = 0
    while not game.is_over() and (max_actions is None or n < max_actions):
        for seat in game.to_move():
            game.apply(seat, bots[seat].choose(game.observation(seat)))
            n += 1
        saver.after_action()
        b.store.poll()
    out("%s: %d actions, %d saves%s" % (game_name, n, saver.saves,
                                         ", game over" if game.is_over() else ""))
    return game
