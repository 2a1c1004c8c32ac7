"""Speed Run hand evaluation: a quick trick estimate and the host-made contract table.

`estimate(hand, trump, ranking, start_low)` scores a 12-card hand (per-suit masks) in
tenths of a trick from per-card values; it allocates nothing, so the PIMC adapter can
model the other seats' contract choices inside its sampling loop.  It is a feature, not
a prediction: tools/gen_speedrun_tables.py measures, by simulation on the host, the mean
score each contract earns for hands in each estimate bucket, and ships that as
core/games/speedrun/table.py.  `expected_score` reads it.
"""
from array import array

from micropython import const

from core.trick import NO_SUIT, RANK_HIGH, RANK_LOW, RANK_SLALOM
from core.games.speedrun.defs import RANKINGS, BOARD_NAMES
try:
    from core.games.speedrun import table as _T
except ImportError:   # only while tools/gen_speedrun_tables.py makes the first table
    _T = None

N_BUCKETS = const(25)      # estimate buckets of half a trick: 0..12 tricks
N_FAMILIES = const(6)      # (fixed, slalom, bell) x (no trump, trump)
N_BOARDS = const(9)

# Tenths of a trick per card by its place in the ranking direction (0 weakest .. 9 top).
_PLAIN = b"\x00\x00\x00\x00\x01\x02\x03\x04\x06\x09"
_TRUMP = b"\x03\x03\x04\x04\x05\x05\x06\x07\x08\x09"


def family(trump, ranking):
    f = 0 if ranking <= RANK_LOW else (1 if ranking == RANK_SLALOM else 2)
    return f * 2 + (0 if trump == NO_SUIT else 1)


def _card_value(place, other, ranking, table):
    """Value of one card: `place` in the main direction, `other` in the opposite one."""
    if ranking <= RANK_LOW:
        return table[place]
    a = table[place]
    b = table[other]
    if ranking == RANK_SLALOM:
        return ((a if a > b else b) * 7) // 10
    # Bell Curve: 8 tricks in the starting direction, 4 in the other.
    b = (b * 2) // 3
    return a if a > b else b


def estimate(hand, trump, ranking, start_low):
    """Estimated tricks of a hand, in tenths."""
    low = ranking == RANK_LOW or (ranking > RANK_LOW and start_low)
    est = 0
    trumps = 0
    if trump != NO_SUIT:
        m = hand[trump]
        while m:
            m &= m - 1
            trumps += 1
    for s in range(4):
        m = hand[s]
        table = _TRUMP if s == trump else _PLAIN
        length = 0
        r = 0
        while m:
            if m & 1:
                length += 1
                place = 9 - r if low else r
                est += _card_value(place, 9 - place, ranking, table)
            m >>= 1
            r += 1
        if s != trump:
            if trumps >= 3 and length <= 1:
                est += 5 if length == 0 else 3   # ruffing
            if trump == NO_SUIT and length > 4:
                est += (length - 4) * 3          # long suit runs
    if trumps > 3:
        est += (trumps - 3) * 4
    return est


def bucket(est):
    b = est // 5
    return b if b < N_BUCKETS else N_BUCKETS - 1


def expected_score(fam, bkt, board):
    """Mean score (in tenths) the AI's play earns with `board` for such hands."""
    return _T.SCORE[(fam * N_BUCKETS + bkt) * N_BOARDS + board] - _T.OFFSET


# -- the observation's labels, read by the card play (speedrun_play) and speedrun_choice --
SUITS = "SHDC"


def _board_of(label):
    """Board index of "contract:win4" / "redo:most", -1 for anything else."""
    if not label or ":" not in label:
        return -1
    name = label.split(":")[1]
    for b in range(N_BOARDS):
        if BOARD_NAMES[b] == name:
            return b
    return -1


def _ranking_of(label):
    for i in range(len(RANKINGS)):
        if RANKINGS[i][0] == label:
            return i
    return -1


def _trump_of(label):
    return NO_SUIT if label == "none" else SUITS.find(label)


def _mask_of(cards):
    h = array("H", (0, 0, 0, 0))
    for c in cards:
        h[c >> 4] |= 1 << (c & 15)
    return h
