"""The device loop (firmware/main.py runs `run(boot)`): buttons -> app -> link -> display,
one pass about every 10 ms; a pass that fails shows the crash page and the next button
press starts the app again from the last save.  The simulator and the headless tests
drive the same App (core/app.py) through make_app() and step().
"""
from core.app import App, board_hints
from core.loop import BOOT_ONLY, drop_modules, unload_except
from core.ui import keys


def make_app(boot, seed=None, link=True, **app_kw):
    """The device's App from a Boot (core/boot.py): its screen, display, hints, save store,
    modules unloaded after each game; with `link`, the menu offers Host / Join a linked
    game on the board's ports, and the link stack (core/app_link.py) is created only
    then and dropped when that game ends (boot.link stays None: nothing idles)."""
    from core.clock import ticks_ms
    hw = boot.hw
    d = hw.display
    screen = boot.screen
    if screen is None:
        from core.ui.screen import Screen
        screen = boot.screen = Screen(d.width, d.height)
    boot.link = None
    s = boot.settings
    kept = (s.values, s.variants) if s is not None else None
    boot.settings = None
    drop_modules(BOOT_ONLY)
    saved, boot.saved_game = boot.saved_game, None  # the App's now: it goes with its modules
    return App(screen, d, hw.lut, board_hints(getattr(hw, "board", None)),
               seed=seed if seed is not None else ticks_ms(), store=boot.store, unload=True,
               saved=saved, notices=boot.notices, link_hw=hw if link else None,
               game_modules=boot.game_modules, hw=hw, settings=kept, **app_kw)


def step(boot, app, now):
    """One pass of the device loop: buttons -> app -> link -> display."""
    hw = boot.hw
    hw.poll(now)
    ev = hw.buttons.get()
    while ev >= 0:
        app.feed(ev, now)
        ev = hw.buttons.get()
    app.tick(now)
    if boot.link is not None:
        boot.link.poll()
    app.show()


def guarded_step(boot, now, seed=None):
    """step() on boot.app, but what escapes a pass (a MemoryError on a full heap, or a
    bug) does not end the device loop: boot.app is dropped (its memory with it, since the
    loop keeps the app only there), core.ui.crash says what happened, and the next button
    press starts the app again from the last save (restart()).  boot.app is None while the
    crash page is up."""
    app = boot.app
    if app is not None:
        try:
            step(boot, app, now)
            return
        except Exception as exc:     # noqa: BLE001 (the device must not freeze)
            boot.resident = app._resident   # what restart() keeps of sys.modules
            linked = app.linked is not None and app.game is not None
            app = boot.app = None
            crashed(boot, exc, linked)
            return
    hw = boot.hw
    hw.poll(now)
    ev = hw.buttons.get()
    pressed = False
    while ev >= 0:
        pressed = pressed or keys.kind_of(ev) == keys.PRESS
        ev = hw.buttons.get()
    if pressed:
        boot.app = restart(boot, seed)


def crashed(boot, exc, linked=False):
    """Show the crash page (and print the error for a console or log); `linked`: a linked
    game was in progress (not saved on this unit)."""
    import gc
    import sys
    gc.collect()
    boot.crashes += 1
    try:
        sys.print_exception(exc)            # MicroPython
    except AttributeError:
        import traceback
        traceback.print_exception(type(exc), exc, exc.__traceback__)
    if boot.screen is None:
        return
    from core.ui import crash
    crash.show(boot.screen, exc, crash.game_state(boot.store, linked))
    d = getattr(boot.hw, "display", None)
    if d is not None:
        d.show(boot.screen, boot.hw.lut)


def restart(boot, seed=None):
    """A fresh app after a crash, as after a power cycle: a board resets (the cleanest
    heap); elsewhere the game modules go, the save is read again and a new app starts
    (it offers "Continue game?" for a saved game)."""
    try:
        import machine
        machine.reset()
    except (ImportError, AttributeError):
        pass
    from core.boot import restore
    if boot.resident is not None:
        unload_except(boot.resident)
    boot.notices = []
    boot.saved_game = None
    restore(boot, boot.store)
    return make_app(boot, seed)


def run(boot, seed=None):
    """The device loop: buttons -> app -> display, about every 10 ms; never returns.

    `boot` is a Boot from core/boot.py: boot.hw is the board's Hardware (boards/hardware.py:
    display, lut, buttons, poll(now), open_link()), boot.screen the screen buffer
    allocated at boot, boot.store the save store."""
    from core.clock import ticks_ms
    boot.app = make_app(boot, seed)     # the loop holds the app only here (guarded_step)
    try:
        import time
        sleep = time.sleep_ms
    except AttributeError:
        sleep = None
    while True:
        guarded_step(boot, ticks_ms(), seed)
        if sleep is not None:
            sleep(5)
