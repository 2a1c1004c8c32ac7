"""What every part of the app loop shares, importing none of them: the Boot record that
core/boot.py fills and the device loop (core/app.py) keeps, unloading modules (the app
drops a finished game's modules, the settings page its own, the device loop the boot's)
and the AI seats' seeds.  Imports go one way: core.app -> core.app_link, core.app_settings,
core.app_realtime, core.app_resume, core.app_start -> core.loop; core.boot -> core.loop.
"""


def drop_modules(names):
    """Forget modules: from sys.modules and from their package's attributes (an import
    of core.games.speedrun.rules also sets it on core.games.speedrun); what is still
    referenced stays alive, the rest is garbage for the next collection.  An import
    brings a module back."""
    import sys
    for name in names:
        if name not in sys.modules:
            continue
        del sys.modules[name]
        i = name.rfind(".")
        parent = sys.modules.get(name[:i]) if i > 0 else None
        if parent is not None and hasattr(parent, name[i + 1:]):
            delattr(parent, name[i + 1:])


def unload_except(resident):
    """Drop every module not in `resident` and collect: a finished game's engine, table
    screen and AI go."""
    import gc
    import sys
    drop_modules([name for name in sys.modules if name not in resident])
    gc.collect()


def ai_seed(seed, seat, round_no=1):
    """The seed of an AI seat's player: from the game's seed and, for Speed, the round."""
    if isinstance(seed, str):
        from core.prng_wide import fold_seed     # a linked game's wide seed
        seed = fold_seed(seed)
    return (seed + 1 + 31 * seat + 104729 * (round_no - 1)) & 0x3FFFFFFF


class Boot:
    """What core/boot.py hands to the app loop (it fills in every field).  The class is
    here, not there, because the loop keeps its Boot for good while core/boot.py is not
    needed after boot: a Boot of a class of that module would keep all of it alive
    (core.app.make_app drops it: BOOT_ONLY)."""

    def __init__(self):
        self.board_name = None
        self.board = None       # the boards/<name> module
        self.hw = None          # what board.make() returned (boards/hardware.py)
        self.screen = None      # core.ui.screen.Screen of the display's size
        self.store = None
        self.settings = None    # core.settings.Settings, applied at boot; None once the app runs
        self.saved_game = None  # (meta, game) of an unfinished game, or None (make_app
                                # hands it to the App)
        self.game_modules = ()  # the modules reading the saved game imported (its engine)
        self.link_secret = None     # this unit's link secret (bytes), or None
        self.notices = []       # lines for the screen and the console
        self.app = None         # the running App (run() keeps it only here)
        self.link = None        # the link stack's poll() target while one runs
        self.crashes = 0        # failures the device loop survived (guarded_step)
        self.resident = None    # sys.modules to keep when restarting after one

    def note(self, text):
        self.notices.append(text)


# Loaded for the boot and not needed by the app: make_app drops them (about 5 KB of heap
# with code in flash, 11 KB as .mpy in RAM; an import brings them back, e.g. the link's
# core.boot.load_link_secret).  The settings were applied at boot; the app keeps their
# values (App.settings) and imports core.settings again only to change or save them
# (core/app_settings.py); the saved game, if any, is read (core.save_load).
BOOT_ONLY = ("core.boot", "core.settings", "core.save_load")
