"""Reds hand evaluation: card values, expected round points per bid, bidding and passing.

Host-made tables (core/games/reds/table.py, written by tools/gen_reds_tables.py):
    VAL   per player count, card class (trump / neutral-or-plain / anti-trump) and rank:
          how often such a card takes a trick, in hundredths; a hand's estimate is the sum
    VAL0  the same for a seat playing for nil: how often the card takes a trick its
          holder tries to lose (a lone high anti-trump is a nil bid's worst card)
    PTS   per player count, estimate and bid: mean round points (x10) the AI's playout
          policy earns with a 5-card hand of that estimate aiming at that bid; the nil
          column is indexed by the VAL0 estimate, the others by the VAL one
    RECV  per player count, exchange count and the giver's bid (6 = not known): the mean
          value of one card received in the exchange, in hundredths; RECV0 in VAL0 terms
Bidding and passing both look at the hand after the exchange: keep the 5-k cards that
serve the bid best, receive k cards of the expected value (with its spread), and read
PTS.  For nil the cards are weighed by VAL0, so the pass sheds the cards that would take
a trick against our will (issue #17: Reds --seed 7, round 7 kept a lone KS under spade
anti-trump).  The estimate functions take per-suit masks and allocate nothing, so the
play search can model a hidden bid per sampled deal.
"""
from micropython import const

from core.trick import NO_SUIT
try:
    from core.games.reds import table as _T
except ImportError:   # only while tools/gen_reds_tables.py makes the first table
    _T = None

N_COUNTS = const(5)      # 2..6 players
N_BUCKETS = const(26)    # estimate in steps of 0.2 trick: 0..5 tricks
STEP = const(20)         # hundredths of a trick per bucket
N_BIDS = const(6)
UNKNOWN_BID = const(6)
MAX_PASS = const(4)
SHIFT = 15
SHIFT_MAX = 15      # at most one bid's worth: the others' bids are evidence, not gospel


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


def received_value(n, k, giver_bid, nil=False):
    """Mean value (hundredths; `nil`: in VAL0 terms) of one card passed by a giver who
    bid `giver_bid` (UNKNOWN_BID when it is not visible)."""
    return (_T.RECV0 if nil else _T.RECV)[((n - 2) * (MAX_PASS + 1) + k) * 7 + giver_bid]


def spread(n, anti, nil=False):
    """Standard deviation (hundredths) of one card's value over the deck, for n players."""
    tot = 0
    sq = 0
    for s in range(3):
        for r in range(13):
            v = card_value(n, s << 4 | r, anti, nil)
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
    if k == 0:
        return expected_points(n, keep_est, bid)
    mid = keep_est + k * recv_mean
    # sqrt(3 k) sd: the outer nodes of the 3-point rule for a sum of k values.
    w = 0
    while (w + 1) * (w + 1) <= 3 * k * sd * sd:
        w += 1
    return (4 * expected_points(n, mid, bid) + expected_points(n, mid - w, bid)
            + expected_points(n, mid + w, bid)) // 6


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
        self.values = ([card_value(n, c, anti) for c in cards],
                       [card_value(n, c, anti, True) for c in cards])
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
        return (expected_points(n, planned, rb) - expected_points(n, planned + dev, rb)) * self.spoil

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
    for b in range(N_BIDS):
        v, _ = plan.best(b)
        if v > best_v:
            best_v = v
            best_b = b
    return best_b


def anti_of(obs):
    a = obs["anti"]
    if a is None:
        return NO_SUIT
    return 1 if a == "S" else 2


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
