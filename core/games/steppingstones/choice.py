"""Stepping Stones decisions before the cards are played, from the seat's observation.

    bid    for each open contract (and each redo while the token is held): the expected
           game points of its row (SS-6) if played with this hand now, from the host-made
           histogram of results for such hands, minus the expected points if it is left
           for later (the TYPICAL histogram of results in AI games).  Bid the best gain
           when it clears a threshold that falls as the seat's share of the remaining
           declarations grows (it must declare all its open contracts in the hands left)
           and rises when passing would push another forehand into the puddle; a redo
           must also beat the worth of keeping the token.  In the puddle, the best gain.
           `plan=False` (easy): gains are expected tricks against a fixed typical result,
           with no look at the scoresheet.
    rank   the ranking whose estimate is best for the contract (and, for Pick / May Trump,
    trump  with the best trump suit).

`estimate(kind, hand, low, trump)` scores a 12-card hand (per-suit masks) for a contract
in tenths of a trick the declarer would take (Lose contracts: tricks it cannot avoid).
It is a feature, not a prediction: tools/gen_steppingstones_tables.py plays many hands on
the host and ships, per contract and estimate bucket, the histogram of the declarer's
counted tricks (core/games/steppingstones/hist.py).  The AI imports this module for these
decisions and drops it, with hist.py, at card play (docs/memory.md).
"""
from array import array

from micropython import const

from core.games.steppingstones.rules import (KIND_NAMES, BID_BASE, PASS, RANK_1HIGH, RANK_9HIGH,
                                             REDO_BASE, TRUMP_BASE)
from core.cards import popcount
from core.games.steppingstones import eval as ev
from core.games.steppingstones.eval import (KIND_PROPS, K_LOSE, K_MUSTBEAT, K_SLALOM, K_TRUMP,
                                            N_BUCKETS, N_RESULTS)

# Thresholds in expected game points x 64 (64 = one game point).
_BID_AT = const(24)        # with an even share of the remaining declarations
_SHARE_SLOPE = const(48)   # lowered by this much as the share of them grows to all
_PUDDLE_EXTRA = const(24)  # passing as the last bidder puts another forehand in the puddle
_TOKEN_WORTH = const(32)   # a redo token kept for later, while many hands remain
_EASY_TYPICAL = const(40)  # easy: tenths of a trick a contract typically makes


# -- the hand's estimate (only these decisions read it) ---------------------------------
# Tenths of a trick for a side-suit card with h higher cards held by others (when the
# suit is long enough to keep it until they are gone), and for a trump.
_SIDE = b"\x0a\x06\x03\x01"
_TRUMP = b"\x0a\x08\x07\x06\x05\x04\x04\x03\x03"
# Lose contracts: tenths of a trick a card risks taking with h higher cards held by others.
_DANGER = b"\x09\x06\x04\x03\x02\x01\x00"


def _win_suit(m, low, is_trump):
    """Tenths of tricks from one suit's cards, by the higher cards others hold."""
    length = popcount(m)
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
    length = popcount(m)
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
    trumps = popcount(hand[trump]) if 0 <= trump < 4 else 0
    for s in range(4):
        m = hand[s]
        if props & K_SLALOM:
            a = _win_suit(m, low, False)
            b = _win_suit(m, not low, False)
            est += ((a if a > b else b) * 7) // 10
            continue
        est += _win_suit(m, low, s == trump)
        if s != trump:
            length = popcount(m)
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
    """Offset into HIST of the result histogram for such hands (64ths)."""
    return (kind * N_BUCKETS + bucket(est)) * N_RESULTS


def hist_table():
    """HIST, in a module of its own (core/games/steppingstones/hist.py), dropped with
    this one at card play."""
    t = getattr(ev._T, "HIST", None)     # the generator's tables while it makes them
    if t is None:
        from core.games.steppingstones.hist import HIST as t
    return t


def _mask_of(cards):
    h = array("H", (0, 0, 0, 0))
    for c in cards:
        h[c >> 4] |= 1 << (c & 15)
    return h


def _expected_points(out, hist, hoff):
    """Sum over results x of P(x) * out[x]  (64ths of a point)."""
    total = 0
    for x in range(ev.N_RESULTS):
        total += hist[hoff + x] * out[x]
    return total // (ev.PROB_ONE * ev.PROB_ONE)


def _row(obs, name):
    for entry in obs["scoresheet"]:
        if entry["contract"] == name:
            return entry["tricks"]
    raise ValueError("no scoresheet row for %r" % name)


def _gain(obs, kind, name, est, redo, values):
    """Expected game points (64ths) of declaring `kind` now over leaving it for later
    (a redo: over keeping the result on the sheet)."""
    seat = obs["seat"]
    row = _row(obs, name)
    typical = ev.typical_table()
    toff = kind * ev.N_RESULTS
    old = row[seat] if redo else None
    ev.row_value(values, seat, seat, row, kind, old, typical, toff)
    now = _expected_points(values, hist_table(), hand_hist(kind, est))
    if redo:
        later = values[old] // ev.PROB_ONE
    else:
        later = _expected_points(values, typical, toff)
    return now - later


def _easy_gain(kind, est):
    if ev.KIND_PROPS[kind] & ev.K_LOSE:
        return (_EASY_TYPICAL - est) * 64 // 10
    return (est - _EASY_TYPICAL) * 64 // 10


def _open_counts(obs):
    """(open contracts of this seat, open contracts of all seats)."""
    mine = 0
    total = 0
    for entry in obs["scoresheet"]:
        tricks = entry["tricks"]
        for s in range(3):
            if tricks[s] is None:
                total += 1
                if s == obs["seat"]:
                    mine += 1
    return mine, total


def bid(obs, legal, plan):
    hand = _mask_of(obs["hand"])
    values = array("i", range(ev.N_RESULTS))
    best_a = -1
    best_g = -(1 << 20)
    for a in legal:
        if a == PASS:
            continue
        redo = a >= REDO_BASE
        kind = a - (REDO_BASE if redo else BID_BASE)
        name = KIND_NAMES[kind]
        est = best_announcement(kind, hand)[0]
        if plan:
            g = _gain(obs, kind, name, est, redo, values)
        else:
            g = _easy_gain(kind, est)
        if redo:
            g -= _token_worth(obs) if plan else 3 * 64
        if g > best_g:
            best_g = g
            best_a = a
    if PASS not in legal:
        return best_a
    if best_a < 0:
        return PASS
    if not plan:
        return best_a if best_g > 0 else PASS
    return best_a if best_g > threshold(obs) else PASS


def threshold(obs):
    """Gain (64ths of a point) a bid must clear: lower as this seat's share of the
    remaining declarations grows; higher when passing puts another forehand in the
    puddle."""
    mine, total = _open_counts(obs)
    if total == 0 or mine == 0:
        return _BID_AT
    if mine == total:
        return -(1 << 20)        # every hand left is ours to declare
    # share: 1/3 is even; 1 means every remaining hand
    t = _BID_AT - _SHARE_SLOPE * (3 * mine - total) // (2 * total)
    seat = obs["seat"]
    if len(obs["passed"]) == 2 and obs["forehand"] != seat:
        t += _PUDDLE_EXTRA
    return t


def _token_worth(obs):
    mine, total = _open_counts(obs)
    return _TOKEN_WORTH * total // 12


def rank(obs):
    kind = ev.kind_of(obs["contract"])
    _, low, _ = best_announcement(kind, _mask_of(obs["hand"]))
    return RANK_1HIGH if low else RANK_9HIGH


def trump(obs):
    kind = ev.kind_of(obs["contract"])
    low = obs["rank"] == "1high"
    hand = _mask_of(obs["hand"])
    best = -1
    best_t = 0
    for t in range(4):
        e = estimate(kind, hand, low, t)
        if e > best:
            best = e
            best_t = t
    return TRUMP_BASE + best_t
