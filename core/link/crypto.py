"""TEMPORARY stand-in for core/link/crypto.py (branch `crypto` owns the real one):
same API, dropped at the merge."""
import hashlib

_P = 2 ** 255 - 19
_A24 = 121665
X25519_BASE = bytes([9]) + bytes(31)


def _clamp(k):
    n = int.from_bytes(bytes(k), "little")
    n &= ~7
    n &= (1 << 254) - 1
    n |= 1 << 254
    return n


class Ladder:
    def __init__(self, k, u):
        self.k = _clamp(k)
        u = int.from_bytes(bytes(u), "little") & ((1 << 255) - 1)
        self.x1 = u
        self.x2 = 1
        self.z2 = 0
        self.x3 = u
        self.z3 = 1
        self.swap = 0
        self.t = 254
        self._r = None

    def step(self, n=16):
        P = _P
        while n > 0 and self.t >= 0:
            n -= 1
            kt = (self.k >> self.t) & 1
            self.t -= 1
            x2, z2, x3, z3 = self.x2, self.z2, self.x3, self.z3
            if self.swap ^ kt:
                x2, x3 = x3, x2
                z2, z3 = z3, z2
            self.swap = kt
            a = x2 + z2
            aa = a * a % P
            b = x2 - z2
            bb = b * b % P
            e = aa - bb
            c = x3 + z3
            d = x3 - z3
            da = d * a % P
            cb = c * b % P
            x3 = (da + cb)
            x3 = x3 * x3 % P
            z3 = da - cb
            z3 = self.x1 * (z3 * z3 % P) % P
            x2 = aa * bb % P
            z2 = e * (aa + _A24 * e) % P
            self.x2, self.z2, self.x3, self.z3 = x2, z2, x3, z3
        if self.t < 0 and self._r is None:
            x2, z2 = self.x2, self.z2
            if self.swap:
                x2, z2 = self.x3, self.z3
            self._r = (x2 * pow(z2, _P - 2, _P) % _P).to_bytes(32, "little")
        return self._r is not None

    def result(self):
        return self._r


def x25519(k, u):
    L = Ladder(k, u)
    while not L.step(255):
        pass
    return L.result()


def hmac_sha256(key, msg):
    key = bytes(key)
    if len(key) > 64:
        key = hashlib.sha256(key).digest()
    key = key + bytes(64 - len(key))
    i = hashlib.sha256(bytes([x ^ 0x36 for x in key]))
    i.update(msg)
    o = hashlib.sha256(bytes([x ^ 0x5C for x in key]))
    o.update(i.digest())
    return o.digest()


def kdf(secret, label, info=b""):
    return hmac_sha256(secret, bytes(label) + b"\x00" + bytes(info))


def keystream_xor(key, nonce, buf, start, n):
    c = 0
    i = 0
    while i < n:
        blk = hashlib.sha256(bytes(key) + bytes(nonce) + c.to_bytes(4, "big")).digest()
        j = 0
        while j < 32 and i < n:
            buf[start + i] ^= blk[j]
            i += 1
            j += 1
        c += 1


def tag(key, nonce, buf, start, n, tlen):
    return hmac_sha256(key, bytes(nonce) + bytes(buf[start:start + n]))[:tlen]


def equal(a, b):
    if len(a) != len(b):
        return False
    r = 0
    for i in range(len(a)):
        r |= a[i] ^ b[i]
    return r == 0
