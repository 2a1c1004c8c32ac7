"""This unit's node id and random bytes for the link.

The node id must stay the same across restarts (a restarted unit finds its seat again by
it): on the device it is derived from the RP2040's flash unique id
(`machine.unique_id()`, 8 bytes); on a host without one it comes from the LINK_NODE
environment variable, else from the host name and process id (stable for one process).
Ids are 1..65534 (0 and 0xFFFF are reserved by core/link/net.py).
"""


def fold16(data):
    """A 16-bit id in 1..65534 from any bytes (FNV-1a folded; every step < 2**30)."""
    h = 0x811C
    for b in data:
        h = ((h ^ b) * 0x1EF) & 0xFFFF
    h &= 0xFFFF
    if h == 0 or h == 0xFFFF:
        h = 1
    return h


def _unique_id():
    try:
        import machine
        return machine.unique_id()
    except (ImportError, AttributeError):
        return None


def node_id():
    uid = _unique_id()
    if uid:
        return fold16(uid)
    import os
    env = None
    try:
        env = os.getenv("LINK_NODE")
    except AttributeError:
        pass
    if env:
        n = int(env)
        if 0 < n < 0xFFFF:
            return n
    parts = []
    try:
        parts.append(os.uname()[1])
    except AttributeError:
        pass
    try:
        parts.append(str(os.getpid()))
    except AttributeError:
        pass
    return fold16("/".join(parts).encode() or b"host")


def entropy(n):
    """n random bytes: os.urandom where there is one, else the PRNG seeded from the clock
    and the node id (the device's os.urandom uses the ring oscillator)."""
    try:
        import os
        return os.urandom(n)
    except (ImportError, AttributeError, NotImplementedError):
        from core.clock import ticks_ms
        from core.prng import Prng
        r = Prng((ticks_ms() * 31 + node_id()) & 0x3FFFFFFF)
        return bytes([r.below(256) for _ in range(n)])
