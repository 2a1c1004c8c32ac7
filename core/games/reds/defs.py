"""Reds' action ids, phase names and the names its records use, shared by the engine
(core/games/reds/rules.py) and the modules it loads on demand (text.py, sealed.py,
result.py), which therefore need not import the engine.  Action ids: a card is 0..63; bid k is BID_BASE + k, giving card c is GIVE_BASE + c,
taking it back UNGIVE_BASE + c (docs/records.md).
"""
from micropython import const

from core.cards import REDS_DECK
from core.trick import NO_SUIT

MAX_BID = const(5)
BID_BASE = const(64)
GIVE_BASE = const(128)
UNGIVE_BASE = const(192)
BID_SEALED = const(127)         # "bid:sealed": a hidden bid kept sealed until the reveal
MAX_EXTRA_ROUNDS = const(9)     # ruling R-6
DIRECTION_NAMES = {1: "left", -1: "right", 0: "none"}   # an exchange's direction, +1 = left

# Phases (Reds.phase)
BID = "bid"
EXCHANGE = "exchange"
PLAY = "play"
REVEAL = "reveal"
OVER = "over"


def suit_letter(suit):
    return None if suit == NO_SUIT else REDS_DECK.suits[suit]


def anti_of(obs):
    """The observation's anti-trump suit (Spades 1, Clubs 2), NO_SUIT in a round without
    one: what the AI's bid, pass and card play read."""
    a = obs["anti"]
    if a is None:
        return NO_SUIT
    return 1 if a == "S" else 2
