"""Reliable channel: exactly-once in-order delivery over faulty wires, restarts, bounds."""
import micropython

from core.prng import Prng
from core.link.channel import Channel, QUEUE, DOWN_MS, WINDOW
from core.link.sim import SimClock, Wire


class Pair:
    """Channels a and b joined by two wires, with a virtual clock."""

    def __init__(self, seed=1, **faults):
        self.clock = SimClock()
        self.ab = Wire(self.clock, Prng(seed), 115200, **faults)
        self.ba = Wire(self.clock, Prng(seed + 50), 115200, **faults)
        self.got = {"a": [], "b": []}
        self.a = self._make("a", 0x1111, self.ab)
        self.b = self._make("b", 0x2222, self.ba)

    def _make(self, name, epoch, wire):
        got = self.got[name]

        def deliver(ch, buf, start, n, reliable):
            if reliable:
                got.append(bytes(buf[start:start + n]))
        return Channel(epoch & 0xFF, epoch, wire.write, deliver, None, self.clock)

    def restart_b(self, epoch):
        self.got["b"] = []
        self.b = self._make("b", epoch, self.ba)

    def step(self, ms):
        for _ in range(ms):
            self.clock.us += 1000
            d = self.ab.due()
            if d:
                self.b.receive(d, 0, len(d))
            d = self.ba.due()
            if d:
                self.a.receive(d, 0, len(d))
            self.a.poll()
            self.b.poll()


def _push(p, msgs, limit_ms=60000):
    """Send msgs a->b as fast as the queue allows; the ms it took."""
    i = 0
    t = 0
    while len(p.got["b"]) < len(msgs) and t < limit_ms:
        while i < len(msgs) and p.a.send(msgs[i], 0, len(msgs[i])):
            i += 1
        p.step(1)
        t += 1
    return t


def _msgs(n, seed):
    r = Prng(seed)
    return [bytes([k & 0xFF]) + bytes([r.below(256) for _ in range(r.below(60))]) for k in range(n)]


def test_link_comes_up_and_delivers_in_order():
    p = Pair()
    p.step(30)
    assert p.a.up and p.b.up
    msgs = _msgs(50, 2)
    assert _push(p, msgs) < 2000
    assert p.got["b"] == msgs
    assert p.a.retransmits == 0


def test_exactly_once_in_order_over_a_noisy_wire():
    p = Pair(seed=3, ber=1e-4, drop=0.01, dup=0.005)
    msgs = _msgs(120, 4)
    assert _push(p, msgs) < 60000
    assert p.got["b"] == msgs           # nothing lost, duplicated or reordered
    assert p.a.retransmits > 0 and p.b.duplicates + p.b._dec.crc_errors > 0


def test_queue_and_window_are_bounded():
    p = Pair()
    n = 0
    while p.a.send(b"x" * 100, 0, 100):
        n += 1
    assert n == QUEUE                   # refused, not grown
    assert not p.a.send(b"y", 0, 1, True)     # droppable: refused while down
    most = 0
    for _ in range(400):
        p.step(1)
        most = max(most, (p.a._sent - p.a._base) & 0xFF)
        while p.a.send(b"z" * 100, 0, 100):
            pass
    assert p.a.up and len(p.got["b"]) > 20
    assert most <= WINDOW               # never more than the window in flight
    # a peer that stops acknowledging: the window fills, and not one frame more
    p.ba.plugged = False
    most = 0
    for _ in range(DOWN_MS // 2):
        p.step(1)
        most = max(most, (p.a._sent - p.a._base) & 0xFF)
        while p.a.send(b"z" * 100, 0, 100):
            pass
    assert most == WINDOW and p.a.queued() == QUEUE


def test_sending_is_paced_at_the_line_rate():
    """The sender never queues more than PACE_MS of data (plus one frame) for the wire,
    whatever the application pushes, and its backlog estimate follows the wire's."""
    from core.link.channel import PACE_MS
    p = Pair()
    p.step(30)
    frame_us = 140 * p.ab.byte_t
    worst = 0
    got = 0
    msg = b"w" * 110
    for t in range(1500):
        while p.a.send(msg, 0, 110):
            pass
        p.step(1)
        got += len(p.got["b"])
        p.got["b"].clear()
        wire_ms = max(0, p.ab.free_t - p.clock.us) // 1000
        worst = max(worst, wire_ms)
        assert abs(p.a.backlog_ms() - wire_ms) <= 1
    assert worst <= PACE_MS + frame_us // 1000 + 1, worst
    assert got > 100 and p.ab.overruns == 0


def test_unplug_pauses_and_resumes_without_loss():
    p = Pair()
    p.step(30)
    msgs = _msgs(30, 5)
    for m in msgs[:QUEUE]:
        assert p.a.send(m, 0, len(m))
    p.ab.plugged = p.ba.plugged = False
    p.step(DOWN_MS + 300)
    assert not p.a.up and not p.b.up and p.a.link_downs == 1
    p.ab.plugged = p.ba.plugged = True
    got = p.got["b"]
    assert len(got) <= QUEUE
    i = QUEUE
    t = 0
    while len(got) < len(msgs) and t < 5000:
        while i < len(msgs) and p.a.send(msgs[i], 0, len(msgs[i])):
            i += 1
        p.step(1)
        t += 1
    assert got == msgs and p.b.peer_restarts == 0


def test_restart_with_new_epoch_resets_sequences_and_drops_stale_frames():
    p = Pair()
    p.step(30)
    msgs = _msgs(20, 6)
    _push(p, msgs[:12])
    for m in msgs[12:16]:
        p.a.send(m, 0, len(m))
    p.step(2)                           # some frames are on the wire...
    p.restart_b(0x3333)                 # ...when b restarts: new epoch, empty state
    p.step(300)
    assert p.a.up and p.b.up and p.a.peer_restarts == 1
    for m in msgs[16:]:
        assert p.a.send(m, 0, len(m))
    p.step(300)
    # b (new) gets the frames a still held, once each, in order, nothing from before
    got = p.got["b"]
    assert got == msgs[len(msgs) - len(got):], got
    assert len(got) >= 4 and p.b.stale > 0   # frames of the old session were dropped


def test_heartbeat_keeps_an_idle_link_up():
    p = Pair()
    p.step(30)
    p.step(5 * DOWN_MS)
    assert p.a.up and p.b.up and p.a.link_downs == 0


class _Sink:
    """Counts what reaches the application, with a bound method (as Node.deliver is)."""

    def __init__(self):
        self.hits = 0
        self.bytes = 0

    def handler(self, src, buf, start, n):
        self.hits += 1
        self.bytes += n


def test_receive_and_forward_paths_allocate_nothing():
    """Bytes in -> frames -> ACK out -> Node -> application and forwarding: no allocation."""
    from core.link.net import Node, BROADCAST
    p = Pair()
    p.step(30)
    tx = bytearray(4096)
    pos = [0]

    def capture(buf, n):
        i = 0
        while i < n:
            tx[pos[0]] = buf[i]
            pos[0] += 1
            i += 1
    sender = Node(0x11, None)
    sender.add_channel(p.a)
    p.a._write = capture
    msg = bytearray(60)
    for k in range(4):
        msg[0] = k
        assert sender.send(BROADCAST, msg, 40 + k)
        p.a._base = p.a._sent              # as if acked: let the next one go at once
    wire = bytearray(tx[:pos[0]])
    m = len(wire)
    sink = _Sink()
    node = Node(0x22, sink.handler)
    node.add_channel(p.b)
    p.b.index = 0
    p.b._deliver = node.deliver
    onward = Channel(0x22, 0x4444, capture, node.deliver, None, p.clock, 1)
    node.add_channel(onward)
    p.b._write = capture
    pos[0] = 0
    first = 1
    while wire[first] != 0:
        first += 1
    p.b.receive(wire, 0, first + 1)      # warm-up: the node learns where unit 0x11 is
    micropython.heap_lock()
    try:
        p.b.receive(wire, first + 1, m)
    finally:
        micropython.heap_unlock()
    assert sink.hits == 4 and sink.bytes == 40 + 41 + 42 + 43
    assert onward.queued() == 4          # forwarded onward, queued for its link
    assert pos[0] > 0                    # and the ACK went out


class _FirstBytes:
    def __init__(self):
        self.firsts = bytearray(8)
        self.n = 0

    def deliver(self, ch, buf, start, n, reliable):
        self.firsts[self.n] = buf[start]
        self.n += 1


def test_selective_repeat_holds_frames_after_a_gap_and_allocates_nothing():
    """Frames 1-3 arrive before frame 0: b holds them and says so (NAK with a SACK bitmap),
    a resends exactly frame 0, and b then delivers all four in order.  b's receive path
    runs under heap_lock."""
    from core.link.channel import NAK
    p = Pair()
    p.step(30)
    frames = [bytearray(160) for _ in range(5)]
    lens = [0] * 5
    k = [0]

    def capture(buf, n):
        f = frames[k[0]]
        i = 0
        while i < n:
            f[i] = buf[i]
            i += 1
        lens[k[0]] = n
        k[0] += 1
    p.a._write = capture
    for i in range(4):
        p.a.send(bytes([i]) * 30, 0, 30)
    assert k[0] == 4
    acks = bytearray(64)
    alen = [0]

    def ack_out(buf, n):
        i = 0
        while i < n:
            acks[i] = buf[i]
            i += 1
        alen[0] = n
    p.b._write = ack_out
    sink = _FirstBytes()
    p.b._deliver = sink.deliver             # a bound method, as Node.deliver is
    micropython.heap_lock()
    try:
        for i in (1, 2, 3):
            p.b.receive(frames[i], 0, lens[i])
    finally:
        micropython.heap_unlock()
    assert p.b.held == 3 and sink.n == 0      # held, not delivered early
    nak = bytes(acks[:alen[0]])
    from core.link.framing import FrameDecoder
    d = FrameDecoder()
    d.feed(nak, 0, len(nak))
    assert d.body[0] == NAK and d.body[3] == 0 and d.body[4] == 0b111   # ack 0, 1-3 held
    p.a.receive(nak, 0, len(nak))             # a resends frame 0, and only frame 0
    assert k[0] == 5 and p.a.retransmits == 1 and p.a.fast_retransmits == 1
    micropython.heap_lock()
    try:
        p.b.receive(frames[4], 0, lens[4])
    finally:
        micropython.heap_unlock()
    assert sink.n == 4 and list(sink.firsts[:4]) == [0, 1, 2, 3]
    assert p.b.duplicates == 0 and p.b._rhave == 0 and p.b._expect == 4
    ack = bytes(acks[:alen[0]])
    p.a.receive(ack, 0, len(ack))
    assert p.a.queued() == 0                  # all four acknowledged


def test_timeout_follows_the_round_trip_and_backs_off_while_the_peer_is_silent():
    from core.link.channel import RTO_MIN_MS, RTO_MAX_MS, RTO_INIT_MS
    p = Pair()
    p.step(30)
    assert p.a.rto == RTO_INIT_MS              # no sample yet
    _push(p, _msgs(10, 9))
    assert p.a.rtt_samples >= 5 and p.a.rto == RTO_MIN_MS and p.a.srtt_ms() < 10
    # the peer goes silent (its wire and ours pulled): each timeout waits twice as long
    p.ab.plugged = p.ba.plugged = False
    p.a.send(b"lost", 0, 4)
    times = []
    last = p.a.retransmits
    for t in range(DOWN_MS - 10):
        p.step(1)
        if p.a.retransmits != last:
            last = p.a.retransmits
            times.append(t)
    gaps = [times[i + 1] - times[i] for i in range(len(times) - 1)]
    assert len(gaps) >= 3 and all([gaps[i + 1] >= 2 * gaps[i] - 10 for i in range(len(gaps) - 1)]), gaps
    assert p.a._timeout_ms() <= RTO_MAX_MS
    # back: the frame goes through, and the first acknowledgement ends the back-off
    p.ab.plugged = p.ba.plugged = True
    assert p.a.send(b"after", 0, 5)
    t = 0
    while p.got["b"][-1:] != [b"after"] and t < 3000:
        p.step(1)
        t += 1
    assert p.got["b"][-2:] == [b"lost", b"after"]
    assert p.a._backoff == 0


def _forge(p, ch, body):
    """Feed `ch` one frame with a valid CRC and the link's tag: a damaged header the CRC
    missed, or a PC on the cable."""
    from core.link.framing import FrameEncoder
    b = bytearray(len(body) + 2)
    b[:len(body)] = body
    e = FrameEncoder()
    ch.receive(e.out, 0, e.encode(b, len(body), True))


def test_a_false_ack_does_not_wedge_the_channel():
    # issue #15 item 3, the frame that wedged a fuzzed game: a DATA frame from b whose
    # piggy-backed ack was raised by one (and its seq lowered), CRC and tag valid.  a took
    # its lost frame as delivered and freed it; b held the frames after the gap and asked
    # for it forever; a ignored every ack behind its base: "paused: waiting for unit N".
    # Now impossible acks in a row start a new session with the peer (HELLO), and the
    # frames queued after the lost one are delivered.
    p = Pair()
    p.step(300)
    assert p.a.up and p.b.up
    p.ab.plugged = False
    p.a.send(b"lost", 0, 4)                          # never reaches b
    p.ab.plugged = True
    tag = p.a._tag
    body = bytes([2, tag >> 8, tag & 0xFF, (p.a._expect - 1) & 0xFF, (p.a._base + 1) & 0xFF,
                  7]) + b"zz"
    _forge(p, p.a, body)
    assert p.a.in_flight() == 0                      # the lost frame taken as acked
    for i in range(3):
        p.a.send(b"after%d" % i, 0, 6)
    p.step(5000)
    assert p.got["b"][-3:] == [b"after0", b"after1", b"after2"]
    assert p.a.desyncs == 1 and p.a.up and p.b.up
    p.a.send(b"more", 0, 4)
    p.step(300)
    assert p.got["b"][-1] == b"more" and p.a.desyncs == 1


def test_a_false_selective_ack_is_taken_back():
    # a damaged sack bit marked a frame b never got as held; it became the oldest frame
    # and a timeout never resends a frame taken as held: the next ACK, which does not list
    # it, makes a resend it.
    p = Pair()
    p.step(300)
    p.ab.plugged = False
    p.a.send(b"w", 0, 1)
    p.a.send(b"x", 0, 1)                             # both lost
    p.ab.plugged = True
    tag = p.a._tag
    base = p.a._base
    _forge(p, p.a, bytes([3, tag >> 8, tag & 0xFF, base, 1, 0]))   # "x is held": false
    p.step(3000)
    assert p.got["b"][-2:] == [b"w", b"x"]
    assert p.a.in_flight() == 0
