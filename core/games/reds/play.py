"""Reds card play: the PIMC adapter (core/ai/pimc.py) for the seat deciding, 2 to 6 players.

`setup(obs)` reads the position from the observation only: own hand, every card played
and by whom, voids shown by failing to follow, the turned cards (public, out of play,
R-3), the cards this seat passed (known to sit in the receiver's hand until played, T-3),
tricks won and the bids.  The unseen cards are dealt to the other seats and to the rest
of the pack (a holder with no voids).  Per sampled deal, `determinize` puts the known
passed cards back into the receiver's hand and, with hidden bids, models each unknown
bid from the sampled hand (core.games.reds.eval.model_bid, imported only then).  `utility` is the seat's round
points (its team's with partnerships, R-7) against the other seats' mean.  The playout
policy is the simulator's goal policy, made partner-aware by RedsSim.
"""
from array import array

from micropython import const

from core.cards import popcount
from core.games.reds.rules import round_points
from core.ai.sim import TrickSim
from core.ai.sampler import HandSampler
from core.ai.pimc import Pimc, distinct
from core.games.reds.defs import anti_of

NO_MATE = const(255)
# Utility weight of the other seats' points, in quarters of the weight of our own (per
# seat on average): 4 would be exactly the arena's mean-difference figure.
HARM = const(2)
# Sampled deals solved exactly (core/ai/exact.py) from this many cards left to play
# (0: never).  Off: from EXACT_MEASURED cards, the best setting tried, it gained no
# points against greedy and cost 3.5-6 KB of peak heap and ~200 ms of p95 device time
# (docs/ai.md, "Exact endings"); tests/core/test_ai_exact.py keeps the solver right.
EXACT_CARDS = const(0)
EXACT_MEASURED = const(12)
# Samples read the other seats' public bids (issue #17) with this many Metropolis steps
# per sampled deal (core/games/reds/bidread.py; 0: not read, the module is not loaded).
# Off: at the same device time it cost points (fewer samples), with the time added it
# gained nothing measurable (docs/ai.md, "Reds: samples that read the public bids").
MCMC_STEPS = const(0)


class RedsSampler(HandSampler):
    """HandSampler with Hall's condition checked over sets of suits instead of sets of
    holders: all cards of a suit may go to the same holders, so the tightest card sets
    are whole suits, and only suits some holder lacks can make a set fail (at most 7
    suit sets against up to 63 holder sets with six holders; the same deals)."""

    def _feasible(self):
        left = self.left if self._sampling else self.cap
        rem = self.rem
        elig = self.elig
        k = self.k
        full = (1 << k) - 1
        c = 0
        for s in range(4):
            if elig[s] != full and rem[s]:
                c |= 1 << s
        t = c
        while t:
            need = 0
            nb = 0
            for s in range(4):
                if (t >> s) & 1:
                    need += rem[s]
                    nb |= elig[s]
            room = 0
            for h in range(k):
                if (nb >> h) & 1:
                    room += left[h]
            if need > room:
                return False
            t = (t - 1) & c
        return True


class RedsSim(TrickSim):
    """TrickSim whose playout policy lets a partner take a trick it still needs."""

    def __init__(self, n):
        TrickSim.__init__(self, n, 13, 5)
        self.mate = bytearray(n)

    def want_win(self, seat):
        want = self.won[seat] < self.goal[seat]
        p = self.mate[seat]
        if p != NO_MATE and self.res.count and self.best_seat == p:
            # Partner holds the trick so far: leave it when partner still needs tricks,
            # take it over only when partner is already at its bid and we are not.
            if self.won[p] < self.goal[p]:
                return False
        return want


class RedsPlay:
    """The search machinery for n players, shared by a game's AI seats (core/ai/sliced.py)."""

    def __init__(self, n, exact_cards=EXACT_CARDS, mcmc_steps=MCMC_STEPS):
        """mcmc_steps: Metropolis steps per sampled deal reading the public bids (0:
        the bids are not read)."""
        self.n = n
        self.sim = RedsSim(n)
        # Sized to the deal: the other seats and the pack hold the unseen cards (of 39),
        # and a hand has at most 5 candidate cards.
        self.sampler = RedsSampler(None, n, 39)   # the borrowing seat's PRNG
        self.pimc = Pimc(self.sim, self.sampler, self, 5, exact_cards, 3)
        self.me = 0
        self.anti = 0
        self.others = bytearray(n)       # sampler holder i -> seat
        self.n_others = 0
        # Per seat 4 suit masks at [4 * seat]: one array each, not one per seat (less heap).
        self.known = array("H", range(4 * n))       # our passed cards it still holds
        self.played_by = array("H", range(4 * n))
        self.bid = bytearray(n)
        self.model = bytearray(n)        # 1: bid hidden, modelled per sample
        self.scratch = array("H", (0, 0, 0, 0))
        self.team = bytearray(n)         # 1 for our side (us and our partner)
        self.n_ours = 1
        self.weigh = False               # this decision's samples read the public bids
        self.ev = None                   # core.games.reds.eval while a bid is hidden
        self.reader = None
        if mcmc_steps:     # loaded only when the samples read the bids (off: MCMC_STEPS)
            from core.games.reds.bidread import BidReader
            self.reader = BidReader(n, mcmc_steps)

    # -- set-up from the observation (may allocate; once per decision) ------------------
    def setup(self, obs):
        """Load the position; return the candidate cards (one per equivalent group)."""
        n = self.n
        me = obs["seat"]
        self.me = me
        anti = anti_of(obs)
        self.anti = anti
        sim = self.sim
        sim.set_rules(0, anti)
        partner = obs["partner"]
        for s in range(n):
            sim.mate[s] = NO_MATE if partner is None else (s + n // 2) % n
            self.team[s] = 1 if s == me or s == partner else 0
            if self.pimc.exact:
                self.pimc.exact.ally(s, self.team[s])
            for i in range(4):
                sim.hands[s][i] = 0
            sim.won[s] = obs["tricks"][s]
        for i in range(4 * n):
            self.played_by[i] = 0
            self.known[i] = 0
        self.n_ours = 2 if partner is not None else 1
        seen = [0, 0, 0, 0]           # cards out of play or in our hand
        for c in obs["hand"]:
            sim.hands[me][c >> 4] |= 1 << (c & 15)
            seen[c >> 4] |= 1 << (c & 15)
        for c in obs["turned"]:
            seen[c >> 4] |= 1 << (c & 15)
        voids = [0] * n
        played = obs["played"]
        leaders = obs["leaders"]
        for t in range(len(leaders)):
            self._note(leaders[t], played[t * n:(t + 1) * n], voids, seen)
        trick = obs["trick"]
        self._note(obs["leader"], trick, voids, seen)
        sim.begin(len(leaders), obs["leader"], trick)
        # Our passed cards are in the receiver's hand unless it has played them.
        to = obs["pass_to"]
        if to is not None and to != me:
            for c in obs["pass_chosen"]:
                if not (seen[c >> 4] >> (c & 15)) & 1:
                    self.known[4 * to + (c >> 4)] |= 1 << (c & 15)
        unknown = []
        holder = 4 * (to if to is not None else me)
        for s in range(3):
            for r in range(13):
                if not ((seen[s] | self.known[holder + s]) >> r) & 1:
                    unknown.append(s << 4 | r)
        caps = []
        vs = []
        k = 0
        for i in range(1, n):
            o = (me + i) % n
            self.others[k] = o
            k += 1
            held = 5 - _count(self.played_by, o) - _count(self.known, o)
            caps.append(held)
            vs.append(voids[o])
        self.n_others = k
        rest = len(unknown) - sum(caps)
        if rest:
            caps.append(rest)   # the rest of the pack: no voids
            vs.append(0)
        self.sampler.setup(unknown, caps, vs)
        bids = obs["bids"]
        hidden = False
        for s in range(n):
            b = bids[s]
            self.model[s] = 1 if b is None else 0
            self.bid[s] = 0 if b is None else b
            sim.goal[s] = self.bid[s]
            hidden = hidden or b is None
        # The hand estimates (eval.py, with its tables: ~2.5 KB) model hidden bids only:
        # a game with public bids never loads them in card play (docs/memory.md).
        self.ev = None
        if hidden:
            from core.games.reds import eval as ev
            self.ev = ev
        self.weigh = self.reader is not None and self.reader.setup(self, bids)
        return distinct(sorted(obs["legal"]), seen, trick)

    def sample_cost(self):
        """Work units (card plays) of one sampled deal: measured on the unix port, a deal
        costs about 2 card plays plus 2/3 of one per card of a suit some holder lacks
        (those are placed one by one under Hall's condition)."""
        smp = self.sampler
        full = (1 << smp.k) - 1
        cc = 0
        for s in range(4):
            if smp.elig[s] != full:
                cc += smp.rem[s]
        return 3 + 2 * cc // 3 + (self.reader.cost if self.weigh else 0)

    def _note(self, leader, cards, voids, seen):
        if not cards:
            return
        led = cards[0] >> 4
        for i in range(len(cards)):
            s = (leader + i) % self.n
            c = cards[i]
            self.played_by[4 * s + (c >> 4)] |= 1 << (c & 15)
            seen[c >> 4] |= 1 << (c & 15)
            if (c >> 4) != led:
                voids[s] |= 1 << led

    # -- the PIMC adapter (no allocation below) ------------------------------------------
    def determinize(self, sim, sampler):
        n = self.n
        if self.weigh:
            self.reader.reweigh(self, sampler)
        for i in range(self.n_others):
            o = self.others[i]
            h = sim.hands[o]
            src = sampler.out[i]
            kn = self.known
            j = 4 * o
            h[0] = src[0] | kn[j]
            h[1] = src[1] | kn[j + 1]
            h[2] = src[2] | kn[j + 2]
            h[3] = 0
            if self.model[o]:
                # Hidden bid: what the table bids for the round's hand it was playing.
                full = self.scratch
                pb = self.played_by
                full[0] = h[0] | pb[j]
                full[1] = h[1] | pb[j + 1]
                full[2] = h[2] | pb[j + 2]
                ev = self.ev
                b = ev.model_bid(n, ev.estimate(full, n, self.anti), ev.estimate(full, n, self.anti, True))
                self.bid[o] = b
                sim.goal[o] = b

    def utility(self, sim):
        ours = 0
        theirs = 0
        for s in range(self.n):
            p = round_points(self.bid[s], sim.won[s])
            if self.team[s]:
                ours += p
            else:
                theirs += p
        n_theirs = self.n - self.n_ours
        return 4 * ours * n_theirs - HARM * theirs * self.n_ours


def _count(masks, seat):
    """Cards in `seat`'s suit masks of a per-seat array (4 masks per seat)."""
    j = 4 * seat
    return popcount(masks[j]) + popcount(masks[j + 1]) + popcount(masks[j + 2])

