"""Stepping Stones' action ids, contract kinds and phase names, shared by the engine
(core/games/steppingstones/rules.py) and the modules it loads on demand (why.py), which
therefore need not import the engine.
"""
from micropython import const

NONE = const(-1)            # no result yet on the scoresheet

# Action ids (cards are 0..63).
PASS = const(64)
BID_BASE = const(65)
REDO_BASE = const(72)
RANK_9HIGH = const(79)
RANK_1HIGH = const(80)
TRUMP_BASE = const(81)
LAST_ACTION = const(84)

# Contract kinds: index = kind id.  Flags say how each one is played and scored.
KIND_NAMES = ("win_pick", "win_nt", "win_last6", "lose_nt", "win_may", "win_slalom", "lose_mustbeat")
F_LOSE = const(1)       # fewer tricks is better
F_TRUMP = const(2)      # the declarer picks a trump suit
F_LAST6 = const(4)      # only tricks 7-12 count (SS-5)
F_SLALOM = const(8)     # ranking alternates every trick (SS-2)
F_MAY_TRUMP = const(16)  # SS-7
F_MUST_BEAT = const(32)  # SS-8
KIND_FLAGS = bytes((F_TRUMP, 0, F_LAST6, F_LOSE, F_TRUMP | F_MAY_TRUMP, F_SLALOM, F_LOSE | F_MUST_BEAT))

PHASE_NAMES = ("bid", "rank", "trump", "play", "over")
