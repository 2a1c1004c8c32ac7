"""Stepping Stones's player counts and options: the table the menu shows (through core/gameinfo.py)
and the engine uses (core/games/steppingstones/rules.py `OPTIONS`), in a module of its own
so that neither loads the other games' tables.
"""
from core.game import Option

# -- Stepping Stones (rulings SS-1, SS-9) --------------------------------------------------
PLAYERS = (3,)
OPTIONS = (
    Option("contracts", ("starter", "advanced"), "Contract set"),             # ruling SS-1
    Option("redo", (False, True), "Redo (1 token each)"),                     # ruling SS-9
    Option("first_forehand", ("random", "0", "1", "2"), "First forehand"),   # "or decide randomly"
)
