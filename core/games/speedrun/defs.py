"""Speed Run's constants, action ids and scoring arithmetic (rulings SR-1..SR-5).

Split from core/games/speedrun/rules.py so that each module stays small enough for MicroPython to
compile from source on a 128 KB heap.
"""
from array import array

from micropython import const

from core.trick import RANK_HIGH, RANK_LOW, RANK_SLALOM, RANK_BELL

N_PLAYERS = const(3)
HAND_SIZE = const(12)
N_TRICKS = const(12)
N_BOARDS = const(9)

# -- action ids (docs/records.md) -------------------------------------------------------
# 0..63 are cards (the card int itself).
A_TRUMP = const(64)        # 64..67 trump:S H D C
A_NO_TRUMP = const(68)     # trump:none
A_RANK = const(69)         # 69..74, see RANKINGS
A_CONTRACT = const(80)     # 80..88 contract:<board>
A_PASS = const(89)
A_REDO = const(90)         # 90..98 redo:<board>
A_REVEAL = const(99)
A_NOREVEAL = const(100)

# Ranking actions in id order: (label, ranking mode, first trick is 1 High).
RANKINGS = (
    ("10-high", RANK_HIGH, False),
    ("1-high", RANK_LOW, True),
    ("slalom-high", RANK_SLALOM, False),
    ("slalom-low", RANK_SLALOM, True),
    ("bell-high", RANK_BELL, False),
    ("bell-low", RANK_BELL, True),
)

# Ruling SR-1: contract boards 1-9 in the appendix's order.  Target tricks for Win N;
# the last three are relative (SR-4).
BOARD_NAMES = ("win0", "win1", "win4", "win5", "win7", "win9", "least", "middle", "most")
BOARD_TARGETS = (0, 1, 4, 5, 7, 9, -1, -1, -1)
B_LEAST = const(6)
B_MIDDLE = const(7)
B_MOST = const(8)

# Ruling SR-2: (boards used by default, Pass cards, Redo cards, hands) per length.
LENGTHS = {
    "short": (5, 1, 1, 6),
    "medium": (7, 2, 1, 9),
    "long": (9, 2, 2, 12),
}

# Phases.
P_SELECT = const(0)
P_BID = const(1)
P_REVEAL = const(2)
P_PLAY = const(3)
P_OVER = const(4)
PHASE_NAMES = ("select", "bid", "reveal", "play", "over")

NO_ENTRY = const(0xFF)

# Reveal decisions.
UNDECIDED = const(0)
REVEALED = const(1)
HIDDEN = const(2)


# (BoardSubsets, the contract-board choices, lives with the options in
# core/games/speedrun/options.py: the menu reads them without this module.)


class CompactHistory:
    """Game.history as 16-bit words (seat << 8 | action) in one preallocated array.

    A list of (seat, action) tuples grows by reallocation and scatters hundreds of small
    tuples over the heap; on a 64 KB heap that fragmentation alone breaks a long game.
    Reading it gives (seat, action) tuples, like the list it replaces."""

    def __init__(self, capacity):
        self.buf = array("H", range(capacity))   # contents unused until written
        self.n = 0

    def append(self, item):
        seat, action = item
        if self.n == len(self.buf):
            self.buf.extend(array("H", range(len(self.buf) or 1)))
        self.buf[self.n] = seat << 8 | action
        self.n += 1

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("history index out of range")
        w = self.buf[i]
        return (w >> 8, w & 0xFF)

    def __iter__(self):
        for i in range(self.n):
            w = self.buf[i]
            yield (w >> 8, w & 0xFF)

    def pair_words(self):
        """The entries as stored, seat << 8 | action: what a game save writes, without a
        tuple per entry (core/save.py)."""
        for i in range(self.n):
            yield self.buf[i]

    def __eq__(self, other):
        return list(self) == list(other)


def board_mask(digits):
    """Bit mask (bit 0 = board 1) of a board subset written as digits, e.g. "12345"."""
    m = 0
    for ch in digits:
        m |= 1 << (int(ch) - 1)
    return m


def contract_diff(board, mine, others_lo, others_hi):
    """Difference between a seat's tricks and its contract's objective (ruling SR-4)."""
    if board == B_MOST:
        return max(0, others_hi - mine)
    if board == B_LEAST:
        return max(0, mine - others_lo)
    if board == B_MIDDLE:
        if mine > others_hi:
            return mine - others_hi
        if mine < others_lo:
            return others_lo - mine
        return 0
    return abs(mine - BOARD_TARGETS[board])


def contract_score(diff, revealed):
    """Score of a difference: -2 for a Perfect Bonus (SR-5), doubled when revealed."""
    s = -2 if diff == 0 else diff
    return s * 2 if revealed else s
