"""The fixed-memory trick resolver shared by Speed Run, Stepping Stones and Reds.

One resolver object is made per game and reused for every trick: the cards of the trick
live in preallocated bytearrays and every method works on small ints and the caller's
preallocated arrays, so no call after set-up allocates (tests/core/test_trick_alloc.py
proves it under micropython.heap_lock() on the unix and WebAssembly ports).

Cards use core.cards' encoding (``suit << 4 | rank``, rank 0 = lowest label); hands are
per-suit masks.  "Low" ranking means the lowest label is the strongest (1 High).
"""
from micropython import const

from core.cards import SUIT_SHIFT, RANK_MASK

NO_SUIT = const(0xFF)

# How followers are constrained (legal_masks).
FOLLOW = const(0)       # must follow, may beat (T-2): Speed Run, Stepping Stones, Reds
MUST_BEAT = const(1)    # must follow, must beat when able (SS-8)
MAY_TRUMP = const(2)    # a follower may trump even while holding the led suit (SS-7)

# Card ranking of a hand.
RANK_HIGH = const(0)    # 10 High / 9 High / A high
RANK_LOW = const(1)     # 1 High
RANK_SLALOM = const(2)  # switches every trick (SR-3, SS-2)
RANK_BELL = const(3)    # switches every four tricks (SR-3)

MAX_PLAYERS = const(6)


def trick_is_low(ranking, start_low, k):
    """True when 1 is high in trick k (0-based) of a hand with this ranking."""
    if ranking == RANK_HIGH:
        return False
    if ranking == RANK_LOW:
        return True
    if ranking == RANK_SLALOM:
        return bool(start_low ^ (k & 1))
    return bool(start_low ^ ((k >> 2) & 1))  # ruling SR-3: tricks 1-4, 5-8, 9-12


class TrickResolver:
    """Legal-card masks and the winner of the trick in progress."""

    def __init__(self, n_players, n_ranks):
        if not 2 <= n_players <= MAX_PLAYERS:
            raise ValueError("2 to 6 players")
        if not 1 <= n_ranks <= 13:
            raise ValueError("suits of 1 to 13 ranks")
        self.n_players = n_players
        self.full = (1 << n_ranks) - 1
        self.cards = bytearray(MAX_PLAYERS)
        self.seats = bytearray(MAX_PLAYERS)
        self.count = 0
        self.trump = NO_SUIT
        self.anti = NO_SUIT
        self.mode = FOLLOW
        self.low = False

    def set_rules(self, trump=NO_SUIT, anti=NO_SUIT, mode=FOLLOW):
        """Trump suit (or NO_SUIT), Reds' anti-trump suit (or NO_SUIT), follow mode."""
        self.trump = trump
        self.anti = anti
        self.mode = mode

    def start(self, low):
        """Begin a trick; `low` is True when 1 is high in this trick."""
        self.count = 0
        self.low = low

    def play(self, seat, card):
        i = self.count
        self.cards[i] = card
        self.seats[i] = seat
        self.count = i + 1

    def led_suit(self):
        return self.cards[0] >> SUIT_SHIFT if self.count else NO_SUIT

    def is_complete(self):
        return self.count == self.n_players

    # -- winner ------------------------------------------------------------------------
    def _category(self, suit, led):
        """How strong a suit is in this trick: 3 trump, 2/1 led side, 0 cannot win."""
        if suit == self.trump:
            return 3
        if led == self.anti:
            # Ruling R-1: anti-trump led -> a neutral card beats any anti-trump card.
            return 1 if suit == self.anti else 2
        return 2 if suit == led else 0

    def winner_index(self):
        """Index (in play order) of the card winning the trick so far."""
        cards = self.cards
        led = cards[0] >> SUIT_SHIFT
        best = 0
        best_card = cards[0]
        best_cat = self._category(led, led)
        low = self.low
        i = 1
        while i < self.count:
            c = cards[i]
            cat = self._category(c >> SUIT_SHIFT, led)
            if cat > best_cat:
                best = i
                best_card = c
                best_cat = cat
            elif cat == best_cat and cat:
                r = c & RANK_MASK
                b = best_card & RANK_MASK
                if (r < b) if low else (r > b):
                    best = i
                    best_card = c
            i += 1
        return best

    def winner_seat(self):
        return self.seats[self.winner_index()]

    # -- legal cards -------------------------------------------------------------------
    def legal_masks(self, hand, out):
        """Write the legal cards of `hand` (per-suit masks) into `out`; return True if
        the player is constrained (following), False if any card may be played."""
        n = len(hand)
        if self.count == 0:
            for s in range(n):
                out[s] = hand[s]
            return False
        led = self.cards[0] >> SUIT_SHIFT
        follow = hand[led]
        if not follow:
            for s in range(n):
                out[s] = hand[s]
            return False
        for s in range(n):
            out[s] = 0
        mode = self.mode
        if mode == MUST_BEAT:
            # Ruling SS-8: beat the strongest card if able; off-suit never beats led suit.
            w = self.cards[self.winner_index()]
            if (w >> SUIT_SHIFT) == led:
                r = w & RANK_MASK
                if self.low:
                    beating = follow & ((1 << r) - 1)
                else:
                    beating = follow & self.full & ~((2 << r) - 1)
                out[led] = beating if beating else follow
            else:
                out[led] = follow
        else:
            out[led] = follow
            trump = self.trump
            if mode == MAY_TRUMP and trump != NO_SUIT and trump != led:
                out[trump] = hand[trump]  # ruling SS-7
        return True

    def is_legal(self, hand, card, scratch):
        """True when `card` (held in `hand`) may be played now; `scratch` is a 4-entry
        array the caller owns, used to avoid allocating."""
        suit = card >> SUIT_SHIFT
        if not (hand[suit] >> (card & RANK_MASK)) & 1:
            return False
        self.legal_masks(hand, scratch)
        return bool((scratch[suit] >> (card & RANK_MASK)) & 1)
