"""Reds' player counts and options: the table the menu shows (through core/gameinfo.py)
and the engine uses (core/games/reds/rules.py `OPTIONS`), in a module of its own so that neither loads
the other games' tables.

The "players" option is the only place the player count is chosen (the menu shows
no separate Players row for it).
"""
from core.game import Option

# -- Reds ------------------------------------------------------------------------------------
PLAYERS = (2, 3, 4, 5, 6)
OPTIONS = (
    Option("players", PLAYERS, "Players", default=4),
    Option("short_game", (False, True), "Short game: 5 rounds"),
    Option("hidden_bids", (False, True), "Hidden bids"),
    Option("partnership", (False, True), "Partnerships (4/6)"),
)
