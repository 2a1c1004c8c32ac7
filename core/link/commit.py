"""Hash commitments (SHA-256) for the fair seed and for hidden decisions.

A commitment binds a value without showing it: commit = SHA-256(domain, context, value,
nonce).  Revealing value and nonce later lets anyone check it.  Domains keep a seed commit
from ever being reused as a decision commit.
"""
import hashlib

from micropython import const

SEED_MAX = const(0x3FFFFFFF)


def _h(domain, parts):
    h = hashlib.sha256(domain)
    for p in parts:
        if isinstance(p, int):
            h.update(bytes((p >> 8 & 0xFF, p & 0xFF)))
        else:
            h.update(p)
    return h.digest()


def seed_commit(sid, rnd, node, value):
    """Commitment of `node` to its 8 random bytes in seeding round `rnd`."""
    return _h(b"pc-seed-commit", (sid, rnd, node, value))


def derive_seed(sid, rnd, reveals):
    """The game seed from every participant's revealed bytes: {node: value}, < 2**30."""
    h = hashlib.sha256(b"pc-seed")
    h.update(bytes((sid >> 8, sid & 0xFF, rnd & 0xFF)))
    for node in sorted(reveals):
        h.update(bytes((node >> 8, node & 0xFF)))
        h.update(reveals[node])
    d = h.digest()
    return (d[0] & 0x3F) << 24 | d[1] << 16 | d[2] << 8 | d[3]


def seal(sid, index, seat, action, nonce):
    """Commitment to a hidden decision: `action` of `seat` at history index `index`."""
    return _h(b"pc-seal", (sid, index, seat, action, nonce))
