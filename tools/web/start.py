# The page's main.py (tools/web/pocket.js runs it): the boot of firmware/main.py on the
# browser board, then the device loop handed to the page pass by pass (this port collects
# garbage only between calls from JavaScript, so the loop cannot run inside one call).
# CONFIG comes from the page: layout, node, seed, fast (the test's short AI delays).
import gc

from core.boot import boot as _boot
from drivers.browser import Storage

_b = _boot(Storage("/flash"), "browser", print,
           board_config={"layout": CONFIG["layout"], "node": CONFIG["node"]})
del _boot
from core import app as _app    # noqa: E402

_seed = CONFIG.get("seed")
_kw = {"play_ms": 150, "trick_ms": 300, "think_ms": 50} if CONFIG.get("fast") else {}
_b.app = _app.make_app(_b, _seed, **_kw)
_step = _app.guarded_step
_peak = [0]
del CONFIG
gc.collect()


def PASS(now, mask):
    """One pass of the device loop (core.app.guarded_step); the app's state, -1 on the
    crash page.  The live heap is sampled first: the collection asked for at the end of
    the last pass has just run."""
    a = gc.mem_alloc()
    if a > _peak[0]:
        _peak[0] = a
    _b.hw.input.mask = mask
    _step(_b, now, _seed)
    gc.collect()
    app = _b.app
    return -1 if app is None else app.state


def INFO(history=False):
    """The app's state for the page's tests (JSON); `history`: the game's actions too."""
    import json
    app = _b.app
    g = None if app is None else app.game
    saver = None if app is None else app.saver
    out = {"state": -1 if app is None else _app.STATE_NAMES[app.state],
           "game": getattr(app, "game_name", None),
           "heap_peak": _peak[0], "heap_now": gc.mem_alloc(),
           "linked": app is not None and app.linked is not None,
           "notices": _b.notices,
           "saves": 0 if app is None else app.saves + (saver.saves if saver else 0),
           "actions": -1 if g is None else len(g.history)}
    if history and g is not None:
        out["history"] = [list(h) if isinstance(h, tuple) else h for h in g.history]
    return json.dumps(out)


def RESET_PEAK():
    _peak[0] = 0
