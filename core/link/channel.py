"""Reliable channel to one neighbour over one byte stream (one UART).

Frame bodies (inside framing.py's CRC-checked frames):

    HELLO  [1][epoch:2][echo:2][node:2][txbase:1]   link set-up, sent while the link is down
    DATA   [2][tag:2][seq:1][ack:1] payload         reliable, in order, exactly once
    ACK    [3][tag:2][ack:1]                        cumulative ack; also the heartbeat
    NAK    [4][tag:2][ack:1]                        "gap before ack": go back at once
    DGRAM  [5][tag:2] payload                       unreliable, only while the link is up

Each side draws a random 16-bit *epoch* at start-up.  HELLO carries the sender's epoch and
the peer epoch it has heard (echo); the link is up once a side hears its own epoch echoed.
Every other frame carries tag = epoch_a ^ epoch_b, so frames from before a restart (stale
sequence numbers) are dropped, and a new peer epoch resets the sequence state on both sides
(trap 1 of such protocols).  Sending is go-back-N with a window of WINDOW frames and a
bounded queue of QUEUE frames: send() refuses when the queue is full instead of growing,
and a retransmit burst never exceeds the window (trap 2: receiver overrun).  The receiver
accepts only the next expected sequence number, re-acks duplicates and NAKs a gap once.
A link with no valid frame for DOWN_MS goes down; while up, an idle side sends an ACK every
HEARTBEAT_MS.  Queued data survives a down link and is resent when it comes back up.

Receiving and sending allocate nothing (slots are preallocated); see test_link_channel.py.
"""
from micropython import const

from core.clock import ticks_ms, ticks_diff
from core.link.framing import FrameEncoder, FrameDecoder, MAX_BODY

HELLO = const(1)
DATA = const(2)
ACK = const(3)
NAK = const(4)
DGRAM = const(5)

_DATA_HDR = const(5)
_DGRAM_HDR = const(3)
MAX_PAYLOAD = const(123)   # MAX_BODY - _DATA_HDR
WINDOW = const(4)
QUEUE = const(8)           # must divide 256
RTO_MS = const(120)
HEARTBEAT_MS = const(200)
DOWN_MS = const(1000)
HELLO_MS = const(100)
_IDLE_LEAD_MS = const(50)


class Channel:
    """One neighbour.  `write(buf, n)` puts bytes on the wire; `deliver(ch, buf, start, n,
    reliable)` receives payloads; `on_state(ch)` hears link up/down and peer restarts."""

    def __init__(self, node_id, epoch, write, deliver, on_state=None, clock=ticks_ms,
                 index=0):
        if not 0 < epoch < 0x10000:
            raise ValueError("epoch must be 1..65535")
        self.index = index
        self.node_id = node_id
        self.epoch = epoch
        self._write = write
        self._deliver = deliver
        self._on_state = on_state
        self._clock = clock
        self._enc = FrameEncoder()
        self._dec = FrameDecoder()
        self._slots = [bytearray(MAX_BODY + 2) for _ in range(QUEUE)]
        self._lens = bytearray(QUEUE)
        self._ctl = bytearray(16)
        self._dg = bytearray(MAX_BODY + 2)
        self.peer_epoch = 0
        self.peer_node = 0
        self.up = False
        self.ever_up = False
        self._tag = 0
        # sender state (sequence numbers mod 256)
        self._base = 0      # oldest unacked
        self._next = 0      # next to queue
        self._sent = 0      # next to transmit
        self._sent_max = 0  # one past the highest ever transmitted since last reset
        self._rto_at = 0
        self._goback_at = 0
        # receiver state
        self._expect = 0
        self._ack_due = False
        self._nak_for = -1
        now = clock()
        self._last_rx = now
        self._last_tx = ticks_diff(now, 1000)
        self._last_hello = ticks_diff(now, 1000)
        # counters
        self.frames_tx = 0
        self.bytes_tx = 0
        self.data_tx = 0
        self.retransmits = 0
        self.delivered = 0
        self.duplicates = 0
        self.link_ups = 0
        self.link_downs = 0
        self.peer_restarts = 0
        self.stale = 0

    # -- sending ----------------------------------------------------------------------
    def queued(self):
        return (self._next - self._base) & 0xFF

    def room(self):
        return QUEUE - self.queued()

    def send(self, data, start, n, droppable=False):
        """Queue data[start:start+n] for reliable delivery; False when refused.

        A droppable message (periodic status) is refused while the link is down or the
        queue is half full, so it never crowds out game messages."""
        if n > MAX_PAYLOAD:
            raise ValueError("payload of %d bytes (max %d)" % (n, MAX_PAYLOAD))
        q = self.queued()
        if q >= QUEUE or (droppable and (not self.up or q >= QUEUE // 2)):
            return False
        k = self._next & (QUEUE - 1)
        slot = self._slots[k]
        i = 0
        while i < n:
            slot[_DATA_HDR + i] = data[start + i]
            i += 1
        self._lens[k] = n
        self._next = (self._next + 1) & 0xFF
        if self.up:
            self._pump(self._clock())
        return True

    def send_dgram(self, data, start, n):
        """Send once, unreliably, if the link is up."""
        if not self.up or n > MAX_PAYLOAD:
            return False
        body = self._dg
        body[0] = DGRAM
        body[1] = self._tag >> 8
        body[2] = self._tag & 0xFF
        i = 0
        while i < n:
            body[_DGRAM_HDR + i] = data[start + i]
            i += 1
        self._emit(body, _DGRAM_HDR + n, self._clock())
        return True

    def _emit(self, body, n, now):
        lead = ticks_diff(now, self._last_tx) > _IDLE_LEAD_MS
        m = self._enc.encode(body, n, lead)
        self._write(self._enc.out, m)
        self._last_tx = now
        self.frames_tx += 1
        self.bytes_tx += m

    def _send_ctl(self, kind, now):
        c = self._ctl
        c[0] = kind
        c[1] = self._tag >> 8
        c[2] = self._tag & 0xFF
        c[3] = self._expect
        self._emit(c, 4, now)
        self._ack_due = False

    def _send_hello(self, now):
        c = self._ctl
        c[0] = HELLO
        c[1] = self.epoch >> 8
        c[2] = self.epoch & 0xFF
        c[3] = self.peer_epoch >> 8
        c[4] = self.peer_epoch & 0xFF
        c[5] = (self.node_id >> 8) & 0xFF
        c[6] = self.node_id & 0xFF
        c[7] = self._base
        self._emit(c, 8, now)
        self._last_hello = now

    def _pump(self, now):
        while self._sent != self._next and ((self._sent - self._base) & 0xFF) < WINDOW:
            seq = self._sent
            k = seq & (QUEUE - 1)
            slot = self._slots[k]
            slot[0] = DATA
            slot[1] = self._tag >> 8
            slot[2] = self._tag & 0xFF
            slot[3] = seq
            slot[4] = self._expect
            if seq == self._base:
                self._rto_at = now
            if ((seq - self._sent_max) & 0xFF) < 128:   # seq >= sent_max: first time
                self._sent_max = (seq + 1) & 0xFF
                self.data_tx += 1
            else:
                self.retransmits += 1
            self._emit(slot, _DATA_HDR + self._lens[k], now)
            self._ack_due = False
            self._sent = (seq + 1) & 0xFF

    def _go_back(self, now):
        self._sent = self._base
        self._goback_at = now
        self._rto_at = now

    # -- receiving --------------------------------------------------------------------
    def receive(self, data, start, end):
        """Feed raw bytes from the wire (any amount, any split)."""
        dec = self._dec
        i = start
        while i < end:
            i = dec.feed(data, i, end)
            if dec.length:
                self._on_frame(dec.body, dec.length)
        if self._ack_due and self.up:
            self._send_ctl(ACK, self._clock())

    def _on_frame(self, f, n):
        now = self._clock()
        kind = f[0]
        if kind == HELLO:
            if n >= 8:
                self._on_hello(f, now)
            return
        if n < 4 or self.peer_epoch == 0 or (f[1] << 8 | f[2]) != self._tag:
            self.stale += 1
            return
        self._last_rx = now
        if not self.up:
            self._set_up(True)
        if kind == DATA:
            if n < _DATA_HDR:
                return
            self._on_ack(f[4], False, now)
            seq = f[3]
            if seq == self._expect:
                self._expect = (seq + 1) & 0xFF
                self._nak_for = -1
                self.delivered += 1
                self._ack_due = True
                self._deliver(self, f, _DATA_HDR, n - _DATA_HDR, True)
            elif ((self._expect - seq) & 0xFF) <= 128:
                self.duplicates += 1
                self._ack_due = True
            elif self._nak_for != self._expect:
                self._nak_for = self._expect
                self._send_ctl(NAK, now)
        elif kind == ACK:
            self._on_ack(f[3], False, now)
        elif kind == NAK:
            self._on_ack(f[3], True, now)
        elif kind == DGRAM:
            self._deliver(self, f, _DGRAM_HDR, n - _DGRAM_HDR, False)

    def _on_ack(self, ack, nak, now):
        d = (ack - self._base) & 0xFF
        if d and d <= ((self._sent_max - self._base) & 0xFF):
            self._base = ack
            if ((self._sent - ack) & 0xFF) > 128:
                self._sent = ack
            self._rto_at = now
        if nak and ack == self._base and self._sent != self._base:
            if ticks_diff(now, self._goback_at) >= RTO_MS // 4:
                self._go_back(now)
        self._pump(now)

    def _on_hello(self, f, now):
        pe = f[1] << 8 | f[2]
        echo = f[3] << 8 | f[4]
        if pe == 0:
            return
        new = pe != self.peer_epoch
        if new:
            if self.peer_epoch != 0:
                self.peer_restarts += 1
            self.peer_epoch = pe
            self.peer_node = f[5] << 8 | f[6]
            self._tag = self.epoch ^ pe
            # New session with this peer: its sequence numbers start at its txbase; ours
            # restart from our oldest unacked frame, which the peer now expects.
            self._expect = f[7]
            self._nak_for = -1
            self._sent = self._base
            self._sent_max = self._base
            if self.up:
                self._set_up(False)
            elif self._on_state is not None:
                self._on_state(self)
        self._last_rx = now
        if echo == self.epoch:
            if not self.up:
                self._set_up(True)
            self._send_ctl(ACK, now)
        elif new or ticks_diff(now, self._last_hello) >= HELLO_MS // 4:
            self._send_hello(now)

    def _set_up(self, up):
        self.up = up
        if up:
            self.ever_up = True
            self.link_ups += 1
            self._rto_at = self._clock()
        else:
            self.link_downs += 1
        if self._on_state is not None:
            self._on_state(self)

    # -- timers -----------------------------------------------------------------------
    def poll(self):
        """Run timers: retransmit, heartbeat, hello, link-down.  Call every few ms."""
        now = self._clock()
        if self.up:
            if ticks_diff(now, self._last_rx) > DOWN_MS:
                self._set_up(False)
                return
            if self._base != self._sent and ticks_diff(now, self._rto_at) >= RTO_MS:
                self._go_back(now)
            self._pump(now)
            if self._ack_due or ticks_diff(now, self._last_tx) >= HEARTBEAT_MS:
                self._send_ctl(ACK, now)
        elif ticks_diff(now, self._last_hello) >= HELLO_MS:
            self._send_hello(now)
