"""A fault-injecting relay on the link wires, made of pseudo-terminals.  CPython only.

For a chain of N units it makes, for every cable i (between unit i and unit i+1), two pty
pairs: unit i opens `ports[i][1]`, unit i+1 opens `ports[i+1][0]`, and the relay copies
bytes between the two masters, both ways, paced at the line rate (10 bits per byte at
`baud`), with faults from a seeded random generator: bit flips at `ber` per bit, dropped
and duplicated bytes, a fixed extra delay, and unplug/replug of a cable for a period
(bytes are lost both ways and a burst of line noise is injected at each edge).

    python -m tools.link_relay --units 3 --ber 1e-4 --drop 0.01 [--unplug 1:5:2] ...

prints the pty paths as one JSON line and relays until killed.  Tests and tools/bench_link.py
use the Relay class in-process (it runs in a thread) and call unplug() when they choose.
"""
import json
import os
import random
import select
import sys
import threading
import time
import tty


class Direction:
    """One direction of one cable: paced queue with faults."""

    def __init__(self, rng, byte_s, ber, drop, dup, delay_s):
        self.rng = rng
        self.byte_s = byte_s
        self.ber = ber
        self.drop = drop
        self.dup = dup
        self.delay_s = delay_s
        self.queue = bytearray()
        self.due = []           # due time per queued byte
        self.free_at = 0.0
        self.bytes_in = 0
        self.bytes_out = 0
        self.flipped = 0
        self.dropped = 0

    def push(self, data, now, plugged):
        r = self.rng
        for b in data:
            self.bytes_in += 1
            t = max(now + self.delay_s, self.free_at) + self.byte_s
            self.free_at = t
            if not plugged:
                self.dropped += 1
                continue
            if self.drop and r.random() < self.drop:
                self.dropped += 1
                continue
            if self.ber and r.random() < 8 * self.ber:
                b ^= 1 << r.randrange(8)
                self.flipped += 1
            self.queue.append(b)
            self.due.append(t)
            if self.dup and r.random() < self.dup:
                self.queue.append(b)
                self.due.append(t)

    def noise(self, now, n):
        for _ in range(n):
            t = max(now, self.free_at) + self.byte_s
            self.free_at = t
            self.queue.append(self.rng.randrange(256))
            self.due.append(t)

    def pop_due(self, now):
        k = 0
        while k < len(self.due) and self.due[k] <= now:
            k += 1
        if not k:
            return b""
        out = bytes(self.queue[:k])
        del self.queue[:k]
        del self.due[:k]
        self.bytes_out += k
        return out

    def next_due(self):
        return self.due[0] if self.due else None


def _pty():
    master, slave = os.openpty()
    tty.setraw(slave)
    tty.setraw(master)
    os.set_blocking(master, False)
    return master, slave, os.ttyname(slave)


class Relay:
    """Pseudo-terminal wires for a chain of `units` units, with faults."""

    def __init__(self, units, baud=115200, ber=0.0, drop=0.0, dup=0.0, delay_ms=0, seed=1,
                 noise=8):
        self.units = units
        self.byte_s = 10.0 / baud
        self.noise = noise
        rng = random.Random(seed)
        self.ports = [["-", "-"] for _ in range(units)]
        self.cables = []        # per cable: [(master_a, dir a->b), (master_b, dir b->a)]
        self._slaves = []
        self.plugged = []
        self._lock = threading.Lock()
        for i in range(units - 1):
            ma, sa, pa = _pty()
            mb, sb, pb = _pty()
            self._slaves += [sa, sb]
            self.ports[i][1] = pa
            self.ports[i + 1][0] = pb
            mk = lambda: Direction(random.Random(rng.random()), self.byte_s, ber, drop, dup,
                                   delay_ms / 1000.0)
            self.cables.append(((ma, mk(), mb), (mb, mk(), ma)))
            self.plugged.append(True)
        self._stop = False
        self._thread = None
        self.unplug_log = []

    def port_args(self, i):
        return ",".join(self.ports[i])

    def unplug(self, cable, seconds):
        """Pull cable `cable` now and put it back after `seconds` (in the relay thread)."""
        with self._lock:
            now = time.monotonic()
            self.plugged[cable] = False
            for _, d, _ in self.cables[cable]:
                d.noise(now, self.noise)
            self.unplug_log.append((cable, now, now + seconds))

    def _check_replug(self, now):
        for cable in range(len(self.cables)):
            if self.plugged[cable]:
                continue
            # out while any unplug period of this cable is running (an earlier, finished
            # period must not put back a cable pulled again later)
            if all(not (c == cable and t0 <= now < t1) for c, t0, t1 in self.unplug_log):
                self.plugged[cable] = True
                for _, d, _ in self.cables[cable]:
                    d.noise(now, self.noise)

    def step(self, timeout):
        masters = []
        for c in self.cables:
            for m, _, _ in c:
                masters.append(m)
        r, _, _ = select.select(masters, [], [], timeout)
        now = time.monotonic()
        with self._lock:
            self._check_replug(now)
            for ci in range(len(self.cables)):
                for src, d, dst in self.cables[ci]:
                    if src in r:
                        try:
                            data = os.read(src, 4096)
                        except (BlockingIOError, OSError):
                            data = b""
                        if data:
                            d.push(data, now, self.plugged[ci])
                    out = d.pop_due(now)
                    if out and self.plugged[ci]:
                        try:
                            os.write(dst, out)
                        except (BlockingIOError, OSError):
                            pass

    def _next_timeout(self):
        nxt = None
        for c in self.cables:
            for _, d, _ in c:
                t = d.next_due()
                if t is not None and (nxt is None or t < nxt):
                    nxt = t
        if nxt is None:
            return 0.01
        return min(0.01, max(0.0, nxt - time.monotonic()))

    def run(self):
        while not self._stop:
            self.step(self._next_timeout())

    def start(self):
        self._thread = threading.Thread(target=self.run, daemon=True)
        self._thread.start()
        return self

    def stop(self):
        self._stop = True
        if self._thread is not None:
            self._thread.join(2)
        for c in self.cables:
            for m, _, _ in c:
                os.close(m)
        for s in self._slaves:
            os.close(s)

    def stats(self):
        out = {"bytes": 0, "flipped": 0, "dropped": 0}
        for c in self.cables:
            for _, d, _ in c:
                out["bytes"] += d.bytes_in
                out["flipped"] += d.flipped
                out["dropped"] += d.dropped
        return out


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--units", type=int, default=2)
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--ber", type=float, default=0.0)
    ap.add_argument("--drop", type=float, default=0.0)
    ap.add_argument("--dup", type=float, default=0.0)
    ap.add_argument("--delay-ms", type=float, default=0.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--unplug", action="append", default=[],
                    help="CABLE:AT_S:FOR_S, e.g. 0:5:2")
    a = ap.parse_args(argv[1:])
    relay = Relay(a.units, a.baud, a.ber, a.drop, a.dup, a.delay_ms, a.seed)
    print(json.dumps({"ports": [relay.port_args(i) for i in range(a.units)]}), flush=True)
    plan = sorted([tuple(float(x) for x in u.split(":")) for u in a.unplug], key=lambda p: p[1])
    t0 = time.monotonic()
    relay.start()
    try:
        for cable, at, dur in plan:
            time.sleep(max(0.0, t0 + at - time.monotonic()))
            relay.unplug(int(cable), dur)
        while True:
            time.sleep(1)
    except KeyboardInterrupt:
        pass
    finally:
        relay.stop()
        print(json.dumps(relay.stats()), flush=True)


if __name__ == "__main__":
    main(sys.argv)
