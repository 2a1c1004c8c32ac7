"""Reds card play: the PIMC adapter (core/ai/pimc.py) for the seat deciding, 2 to 6 players.

`setup(obs)` reads the position from the observation only: own hand, every card played
and by whom, voids shown by failing to follow, the turned cards (public, out of play,
R-3), the cards this seat passed (known to sit in the receiver's hand until played, T-3),
tricks won and the bids.  The unseen cards are dealt to the other seats and to the rest
of the pack (a holder with no voids).  Per sampled deal, `determinize` puts the known
passed cards back into the receiver's hand and, with hidden bids, models each unknown
bid from the sampled hand (core.games.reds.eval.model_bid).  `utility` is the seat's round
points (its team's with partnerships, R-7) against the other seats' mean.  The playout
policy is the simulator's goal policy, made partner-aware by RedsSim.
"""
from array import array

from micropython import const

from core.games.reds.rules import round_points
from core.ai.sim import TrickSim
from core.ai.sampler import HandSampler
from core.ai.pimc import Pimc, distinct
from core.games.reds import eval as ev

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
# Samples consistent with the other seats' public bids (issue #17): a sampled deal is
# kept with probability BID_LIK[bid][est] (/ 255) per seat with a public bid, where est is
# the VAL estimate (eval.estimate, hundredths of a trick, in steps of LIK_STEP) of the
# round's cards the deal gives that seat (played and held); after BID_TRIES deals the
# last is kept.  BID_LIK is an ordered-probit model of a bid given the estimate (cuts at
# 0.5 | 1.7 | 2.7 | 3.7 | 4.7 tricks, sigma 0.45; each bid's row scaled to a maximum of
# 255), fitted to the bids of the default AI and the greedy bot, 4 players (docs/ai.md,
# "Reds: samples weighted by the public bids").  BID_TRIES 1 turns it off.
MCMC_STEPS = const(24)
LIK_STEP = const(10)
LIK_N = const(51)
NO_BID = const(255)
BID_LIK = b"\xff\xef\xdc\xc6\xad\x93yaJ7'\x1b\x12\x0b\x07\x04\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00*:Of\x80\x9b\xb5\xcd\xe2\xf2\xfc\xff\xfc\xf2\xe2\xcd\xb5\x9b\x80fO:*\x1c\x13\x0c\x07\x04\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x03\x05\x08\r\x15 .AWq\x8d\xa9\xc4\xdc\xef\xfb\xff\xfb\xef\xdc\xc4\xa9\x8dqWA. \x15\r\x08\x05\x03\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x03\x05\x08\r\x15 .AWq\x8d\xa9\xc4\xdc\xef\xfb\xff\xfb\xef\xdc\xc4\xa9\x8dqWA. \x15\r\x08\x05\x03\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x03\x05\x08\r\x15 .AWq\x8d\xa9\xc4\xdc\xef\xfb\xff\xfb\xef\xdc\xc4\xa9\x8dqW\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x02\x04\x08\r\x14\x1f-@Vp\x8d\xab\xc9\xe5\xff"


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


def _bits(m):
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


class RedsPlay:
    """The search machinery for n players, shared by a game's AI seats (core/ai/sliced.py)."""

    mcmc_steps = MCMC_STEPS    # Metropolis steps per sampled deal (0: bids not read)

    def __init__(self, n, exact_cards=EXACT_CARDS):
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
        # Per sampler holder: its seat's public bid (NO_BID: hidden, or the pack) and the
        # VAL estimate of the round's cards the seat is known to have had (played, ours).
        self.wbid = bytearray(n)
        self.wbase = array("H", range(n))
        self.weigh = False
        self.own = bytearray(39)         # per sampler pool card: its holder in the deal
        self.est = array("h", range(n))  # per holder: VAL estimate of its round's cards
        self.val = array("h", range(39))     # VAL per suit and rank for this round

    # -- set-up from the observation (may allocate; once per decision) ------------------
    def setup(self, obs):
        """Load the position; return the candidate cards (one per equivalent group)."""
        n = self.n
        me = obs["seat"]
        self.me = me
        anti = ev.anti_of(obs)
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
        for s in range(n):
            b = bids[s]
            self.model[s] = 1 if b is None else 0
            self.bid[s] = 0 if b is None else b
            sim.goal[s] = self.bid[s]
        self.weigh = False
        for i in range(n):
            self.wbid[i] = NO_BID
        for i in range(k):
            o = self.others[i]
            if bids[o] is not None and self.mcmc_steps:
                self.wbid[i] = bids[o]
                j = 4 * o
                for s in range(3):
                    self.scratch[s] = self.played_by[j + s] | self.known[j + s]
                self.wbase[i] = ev.estimate(self.scratch, n, anti)
                self.weigh = True
        if self.weigh:
            for c in range(39):
                self.val[c] = ev.card_value(n, (c // 13) << 4 | c % 13, anti)
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
        # Reading the public bids: about half a card play per Metropolis step.
        return 3 + 2 * cc // 3 + (self.mcmc_steps // 2 if self.weigh else 0)

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
    def _lik(self, h, e):
        """BID_LIK of holder h's public bid at estimate e (255: no bid to read)."""
        b = self.wbid[h]
        if b == NO_BID:
            return 255
        e //= LIK_STEP
        return BID_LIK[b * LIK_N + (e if e < LIK_N else LIK_N - 1)]

    def _reweigh(self, sampler):
        """Move the sampled deal towards the public bids: MCMC_STEPS Metropolis steps,
        each proposing to swap two unseen cards between holders (voids kept, sizes
        kept) and accepting with the ratio of the deal's likelihoods (the product over
        the seats of BID_LIK); from a uniform deal this samples deals with probability
        proportional to that likelihood.  A swap changes two estimates by one card's
        value each, so a step costs a few table reads."""
        n = self.n
        anti = self.anti
        out = sampler.out
        pool = sampler.pool
        np = sampler.n_pool
        own = self.own
        for i in range(np):
            c = pool[i]
            s = c >> 4
            bit = 1 << (c & 15)
            h = 0
            while not out[h][s] & bit:
                h += 1
            own[i] = h
        est = self.est
        for h in range(sampler.k):
            est[h] = 0
            if self.wbid[h] != NO_BID:
                est[h] = self.wbase[h] + ev.estimate(out[h], n, anti)
        void = sampler.void
        rng = sampler.rng
        val = self.val
        for _ in range(self.mcmc_steps):
            i = rng.below(np)
            j = rng.below(np)
            a = own[i]
            b = own[j]
            if a == b:
                continue
            ci = pool[i]
            cj = pool[j]
            si = ci >> 4
            sj = cj >> 4
            if (void[a] >> sj) & 1 or (void[b] >> si) & 1:
                continue
            d = val[sj * 13 + (cj & 15)] - val[si * 13 + (ci & 15)]   # a gains d, b loses it
            ea = est[a]
            eb = est[b]
            old = self._lik(a, ea) * self._lik(b, eb)
            new = self._lik(a, ea + d) * self._lik(b, eb - d)
            if new < old and rng.below(old) >= new:
                continue
            own[i] = b
            own[j] = a
            est[a] = ea + d
            est[b] = eb - d
            out[a][si] &= ~(1 << (ci & 15))
            out[a][sj] |= 1 << (cj & 15)
            out[b][sj] &= ~(1 << (cj & 15))
            out[b][si] |= 1 << (ci & 15)

    def determinize(self, sim, sampler):
        n = self.n
        if self.weigh:
            self._reweigh(sampler)
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
    return _bits(masks[j]) + _bits(masks[j + 1]) + _bits(masks[j + 2])

