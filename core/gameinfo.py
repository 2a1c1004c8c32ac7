"""What the menu needs to know about each game, without importing its rules engine.

Each game's title, allowed player counts and options live here; the engines take their
PLAYERS and OPTIONS from this module (core/speedrun.py `OPTIONS = gameinfo.SPEEDRUN_OPTIONS`
and so on), so there is one table per game.  The menu reads `info(name)`: importing all
four engines just to list their options would cost the device about 60 KB of heap (and
twice that on the 64-bit unix port), which the game being played needs.

    info(name) -> GameInfo with NAME, TITLE, PLAYERS (tuple of player counts) and
                  OPTIONS (tuple of core.game.Option)

When a game has a "players" option (Reds), that option is the only way to choose the
player count: the menu shows no separate Players row for it (`players_option`).
"""
from micropython import const

from core.game import Option

GAME_NAMES = ("speedrun", "steppingstones", "reds", "speed")
TITLES = {"speedrun": "Speed Run", "steppingstones": "Stepping Stones", "reds": "Reds",
          "speed": "Speed"}

_N_BOARDS = const(9)


def _choose(n, k):
    if k < 0 or k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


class BoardSubsets:
    """The choices of `size` contract boards out of 1-9 (ruling SR-1: "any other subset
    per length"), written as increasing digit strings ("12345", "12346", ...) in
    lexicographic order.  A lazy sequence: 126 strings would cost the device ~5 KB of
    heap for a menu entry, so the i-th choice is computed when asked for."""

    def __init__(self, size):
        self.size = size
        self.n = _choose(_N_BOARDS, size)

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("board subset index out of range")
        out = ""
        b = 1
        k = self.size
        while k:
            c = _choose(_N_BOARDS - b, k - 1)   # subsets that start with board b
            if i < c:
                out += str(b)
                k -= 1
            else:
                i -= c
            b += 1
        return out

    def __iter__(self):
        for i in range(self.n):
            yield self[i]

    def __contains__(self, value):
        if not isinstance(value, str) or len(value) != self.size:
            return False
        last = 0
        for ch in value:
            if not "1" <= ch <= "9" or int(ch) <= last:
                return False
            last = int(ch)
        return True

    def index(self, value):
        for i in range(self.n):
            if self[i] == value:
                return i
        raise ValueError("%r is not a board subset of size %d" % (value, self.size))


# -- Speed Run (rulings SR-1, SR-2, SR-9) -------------------------------------------------
SPEEDRUN_PLAYERS = (3,)
SPEEDRUN_OPTIONS = (
    Option("length", ("short", "medium", "long"), "Game length (6/9/12 hands)"),
    # Ruling SR-1: "any other subset per length" of the contract boards.
    Option("boards_short", BoardSubsets(5), "Contract boards, short game", "12345"),
    Option("boards_medium", BoardSubsets(7), "Contract boards, medium game", "1234567"),
    Option("reveal", (False, True), "Contract Reveal variant"),
    # Ruling SR-9: first start player from the menu, default a random seat.
    Option("first_start", ("random", 0, 1, 2), "First start player"),
)

# -- Stepping Stones (rulings SS-1, SS-9) --------------------------------------------------
STEPPINGSTONES_PLAYERS = (3,)
STEPPINGSTONES_OPTIONS = (
    Option("contracts", ("starter", "advanced"), "Contract set"),             # ruling SS-1
    Option("redo", (False, True), "Redo variant (one token each)"),           # ruling SS-9
    Option("first_forehand", ("random", "0", "1", "2"), "First forehand"),   # "or decide randomly"
)

# -- Reds ------------------------------------------------------------------------------------
REDS_PLAYERS = (2, 3, 4, 5, 6)
REDS_OPTIONS = (
    Option("players", REDS_PLAYERS, "Players", default=4),
    Option("short_game", (False, True), "Short game (5 rounds)"),
    Option("hidden_bids", (False, True), "Hidden bids"),
    Option("partnership", (False, True), "Partnerships (4 or 6 players)"),
)

# -- Speed (Spit) ----------------------------------------------------------------------------
SPEED_PLAYERS = (2,)
SPEED_OPTIONS = (
    Option("count_down_only", (False, True), "Count Down Only"),
    Option("stand_still_spit", (False, True), "Stand Still Spit"),
    Option("winner_yells_spit", (False, True), "Winner Yells Spit"),
    Option("spit_pile_stalemate", (False, True), "Spit Pile Stalemate"),
    Option("scoring", ("default", "one_point", "automatic"), "Scoring"),
    Option("auto_points", (25, 10, 15, 20, 30, 50, 100), "Automatic points per round"),
    Option("target", (0, 25, 50, 100, 150, 200, 250, 500), "Target score (0: one round)"),
)


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
    if name == "speedrun":
        return GameInfo(name, SPEEDRUN_PLAYERS, SPEEDRUN_OPTIONS)
    if name == "steppingstones":
        return GameInfo(name, STEPPINGSTONES_PLAYERS, STEPPINGSTONES_OPTIONS)
    if name == "reds":
        return GameInfo(name, REDS_PLAYERS, REDS_OPTIONS)
    if name == "speed":
        return GameInfo(name, SPEED_PLAYERS, SPEED_OPTIONS)
    raise ValueError("unknown game %r (known: %s)" % (name, ", ".join(GAME_NAMES)))
