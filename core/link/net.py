"""Forwarding over a chain of units: each unit has up to two channels (UART0, UART1).

Net header in front of every application message:

    [src:2][dst:2][flags:1] message        dst 0xFFFF = everyone; flags = DROPPABLE | ttl

A message for this unit (or everyone) goes up to `handler(src, buf, start, n)`; a message
for anyone else (or everyone) goes on out of every *other* channel with ttl - 1, by the
same reliability it came with.  A unicast leaves by the channel its destination was last
heard on (learned from the src of received messages), or by every channel if unknown.
The ttl (MAX_HOPS) bounds a message's life if someone closes the chain into a ring.
Forwarding copies the bytes into the outgoing channel's preallocated slot: no allocation.

Too far: a droppable broadcast that arrives on its last hop (ttl 1) goes one hop further
with ttl 0; a unit hears such a copy only through `on_far(src, buf, start, n)` (never as a
message), so a unit beyond MAX_HOPS learns that a game is hosted out of its reach (the
lobby says so) instead of hearing nothing.  Firmware from before this rule never forwards
ttl 0 and would take such a copy as a message: it cannot parse a versioned SESSION anyway.

A ring (cabled by mistake): in a chain every unit's messages arrive by one channel; in a
ring they arrive by both, so the learned route of a source flips on almost every message.
RING_FLIPS flips of one source within RING_WINDOW_MS mark a ring for RING_MS (`ring()`),
which the screens report ("unplug one cable").  While it lasts, droppable broadcasts
(presence, announcements: periodic, made to be lost) are forwarded only within
RING_REACH hops of their source, which reaches every unit of a ring of up to 7 units from
one side or the other; reliable messages are forwarded as in a chain (a cable of the ring
may already be out: losing one would lose it for good).
"""
from micropython import const

from core.clock import ticks_ms, ticks_diff
from core.link.channel import MAX_PAYLOAD as _CH_MAX

BROADCAST = const(0xFFFF)
DROPPABLE = const(0x80)
MAX_HOPS = const(6)
HDR = const(5)
MAX_MESSAGE = const(117)   # channel payload minus the net header
RING_FLIPS = const(3)
RING_WINDOW_MS = const(2000)
RING_MS = const(5000)
RING_REACH = const(3)


class Node:
    """This unit's network end: `channels` are channel.Channel objects (0, 1 or 2)."""

    def __init__(self, node_id, handler, clock=ticks_ms):
        if not 0 < node_id < BROADCAST:
            raise ValueError("node id must be 1..65534")
        self.node_id = node_id
        self.handler = handler
        self.on_far = None
        self._clock = clock
        self._flip_n = {}
        self._flip_t = {}
        self.ring_at = None
        self.rings = 0
        self.channels = []
        self._route = {}
        self._buf = bytearray(_CH_MAX)
        self.forwarded = 0
        self.refused = 0

    def add_channel(self, ch):
        self.channels.append(ch)

    def deliver(self, ch, buf, start, n, reliable):
        """Channel upcall (pass as the channels' `deliver`)."""
        if n < HDR:
            return
        src = buf[start] << 8 | buf[start + 1]
        dst = buf[start + 2] << 8 | buf[start + 3]
        flags = buf[start + 4]
        if src == self.node_id or src == 0:
            return                      # our own message came back round a ring
        ttl = flags & 0x0F
        if ttl == 0:
            if self.on_far is not None:
                self.on_far(src, buf, start + HDR, n - HDR)
            return
        r = self._route.get(src)
        if r != ch.index:
            if r is not None:
                self._flip(src)
            self._route[src] = ch.index
        if dst == self.node_id or dst == BROADCAST:
            self.handler(src, buf, start + HDR, n - HDR)
        if dst == self.node_id:
            return
        drop = flags & DROPPABLE
        if drop and MAX_HOPS + 1 - ttl >= RING_REACH and self.ring():
            return
        if ttl > 1:
            buf[start + 4] = flags - 1
        elif dst == BROADCAST and drop:
            buf[start + 4] = DROPPABLE      # ttl 0: only to say "too far" beyond
        else:
            return
        for other in self.channels:
            if other is not ch:
                self._out(other, buf, start, n, reliable, drop)
                self.forwarded += 1

    def _flip(self, src):
        """The route to `src` changed: a moved cable does that once, a ring every time."""
        now = self._clock()
        t = self._flip_t.get(src)
        k = 1
        if t is not None and ticks_diff(now, t) < RING_WINDOW_MS:
            k = self._flip_n.get(src, 0) + 1
        self._flip_n[src] = k
        self._flip_t[src] = now
        if k >= RING_FLIPS:
            if not self.ring():
                self.rings += 1
            self.ring_at = now

    def ring(self):
        """True while the units look cabled in a ring (see the module's docstring)."""
        return self.ring_at is not None and ticks_diff(self._clock(), self.ring_at) < RING_MS

    def _out(self, ch, buf, start, n, reliable, droppable):
        if reliable:
            ok = ch.send(buf, start, n, droppable)
        else:
            ok = ch.send_dgram(buf, start, n)
        if not ok:
            self.refused += 1
        return ok

    def send(self, dst, msg, n, reliable=True, droppable=False):
        """Send msg[0:n] to node `dst` (or BROADCAST).  True if at least one channel took it."""
        if n > MAX_MESSAGE:
            raise ValueError("message of %d bytes (max %d)" % (n, MAX_MESSAGE))
        b = self._buf
        b[0] = self.node_id >> 8
        b[1] = self.node_id & 0xFF
        b[2] = dst >> 8
        b[3] = dst & 0xFF
        b[4] = (DROPPABLE if droppable else 0) | MAX_HOPS
        i = 0
        while i < n:
            b[HDR + i] = msg[i]
            i += 1
        way = self._route.get(dst) if dst != BROADCAST else None
        ok = False
        for ch in self.channels:
            if way is None or ch.index == way:
                if self._out(ch, b, 0, HDR + n, reliable, droppable):
                    ok = True
        return ok

    def links_up(self):
        return [ch.up for ch in self.channels]

    def trouble(self, neighbours=None):
        """True when a channel that was up earlier is down now (a pulled cable); only
        cables to one of `neighbours` count when given."""
        for ch in self.channels:
            if ch.ever_up and not ch.up and (neighbours is None or ch.peer_node in neighbours):
                return True
        return False

    def poll(self):
        for ch in self.channels:
            ch.poll()
