"""Speed's shared vocabulary: rank adjacency, the action encoding, the compact timed log
and the view a bot gets.  Used by the engine (core/games/speed/rules.py), the bots and the UI.

Actions are small ints: a play of card c onto centre pile p is ``c << 1 | p`` (label
"7H>L" / "7H>R"); SPIT (label "spit") is the Spit button (SP-8).  Pile L (index 0) is the
left one as seat 0 sees it, and belongs to seat 1; R belongs to seat 0 (ruling SP-1).
"""
from array import array

from micropython import const

from core.cards import SPEED_DECK

N_RANKS = const(13)
HAND_MAX = const(5)        # SP-3
SPIT_DEAL = const(5)       # SP-1
DRAW_DEAL = const(15)      # SP-1
SEAT_CARDS = const(26)     # a seat never holds more than its first deal (5 + 15 + 5 + ...)
PILE_L = const(0)
PILE_R = const(1)
SPIT = const(0x80)         # the Spit button
NO_ACTION = const(-1)
MAX_RESPITS = const(20)    # ruling SP-10
MAX_T_MS = const(0x3FFFFFFF)

PILE_NAMES = "LR"
OWN_PILE = (PILE_R, PILE_L)  # ruling SP-1: seat 0's pile is R, seat 1's is L

# Face values for the default scoring (SP-7): A=1, 2-10 face value, J/Q/K 10.
FACE_VALUE = bytes((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10))


def _adjacency(count_down):
    table = bytearray(N_RANKS * N_RANKS)
    for r in range(N_RANKS):
        for t in range(N_RANKS):
            if count_down:
                ok = r == t - 1                      # SP-2 Count Down Only: aces low
            else:
                d = (r - t) % N_RANKS
                ok = d == 1 or d == N_RANKS - 1      # SP-2: A touches both 2 and K
            table[r * N_RANKS + t] = 1 if ok else 0
    return bytes(table)


# FITS[count_down][rank * 13 + top_rank] is 1 when a card of `rank` may go on `top_rank`.
FITS = (_adjacency(False), _adjacency(True))


def fits(rank, top_rank, count_down=False):
    """True when a card of `rank` may be played on a pile whose top has `top_rank` (SP-2)."""
    return FITS[1 if count_down else 0][rank * N_RANKS + top_rank] == 1


def play_action(card, pile):
    return (card << 1) | pile


def action_card(action):
    return action >> 1


def action_pile(action):
    return action & 1


def is_play(action):
    return 0 <= action < SPIT and SPEED_DECK.is_card(action >> 1)


def action_label(action):
    """"7H>L", "10S>R" or "spit"; "?" and the value for anything else."""
    if action == SPIT:
        return "spit"
    if isinstance(action, int) and is_play(action):
        return "%s>%s" % (SPEED_DECK.label(action >> 1), PILE_NAMES[action & 1])
    return "?%r" % (action,)


class TimedLog:
    """The timed record, (t_ms, seat, action) entries, in 6 bytes each.

    A long match runs to a few thousand actions; as tuples that would be tens of KB of the
    device's 128 KB.  Entries live in fixed chunks of 64, so the log never needs one large
    free block in a fragmented heap.  Reads like a list of tuples (iterate, len, index).
    A match against the AI keeps one round in it (core/games/speed/rules.py): `clear()` empties it and
    keeps its chunks for the next round, so the log's memory does not grow with rounds."""

    def __init__(self):
        self.times = []              # chunks: array("i") of time stamps
        self.moves = []              # chunks: array("H") of seat << 8 | action
        self.n = 0

    def append(self, entry):
        t, seat, action = entry
        i = self.n
        c = i >> 6
        if c == len(self.times):     # a new chunk (after clear(): the old ones first)
            self.times.append(array("i", bytes(4 * 64)))
            self.moves.append(array("H", bytes(2 * 64)))
        self.times[c][i & 63] = t
        self.moves[c][i & 63] = seat << 8 | action
        self.n = i + 1

    def clear(self):
        """Empty the log; its chunks stay allocated for the entries to come."""
        self.n = 0

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("timed log index out of range")
        m = self.moves[i >> 6][i & 63]
        return (self.times[i >> 6][i & 63], m >> 8, m & 0xFF)

    def __iter__(self):
        for i in range(self.n):
            yield self[i]

    def pair_words(self, start=0):
        """seat << 8 | action of every entry from `start`, as stored: a game save writes
        these and time_stamps() without a tuple per entry (core/save.py)."""
        for i in range(start, self.n):
            yield self.moves[i >> 6][i & 63]

    def time_stamps(self, start=0):
        for i in range(start, self.n):
            yield self.times[i >> 6][i & 63]

    def __eq__(self, other):
        return list(self) == list(other)


class UntimedView:
    """(seat, action) pairs of a TimedLog: Game.history without a second copy."""

    def __init__(self, log):
        self.log = log

    def __len__(self):
        return len(self.log)

    def __getitem__(self, i):
        t, seat, action = self.log[i]
        return (seat, action)

    def __iter__(self):
        for i in range(len(self.log)):
            yield self[i]

    def __eq__(self, other):
        return list(self) == list(other)


class SpeedView:
    """What one seat may know, in preallocated fields, for bots and the UI (ruling T-3).

    Filled by Speed.fill_view without allocating.  It holds the seat's own hand, the two
    centre tops, the public counts and signals: never the opponent's hand or any pile
    order.  `version` changes whenever anything visible changes.
    """

    def __init__(self):
        self.seat = 0
        self.own_pile = PILE_R
        self.hand = bytearray(HAND_MAX)
        self.n_hand = 0
        self.tops = bytearray(2)
        self.counts = bytearray(6)   # hand, draw, spit of seat 0 then seat 1
        self.count_down = False
        self.stand_still_spit = False
        self.winner_yells = False
        self.called = False          # this seat's Spit is pending (Stand Still Spit)
        self.opp_called = False
        self.emptied = False         # this seat emptied hand and draw (Winner Yells Spit)
        self.opp_emptied = False
        self.standstills = 0         # stand-stills so far this round (public)
        self.round_no = 0
        self.now = 0
        self.version = 0
        self.over = False
