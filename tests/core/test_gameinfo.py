"""core/gameinfo.py: the menu's knowledge of each game without its rules engine; one way
to choose the player count."""
import sys

from core import gameinfo
from core.ui import keys
from core.ui.menu import MainMenu

ENGINES = ("core.games.speedrun.rules", "core.games.steppingstones.rules", "core.games.reds.rules", "core.games.speed.rules")


def test_the_menu_imports_no_engine():
    for m in ENGINES:
        if m in sys.modules:
            print("skip test_the_menu_imports_no_engine: %s already imported" % m)
            return
    m = MainMenu()
    for e in m.entries:
        assert e.cls is not None, e.reason
        m.open_game(m.entries.index(e))
        m.option_rows()
    for name in ENGINES:
        assert name not in sys.modules, name


def _engine(name):
    from core.registry import game_class
    return game_class(name)


def _unload_engines(before):
    # one engine at a time: all four do not fit the 128 KB unix-port heap together
    # (not on CPython: other test modules hold these engines' classes)
    if sys.implementation.name == "micropython":
        from core.app import unload_except
        unload_except(before)


def test_engines_take_their_tables_from_gameinfo():
    for name in gameinfo.GAME_NAMES:
        before = set(sys.modules)
        info = gameinfo.info(name)
        cls = _engine(name)
        assert cls.NAME == info.NAME == name
        assert cls.OPTIONS is info.OPTIONS, name
        assert cls.PLAYERS is info.PLAYERS, name
        assert info.TITLE == gameinfo.TITLES[name]
        keys_seen = [o.key for o in info.OPTIONS]
        assert len(set(keys_seen)) == len(keys_seen), name
        for o in info.OPTIONS:
            assert o.default in o.choices, (name, o.key)
        cls = None
        _unload_engines(before)


def test_unused_tables_are_the_options_modules_no_loaded_engine_shares():
    # what the app drops while a game runs (core.app App._park_menu)
    for name in gameinfo.GAME_NAMES:
        gameinfo.info(name)
    unused = gameinfo.unused_tables()
    for name in gameinfo.GAME_NAMES:
        table = "core.games.%s.options" % name
        assert table in sys.modules
        unused_here = "core.games.%s.rules" % name not in sys.modules
        assert (table in unused) == unused_here, name
        assert ("core.games." + name in unused) == unused_here, name    # its package too


def test_unknown_game_is_a_value_error():
    try:
        gameinfo.info("poker")
        assert False
    except ValueError as exc:
        assert "poker" in str(exc)


def _rows(menu, i):
    menu.open_game(i)
    return [menu.row_kind(r) for r in range(menu.option_rows())]


def test_exactly_one_way_to_choose_the_player_count():
    m = MainMenu()
    for i in range(len(m.entries)):
        e = m.entries[i]
        rows = _rows(m, i)
        n_players = len([r for r in rows if r[0] == "players"])
        n_option = len([r for r in rows if r[0] == "option" and r[1].key == "players"])
        if len(e.players()) > 1:
            assert n_players + n_option == 1, (e.name, rows)
        else:
            assert n_players + n_option == 0, (e.name, rows)


def _press(m, sel, key):
    r, _ = m.handle(keys.event(keys.PRESS, key), sel)
    return r


def test_reds_players_option_sets_the_player_count_of_the_game():
    m = MainMenu()
    i = [e.name for e in m.entries].index("reds")
    m.open_game(i)
    rows = [m.row_kind(r) for r in range(m.option_rows())]
    row = [k for k in range(len(rows)) if rows[k][0] == "option" and rows[k][1].key == "players"][0]
    assert m.values["players"] == 4
    _press(m, row, keys.OK)                 # edit, then one step down: 5 players
    _press(m, row, keys.DOWN)
    _press(m, row, keys.OK)
    assert m.values["players"] == 5
    start = m.option_rows() - 1
    r = _press(m, start, keys.OK)
    assert r[0] == "start" and r[1] == "reds" and r[2]["players"] == 5 and r[3] == 5
