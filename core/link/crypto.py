"""Cryptographic primitives of the link (issue #15 items 8 and 11): X25519 key agreement,
HMAC-SHA256, a key derivation, a SHA-256 counter-mode keystream and message tags.

Only hashlib.sha256 (update/digest; no .copy() on MicroPython) and Python integers are
used, so the module runs unchanged on CPython, the MicroPython unix port, the WebAssembly
port and the RP2040.

X25519 (RFC 7748) is a Montgomery ladder on Python's arbitrary-precision integers.  It is
not a hot path of the game: a unit runs it a few times when it joins a session (about
3.1 ms on the unix port, ~0.85 s on the device estimate; docs/link.md "Cryptographic
primitives").  `Ladder` runs it in slices so the UI and the link keep running meanwhile.
It is NOT constant time: MicroPython's (and CPython's) bigint arithmetic takes time that
depends on the operands, and the ladder's conditional swap is a branch.  Timing side
channels need physical access to a unit and a fine clock on it, which in this threat model
(docs/link.md) already gives its RAM away; a cable listener sees at most when a whole
X25519 ends, its slices interleaved with the UI and the link, not the time of a step.

Symmetric parts: `keystream_xor` encrypts in place with SHA-256(key || nonce || counter)
blocks (a hash used as a PRF in counter mode; a nonce must never repeat under one key),
and `tag` authenticates nonce and payload with truncated HMAC-SHA256.  `equal` compares
tags without an early exit.
"""
import hashlib

# Not const(): both exceed the small-int range.
_P = 2 ** 255 - 19
_U_MASK = 2 ** 255 - 1

X25519_BASE = bytes((9,)) + bytes(31)

_BLOCK = 64  # SHA-256 block size (HMAC pads the key to it)


def _bytes32(x, what):
    if not isinstance(x, (bytes, bytearray, memoryview)) or len(x) != 32:
        raise ValueError("x25519: %s must be 32 bytes" % what)
    return bytes(x)


# 1/z = z ** (p - 2) by a fixed addition chain (254 squarings, 11 multiplications; about a
# third of pow(z, p - 2, p)'s time on the unix port, and resumable): instruction i makes
# register i + 1 = register[src] squared `nsq` times, times register[mul] (none if -1).
# Register 0 is z; the exponents reached are 2, 9, 11, 2**5 - 1, 2**10 - 1, 2**20 - 1,
# 2**40 - 1, 2**50 - 1, 2**100 - 1, 2**200 - 1, 2**250 - 1 and 2**255 - 21 = p - 2.
_INVERT = ((0, 1, -1), (1, 2, 0), (2, 0, 1), (3, 1, 2), (4, 5, 4), (5, 10, 5), (6, 20, 6),
           (7, 10, 5), (8, 50, 8), (9, 100, 9), (10, 50, 8), (11, 5, 3))
_SQ_PER_STEP = 8  # squarings in the time of one ladder step (~10 products)


class Ladder:
    """X25519(k, u) (RFC 7748 section 5) computed a slice at a time.

    step(n) runs up to n of the 255 ladder steps (or, after them, the final inversion's
    squarings in about the same time: 8 per step, 33 steps' worth) and returns True once
    the result is ready; result() is then the 32-byte little-endian u.  Not constant time
    (see the module docstring)."""

    def __init__(self, k, u):
        kb = bytearray(_bytes32(k, "k"))
        kb[0] &= 248  # clamp (RFC 7748 decodeScalar25519)
        kb[31] = (kb[31] & 127) | 64
        self._k = kb
        # decodeUCoordinate: mask the top bit; values >= p are reduced by the arithmetic
        x1 = int.from_bytes(_bytes32(u, "u"), "little") & _U_MASK
        self._x1 = x1
        self._s = [1, 0, x1, 1]  # x2, z2, x3, z3
        self._t = 254  # next bit of the scalar
        self._swap = 0
        self._reg = None  # the inversion's registers, once the ladder is done
        self._sq = -1  # squarings done in the inversion's current instruction (-1: none)
        self._out = None

    def step(self, n=16):
        if self._out is not None:
            return True
        if self._t >= 0:
            n = self._ladder(n)
            if n <= 0:
                return False
        return self._invert(n * _SQ_PER_STEP)

    def _ladder(self, n):
        """Up to n ladder steps; returns the part of n left over."""
        p = _P
        kb = self._k
        x1 = self._x1
        x2, z2, x3, z3 = self._s
        swap = self._swap
        t = self._t
        stop = t - n
        if stop < -1:
            stop = -1
        left = n - (t - stop)
        while t > stop:
            kt = (kb[t >> 3] >> (t & 7)) & 1
            if swap ^ kt:
                x2, x3 = x3, x2
                z2, z3 = z3, z2
            swap = kt
            a = x2 + z2
            b = x2 - z2
            da = (x3 - z3) * a % p
            cb = (x3 + z3) * b % p
            aa = a * a % p
            bb = b * b % p
            e = aa - bb
            x3 = da + cb
            x3 = x3 * x3 % p
            z3 = da - cb
            z3 = z3 * z3 % p * x1 % p
            x2 = aa * bb % p
            z2 = e * (aa + 121665 * e) % p  # a24 = (486662 - 2) / 4
            t -= 1
        self._t = t
        self._swap = swap
        if t >= 0:
            s = self._s
            s[0] = x2
            s[1] = z2
            s[2] = x3
            s[3] = z3
        else:
            if swap:
                x2, z2 = x3, z3
            self._s = x2
            self._reg = [z2]  # z2 == 0 inverts to 0: the result is 0, as RFC 7748 says
        return left

    def _invert(self, budget):
        """Runs the inversion chain for up to `budget` squarings; True once done.  Register
        i + 1 exists from the start of instruction i; self._sq counts its squarings."""
        p = _P
        reg = self._reg
        while True:
            i = len(reg) - 1
            if i == len(_INVERT) and self._sq < 0:
                break
            if budget <= 0:
                return False
            if self._sq < 0:  # start the next instruction
                reg.append(reg[_INVERT[i][0]])
                self._sq = 0
                i += 1
            src, nsq, mul = _INVERT[i - 1]
            x = reg[-1]
            done = self._sq
            while done < nsq and budget > 0:
                x = x * x % p
                done += 1
                budget -= 1
            if done < nsq:
                reg[-1] = x
                self._sq = done
                return False
            reg[-1] = x * reg[mul] % p if mul >= 0 else x
            self._sq = -1
        self._out = (self._s * reg[-1] % p).to_bytes(32, "little")
        self._s = None
        self._reg = None
        return True

    def result(self):
        if self._out is None:
            raise ValueError("x25519: the ladder has not finished")
        return self._out


def x25519(k, u):
    """RFC 7748 X25519(k, u) for 32-byte k (clamped here) and u, in one blocking call."""
    lad = Ladder(k, u)
    while not lad.step(300):
        pass
    return lad.result()


# One-entry cache of the padded HMAC key: the link tags every frame with the same key.
_hkey = None
_ipad = None
_opad = None


def _pads(key):
    global _hkey, _ipad, _opad
    if key != _hkey or _hkey is None:
        k = bytes(key)
        if len(k) > _BLOCK:
            k = hashlib.sha256(k).digest()
        k = k + bytes(_BLOCK - len(k))
        _ipad = bytes([c ^ 0x36 for c in k])
        _opad = bytes([c ^ 0x5C for c in k])
        _hkey = bytes(key)
    return _ipad, _opad


def _hmac(key, first, buf, start, n):
    ipad, opad = _pads(key)
    h = hashlib.sha256(ipad)
    if first:
        h.update(first)
    if n:
        h.update(memoryview(buf)[start:start + n])
    h2 = hashlib.sha256(opad)
    h2.update(h.digest())
    return h2.digest()


def hmac_sha256(key, msg):
    """HMAC-SHA256 (RFC 2104) of msg under key, both bytes-like; 32 bytes."""
    return _hmac(key, None, msg, 0, len(msg))


def kdf(secret, label, info=b""):
    """A 32-byte key = HMAC-SHA256(secret, label || info).  The label names the key's use
    (e.g. b"pc-link-enc"), so keys for different uses from one secret are independent;
    info binds context (session id, unit ids).  The secret must be uniformly random or a
    Diffie-Hellman output (HKDF's extract step is skipped; X25519 output is fit as an
    HMAC key)."""
    return _hmac(secret, label, info, 0, len(info))


_ctr = bytearray(4)


def keystream_xor(key, nonce, buf, start, n):
    """buf[start:start + n] ^= the keystream, in place: block i of the keystream is
    SHA-256(key || nonce || i), i a 4-byte big-endian counter from 0.  Encrypting and
    decrypting are the same call.  Never use a (key, nonce) pair twice."""
    if start < 0 or n < 0 or start + n > len(buf):
        raise ValueError("keystream_xor: span outside the buffer")
    c = _ctr
    i = 0
    end = start + n
    pos = start
    while pos < end:
        c[0] = (i >> 24) & 0xFF
        c[1] = (i >> 16) & 0xFF
        c[2] = (i >> 8) & 0xFF
        c[3] = i & 0xFF
        h = hashlib.sha256(key)
        h.update(nonce)
        h.update(c)
        d = h.digest()
        m = end - pos
        if m > 32:
            m = 32
        # a byte at a time: XOR through int.from_bytes is 1.5x faster on the unix port
        # but allocates 2.7x the garbage (1216 bytes for 60 bytes)
        for j in range(m):
            buf[pos] ^= d[j]
            pos += 1
        i += 1


def tag(key, nonce, buf, start, n, tlen):
    """HMAC-SHA256(key, nonce || buf[start:start + n]) truncated to tlen bytes."""
    if start < 0 or n < 0 or start + n > len(buf) or not 0 < tlen <= 32:
        raise ValueError("tag: span outside the buffer or bad length")
    return _hmac(key, nonce, buf, start, n)[:tlen]


def equal(a, b):
    """True when byte strings a and b are equal, comparing every byte (no early exit) so the
    time does not show where a forged tag first differs.  Lengths are public."""
    if len(a) != len(b):
        return False
    acc = 0
    for i in range(len(a)):
        acc |= a[i] ^ b[i]
    return acc == 0
