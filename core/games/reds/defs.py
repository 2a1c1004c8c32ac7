"""Reds' action ids and phase names, shared by the engine (core/games/reds/rules.py) and
the modules it loads on demand (text.py, sealed.py), which therefore need not import the
engine.  Action ids: a card is 0..63; bid k is BID_BASE + k, giving card c is GIVE_BASE + c,
taking it back UNGIVE_BASE + c (docs/records.md).
"""
from micropython import const

MAX_BID = const(5)
BID_BASE = const(64)
GIVE_BASE = const(128)
UNGIVE_BASE = const(192)
BID_SEALED = const(127)         # "bid:sealed": a hidden bid kept sealed until the reveal

# Phases (Reds.phase)
BID = "bid"
EXCHANGE = "exchange"
PLAY = "play"
REVEAL = "reveal"
OVER = "over"
