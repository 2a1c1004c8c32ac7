"""The 128-bit deal generator of linked games (docs/prng.md, "Wide seeds"; issue #15).

A wide seed is 32 lowercase hex digits (16 bytes).  WidePrng has Prng's interface; its
outputs come from SHA-256 in counter mode, so no number of dealt hands gives the seed away.
Its own module so that a game against the AI never loads it (core.game.prng_for).
"""
import hashlib

from micropython import const

from core.prng import Prng

WIDE_SEED_DIGITS = const(32)    # a wide seed: 128 bits as 32 lowercase hex digits
_HEX = "0123456789abcdef"



def check_wide_seed(seed):
    """The 16 bytes of a wide seed; ValueError unless it is 32 lowercase hex digits."""
    if not isinstance(seed, str) or len(seed) != WIDE_SEED_DIGITS:
        raise ValueError("a wide seed is %d hex digits" % WIDE_SEED_DIGITS)
    out = bytearray(WIDE_SEED_DIGITS // 2)
    for i in range(WIDE_SEED_DIGITS):
        d = _HEX.find(seed[i])
        if d < 0:
            raise ValueError("a wide seed is lowercase hex digits, got %r" % seed[i])
        out[i >> 1] |= d << (0 if i & 1 else 4)
    return bytes(out)


def wide_seed(raw):
    """The seed string of 16 raw bytes (e.g. a SHA-256 prefix)."""
    if len(raw) != WIDE_SEED_DIGITS // 2:
        raise ValueError("a wide seed is made of %d bytes" % (WIDE_SEED_DIGITS // 2))
    out = []
    for b in raw:
        out.append(_HEX[b >> 4])
        out.append(_HEX[b & 15])
    return "".join(out)


def fold_seed(seed):
    """A 30-bit int standing for `seed` where only small ints fit (AI seeds derived from
    the game's): the int itself, or the first 28 bits of a wide seed."""
    if isinstance(seed, str):
        return int(seed[:7], 16)
    return seed


class WidePrng(Prng):
    """The same interface as Prng (next30, below, shuffle, state, set_state) on a 128-bit
    seed: output block i is SHA-256("pc-deal" || key || i as 4 bytes, big-endian), read as
    eight 32-bit little-endian words of which the low 30 bits are the outputs.  Used for
    deals, not in hot loops: one hash per eight outputs."""

    def __init__(self, seed):
        self.seed(seed)

    def seed(self, seed):
        key = check_wide_seed(seed)
        self._in = bytearray(b"pc-deal" + key + b"\0\0\0\0")
        self._block = -1
        self._pos = 8
        self._words = b""

    def state(self):
        """(next block, next word in it): two small ints, for saves."""
        return (self._block + 1 if self._pos >= 8 else self._block, self._pos & 7)

    def set_state(self, state):
        block, pos = state
        if not (0 <= block < 0x3FFFFFFF and 0 <= pos < 8):
            raise ValueError("PRNG state out of range")
        self._load(block)
        self._pos = pos

    def _load(self, block):
        b = self._in
        n = len(b)
        b[n - 4] = block >> 24
        b[n - 3] = (block >> 16) & 0xFF
        b[n - 2] = (block >> 8) & 0xFF
        b[n - 1] = block & 0xFF
        self._words = hashlib.sha256(b).digest()
        self._block = block

    def next30(self):
        if self._pos >= 8:
            self._load(self._block + 1)
            self._pos = 0
        w = self._words
        i = self._pos << 2
        self._pos += 1
        return (w[i] | w[i + 1] << 8 | w[i + 2] << 16 | (w[i + 3] & 0x3F) << 24)
