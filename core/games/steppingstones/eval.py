"""Stepping Stones hand evaluation and game-point arithmetic for the AI.

`estimate(kind, hand, low, trump)` scores a 12-card hand (per-suit masks) for a contract
in tenths of a trick the declarer would take (Lose contracts: tricks it cannot avoid).
It is a feature, not a prediction: tools/gen_steppingstones_tables.py plays many hands on
the host and ships, per contract and estimate bucket, the histogram of the declarer's
counted tricks (core/games/steppingstones/table.py, each histogram summing to 64), plus the
histogram of results contracts get in AI games (TYPICAL), used for results still to come.

`points(me, a, b, lower)` is ruling SS-6's game points for one seat of a row, without
allocating; `row_value` turns a row of the scoresheet into the expected points of a seat
for every result the declarer may get (the AI's utility table, see steppingstones_play).
"""
from micropython import const

from core.games.steppingstones.rules import KIND_NAMES
try:
    from core.games.steppingstones import table as _T
except ImportError:   # only while tools/gen_steppingstones_tables.py makes the first table
    _T = None

N_KINDS = const(7)
N_BUCKETS = const(25)     # half-trick buckets: 0..12 tricks
N_RESULTS = const(13)     # 0..12 counted tricks
PROB_ONE = const(64)      # histogram entries sum to this

# Contract properties by kind id (KIND_NAMES order): lose, trump picked, slalom, last 6,
# may trump, must beat.
K_LOSE = const(1)
K_TRUMP = const(2)
K_SLALOM = const(4)
K_LAST6 = const(8)
K_MAY = const(16)
K_MUSTBEAT = const(32)
KIND_PROPS = bytes((K_TRUMP, 0, K_LAST6, K_LOSE, K_TRUMP | K_MAY, K_SLALOM, K_LOSE | K_MUSTBEAT))

# Tenths of a trick for a side-suit card with h higher cards held by others (when the
# suit is long enough to keep it until they are gone), and for a trump.
_SIDE = b"\x0a\x06\x03\x01"
_TRUMP = b"\x0a\x08\x07\x06\x05\x04\x04\x03\x03"
# Lose contracts: tenths of a trick a card risks taking with h higher cards held by others.
_DANGER = b"\x09\x06\x04\x03\x02\x01\x00"


def kind_of(name):
    for k in range(N_KINDS):
        if KIND_NAMES[k] == name:
            return k
    raise ValueError("unknown contract %r" % name)


def _count(m):
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


def _win_suit(m, low, is_trump):
    """Tenths of tricks from one suit's cards, by the higher cards others hold."""
    length = _count(m)
    v = 0
    held = 0       # my cards above the current place
    for place in range(8, -1, -1):
        r = 8 - place if low else place
        if (m >> r) & 1:
            missing = 8 - place - held
            if is_trump:
                v += _TRUMP[missing]
            elif missing < 4 and length > missing:
                v += _SIDE[missing]
            held += 1
    return v


def _lose_suit(m, low):
    """Tenths of tricks one suit risks taking in a Lose contract: a card is the more
    dangerous the fewer higher cards others hold (it cannot duck under them)."""
    v = 0
    held = 0       # my cards above the current place
    for place in range(8, -1, -1):
        r = 8 - place if low else place
        if (m >> r) & 1:
            higher = 8 - place - held
            v += _DANGER[higher if higher < 6 else 6]
            held += 1
    length = _count(m)
    if length > 3:
        v += (length - 3) * 3   # long suits get forced late
    return v


def estimate(kind, hand, low, trump):
    """Tenths of tricks for the declarer of `kind` holding `hand` with this ranking
    (`low`: 1 High, Slalom's first trick) and trump suit (0..3 or any other value)."""
    props = KIND_PROPS[kind]
    est = 0
    if props & K_LOSE:
        voids = 0
        for s in range(4):
            if hand[s]:
                est += _lose_suit(hand[s], low)
            else:
                voids += 1
        if props & K_MUSTBEAT:
            est += est // 4
        est -= voids * 4
        return est if est > 0 else 0
    trumps = _count(hand[trump]) if 0 <= trump < 4 else 0
    for s in range(4):
        m = hand[s]
        if props & K_SLALOM:
            a = _win_suit(m, low, False)
            b = _win_suit(m, not low, False)
            est += ((a if a > b else b) * 7) // 10
            continue
        est += _win_suit(m, low, s == trump)
        if s != trump:
            length = _count(m)
            if trumps >= 3 and length <= 1:
                est += 6 if length == 0 else 3   # ruffing
            if trumps == 0 and length > 4:
                est += (length - 4) * 5          # a long suit runs
    if trumps > 4:
        est += (trumps - 4) * 4
    return est


def best_announcement(kind, hand):
    """(estimate, low, trump) of the best ranking and trump for `kind` with `hand`:
    most tricks for Win contracts, fewest for Lose; trump 255 when there is none."""
    props = KIND_PROPS[kind]
    best = -1
    b_low = False
    b_trump = 255
    for low in (False, True):
        for t in ((0, 1, 2, 3) if props & K_TRUMP else (255,)):
            e = estimate(kind, hand, low, t)
            if best < 0 or ((e < best) if props & K_LOSE else (e > best)):
                best = e
                b_low = low
                b_trump = t
    return best, b_low, b_trump


def bucket(est):
    b = est // 5
    return b if b < N_BUCKETS else N_BUCKETS - 1


def hand_hist(kind, est):
    """Offset into _T.HIST of the result histogram for such hands (64ths)."""
    return (kind * N_BUCKETS + bucket(est)) * N_RESULTS


def hist_table():
    return _T.HIST


def typical_table():
    """Per kind, the histogram (64ths) of results contracts get in AI games."""
    return _T.TYPICAL


def points(me, a, b, lower):
    """Ruling SS-6: game points of the seat with result `me` against results `a`, `b`
    (`lower`: fewer tricks is better).  3/1/-1; a tie shares the ranks it spans."""
    better = 0
    tied = 1
    if a == me:
        tied += 1
    elif (a < me) if lower else (a > me):
        better += 1
    if b == me:
        tied += 1
    elif (b < me) if lower else (b > me):
        better += 1
    if tied == 1:
        return 3 - 2 * better
    if tied == 3:
        return 1
    return 2 if better == 0 else 0


# _PAIR[3 * ca + cb]: SS-6 points of a seat whose two rivals are, each, 0 better than
# it, 1 tied with it or 2 worse (results 2, 1, 0 against our 1 in a Win row).
_PAIR = bytes([points(1, 2 - ca, 2 - cb, False) + 1 for ca in range(3) for cb in range(3)])


def _split(lt, eq, known, typical, toff):
    """lt[m] / eq[m]: 64ths that a result (`known`, or unknown: the histogram
    typical[toff:toff + 13]) is below / equal to m, for every m in 0..12."""
    run = 0
    for m in range(N_RESULTS):
        if known is None:
            lt[m] = run
            eq[m] = typical[toff + m]
            run += eq[m]
        else:
            lt[m] = PROB_ONE if known < m else 0
            eq[m] = PROB_ONE if known == m else 0


def _expect(ab, at, bb, bt):
    """Expected points x 64 x 64 against rivals better/tied with 64ths ab, at and bb, bt."""
    aw = PROB_ONE - ab - at
    bw = PROB_ONE - bb - bt
    w = _PAIR
    return (ab * (bb * w[0] + bt * w[1] + bw * w[2]) + at * (bb * w[3] + bt * w[4] + bw * w[5])
            + aw * (bb * w[6] + bt * w[7] + bw * w[8]) - PROB_ONE * PROB_ONE)


def row_value(out, seat, declarer, results, kind, old, typical, toff):
    """out[x] = expected game points x PROB_ONE**2 of `seat` in this row if the declarer's
    counted tricks are x (0..12).  results: the row's three entries (None = not yet
    played; the declarer's own entry is replaced); old: the declarer's earlier result on a
    redo (the better one is kept, SS-9) or None; unknown entries follow the histogram
    typical[toff:toff + 13], independently."""
    lower = KIND_PROPS[kind] & K_LOSE
    third = 3 - seat - declarer if seat != declarer else -1
    # Rivals of `seat` other than the declarer, split against each possible result m.
    lt1 = [0] * N_RESULTS
    eq1 = [0] * N_RESULTS
    lt2 = [0] * N_RESULTS
    eq2 = [0] * N_RESULTS
    if third < 0:
        _split(lt1, eq1, results[(seat + 1) % 3], typical, toff)
        _split(lt2, eq2, results[(seat + 2) % 3], typical, toff)
    else:
        _split(lt1, eq1, results[third], typical, toff)
    mine = results[seat]
    for x in range(N_RESULTS):
        v = x
        if old is not None and not ((x < old) if lower else (x > old)):
            v = old
        total = 0
        for m in range(N_RESULTS):
            if third < 0:
                if m != v:
                    continue
                pm = PROB_ONE
                a_lt = lt1[m]
                a_eq = eq1[m]
                b_lt = lt2[m]
                b_eq = eq2[m]
            else:
                pm = (PROB_ONE if mine == m else 0) if mine is not None else typical[toff + m]
                if not pm:
                    continue
                a_lt = PROB_ONE if v < m else 0      # the declarer's result v
                a_eq = PROB_ONE if v == m else 0
                b_lt = lt1[m]
                b_eq = eq1[m]
            if lower:
                a_b = a_lt
                b_b = b_lt
            else:
                a_b = PROB_ONE - a_lt - a_eq
                b_b = PROB_ONE - b_lt - b_eq
            total += pm * _expect(a_b, a_eq, b_b, b_eq)
        out[x] = total // PROB_ONE
