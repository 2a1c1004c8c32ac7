"""Reds card play: sampled deals that read the other seats' public bids (issue #17 item 2).

Loaded by core/games/reds/play.py only when `MCMC_STEPS` (or a RedsPlay's `mcmc_steps`) is
not 0: off in the app (docs/ai.md, "Reds: samples that read the public bids").

A bid says something about the bidder's hand.  BID_LIK[bid * LIK_N + e] (0..255) is how
likely a seat makes `bid` when the round's five cards it holds after the exchange have
the VAL estimate (core.games.reds.eval.estimate, hundredths of a trick) e * LIK_STEP: an
ordered-probit model (the bid is b when the estimate plus normal noise of sigma 0.45
trick falls between cuts 0.5 | 1.7 | 2.7 | 3.7 | 4.7), fitted to the bids of the default
AI and the greedy bot with 4 players and each bid's row scaled to a maximum of 255
(`python -m tools.fit_reds_bids` records the bids, fits and prints the table).

Per sampled deal, `reweigh` runs Metropolis steps from the sampler's uniform deal: swap
two unseen cards between two holders (shown voids and hand sizes kept), accept with the
ratio of the deal's likelihoods (the product of BID_LIK over the seats with a public
bid).  Its stationary distribution is the uniform deal weighted by that likelihood (the
bid-conditioned posterior; tests/core/test_ai_reds.py checks it against rejection
sampling).  A swap changes two seats' estimates by one card's value each, so a step is a
few table reads; nothing allocates after set-up, ints stay small.
"""
from array import array

from micropython import const

from core.games.reds import eval as ev

LIK_STEP = const(10)
LIK_N = const(51)
NO_BID = const(255)
BID_LIK = b"\xff\xef\xdc\xc6\xad\x93yaJ7'\x1b\x12\x0b\x07\x04\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00*:Of\x80\x9b\xb5\xcd\xe2\xf2\xfc\xff\xfc\xf2\xe2\xcd\xb5\x9b\x80fO:*\x1c\x13\x0c\x07\x04\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x03\x05\x08\r\x15 .AWq\x8d\xa9\xc4\xdc\xef\xfb\xff\xfb\xef\xdc\xc4\xa9\x8dqWA. \x15\r\x08\x05\x03\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x03\x05\x08\r\x15 .AWq\x8d\xa9\xc4\xdc\xef\xfb\xff\xfb\xef\xdc\xc4\xa9\x8dqWA. \x15\r\x08\x05\x03\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x03\x05\x08\r\x15 .AWq\x8d\xa9\xc4\xdc\xef\xfb\xff\xfb\xef\xdc\xc4\xa9\x8dqW\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x02\x04\x08\r\x14\x1f-@Vp\x8d\xab\xc9\xe5\xff"


class BidReader:
    def __init__(self, n, steps):
        self.steps = steps
        self.cost = steps // 2     # work units (card plays) of one deal's steps, unix port
        # Per sampler holder: its seat's public bid (NO_BID: hidden, or the pack), the VAL
        # estimate of the round's cards it is known to have had (played, ours) and of all
        # its round's cards in the deal being moved.
        self.wbid = bytearray(n)
        self.wbase = array("h", range(n))
        self.est = array("h", range(n))
        self.own = bytearray(39)           # per sampler pool card: its holder
        self.val = array("h", range(39))   # VAL per suit * 13 + rank, this round

    def setup(self, play, bids):
        """Read the position of `play` (a RedsPlay after its set-up); True when some
        other seat's bid is public, so the samples are to be moved."""
        n = play.n
        anti = play.anti
        on = False
        for i in range(n):
            self.wbid[i] = NO_BID
        for i in range(play.n_others):
            o = play.others[i]
            if bids[o] is not None:
                self.wbid[i] = bids[o]
                j = 4 * o
                m = play.scratch
                for s in range(3):
                    m[s] = play.played_by[j + s] | play.known[j + s]
                self.wbase[i] = ev.estimate(m, n, anti)
                on = True
        if on:
            for c in range(39):
                self.val[c] = ev.card_value(n, (c // 13) << 4 | c % 13, anti)
        return on

    def _lik(self, h, e):
        """BID_LIK of holder h's public bid at estimate e (255: no bid to read)."""
        b = self.wbid[h]
        if b == NO_BID:
            return 255
        e //= LIK_STEP
        return BID_LIK[b * LIK_N + (e if e < LIK_N else LIK_N - 1)]

    def reweigh(self, play, sampler):
        """Move sampler.out (a fresh deal) towards the public bids: `steps` Metropolis
        steps (module docstring)."""
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
                est[h] = self.wbase[h] + ev.estimate(out[h], play.n, play.anti)
        void = sampler.void
        rng = sampler.rng
        val = self.val
        for _ in range(self.steps):
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
