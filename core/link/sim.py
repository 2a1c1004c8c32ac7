"""In-memory chain of units with a virtual clock and faulty wires (tests and benchmarks).

Runs on every runtime, deterministically: the wires pace bytes at the line rate (10 bits
per byte), and flip bits, drop or duplicate bytes and unplug on a seeded schedule.  The
multi-process version with pseudo-terminals is tools/link_relay.py + tools/link_unit.py.
"""
from array import array

from core.prng import Prng


_MASK = (1 << 30) - 1
SECURE = True          # the default for every chain (tools/bench_link.py compares)


class SimClock:
    def __init__(self, start=1000):
        self.us = start * 1000

    def __call__(self):
        return (self.us // 1000) & _MASK


class Wire:
    """One direction of a cable: bytes arrive after their transmission time.

    A fixed ring of bytes and their due times (us, mod 2**16: the ring holds at most 55 ms
    of line time at 115200 baud); a full ring drops bytes, like a UART overrun, counted."""

    SIZE = 640

    def __init__(self, clock, rng, baud, ber=0.0, drop=0.0, dup=0.0):
        self.clock = clock
        self.rng = rng
        self.byte_t = 10000000 // baud        # 10 bits per byte, in us
        self.ber_ppm = int(ber * 8 * 1000000)
        self.drop_ppm = int(drop * 1000000)
        self.dup_ppm = int(dup * 1000000)
        self.plugged = True
        self._b = bytearray(self.SIZE)
        self._t = array("H", bytes(2 * self.SIZE))
        self._out = bytearray(self.SIZE)
        self._head = 0
        self._n = 0
        self.free_t = 0
        self.bytes = 0
        self.flipped = 0
        self.dropped = 0
        self.overruns = 0

    def _put(self, t, b):
        if self._n >= self.SIZE:
            self.overruns += 1
            return
        k = (self._head + self._n) % self.SIZE
        self._b[k] = b
        self._t[k] = t & 0xFFFF
        self._n += 1

    def write(self, buf, n):
        r = self.rng
        now = self.clock.us
        for i in range(n):
            self.bytes += 1
            t = max(now, self.free_t) + self.byte_t
            self.free_t = t
            if not self.plugged:
                continue
            b = buf[i]
            if self.drop_ppm and r.below(1000000) < self.drop_ppm:
                self.dropped += 1
                continue
            if self.ber_ppm and r.below(1000000) < self.ber_ppm:
                b ^= 1 << r.below(8)
                self.flipped += 1
            self._put(t, b)
            if self.dup_ppm and r.below(1000000) < self.dup_ppm:
                self._put(t, b)

    def due(self):
        """A memoryview of the bytes whose time has come (valid until the next call)."""
        now = self.clock.us
        k = 0
        out = self._out
        while self._n and ((now - self._t[self._head]) & 0xFFFF) < 0x8000:
            out[k] = self._b[self._head]
            k += 1
            self._head = (self._head + 1) % self.SIZE
            self._n -= 1
        if not k or not self.plugged:
            return None
        return memoryview(out)[:k]


class SimChain:
    """Units 0..n-1 in a chain: unit i's port 1 is cabled to unit i+1's port 0.  `ring`:
    also unit n-1's port 1 to unit 0's port 0 (cabled by mistake: cable n-1)."""

    def __init__(self, n, games, ai=None, seed=1, baud=115200, ber=0.0, drop=0.0, dup=0.0,
                 node_ids=None, ring=False, secure=None):
        self.clock = SimClock()
        self.rng = Prng(seed)
        self.n = n
        self.cables = []       # cable i joins unit i and i+1: (wire i->i+1, wire i+1->i)
        for i in range(n if ring else n - 1):
            self.cables.append((Wire(self.clock, Prng(seed * 100 + 2 * i + 1), baud, ber, drop, dup),
                                Wire(self.clock, Prng(seed * 100 + 2 * i + 2), baud, ber, drop, dup)))
        self.node_ids = node_ids or [0x100 + 17 * i + 1 for i in range(n)]
        self.games = games
        self.ai = ai
        self.secure = SECURE if secure is None else secure
        self.taps = None       # a list: every byte written on any wire goes there too
        self.units = [None] * n
        for i in range(n):
            self.boot(i)
        self.unplugs = []      # (cable, from_ms, to_ms)

    def _entropy_for(self, i):
        r = Prng((self.rng.next30() ^ (i + 1) * 7919) & _MASK)

        def entropy(n):
            return bytes([r.below(256) for _ in range(n)])
        return entropy

    def boot(self, i):
        """(Re)start unit i: a fresh process with the same node id, nothing remembered."""
        from core.link.unit import LinkUnit

        def sink(buf, n):
            pass
        w = [sink, sink]
        if i > 0 or len(self.cables) == self.n:
            w[0] = self.cables[i - 1][1].write
        if i < len(self.cables):
            w[1] = self.cables[i][0].write
        if self.taps is not None:
            w = [self._tap(w[0], (i, 0)), self._tap(w[1], (i, 1))]
        self.units[i] = LinkUnit(self.node_ids[i], w, self._entropy_for(i), self.clock,
                                 self.games, self.ai, secure=self.secure)
        return self.units[i]

    def tap(self):
        """Record every byte every unit writes from now on (units booted after this), as
        (unit index, port, bytes) chunks in self.taps: a sniffer on every cable."""
        self.taps = []
        for i in range(self.n):
            for p in range(2):
                self.units[i].node.channels[p]._write = self._tap(
                    self.units[i].node.channels[p]._write, (i, p))

    def _tap(self, write, where):
        taps = self.taps

        def w(buf, n):
            taps.append((where, bytes(buf[:n])))
            write(buf, n)
        return w

    def unplug(self, cable, from_ms, ms):
        """Pull cable `cable` (between unit cable and cable+1) at from_ms for ms."""
        self.unplugs.append((cable, from_ms, from_ms + ms))

    def now(self):
        return self.clock.us // 1000

    def step(self, ms=1, hook=None):
        for _ in range(ms):
            self.clock.us += 1000
            t = self.now()
            for c, a, b in self.unplugs:
                plugged = not (a <= t < b)
                self.cables[c][0].plugged = plugged
                self.cables[c][1].plugged = plugged
            for i in range(len(self.cables)):
                fwd, back = self.cables[i]
                d = fwd.due()
                if d:
                    self.units[(i + 1) % self.n].receive(0, d, 0, len(d))
                d = back.due()
                if d:
                    self.units[i].receive(1, d, 0, len(d))
            for u in self.units:
                u.poll()
            if hook is not None:
                hook(self)

    def run_until(self, cond, limit_ms, hook=None):
        """Step until cond(self) is true; the ms it took, or -1 at the limit."""
        t0 = self.now()
        while self.now() - t0 < limit_ms:
            if cond(self):
                return self.now() - t0
            self.step(1, hook)
        return -1

    def line_bytes(self):
        return sum([a.bytes + b.bytes for a, b in self.cables])
