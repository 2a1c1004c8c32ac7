"""The games, by name: the one place that names them (docs/CONTRIBUTING.md, "How to add a
game").  A game is a package core/games/<name>/ of modules with the same names in every
game (rules.py the engine, options.py its menu table, screen.py its table screen,
page.py its rules page, bots.py, ai.py...); its row here gives its menu title and the
names of its classes.  Modules are imported only when asked for (the device keeps one
game in memory): nothing here imports a game before a function is called.
"""
import sys

# name, menu title, engine class (rules.py), table screen class (screen.py), whether
# ai.py offers make_ai(level, seed) (Speed's real-time AI is core.seats' business)
GAMES = (
    ("speedrun", "Speed Run", "SpeedRun", "SpeedRunTable", True),
    ("steppingstones", "Stepping Stones", "SteppingStones", "SteppingStonesTable", True),
    ("reds", "Reds", "Reds", "RedsTable", True),
    ("speed", "Speed", "Speed", "SpeedTable", False),
)
GAME_NAMES = tuple([g[0] for g in GAMES])
MODULE = "core.games.%s.%s"


def _row(name):
    for g in GAMES:
        if g[0] == name:
            return g
    raise ValueError("unknown game %r (known: %s)" % (name, ", ".join(GAME_NAMES)))


def module(name, part):
    """The module core/games/<name>/<part>.py, imported if it is not yet."""
    _row(name)
    full = MODULE % (name, part)
    __import__(full)
    return sys.modules[full]


def game_class(name):
    return getattr(module(name, "rules"), _row(name)[2])


def table_class(name):
    """The game's table screen class, imported only when that game is played."""
    return getattr(module(name, "screen"), _row(name)[3])


def make_ai(game_name, level="default", seed=0):
    """The built-in AI (core.ai.LEVELS) of a game whose ai.py offers make_ai."""
    if not _row(game_name)[4]:
        raise ValueError("no built-in AI for %r" % game_name)
    return module(game_name, "ai").make_ai(level, seed)


BOT_KINDS = ("random", "greedy")


def make_bot(game_name, kind, seed=0):
    """A baseline bot for `game_name`: "random" (any game) or "greedy" (per game)."""
    if kind == "random":
        from core.bots import RandomBot
        return RandomBot(seed)
    if kind == "greedy":
        return module(game_name, "bots").GreedyBot(seed)
    raise ValueError("unknown bot %r (known: %s)" % (kind, ", ".join(BOT_KINDS)))
