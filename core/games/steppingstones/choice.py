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
"""
from array import array

from micropython import const

from core.games.steppingstones.rules import (KIND_NAMES, BID_BASE, PASS, RANK_1HIGH, RANK_9HIGH,
                                             REDO_BASE, TRUMP_BASE)
from core.games.steppingstones import eval as ev

# Thresholds in expected game points x 64 (64 = one game point).
_BID_AT = const(24)        # with an even share of the remaining declarations
_SHARE_SLOPE = const(48)   # lowered by this much as the share of them grows to all
_PUDDLE_EXTRA = const(24)  # passing as the last bidder puts another forehand in the puddle
_TOKEN_WORTH = const(32)   # a redo token kept for later, while many hands remain
_EASY_TYPICAL = const(40)  # easy: tenths of a trick a contract typically makes


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
    now = _expected_points(values, ev.hist_table(), ev.hand_hist(kind, est))
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
        est = ev.best_announcement(kind, hand)[0]
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
    _, low, _ = ev.best_announcement(kind, _mask_of(obs["hand"]))
    return RANK_1HIGH if low else RANK_9HIGH


def trump(obs):
    kind = ev.kind_of(obs["contract"])
    low = obs["rank"] == "1high"
    hand = _mask_of(obs["hand"])
    best = -1
    best_t = 0
    for t in range(4):
        e = ev.estimate(kind, hand, low, t)
        if e > best:
            best = e
            best_t = t
    return TRUMP_BASE + best_t
