"""Deterministic PRNG whose arithmetic never leaves the RP2040's small-int range.

Two lag-1 multiply-with-carry generators with base b = 2**15 (ruling T-4):

    x' = a * (x & 0x7FFF) + (x >> 15)

With a < 2**15 the largest intermediate is a * 2**15 - 1 < 2**30, so every value is a
small int on a 32-bit MicroPython port and the sequence is bit-identical on CPython, the
64-bit unix port and the 32-bit device.  Each multiplier makes p = a*b - 1 a safe prime
(q = (p-1)/2 prime), and b is a quadratic residue mod p, so every seed state in [1, p-1]
lies on a cycle of length exactly q.  The two q are distinct primes, so the pair has period
q1 * q2 ~= 2.88e17 (~2**58).  Outputs are 30 bits: the low 15 bits of each generator.
See docs/prng.md for how the period and the statistical quality were checked.

A linked game is dealt from a 128-bit seed (`WidePrng`, a SHA-256 counter stream): a 30-bit
seed, or the ~58-bit state of the MWC pair, could be found by dealing every candidate until
one matches a player's own hand (issue #15); 2**128 cannot.  `prng_for(seed)` (core/game.py) picks the
generator from the seed's shape: an int is the classic seed, a 32-digit hex string a wide one
(core/prng_wide.py).
"""
import hashlib
import struct

from micropython import const

_MASK15 = const(0x7FFF)
_A1 = const(32760)  # p1 = 1073479679, q1 = 536739839
_A2 = const(32730)  # p2 = 1072496639, q2 = 536248319
_P1 = const(1073479679)
_P2 = const(1072496639)
MAX_SEED = const(0x3FFFFFFF)


class Prng:
    """Seeded generator: next30(), below(n), shuffle(buf, n)."""

    def __init__(self, seed=0):
        self._z = 1
        self._w = 1
        self.seed(seed)

    def seed(self, seed):
        """Derive both states from SHA-256 of the seed so that nearby seeds are unrelated."""
        if seed < 0 or seed > MAX_SEED:
            raise ValueError("seed must be in 0..2**30-1, got %d" % seed)
        digest = hashlib.sha256(struct.pack("<I", seed)).digest()
        # 29-bit values, reduced into [1, p-1]; never the fixed points 0 and p.
        z = (digest[0] | digest[1] << 8 | digest[2] << 16 | (digest[3] & 0x1F) << 24)
        w = (digest[4] | digest[5] << 8 | digest[6] << 16 | (digest[7] & 0x1F) << 24)
        self._z = z % (_P1 - 1) + 1
        self._w = w % (_P2 - 1) + 1

    def state(self):
        """The whole state, for saves: two ints below 2**30."""
        return (self._z, self._w)

    def set_state(self, state):
        z, w = state
        if not (0 < z < _P1 and 0 < w < _P2):
            raise ValueError("PRNG state out of range")
        self._z = z
        self._w = w

    def next30(self):
        """Next 30-bit output, 0 <= r < 2**30."""
        z = self._z
        z = _A1 * (z & _MASK15) + (z >> 15)
        self._z = z
        w = self._w
        w = _A2 * (w & _MASK15) + (w >> 15)
        self._w = w
        return ((z & _MASK15) << 15) | (w & _MASK15)

    def below(self, n):
        """Uniform int in [0, n) for 1 <= n < 2**30, by rejection (no modulo bias)."""
        if n <= 0 or n > 0x3FFFFFFF:
            raise ValueError("below() needs 1 <= n < 2**30")
        # Largest multiple of n that fits in 30 bits, written so nothing reaches 2**30.
        limit = 0x3FFFFFFF - (0x3FFFFFFF % n + 1) % n
        while True:
            r = self.next30()
            if r <= limit:
                return r % n

    def shuffle(self, buf, n=-1):
        """Fisher-Yates shuffle of buf[0:n] in place (a bytearray, array or list)."""
        if n < 0:
            n = len(buf)
        i = n - 1
        while i > 0:
            j = self.below(i + 1)
            t = buf[i]
            buf[i] = buf[j]
            buf[j] = t
            i -= 1
