"""Deals the cards a seat cannot see to their possible holders, consistent with what it
has observed: how many cards each holder has, suits a holder is known to lack (it failed
to follow), and cards known to be in a given hand (placed by the caller, not sampled).

Holders are the other seats plus, where the game has one, the undealt pile (a holder
with no voids).  Every sample shuffles the unknown cards with the bot's own PRNG and
deals them; cards of suits that some holder lacks are placed first, each one to a holder
drawn with probability proportional to its free places, and only if the rest can still
be placed (Hall's condition over every subset of holders, see `_feasible`).  For the
unconstrained case this is the uniform deal.  `sample` allocates nothing.
"""
from array import array

from micropython import const

MAX_HOLDERS = const(6)
MAX_POOL = const(64)


class HandSampler:
    def __init__(self, rng, holders=MAX_HOLDERS, cards=MAX_POOL):
        """Buffers for up to `holders` holders and `cards` unknown cards: a game sizes
        them to its own deal (each holder's hand is a 4-suit array)."""
        self.rng = rng
        self.pool = bytearray(cards)
        self.n_pool = 0
        self.k = 0
        self.cap = bytearray(holders)          # cards each holder must receive
        self.left = bytearray(holders)         # free places during a sample
        self.void = bytearray(holders)         # bit s set: the holder lacks suit s
        self.elig = bytearray(4)               # per suit: bit h set if holder h may hold it
        self.rem = bytearray(4)                # cards of each suit still to place
        self.out = [array("H", (0, 0, 0, 0)) for _ in range(holders)]
        self.constrained = False
        self._sampling = False

    def setup(self, unknown_cards, capacities, voids):
        """unknown_cards: the cards to deal; capacities[h]: how many holder h gets;
        voids[h]: mask of suits holder h lacks.  Raises ValueError when no deal fits."""
        k = len(capacities)
        if k > len(self.cap) or len(unknown_cards) > len(self.pool):
            raise ValueError("too many holders or cards for the sampler")
        total = 0
        for h in range(k):
            self.cap[h] = capacities[h]
            self.void[h] = voids[h]
            total += capacities[h]
        if total != len(unknown_cards):
            raise ValueError("capacities %r do not add up to %d unknown cards" % (capacities, len(unknown_cards)))
        self.k = k
        self.n_pool = len(unknown_cards)
        for i in range(self.n_pool):
            self.pool[i] = unknown_cards[i]
        self.constrained = False
        for s in range(4):
            e = 0
            for h in range(k):
                if not (voids[h] >> s) & 1 and capacities[h]:
                    e |= 1 << h
            self.elig[s] = e
            if e != (1 << k) - 1:
                self.constrained = True
        for s in range(4):
            self.rem[s] = 0
        for i in range(self.n_pool):
            self.rem[self.pool[i] >> 4] += 1
        if not self._feasible():
            raise ValueError("no deal of the unknown cards fits the observed voids")

    def _feasible(self):
        """Hall's condition: for every set S of holders, the cards that only holders in S
        may take fit into S's free places."""
        k = self.k
        full = (1 << k) - 1
        for S in range(1, full):
            need = 0
            for s in range(4):
                if self.rem[s] and not (self.elig[s] & ~S):
                    need += self.rem[s]
            room = 0
            for h in range(k):
                if (S >> h) & 1:
                    room += self.left[h] if self._sampling else self.cap[h]
            if need > room:
                return False
        return True

    def sample(self):
        """Fill self.out[h] (per-suit masks) with a fresh consistent deal."""
        rng = self.rng
        pool = self.pool
        n = self.n_pool
        k = self.k
        rng.shuffle(pool, n)
        out = self.out
        for h in range(k):
            o = out[h]
            o[0] = 0
            o[1] = 0
            o[2] = 0
            o[3] = 0
            self.left[h] = self.cap[h]
        if self.constrained:
            for s in range(4):
                self.rem[s] = 0
            for i in range(n):
                self.rem[pool[i] >> 4] += 1
            self._sampling = True
            full = (1 << k) - 1
            for i in range(n):
                c = pool[i]
                s = c >> 4
                if self.elig[s] == full:
                    continue
                self.rem[s] -= 1
                tried = 0
                while True:
                    h = self._draw(self.elig[s] & ~tried)
                    self.left[h] -= 1
                    if self._feasible():
                        break
                    self.left[h] += 1
                    tried |= 1 << h
                out[h][s] |= 1 << (c & 15)
            self._sampling = False
        # The rest (suits every holder may have) in shuffled order to the free places.
        h = 0
        full = (1 << k) - 1
        for i in range(n):
            c = pool[i]
            s = c >> 4
            if self.constrained and self.elig[s] != full:
                continue
            while not self.left[h]:
                h += 1
            self.left[h] -= 1
            out[h][s] |= 1 << (c & 15)

    def _draw(self, allowed):
        """A holder among `allowed`, chosen in proportion to its free places."""
        total = 0
        for h in range(self.k):
            if (allowed >> h) & 1:
                total += self.left[h]
        r = self.rng.below(total)
        for h in range(self.k):
            if (allowed >> h) & 1:
                r -= self.left[h]
                if r < 0:
                    return h
        return -1
