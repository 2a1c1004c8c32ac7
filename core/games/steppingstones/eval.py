"""Stepping Stones contract properties and game-point arithmetic for the AI, read by the
card play and by the decisions before it (the hand estimate is steppingstones_choice's,
which only they load).

tools/gen_steppingstones_tables.py plays many hands on the host and ships the histogram of
results contracts get in AI games (TYPICAL, core/games/steppingstones/table.py, each
histogram summing to 64), used for results still to come.

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

def kind_of(name):
    for k in range(N_KINDS):
        if KIND_NAMES[k] == name:
            return k
    raise ValueError("unknown contract %r" % name)


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
