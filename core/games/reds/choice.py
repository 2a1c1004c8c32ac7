"""Reds decisions before the cards are played: the bid and the pass, from the seat's
observation (core/games/reds/ai.py imports this for each and drops it after, so it is
not on the heap during card play: docs/memory.md).

Bidding and passing both look at the hand after the exchange: keep the 5-k cards that
serve the bid best, receive k cards of the expected value (with its spread), and read
PTS (core/games/reds/eval.py: the host-made tables, the card values and estimates the
card play's model of hidden bids reads too).  For nil the cards are weighed by VAL0, so
the pass sheds the cards that would take a trick against our will (issue #17: Reds
--seed 7, round 7 kept a lone KS under spade anti-trump).  The pass is chosen as a
whole set and emitted one `give` at a time: every call recomputes the set from the
observation (the hand still holds the chosen cards until delivery) and gives its next
card, or takes back a chosen card that is not in it.
"""
from micropython import const

from core.games.reds import eval as ev
from core.games.reds.defs import GIVE_BASE, UNGIVE_BASE, anti_of
try:
    from core.games.reds import recv as _R    # RECV, RECV0: dropped with this module
except ImportError:   # only while tools/gen_reds_tables.py makes the first table
    _R = None

UNKNOWN_BID = const(6)
MAX_PASS = const(4)
SHIFT = 15
SHIFT_MAX = 15      # at most one bid's worth: the others' bids are evidence, not gospel


def received_value(n, k, giver_bid, nil=False):
    """Mean value (hundredths; `nil`: in VAL0 terms) of one card passed by a giver who
    bid `giver_bid` (UNKNOWN_BID when it is not visible)."""
    return (_R.RECV0 if nil else _R.RECV)[((n - 2) * (MAX_PASS + 1) + k) * 7 + giver_bid]


def spread(n, anti, nil=False):
    """Standard deviation (hundredths) of one card's value over the deck, for n players."""
    tot = 0
    sq = 0
    for s in range(3):
        for r in range(13):
            v = ev.card_value(n, s << 4 | r, anti, nil)
            tot += v
            sq += v * v
    mean = tot // 39
    var = sq // 39 - mean * mean
    x = 0
    while (x + 1) * (x + 1) <= var:
        x += 1
    return x


def outlook(n, keep_est, k, recv_mean, sd, bid):
    """Expected points (x10) when `keep_est` is kept and k cards of mean `recv_mean` and
    spread `sd` arrive: a three-point Gauss-Hermite average over the received value."""
    ep = ev.expected_points
    if k == 0:
        return ep(n, keep_est, bid)
    mid = keep_est + k * recv_mean
    # sqrt(3 k) sd: the outer nodes of the 3-point rule for a sum of k values.
    w = 0
    while (w + 1) * (w + 1) <= 3 * k * sd * sd:
        w += 1
    return (4 * ep(n, mid, bid) + ep(n, mid - w, bid) + ep(n, mid + w, bid)) // 6


def subsets(size, k):
    """Bitmasks over `size` positions with exactly k bits, in increasing order."""
    out = []
    for m in range(1 << size):
        c = 0
        x = m
        while x:
            x &= x - 1
            c += 1
        if c == k:
            out.append(m)
    return out


class ExchangePlan:
    """What the seat passes for a given bid, and what that is worth.

    `best(bid)` returns (value x10, mask over `cards`) for the pass that maximises the
    seat's expected points plus, if the receiver's bid is known, `spoil` times the points
    the receiver is expected to lose by getting cards far from what it planned for.
    `recv` and `sd` are pairs: the received cards' mean value and spread in VAL and in
    VAL0 terms (a nil bid weighs the cards by VAL0)."""

    def __init__(self, n, cards, anti, k, recv, sd, receiver_bid=None, spoil=0, shift=0):
        self.n = n
        self.shift = shift
        self.cards = cards
        self.k = k
        self.recv = recv
        self.sd = sd
        self.values = ([ev.card_value(n, c, anti) for c in cards],
                       [ev.card_value(n, c, anti, True) for c in cards])
        self.receiver_bid = receiver_bid
        self.spoil = spoil
        self.masks = subsets(len(cards), k) if k else [0]

    def _given(self, mask, nil=0):
        v = 0
        vals = self.values[nil]
        for i in range(len(self.cards)):
            if (mask >> i) & 1:
                v += vals[i]
        return v

    def _harm(self, mask):
        """Points (x10) the receiver loses: it expects k cards of the mean value."""
        rb = self.receiver_bid
        if rb is None or not self.spoil:
            return 0
        n = self.n
        nil = 1 if rb == 0 else 0
        planned = rb * 100
        dev = self._given(mask, nil) - self.k * self.recv[nil]
        return (ev.expected_points(n, planned, rb) - ev.expected_points(n, planned + dev, rb)) * self.spoil

    def best(self, bid):
        best_v = -99999
        best_m = 0
        nil = 1 if bid == 0 else 0
        total = sum(self.values[nil]) + (0 if nil else self.shift)
        for m in self.masks:
            given = self._given(m, nil)
            v = outlook(self.n, total - given, self.k, self.recv[nil], self.sd[nil], bid) * 4
            v += self._harm(m)
            # ties: pass the weaker cards (less help to the receiver)
            if v > best_v or (v == best_v and self._given(m) < self._given(best_m)):
                best_v = v
                best_m = m
        return best_v, best_m


def choose_bid(plan):
    """The bid whose best pass has the highest value (ties: the lower bid)."""
    best_b = 0
    best_v = -99999
    for b in range(ev.N_BIDS):
        v, _ = plan.best(b)
        if v > best_v:
            best_v = v
            best_b = b
    return best_b


def bid_shift(n, bids, seat):
    """Hundredths of a trick to add to the seat's estimate for a positive bid, from the
    other seats' public bids: each bid above the mean (4.5 / n) claims tricks we would
    otherwise take, each below leaves some (SHIFT hundredths per bid)."""
    tot = 0
    cnt = 0
    for s in range(len(bids)):
        if s != seat and bids[s] is not None:
            tot += bids[s]
            cnt += 1
    shift = -SHIFT * (100 * tot - cnt * 450 // n) // 100
    # Capped: against players who overbid (the random bot bids up to 5) the full shift
    # made us underbid and cost 7.7 points a game; the cap keeps the gain against
    # sensible bidders (docs/ai.md, "Reds bidding and exchange").
    return max(-SHIFT_MAX, min(SHIFT_MAX, shift))


def make_plan(n, cards, anti, k, giver_bid=UNKNOWN_BID, receiver_bid=None, spoil=0, shift=0):
    """The ExchangePlan with the received cards' expected value and spread from the
    tables, in both VAL and VAL0 terms."""
    return ExchangePlan(n, cards, anti, k,
                        (received_value(n, k, giver_bid), received_value(n, k, giver_bid, True)),
                        (spread(n, anti), spread(n, anti, True)), receiver_bid, spoil, shift)


# -- the decisions, from the observation ------------------------------------------------
def plan(obs, spoil):
    """The seat's ExchangePlan: its hand, the exchange to come (the giver's and the
    receiver's bids when public) and the other seats' public bids."""
    n = obs["n_players"]
    seat = obs["seat"]
    k = obs["pass_count"]
    bids = obs["bids"]
    to = obs["pass_to"]
    giver_bid = UNKNOWN_BID
    receiver_bid = None
    if k:
        giver = (2 * seat - to) % n      # passes come from the other direction
        if bids[giver] is not None and giver != seat:
            giver_bid = bids[giver]
        receiver_bid = bids[to]
    return make_plan(n, sorted(obs["hand"]), anti_of(obs), k, giver_bid, receiver_bid, spoil,
                     bid_shift(n, bids, seat))


def bid(obs, spoil):
    """The bid (0..5) for the round, looking through the exchange that follows."""
    return choose_bid(plan(obs, spoil))


def give(obs, spoil):
    """The next exchange action: give a card of the chosen pass, or take back one not in
    it (the pass for the seat's own bid)."""
    p = plan(obs, spoil)
    own = obs["bids"][obs["seat"]]
    if own is None:     # a linked unit that has not got its sealed bid back yet
        own = choose_bid(p)
    _, m = p.best(own)
    want = [p.cards[i] for i in range(len(p.cards)) if (m >> i) & 1]
    chosen = obs["pass_chosen"]
    for c in chosen:
        if c not in want:
            return UNGIVE_BASE + c
    for c in want:
        if c not in chosen:
            return GIVE_BASE + c
    return obs["legal"][0]
