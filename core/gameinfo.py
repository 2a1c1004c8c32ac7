"""What the menu needs to know about each game, without importing its rules engine.

Each game's player counts and options live in a small module of its own
(core/games/<game>/options.py; the games are named in core/registry.py) that the engine
takes its PLAYERS and OPTIONS from, so there is one table per game and
an engine loads only its own.  The menu reads `info(name)`: importing all four engines
just to list their options would cost about 112 KB on the unix port (docs/memory.md).

    info(name) -> GameInfo with NAME, TITLE, PLAYERS (tuple of player counts) and
                  OPTIONS (tuple of core.game.Option)

When a game has a "players" option (Reds), that option is the only way to choose the
player count: the menu shows no separate Players row for it (`players_option`).
"""
from core.registry import GAMES, GAME_NAMES, MODULE

TITLES = dict([(g[0], g[1]) for g in GAMES])


class GameInfo:
    """A game's menu entry: NAME, TITLE, PLAYERS, OPTIONS (as on the engine class)."""

    def __init__(self, name, players, options):
        self.NAME = name
        self.TITLE = TITLES[name]
        self.PLAYERS = players
        self.OPTIONS = options

    def players_option(self):
        """The "players" Option if the game has one (it then sets the player count)."""
        for o in self.OPTIONS:
            if o.key == "players":
                return o
        return None


def info(name):
    """The GameInfo of game `name`; ValueError for an unknown name."""
    from core.registry import module    # here: the menu keeps none of the registry's code
    t = module(name, "options")
    return GameInfo(name, t.PLAYERS, t.OPTIONS)


def unused_tables():
    """The names of the options modules loaded while their game's engine is not, each
    with its game's package (core.games.<name>, which holds nothing else then).  While a
    game runs only its engine needs its table: the app drops the other three (about
    4.5 KB of heap with code in flash, 6 KB as .mpy in RAM) and the menu reads them again
    when it comes back.  The engine shares its own table's objects: that one stays."""
    import sys
    out = []
    for name in GAME_NAMES:
        table = MODULE % (name, "options")
        if table in sys.modules and MODULE % (name, "rules") not in sys.modules:
            out.append(table)
            out.append(table[:-8])
    return out
