"""Speed Run's player counts and options: the table the menu shows (through core/gameinfo.py)
and the engine uses (core/games/speedrun/rules.py `OPTIONS`), in a module of its own so that neither loads
the other games' tables.

BoardSubsets: the contract-board subsets of ruling SR-1 as a lazy sequence.
"""
from micropython import const

from core.game import Option

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
PLAYERS = (3,)
OPTIONS = (
    Option("length", ("short", "medium", "long"), "Game length"),
    # Ruling SR-1: "any other subset per length" of the contract boards.
    Option("boards_short", BoardSubsets(5), "Boards, short", "12345"),
    Option("boards_medium", BoardSubsets(7), "Boards, medium", "1234567"),
    Option("reveal", (False, True), "Contract Reveal"),
    # Ruling SR-9: first start player from the menu, default a random seat.
    Option("first_start", ("random", 0, 1, 2), "First starter"),
)
