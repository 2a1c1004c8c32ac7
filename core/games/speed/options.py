"""Speed's player counts and options: the table the menu shows (through core/gameinfo.py)
and the engine uses (core/games/speed/rules.py `OPTIONS`), in a module of its own so that neither loads
the other games' tables.
"""
from core.game import Option

# -- Speed (Spit) ----------------------------------------------------------------------------
PLAYERS = (2,)
OPTIONS = (
    Option("count_down_only", (False, True), "Count Down Only"),
    Option("stand_still_spit", (False, True), "Stand Still Spit"),
    Option("winner_yells_spit", (False, True), "Winner Yells Spit"),
    Option("spit_pile_stalemate", (False, True), "Spit Pile Stalemate"),
    Option("scoring", ("default", "one_point", "automatic"), "Scoring"),
    Option("auto_points", (25, 10, 15, 20, 30, 50, 100), "Auto points/round"),
    Option("target", (0, 25, 50, 100, 150, 200, 250, 500), "Target (0: 1 round)"),
)
