"""The page the device shows when the app loop fails, instead of freezing.

core.app.guarded_step() catches what escapes one pass of the loop (a MemoryError on a full
heap, or a bug), drops the app and calls crashed(): the player reads what happened and what
became of the game in progress: safe in its last save (saves are written at every trick
and hand end, Speed at every round end, so at most the current trick is replayed), or its
save damaged, or a linked game (not saved on the unit: it is joined again).  Any button
then starts the app again (start_again), which offers a saved game.

Drawing uses only what is already in memory: the screen buffer allocated at boot and the
text and widget modules the menu uses.
"""
from micropython import const

from core.ui import keys, rich, text
from core.ui.palette import FELT, FELT_DARK, ORANGE, TEXT
from core.ui.widgets import hint_line, title_bar


def describe(exc):
    """One line for the player: what failed."""
    if isinstance(exc, MemoryError):
        return "Out of memory."
    name = type(exc).__name__
    msg = str(exc)
    return "%s: %s" % (name, msg) if msg else name + "."


# What became of the game in progress (show()'s `saved`; False and True mean the first two).
NO_SAVE = const(0)   # no game save
SAVED = const(1)     # an intact game save to go back to
DAMAGED = const(2)   # a game save that fails its checks
LINKED = const(3)    # a linked game: not saved here
UNKNOWN = const(4)   # a game save that could not be checked

_NOTES = ("No game was in progress to save.",
          "Your game is safe: it was saved at its last trick or hand (Speed: round) and is "
          "offered again at the start.",
          "Your game's save is damaged: it cannot be continued.",
          "A linked game is not saved on this unit: choose Join a linked game to go back "
          "to it.",
          "Your game was saved at its last trick or hand (Speed: round): the start offers "
          "it if the save can be read.")


def game_state(store, linked):
    """What became of the game in progress (SAVED...): `linked`, a linked game was."""
    if linked:
        return LINKED
    from core.save import GAME_SAVE
    if store is None or not store.exists(GAME_SAVE):
        return NO_SAVE
    try:
        return SAVED if store.intact(GAME_SAVE) else DAMAGED
    except Exception:       # noqa: BLE001 (no heap to read it: say no more than known)
        return UNKNOWN


def show(screen, exc, saved):
    """Draw the crash page on `screen`; `saved` says what became of the game (SAVED...)."""
    screen.clear(FELT)
    title_bar(screen, "Something went wrong", 24)
    w = screen.width - 16
    y = 40
    for line in rich.wrap(describe(exc), w // 8)[:3]:
        text.draw_fit(screen.fb, line, 8, y, w, ORANGE)
        y += 12
    y += 8
    for line in rich.wrap(_NOTES[int(saved)], w // 8):
        text.draw_fit(screen.fb, line, 8, y, w, TEXT)
        y += 12
    hint_line(screen, "any button: start again", FELT_DARK, 14)
    screen.mark_all()


def crashed(boot, exc, linked=False):
    """Show the crash page (and print the error for a console or log): core.app's
    guarded_step calls it once the failed app is dropped; `linked`: a linked game was in
    progress (not saved on this unit)."""
    import sys
    boot.crashes += 1
    try:
        sys.print_exception(exc)            # MicroPython
    except AttributeError:
        import traceback
        traceback.print_exception(type(exc), exc, exc.__traceback__)
    if boot.screen is None:
        return
    show(boot.screen, exc, game_state(boot.store, linked))
    d = getattr(boot.hw, "display", None)
    if d is not None:
        d.show(boot.screen, boot.hw.lut)


def start_again(boot, now, seed, make_app):
    """While the crash page is up (core.app.guarded_step): at a button press, a fresh app
    (`make_app(boot, seed)`) as after a power cycle: a board resets (the cleanest heap);
    elsewhere the game modules go, the save is read again and the new app offers
    "Continue game?" for a saved game."""
    hw = boot.hw
    hw.poll(now)
    ev = hw.buttons.get()
    pressed = False
    while ev >= 0:
        pressed = pressed or keys.kind_of(ev) == keys.PRESS
        ev = hw.buttons.get()
    if not pressed:
        return
    try:
        import machine
        machine.reset()
    except (ImportError, AttributeError):
        pass
    from core.boot import restore
    from core.loop import unload_except
    if boot.resident is not None:
        unload_except(boot.resident)
    boot.notices = []
    boot.saved_game = None
    restore(boot, boot.store)
    boot.app = make_app(boot, seed)
