"""Cards, decks and hands in a compact encoding shared by all four games.

A card is one small int: ``suit << 4 | rank`` where ``rank`` is the index of the card's
label in its deck (0 = the lowest label) and ``suit`` indexes the deck's suit letters.
The largest card is 0x3C, so a card fits a byte and a pile fits a ``bytearray``.

A hand is an ``array('H')`` of per-suit bitmasks: bit ``rank`` of ``hand[suit]`` is set
when the card is held.  Every deck has at most 13 ranks, so each mask stays below 2**13
(a 40-card hand does not fit one 30-bit int; per-suit masks do).
"""
from array import array

from micropython import const

SUIT_SHIFT = const(4)
RANK_MASK = const(0x0F)
MAX_SUITS = const(4)
NO_CARD = const(0xFF)


def make_card(suit, rank):
    return (suit << SUIT_SHIFT) | rank


def suit_of(card):
    return card >> SUIT_SHIFT


def rank_of(card):
    return card & RANK_MASK


class Deck:
    """A deck: suit letters and rank labels, lowest label first."""

    def __init__(self, name, suits, ranks):
        self.name = name
        self.suits = suits
        self.ranks = ranks
        self.n_suits = len(suits)
        self.n_ranks = len(ranks)
        self.size = self.n_suits * self.n_ranks
        self.full_mask = (1 << self.n_ranks) - 1

    def cards(self):
        """All cards of the deck in a fresh bytearray, suit by suit, rank order."""
        out = bytearray(self.size)
        i = 0
        for s in range(self.n_suits):
            for r in range(self.n_ranks):
                out[i] = make_card(s, r)
                i += 1
        return out

    def is_card(self, card):
        return 0 <= card and suit_of(card) < self.n_suits and rank_of(card) < self.n_ranks

    def label(self, card):
        """Readable name: rank label then suit letter, e.g. "7H", "10S", "AD"."""
        if not self.is_card(card):
            raise ValueError("not a card of the %s deck: %r" % (self.name, card))
        return self.ranks[rank_of(card)] + self.suits[suit_of(card)]

    def parse(self, text):
        """Inverse of label(); raises ValueError naming the text if it is no card."""
        t = text.strip().upper()
        if len(t) >= 2:
            s = self.suits.find(t[-1])
            if s >= 0:
                rank_text = t[:-1]
                for r in range(self.n_ranks):
                    if self.ranks[r] == rank_text:
                        return make_card(s, r)
        raise ValueError("not a card of the %s deck: %r" % (self.name, text))

    def labels(self, cards):
        return " ".join([self.label(c) for c in cards])


_NUMERIC_10 = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10")
# Speed Run: 4 suits of 1-10.  Stepping Stones: 4 suits of 1-9.
SPEEDRUN_DECK = Deck("speedrun", "SHDC", _NUMERIC_10)
STEPPING_DECK = Deck("steppingstones", "SHDC", _NUMERIC_10[:9])
# Reds: no hearts; diamonds are always trump; 2 low .. A high.
REDS_DECK = Deck("reds", "DSC", ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))
# Speed: full deck, A low (A is adjacent to both 2 and K in play, SP-2).
SPEED_DECK = Deck("speed", "SHDC", ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))


def rich_card(deck, card):
    """A card as the tables draw it in text (core/ui/rich.py): "7^H", a 7 and a heart."""
    return deck.ranks[rank_of(card)] + "^" + deck.suits[suit_of(card)]


def new_hand():
    return array("H", (0, 0, 0, 0))


def hand_clear(hand):
    for s in range(MAX_SUITS):
        hand[s] = 0


def hand_add(hand, card):
    hand[card >> SUIT_SHIFT] |= 1 << (card & RANK_MASK)


def hand_remove(hand, card):
    hand[card >> SUIT_SHIFT] &= ~(1 << (card & RANK_MASK))


def hand_has(hand, card):
    return (hand[card >> SUIT_SHIFT] >> (card & RANK_MASK)) & 1


def popcount(mask):
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


def hand_size(hand):
    return popcount(hand[0]) + popcount(hand[1]) + popcount(hand[2]) + popcount(hand[3])


def lowest_rank(mask):
    """Index of the lowest set bit of a non-zero mask."""
    r = 0
    while not (mask >> r) & 1:
        r += 1
    return r


def highest_rank(mask):
    """Index of the highest set bit of a non-zero mask."""
    r = 15
    while not (mask >> r) & 1:
        r -= 1
    return r


def hand_cards(hand, out=None):
    """Cards of a hand in suit then rank order, into `out` (a list) or a new list."""
    if out is None:
        out = []
    for s in range(MAX_SUITS):
        m = hand[s]
        r = 0
        while m:
            if m & 1:
                out.append(make_card(s, r))
            m >>= 1
            r += 1
    return out


def hand_from_cards(cards):
    hand = new_hand()
    for c in cards:
        hand_add(hand, c)
    return hand
