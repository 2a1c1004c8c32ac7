""""Continue game?": the app saves a game against the AI at every trick and hand end;
the next start (App(saved=...), as core.app.make_app passes boot.saved_game) offers to
continue it, seats it as it was and plays it to the end; BACK forgets it."""
import os

import pytest

from core import app as app_mod
from core.save import DeviceFs, SaveStore
from core.save_load import load_game
from core.ui import autoplay
from tools.headless import make_screen, save_screen


class Stop(Exception):
    pass


def _store(tmp_path):
    return SaveStore(DeviceFs(str(tmp_path)))


def _play_until_saves(tmp_path, game, n, seed=4, **kw):
    screen, hints = make_screen("lcd13")
    d = autoplay.Driver(screen, hints, seed=seed, store=_store(tmp_path), **kw)

    def watch(player):
        s = d.app.saver
        if s is not None and s.saves >= n and d.app.state == app_mod.TABLE:
            raise Stop()
    with pytest.raises(Stop):
        autoplay.AutoPlayer(d, game, seed=seed, watch=watch).run()
    return d


def _resume(tmp_path, **kw):
    loaded = load_game(_store(tmp_path))
    assert loaded.status == "ok", loaded.message
    screen, hints = make_screen("lcd13")
    d = autoplay.Driver(screen, hints, seed=9, store=_store(tmp_path), saved=loaded.value, **kw)
    return d, loaded.value


@pytest.mark.parametrize("game", ["steppingstones", "reds"])
def test_a_saved_game_continues_where_it_was_and_ends_normally(tmp_path, game):
    first = _play_until_saves(tmp_path, game, 5)
    kinds = first.app.seat_kinds
    d, (meta, saved) = _resume(tmp_path)
    a = d.app
    assert a.state == app_mod.RESUME and meta["kinds"] == kinds
    save_screen(d.screen, os.path.join(str(tmp_path), "resume.png"))
    n = len(saved.history)
    d.key("OK")
    assert a.state == app_mod.TABLE and a.game is saved and a.seat_kinds == kinds
    assert a.human == meta["human"] and a.players[a.human] is None
    # the hand in progress keeps its summary events (bids, contract...) for its results page
    assert all(e[0] in a.table.SUMMARY_EVENTS for e in a.hand_events)
    if game == "steppingstones":
        assert [e for e in a.hand_events if e[0] == "bid"], a.hand_events
    p = autoplay.AutoPlayer(d, game, seed=5)
    p.started = True
    assert p.run()
    assert len(saved.history) > n and saved.is_over()
    assert a.state == app_mod.MENU
    assert not os.path.exists(os.path.join(str(tmp_path), "game.sav"))   # finished: gone


def test_back_on_continue_forgets_the_saved_game(tmp_path):
    _play_until_saves(tmp_path, "steppingstones", 2)
    d, _ = _resume(tmp_path)
    assert d.app.state == app_mod.RESUME
    d.key("BACK")
    assert d.app.state == app_mod.MENU and d.app.game is None
    assert load_game(_store(tmp_path)).value is None


def test_saves_the_app_did_not_write_are_not_offered(tmp_path):
    from core.boot import boot, demo
    b = boot(DeviceFs(str(tmp_path)), "host", lambda s: None, board_config={"panel": False})
    demo(b, "steppingstones", 3, 30, out=lambda s: None)       # a "demo" save (core/boot.py)
    b = boot(DeviceFs(str(tmp_path)), "host", lambda s: None, board_config={"panel": False})
    assert b.saved_game is not None and b.notices == ["game: restored save"]
    a = app_mod.make_app(b, seed=1, link=False)
    assert a.state == app_mod.MENU and a.menu.status == "game: restored save"


class _PoweredUp:
    """sys.modules as after a power-up for `game` (none of its modules loaded, as this
    process may have them from other tests), then as before."""

    def __init__(self, game):
        self.game = game

    def __enter__(self):
        import sys
        import core
        self.mods = {m: sys.modules.pop(m) for m in list(sys.modules)
                     if self.game in m or m == "core.replay"}
        self.attrs = {m: getattr(core, m[5:]) for m in self.mods if hasattr(core, m[5:])}
        return self

    def __exit__(self, *exc):
        import sys
        import core
        sys.modules.update(self.mods)
        for m in self.attrs:
            setattr(core, m[5:], self.attrs[m])


@pytest.mark.parametrize("answer", ["BACK", "OK"])
def test_what_reading_the_save_imported_is_not_kept_after_that_game(tmp_path, answer):
    # a save read at boot imports its engine: the app drops it with that game (declined,
    # or continued and quit), as it drops the engine of a game started from the menu
    import sys
    from core.boot import boot
    _play_until_saves(tmp_path, "steppingstones", 2)
    with _PoweredUp("steppingstones"):
        b = boot(DeviceFs(str(tmp_path)), "host", lambda s: None, board_config={"layout": "lcd13"})
        b.app = app_mod.make_app(b, seed=1, link=False)
        mods = b.game_modules
        assert "core.games.steppingstones.rules" in mods
        assert b.app.state == app_mod.RESUME and b.saved_game is None
        assert not [m for m in mods if m in b.app._resident]
        d = autoplay.ButtonDriver(b, b.app)
        d.key(answer)
        if answer == "OK":
            assert b.app.state == app_mod.TABLE
            d.key("MENU")
            d.key("UP")                             # the pause menu's last item: Quit game
            d.key("OK")
            d.key("DOWN")                           # "Quit this game?": Yes
            d.key("OK")
        assert b.app.state == app_mod.MENU and b.app.game is None
        # the menu reads the game's options table again (core.gameinfo), nothing else
        menu = ("core.games.steppingstones", "core.games.steppingstones.options")
        assert [m for m in mods if m in sys.modules and m not in menu] == []


def test_a_save_with_seats_this_firmware_lacks_returns_to_the_menu_and_says_so(tmp_path):
    """The device app (make_app: modules unloaded, the menu parked while a game runs)
    cannot seat an AI level it does not know: back at the menu, which says why, and a new
    game starts from there."""
    from core.boot import boot
    from core.registry import game_class
    from core.save import GameSaver
    game = game_class("steppingstones")({}, 3)
    GameSaver(_store(tmp_path), game, {"mode": "ai", "human": 0,
                                       "kinds": ["you", "grandmaster", "default"]}).save_now()
    b = boot(DeviceFs(str(tmp_path)), "host", lambda s: None, board_config={"panel": False})
    a = app_mod.make_app(b, seed=1, link=False)
    assert a.state == app_mod.RESUME
    d = autoplay.ButtonDriver(b, a, hold_ms=80)
    d.key("OK")
    assert a.state == app_mod.MENU and a.game is None and a.table is None
    assert a.menu.status.startswith("saved game cannot continue: "), a.menu.status
    p = autoplay.AutoPlayer(d, "speedrun", seed=2)
    assert p.run() and a.state == app_mod.MENU
