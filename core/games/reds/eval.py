"""Reds hand evaluation: card values, hand estimates and expected round points per bid.

Host-made tables (core/games/reds/table.py and recv.py, written by tools/gen_reds_tables.py):
    VAL   per player count, card class (trump / neutral-or-plain / anti-trump) and rank:
          how often such a card takes a trick, in hundredths; a hand's estimate is the sum
    VAL0  the same for a seat playing for nil: how often the card takes a trick its
          holder tries to lose (a lone high anti-trump is a nil bid's worst card)
    PTS   per player count, estimate and bid: mean round points (x10) the AI's playout
          policy earns with a 5-card hand of that estimate aiming at that bid; the nil
          column is indexed by the VAL0 estimate, the others by the VAL one
    RECV  per player count, exchange count and the giver's bid (6 = not known): the mean
          value of one card received in the exchange, in hundredths; RECV0 in VAL0 terms
          (recv.py: read by the bid and the pass only)
The bid and the pass read them through core/games/reds/choice.py (loaded only for those
decisions); what stays here is what the card play also reads: the estimate functions
take per-suit masks and allocate nothing, so the play search can model a hidden bid per
sampled deal (model_bid).
"""
from micropython import const

try:
    from core.games.reds import table as _T
except ImportError:   # only while tools/gen_reds_tables.py makes the first table
    _T = None

N_COUNTS = const(5)      # 2..6 players
N_BUCKETS = const(26)    # estimate in steps of 0.2 trick: 0..5 tricks
STEP = const(20)         # hundredths of a trick per bucket
N_BIDS = const(6)


def card_class(suit, anti):
    """0 trump (diamonds), 2 anti-trump, 1 neutral (or plain, with no anti-trump: R-2)."""
    if suit == 0:
        return 0
    return 2 if suit == anti else 1


def card_value(n, card, anti, nil=False):
    """Hundredths of a trick a card is worth with n players (`nil`: taken against the
    will of a seat playing for nil)."""
    return (_T.VAL0 if nil else _T.VAL)[((n - 2) * 3 + card_class(card >> 4, anti)) * 13 + (card & 15)]


def estimate(hand, n, anti, nil=False):
    """Estimated tricks of per-suit masks `hand`, in hundredths (no allocation); `nil`:
    the tricks it takes while playing for nil."""
    val = _T.VAL0 if nil else _T.VAL
    est = 0
    for s in range(3):
        m = hand[s]
        if not m:
            continue
        base = ((n - 2) * 3 + card_class(s, anti)) * 13
        r = 0
        while m:
            if m & 1:
                est += val[base + r]
            m >>= 1
            r += 1
    return est


def expected_points(n, est, bid):
    """Mean round points (x10) for a 5-card hand of estimate `est` aiming at `bid`,
    interpolated between buckets."""
    if est < 0:
        est = 0
    b = est // STEP
    if b >= N_BUCKETS - 1:
        return _T.PTS[((n - 2) * N_BUCKETS + N_BUCKETS - 1) * N_BIDS + bid]
    f = est - b * STEP
    i = ((n - 2) * N_BUCKETS + b) * N_BIDS + bid
    return (_T.PTS[i] * (STEP - f) + _T.PTS[i + N_BIDS] * f) // STEP


def model_bid(n, est, est0):
    """The bid PTS prefers for a hand of estimates `est` (VAL) and `est0` (VAL0), no
    allocation."""
    best = 0
    best_v = -1
    for b in range(N_BIDS):
        v = expected_points(n, est if b else est0, b)
        if v > best_v:
            best_v = v
            best = b
    return best


