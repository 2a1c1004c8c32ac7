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
    from core.link.channel import QUEUE_BYTES
    p = Pair()
    n = 0
    while p.a.send(b"x" * 100, 0, 100):
        n += 1
    assert n == QUEUE_BYTES // 100      # refused, not grown (bytes: 9 messages of 100)
    assert p.a.send(b"y" * 76, 0, 76) and not p.a.send(b"y", 0, 1)
    q = Pair()
    n = 0
    while q.a.send(b"x", 0, 1):
        n += 1
    assert n == QUEUE                   # frames: 16 short messages
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
    assert most == WINDOW and p.a.queued() == QUEUE_BYTES // 100


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


# -- fragments on a lossy line --------------------------------------------------------------

def _lossy(ch):
    """As if the channel had measured heavy loss: small fragments from now on."""
    ch._lossn = 16 * 16
    ch._lossb = 400


def _frame_of(buf, n):
    """The body of the one frame in buf[:n] (kind, seq) or None."""
    from core.link.framing import FrameDecoder
    d = FrameDecoder()
    d.feed(buf, 0, n)
    return (d.body[0], d.body[3]) if d.length else None


def test_clean_link_never_fragments():
    p = Pair()
    p.step(30)
    msgs = [bytes([k]) * 122 for k in range(20)]
    _push(p, msgs)
    assert p.got["b"] == msgs
    assert p.a.fragmented == 0 and p.a.fragment_size() == 122 and p.a.data_tx == 20


def test_fragments_get_through_when_every_fragment_is_lost_once():
    """Every DATA and FRAG frame's first copy is swallowed: each fragment is resent alone,
    and b delivers every message whole, once, in order."""
    from core.link.channel import DATA, FRAG
    p = Pair()
    p.step(30)
    wire = p.a._write
    copies = {}
    lost = [0]

    def lossy(buf, n):
        f = _frame_of(buf, n)
        if f is not None and f[0] in (DATA, FRAG):
            c = copies.get(f[1], 0)
            copies[f[1]] = c + 1
            if c == 0:
                lost[0] += 1
                return
        wire(buf, n)
    p.a._write = lossy
    msgs = _msgs(30, 11) + [bytes(range(122))]
    i = 0
    t = 0
    while len(p.got["b"]) < len(msgs) and t < 20000:
        _lossy(p.a)
        while i < len(msgs) and p.a.room() >= 4 and p.a.send(msgs[i], 0, len(msgs[i])):
            i += 1
        p.step(1)
        t += 1
    assert p.got["b"] == msgs
    assert p.a.fragmented > 10 and p.b.reassembled == p.a.fragmented
    assert lost[0] == len(copies) > len(msgs)       # every frame lost once...
    assert p.a.retransmits == lost[0]               # ...and resent once, nothing else


def test_lossy_wire_fragments_and_the_link_does_not_flap():
    """5 % of bytes dropped, BER 1e-3 and 1 % duplicates: whole frames of 100 bytes would get
    through once in ~500 tries; fragments do, and the link stays up (bytes keep coming)."""
    p = Pair(seed=4, ber=1e-3, drop=0.05, dup=0.01)
    p.step(300)
    msgs = _msgs(25, 12) + [bytes(range(100))] * 2
    assert _push(p, msgs, 30000) < 30000
    assert p.got["b"] == msgs
    assert p.a.fragmented > 0 and p.a.fragment_size() < 40
    assert p.a.link_downs == 0 and p.b.link_downs == 0


class _Feed:
    """Hand-made frames from a's side of the pair, fed straight to b."""

    def __init__(self, p):
        from core.link.framing import FrameEncoder
        self.p = p
        self.enc = FrameEncoder()
        self.body = bytearray(140)

    def frame(self, kind, seq, payload):
        b = self.body
        tag = self.p.b._tag
        b[0] = kind
        b[1] = tag >> 8
        b[2] = tag & 0xFF
        b[3] = seq
        b[4] = 0
        b[5] = 0
        for i in range(len(payload)):
            b[6 + i] = payload[i]
        n = self.enc.encode(b, 6 + len(payload))
        return bytes(self.enc.out[:n])


class _Record:
    """Keeps what is delivered, in preallocated buffers (a bound method, as Node.deliver)."""

    def __init__(self):
        self.buf = bytearray(1024)
        self.ends = [0] * 16
        self.n = 0
        self.used = 0

    def deliver(self, ch, buf, start, n, reliable):
        i = 0
        while i < n:
            self.buf[self.used + i] = buf[start + i]
            i += 1
        self.used += n
        self.ends[self.n] = self.used
        self.n += 1

    def messages(self):
        out = []
        a = 0
        for k in range(self.n):
            out.append(bytes(self.buf[a:self.ends[k]]))
            a = self.ends[k]
        return out


def test_reassembly_delivers_whole_messages_only_and_allocates_nothing():
    from core.link.channel import DATA, FRAG, MAX_PAYLOAD
    p = Pair()
    p.step(30)

    def mute(buf, n):
        pass
    p.b._write = mute                            # b's ACKs go nowhere: a stays out of it
    sink = _Record()
    p.b._deliver = sink.deliver
    f = _Feed(p)
    frames = [f.frame(FRAG, 0, b"AAAA"), f.frame(FRAG, 1, b"BBBB"), f.frame(FRAG, 1, b"BBBB"),
              f.frame(DATA, 2, b"CC"),                  # -> AAAABBBBCC (seq 1 twice: once)
              f.frame(DATA, 4, b"55"), f.frame(FRAG, 3, b"44"),    # 4 held, then 3: 4455
              f.frame(DATA, 1, b"old"),                 # stale: already delivered
              f.frame(DATA, 5, b"one")]
    big = b"x" * (MAX_PAYLOAD - 10)
    frames += [f.frame(FRAG, 6, big), f.frame(FRAG, 7, big),     # too long: dropped whole
               f.frame(DATA, 8, b"!"),
               f.frame(FRAG, 9, b"D"), f.frame(DATA, 10, b"E")]
    micropython.heap_lock()
    try:
        for fr in frames:
            p.b.receive(fr, 0, len(fr))
    finally:
        micropython.heap_unlock()
    got = sink.messages()
    assert got == [b"AAAABBBBCC", b"4455", b"one", b"DE"], got
    assert p.b.reassembled == 3 and p.b.bad_messages == 1 and p.b.duplicates == 2


def test_a_peer_restart_mid_message_drops_the_half_message_on_both_sides():
    """Receiving: b holds two fragments of a's message when a restarts; the half message is
    dropped and the new a's messages arrive whole.  Sending: a had two fragments of a
    message acknowledged when b restarts; a voids the rest, and the new b gets no tail."""
    # _fs[0]: bytes of the message being reassembled; _fs[1]: the sender is mid-message
    from core.link.channel import DATA, FRAG
    p = Pair()
    p.step(30)
    f = _Feed(p)
    for fr in (f.frame(FRAG, 0, b"half"), f.frame(FRAG, 1, b"way")):
        p.b.receive(fr, 0, len(fr))
    assert p.b._fs[0] == 7 and p.got["b"] == []
    p.a = p._make("a", 0x5555, p.ab)            # a restarts (new epoch)
    p.step(300)
    assert p.b.peer_restarts == 1 and p.b._fs[0] == 0
    _lossy(p.a)
    _push(p, [b"whole" * 20])
    assert p.got["b"] == [b"whole" * 20] and p.a.fragmented == 1

    # sending side: only the first two fragments of a's next message reach b
    p.step(100)
    p.got["b"].clear()
    wire = p.a._write
    first = p.a._next

    def two(buf, n):
        f = _frame_of(buf, n)
        if f[0] not in (DATA, FRAG) or f[1] in (first, first + 1):
            wire(buf, n)
    p.a._write = two
    _lossy(p.a)
    assert p.a.send(b"0123456789" * 10, 0, 100) and p.a.queued() == 4
    p.step(100)
    assert p.a._base == first + 2 and p.a._fs[1] and p.b._fs[0] == 50 and p.got["b"] == []
    p.a._write = wire
    p.restart_b(0x6666)
    p.step(300)
    assert p.a.voided == 2 and p.a.queued() == 0 and p.got["b"] == []
    _push(p, [b"next"])
    assert p.got["b"] == [b"next"]


def test_a_message_queued_whole_is_cut_before_it_is_first_sent():
    """Queued while the link is down (no loss measured yet): at its first transmission on a
    line found lossy, it goes in fragments."""
    p = Pair()
    msg = bytes(range(110))
    assert p.a.send(msg, 0, len(msg)) and p.a.queued() == 1
    _lossy(p.a)
    p.step(300)
    assert p.got["b"] == [msg]
    assert p.a.resplits == 1 and p.a.data_tx == 4 and p.b.reassembled == 1


def test_a_line_that_only_garbles_goes_down_later_than_a_silent_one():
    """Bytes that never make a valid frame keep the link up for DOWN_NOISY_MS (a lossy line
    must not flap); silence takes it down after DOWN_MS, as a pulled cable."""
    from core.link.channel import DOWN_NOISY_MS
    p = Pair()
    p.step(30)
    wire = p.b._write

    def garble(buf, n):
        b = bytearray(buf[:n])
        b[n // 2] ^= 0x10 if b[n // 2] != 0x10 else 0x20
        wire(b, n)
    p.b._write = garble
    p.step(DOWN_MS + 500)
    assert p.a.up
    p.step(DOWN_NOISY_MS - DOWN_MS)
    assert not p.a.up and p.a.link_downs == 1
    p.b._write = wire
    p.step(300)
    assert p.a.up
    p.ba.plugged = False
    t = 0
    while p.a.up:
        p.step(10)
        t += 10
    assert DOWN_MS - 250 <= t <= DOWN_MS + 50     # as fast as before: heard 0-200 ms ago


def test_a_large_frame_lost_again_and_again_is_taken_back_and_cut():
    """Sent whole before any loss was seen, then lost on every try: after 3 tries a probes
    (an empty DATA with the sequence number before it); b's answer shows it never arrived,
    so a takes it back and cuts it.  If the frame had arrived (b's ACKs were damaged), the
    answer says so and it is neither cut nor delivered twice."""
    from core.link.channel import DATA, FRAG
    msg = bytes(range(110))
    for arrived in (False, True):
        p = Pair()
        p.step(30)
        a_wire, b_wire = p.a._write, p.b._write
        probes = [0]

        def a_out(buf, n):
            f = _frame_of(buf, n)
            if f is not None and f[0] == DATA and n < 16:
                probes[0] += 1                   # the probe: empty
            elif f is not None and f[0] in (DATA, FRAG) and n > 100 and not arrived:
                return                           # every copy of the whole frame is lost
            a_wire(buf, n)

        def b_out(buf, n):
            if arrived and not probes[0]:        # b's ACKs damaged until the probe
                buf = bytearray(buf[:n])
                buf[n // 2] ^= 0x10 if buf[n // 2] != 0x10 else 0x20
            b_wire(buf, n)
        p.a._write = a_out
        p.b._write = b_out
        assert p.a.send(msg, 0, len(msg)) and p.a.queued() == 1
        _lossy(p.a)
        t = 0
        while (not p.got["b"] or p.a.queued()) and t < 5000:
            p.step(1)
            t += 1
        assert p.got["b"] == [msg] and p.a.queued() == 0
        assert probes[0] >= 1
        if arrived:
            assert p.a.rescues == 0 and p.b.reassembled == 0 and p.b.duplicates >= 2
        else:
            assert p.a.rescues == 1 and p.a.resplits == 1 and p.b.reassembled == 1
