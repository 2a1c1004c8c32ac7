"""Hash commitments (SHA-256) for the fair seed and for hidden decisions.

A commitment binds a value without showing it: commit = SHA-256(domain, context, value,
nonce).  Revealing value and nonce later lets anyone check it.  Domains keep a seed commit
from ever being reused as a decision commit.

The nonce of a sealed decision is not drawn at random but derived from the unit's secret
(16 bytes kept in its flash, never sent; core/boot.py creates it) and the decision's
place: `seal_nonce(secret, sid, index, seat)`.  Nobody else can compute it before the
reveal, so a seal still hides a choice from a small action space; and a unit that was
switched off after sealing can compute it again, find which legal action its old seal
binds (it learns the digest back from the others) and open it (core/link/lockstep.py).
"""
import hashlib

from core.prng_wide import wide_seed

VALUE_BYTES = 16        # a unit's share of the deal seed


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


def seed_value(secret, sid, salt, rnd, node):
    """This unit's 16-byte share of seeding round `rnd`: derived from its flash secret and
    the session (sid and the host's random `salt`), so that a unit switched off and on
    during seeding reveals the share it committed to instead of stalling the round (a
    stall used to buy a re-roll).  Nobody without the secret can predict it."""
    return _h(b"pc-seed-value", (secret, sid, salt, rnd, node))[:VALUE_BYTES]


def derive_seed(sid, salt, rnd, reveals):
    """The game's 128-bit seed (32 hex digits, core.prng.WidePrng) from every participant's
    revealed share: {node: value}.  Any one honest share makes it unpredictable."""
    h = hashlib.sha256(b"pc-seed")
    h.update(bytes((sid >> 8, sid & 0xFF, rnd & 0xFF)))
    h.update(salt)
    for node in sorted(reveals):
        h.update(bytes((node >> 8, node & 0xFF)))
        h.update(reveals[node])
    return wide_seed(h.digest()[:16])


def seal(sid, index, seat, action, nonce):
    """Commitment to a hidden decision: `action` of `seat` at history index `index`."""
    return _h(b"pc-seal", (sid, index, seat, action, nonce))


def seal_nonce(secret, sid, index, seat):
    """The nonce of this unit's seal for `seat` at history index `index`: the first 8
    bytes of SHA-256("pc-nonce", secret, sid, index, seat).  The same after a restart (the
    secret is in flash), different for every decision and every unit's secret."""
    return _h(b"pc-nonce", (secret, sid, index, seat))[:8]
