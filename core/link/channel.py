"""Reliable channel to one neighbour over one byte stream (one UART).

Frame bodies (inside framing.py's CRC-checked frames):

    HELLO  [1][epoch:2][echo:2][node:2][txbase:1][ver:1]   link set-up, while the link is down
    DATA   [2][tag:2][seq:1][ack:1][tx:1] payload   reliable, in order, exactly once
    FRAG   [6][tag:2][seq:1][ack:1][tx:1] payload   a DATA frame; more of its message follow
    ACK    [3][tag:2][ack:1][sack:1][echo:1]        cumulative + selective acks; heartbeat
    NAK    [4][tag:2][ack:1][sack:1][echo:1]        an ACK sent at once because of a gap
    DGRAM  [5][tag:2] payload                       unreliable, only while the link is up

Each side draws a random 16-bit *epoch* at start-up.  HELLO carries the sender's epoch and
the peer epoch it has heard (echo); the link is up once a side hears its own epoch echoed.
Every other frame carries tag = epoch_a ^ epoch_b, so frames from before a restart (stale
sequence numbers) are dropped, and a new peer epoch resets the sequence state on both sides
(trap 1 of such protocols).

`ver` is LINK_VERSION, the layout of these frames.  A HELLO of another version (8 bytes:
firmware from before versions, which reads the first 8 bytes of ours and ignores `ver`)
never brings the link up: this side does not echo its epoch nor send tagged frames, so
neither side ever comes up, and `alien_version` holds the neighbour's version (0: before
versions) while its HELLOs keep coming, for the screens ("update its firmware").

Sending is *selective repeat* with a window of WINDOW frames and a bounded queue of QUEUE
frames and QUEUE_BYTES bytes (a ring): send() refuses when the queue is full instead of
growing.  The ring holds what 8 slots of a full frame held before, and twice as many
frames, so fragments (below) do not cut how many messages it holds.  The receiver keeps up to
WINDOW - 1 frames that arrived after a gap (preallocated slots) and reports them in the
`sack` bitmap (bit i: frame ack + 1 + i is here); it delivers in order, exactly once.  A
serial line never reorders, so a frame is lost for sure when a frame sent after it was
acknowledged: the sender resends exactly those frames at once (no timer), and nothing else.

The retransmission timeout adapts (Jacobson/Karels): a smoothed round trip and its mean
deviation.  Every transmission of a DATA frame carries a transmission id `tx` (1..255) and
an ACK echoes the id of the last DATA frame that arrived, so every acknowledgement gives an
unambiguous sample, retransmitted frames included (like TCP's timestamps option; Karn's
rule would starve the estimator on a lossy line, where most frames are sent twice, and a
frame held after a gap is acknowledged late).  Acks piggy-backed on DATA give no sample.  RTO = srtt + 4 * rttvar within
[RTO_MIN_MS, RTO_MAX_MS]; each timeout after which the peer sent no byte doubles it
(exponential back-off, capped) until a new acknowledgement arrives.  Times count from when the frame has *left* the wire: the channel
tracks its own transmit backlog at the line rate (`baud`), and it paces new data, keeping
at most PACE_MS of it in the UART's or relay's queue, so a burst never builds a queue the
timer would take for a loss (the retransmission storms of a fixed 120 ms timeout under a
starved process).  A link with no valid frame for DOWN_MS and no byte at all for _QUIET_MS
(a pulled cable, a dead neighbour) goes down; one whose bytes keep coming but never make a
valid frame goes down after DOWN_NOISY_MS.  While up, an idle side sends an ACK every
HEARTBEAT_MS, and an ACK at once after a damaged frame.  Queued data survives a down link
and is resent when it comes back up.

Fragments.  A frame with one lost or damaged byte is lost whole, so on a lossy line a
message goes in several frames of fragment_size() bytes (chosen from the loss measured:
full frames while the line loses nothing), one frame and one sequence number each:
selective repeat resends only the lost ones.  Every fragment but the last is a FRAG frame;
the receiver, which delivers in order, collects them in a preallocated buffer and delivers
the message at its last fragment.  A frame queued larger than the line now allows is cut
again before its first transmission (_resplit); one sent and lost several times is taken
back once a probe proves that no copy can still arrive (_rescue).  If a peer restarts after
taking the first fragments of a message, the rest are voided (sent empty): the new peer
never gets a tail; a receiver drops a half message when its peer restarts.  On a lossy
line the retransmission timeout is about two round trips instead of RTO_MIN_MS.

Receiving and sending allocate nothing: the slots are allocated once, at the first send()
or when a neighbour first says HELLO (a port without a cable never needs them); see
test_link_channel.py.
"""
from array import array

from micropython import const

from core.clock import ticks_ms, ticks_diff
from core.link.framing import FrameEncoder, FrameDecoder, MAX_BODY

HELLO = const(1)
DATA = const(2)
ACK = const(3)
NAK = const(4)
DGRAM = const(5)
FRAG = const(6)            # a DATA frame after which more fragments of its message follow

DATA_HDR = const(6)
_DATA_HDR = const(6)
_DGRAM_HDR = const(3)
MAX_PAYLOAD = const(122)   # MAX_BODY - _DATA_HDR
WINDOW = const(8)          # frames in flight (a power of 2, <= 8: the sack bitmap is a byte)
QUEUE = const(16)          # frames queued at most (a power of 2 dividing 256)
QUEUE_BYTES = const(976)   # bytes queued at most: 8 full messages, as 8 slots held before
RTO_INIT_MS = const(250)   # before the first round-trip sample
RTO_MIN_MS = const(40)
RTO_MAX_MS = const(2000)
PACE_MS = const(25)        # new data waits while more than this is queued for the wire
HEARTBEAT_MS = const(200)
DOWN_MS = const(1000)
DOWN_NOISY_MS = const(3000)  # no valid frame although bytes keep arriving: down after this
_QUIET_MS = const(500)     # no byte at all for this long (with DOWN_MS): the line is silent
_PROBE_MS = const(4)       # a lossy line's retransmission timeout: 2 x srtt + this
_RESCUE_TRIES = const(3)   # sends of a too-large frame before it is taken back (_rescue)
_DROPPABLE_Q = const(4)    # droppable messages are refused from this many queued frames
_CUT_MIN = const(32)       # frames this small are never cut again (send() may make them)
_FRAG_MAX = const(4)       # fragments of one message at most (a quarter of the queue)
_LOSS_ONE = const(16)      # one loss event in the estimator (fixed point)
_LOSS_MIN = const(16)      # no loss event in the window: full frames
_LOSS_SPAN = const(2048)   # bytes of the estimator's window (both counts halve beyond it)
# Channel._fs: fragment state and counters
_F_ALEN = const(0)         # bytes of the message being reassembled (_OVERFLOW: dropped)
_F_MID = const(1)          # 1: the frame at _base is not the first of its message
_F_PROBE = const(2)        # tx id of a pending probe (_rescue), 0: none
_F_PROBE_AT = const(3)     # ms it left the wire
_F_FRAGMENTED = const(4)
_F_REASSEMBLED = const(5)
_F_RESPLITS = const(6)
_F_RESCUES = const(7)
_F_VOIDED = const(8)
_F_BAD = const(9)
_F_N = const(10)
_OVERFLOW = const(255)     # more than MAX_PAYLOAD reassembled: a bad peer
HELLO_MS = const(100)
LINK_VERSION = const(2)    # bump when any frame's layout or meaning changes (2: FRAG)
_IDLE_LEAD_MS = const(50)
_STAMP_MASK = const(0x3FFFFFF)
_DESYNC = const(8)          # impossible acks or sequence numbers in a row: start afresh
_BACKLOG_CAP_US = const(60000000)


class Channel:
    """One neighbour.  `write(buf, n)` puts bytes on the wire; `deliver(ch, buf, start, n,
    reliable)` receives payloads; `on_state(ch)` hears link up/down and peer restarts."""

    _fs = None          # fragment state and counters (_F_*), allocated by _alloc()

    # The fragment counters (read-only; 0 before the first HELLO or send).  They live in
    # one array, not in attributes of their own: the instance dict of a channel would grow
    # past its next size step (about 0.4 KB more per channel on the 64-bit port).
    def _fcount(self, i):
        return self._fs[i] if self._fs is not None else 0

    @property
    def fragmented(self):       # messages sent in several fragments
        return self._fcount(_F_FRAGMENTED)

    @property
    def reassembled(self):      # ... and received
        return self._fcount(_F_REASSEMBLED)

    @property
    def resplits(self):         # frames cut again before their first (or a new) sending
        return self._fcount(_F_RESPLITS)

    @property
    def rescues(self):          # frames proved lost and taken back to be cut (_rescue)
        return self._fcount(_F_RESCUES)

    @property
    def voided(self):           # fragments sent empty: their message's head went to a dead peer
        return self._fcount(_F_VOIDED)

    @property
    def bad_messages(self):     # reassembled messages over MAX_PAYLOAD (dropped)
        return self._fcount(_F_BAD)

    def __init__(self, node_id, epoch, write, deliver, on_state=None, clock=ticks_ms,
                 index=0, baud=115200):
        if not 0 < epoch < 0x10000:
            raise ValueError("epoch must be 1..65535")
        self.index = index
        self.node_id = node_id
        self.epoch = epoch
        self._write = write
        self._deliver = deliver
        self._on_state = on_state
        self._clock = clock
        self._byte_us = 10000000 // baud
        self._enc = FrameEncoder()
        self._dec = FrameDecoder()
        self._ring = None       # send ring and receive slots: allocated by _alloc()
        self._wpos = 0          # where the next message goes in the ring
        self._used = 0          # bytes of the ring in use
        self._ctl = bytearray(16)
        self.peer_epoch = 0
        self.peer_node = 0
        self.alien_version = -1     # a neighbour's other link version (-1: none heard)
        self._alien_at = 0
        self.up = False
        self.ever_up = False
        self._tag = 0
        # sender state (sequence numbers mod 256)
        self._base = 0      # oldest unacked
        self._next = 0      # next to queue
        self._sent = 0      # next never transmitted (in flight: base .. sent - 1)
        self._txn = 0       # transmission counter (stamps)
        self._hi = 0        # highest stamp acknowledged
        self._srtt8 = 0     # smoothed round trip x 8 (0: no sample yet)
        self._var4 = 0      # mean deviation x 4
        self.rto = RTO_INIT_MS
        self._backoff = 0
        self._rto_at = 0    # the timer restarts from here on progress
        self._nlost = 0     # frames marked lost, waiting for the line
        # loss estimator: decayed loss events (x _LOSS_ONE) per byte of DATA out and bytes in
        self._lossn = 0
        self._lossb = 0
        # receiver state
        self._expect = 0
        self._rhave = 0     # bit i: frame expect + 1 + i is held in self._rx
        self._ack_due = False
        self._gap = False
        self._echo = 0      # tx id of the last DATA frame in, for the next ACK
        now = clock()
        self._last_rx = now
        self._last_byte = now
        self._last_tx = ticks_diff(now, 1000)
        self._last_hello = ticks_diff(now, 1000)
        self._backlog_us = 0
        self._backlog_at = now
        # counters
        self.frames_tx = 0
        self.bytes_tx = 0
        self.data_tx = 0
        self.retransmits = 0
        self.timeouts = 0
        self.fast_retransmits = 0
        self.delivered = 0
        self.duplicates = 0
        self.held = 0
        self.link_ups = 0
        self.link_downs = 0
        self.peer_restarts = 0
        self.stale = 0
        self.rtt_samples = 0
        self.desyncs = 0
        self._odd = 0       # impossible acks / sequence numbers since the last progress

    def _alloc(self):
        """The slots, once: at the first send() or when a neighbour first says HELLO.  A
        port without a cable (an idle unit, an end of the chain) never needs them."""
        if self._ring is not None:
            return
        self._lens = bytearray(QUEUE)
        self._off = array("H", bytes(2 * QUEUE))    # where the frame's payload is in _ring
        self._ntx = bytearray(QUEUE)          # transmissions of the frame in the slot
        self._sacked = bytearray(QUEUE)
        self._lost = bytearray(QUEUE)         # to be resent (paced, before new frames)
        self._more = bytearray(QUEUE)         # 1: more fragments of the message follow
        self._dep = array("i", bytes(4 * QUEUE))    # ms the last copy left the wire
        self._stamp = array("i", bytes(4 * QUEUE))  # transmission order of the last copy
        self._rx = [bytearray(MAX_BODY + 2) for _ in range(WINDOW)]
        self._rxlen = bytearray(WINDOW)
        self._dg = bytearray(MAX_BODY + 2)
        self._asm = bytearray(MAX_PAYLOAD)    # reassembly of a fragmented message
        self._fs = array("i", bytes(4 * _F_N))
        self._ring = bytearray(QUEUE_BYTES)   # queued payloads, oldest first

    # -- sending ----------------------------------------------------------------------
    def queued(self):
        return (self._next - self._base) & 0xFF

    def room(self):
        return QUEUE - self.queued()

    def in_flight(self):
        return (self._sent - self._base) & 0xFF

    def backlog_ms(self, now=None):
        """Estimated time until what this side wrote has left the wire."""
        if now is None:
            now = self._clock()
        d = ticks_diff(now, self._backlog_at)
        if d > 0:
            b = self._backlog_us - d * 1000
            self._backlog_us = b if b > 0 else 0
            self._backlog_at = now
        return self._backlog_us // 1000

    def send(self, data, start, n, droppable=False):
        """Queue data[start:start+n] for reliable delivery; False when refused.

        The queue holds QUEUE frames and QUEUE_BYTES bytes; on a lossy line the message
        goes in several fragments (see fragment_size()), one frame each, but in no more
        than the free frames: a message is refused only when the queue is full (a unit
        forwarding a message drops it when refused).  A droppable message (periodic
        status) is refused while the link is down or 4 frames are queued, so it never
        crowds out game messages."""
        if n > MAX_PAYLOAD:
            raise ValueError("payload of %d bytes (max %d)" % (n, MAX_PAYLOAD))
        if self._ring is None:
            self._alloc()
        q = self.queued()
        if (q >= QUEUE or self._used + n > QUEUE_BYTES
                or droppable and (not self.up or q >= _DROPPABLE_Q)):
            return False
        s = self.fragment_size()
        most = QUEUE - q
        if most > _FRAG_MAX:
            most = _FRAG_MAX
        if n > s * most:
            s = (n + most - 1) // most
        k = (n + s - 1) // s if n > s else 1
        if k > 1:
            self._fs[_F_FRAGMENTED] += 1
        ring = self._ring
        w = self._wpos
        i = 0
        while i < n:
            ring[w] = data[start + i]
            w += 1
            if w == QUEUE_BYTES:
                w = 0
            i += 1
        o = self._wpos
        self._wpos = w
        self._used += n
        self._next = self._lay(self._next, o, n, k, s, 0)
        if self.up:
            self._pump(self._clock())
        return True

    def fragment_size(self):
        """Payload bytes per frame for the next message, from the measured loss.

        A frame is lost when any of its bytes is, so on a line that loses a fraction p of
        its bytes the goodput of s-byte fragments (about 10 bytes of header, CRC and
        stuffing each) is s / (s + 10) * (1 - p) ** (s + 10), best near s = sqrt(10 / p).
        p is estimated as loss events per byte: frames retransmitted although the peer
        was heard (fast retransmits, timeouts without back-off) and frames that arrived
        damaged (CRC, stuffing), over DATA bytes sent and all bytes received, in a window
        of about _LOSS_SPAN bytes.  A clean line has no events: full frames, as before."""
        n = self._lossn
        if n < _LOSS_MIN:
            return MAX_PAYLOAD
        per = (self._lossb * _LOSS_ONE) // n     # bytes per loss event
        if per >= 1000:
            return MAX_PAYLOAD
        if per >= 400:
            return 64
        if per >= 250:
            return 48
        if per >= 120:
            return 32
        if per >= 60:
            return 20
        return 16

    def _resplit(self):
        """Before the first transmission of a frame larger than the line now allows (queued
        before the loss was measured, while the link was down, into too few free frames,
        or sent but proved lost: _rescue), cut it into fragments: frames never sent are
        ours to renumber.  The pieces keep their bytes in the ring; the frames behind move
        up.  Without a free frame it goes as it is: waiting could starve it."""
        s = self._sent
        j = s & (QUEUE - 1)
        n = self._lens[j]
        f = self.fragment_size()
        if n <= f or n <= _CUT_MIN:
            return
        k = (n + f - 1) // f
        if k > _FRAG_MAX:
            k = _FRAG_MAX
        room = QUEUE - self.queued()
        if k > room + 1:
            k = room + 1
        if k < 2:
            return
        f = (n + k - 1) // k
        more = self._more[j]
        o = self._off[j]
        extra = k - 1
        i = (self._next - s - 1) & 0xFF
        while i:                                # the frames behind, last first
            a = (s + i) & (QUEUE - 1)
            b = (s + i + extra) & (QUEUE - 1)
            self._off[b] = self._off[a]
            self._lens[b] = self._lens[a]
            self._more[b] = self._more[a]
            self._fresh(b)
            i -= 1
        self._lay(s, o, n, k, f, more)
        self._next = (self._next + extra) & 0xFF
        self._fs[_F_RESPLITS] += 1

    def _lay(self, seq, o, n, k, size, last_more):
        """A message of n bytes at ring offset o as k frames of at most `size` bytes from
        sequence number seq on (the last one's `more` flag: last_more); the next seq."""
        left = n
        while k:
            m = left if left < size else size
            j = seq & (QUEUE - 1)
            self._off[j] = o
            self._lens[j] = m
            o += m
            if o >= QUEUE_BYTES:
                o -= QUEUE_BYTES
            left -= m
            k -= 1
            self._more[j] = 1 if k else last_more
            self._fresh(j)
            seq = (seq + 1) & 0xFF
        return seq

    def _fresh(self, k):
        """Slot k holds a frame never sent."""
        self._ntx[k] = 0
        self._sacked[k] = 0
        self._lost[k] = 0

    def _loss(self, events, nbytes):
        n = self._lossn + events * _LOSS_ONE
        b = self._lossb + nbytes
        if n > _LOSS_SPAN * _LOSS_ONE:
            n = _LOSS_SPAN * _LOSS_ONE
        while b > _LOSS_SPAN:
            b >>= 1
            n >>= 1
        self._lossn = n
        self._lossb = b

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
        self.backlog_ms(now)
        b = self._backlog_us + m * self._byte_us
        self._backlog_us = b if b < _BACKLOG_CAP_US else _BACKLOG_CAP_US
        self._backlog_at = now

    def _send_ctl(self, kind, now):
        c = self._ctl
        c[0] = kind
        c[1] = self._tag >> 8
        c[2] = self._tag & 0xFF
        c[3] = self._expect
        c[4] = self._rhave
        c[5] = self._echo
        self._emit(c, 6, now)
        self._echo = 0
        self._ack_due = False
        self._gap = False

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
        c[8] = LINK_VERSION
        self._emit(c, 9, now)
        self._last_hello = now

    def _transmit(self, seq, now):
        k = seq & (QUEUE - 1)
        slot = self._dg                     # free: send_dgram() is not running
        slot[0] = FRAG if self._more[k] else DATA
        slot[1] = self._tag >> 8
        slot[2] = self._tag & 0xFF
        slot[3] = seq
        slot[4] = self._expect
        n = self._lens[k]
        o = self._off[k]
        ring = self._ring
        i = 0
        while i < n:
            slot[_DATA_HDR + i] = ring[o]
            o += 1
            if o == QUEUE_BYTES:
                o = 0
            i += 1
        self._txn = (self._txn + 1) & _STAMP_MASK
        if self._txn & 0xFF == 0:
            self._txn += 1                  # tx id 0 means "no echo"
        slot[5] = self._txn & 0xFF
        if self._ntx[k]:
            self.retransmits += 1
        else:
            self.data_tx += 1
        if self._ntx[k] < 255:
            self._ntx[k] += 1
        self._lost[k] = 0
        self._stamp[k] = self._txn
        self._emit(slot, _DATA_HDR + n, now)
        self._loss(0, _DATA_HDR + 4 + n)
        self._dep[k] = (now + self._backlog_us // 1000) & 0x3FFFFFFF
        self._ack_due = False

    def _pump(self, now):
        """Put frames on the wire, paced at the line rate: the lost ones first (oldest
        first), then never-sent ones within the window.  Nothing while a probe is out."""
        if self._fs[_F_PROBE]:
            return
        if self._nlost:
            seq = self._base
            while seq != self._sent:
                if self.backlog_ms(now) >= PACE_MS:
                    return
                k = seq & (QUEUE - 1)
                if self._lost[k]:
                    self._transmit(seq, now)
                    self._nlost -= 1
                seq = (seq + 1) & 0xFF
            self._nlost = 0
        while (self._sent != self._next and ((self._sent - self._base) & 0xFF) < WINDOW
               and self.backlog_ms(now) < PACE_MS):
            if self._lossn >= _LOSS_MIN:
                self._resplit()
            if self._sent == self._base:
                self._rto_at = now
            self._transmit(self._sent, now)
            self._sent = (self._sent + 1) & 0xFF

    def _rescue(self, now):
        """The frame at _base, larger than the line now allows, was sent several times and
        lost every time (on a lossy line it may take hundreds of tries).  It cannot be cut
        while a copy may still arrive whole: stop sending, and send a probe, an empty DATA
        frame with the sequence number before _base, which the peer acknowledges as a
        duplicate, echoing its tx id.  The line never reorders, so that answer tells
        whether any frame in flight arrived, and no copy can arrive after it; if none did,
        they are all taken back as never sent (_on_probed) and cut before going again."""
        c = self._ctl
        c[0] = DATA
        c[1] = self._tag >> 8
        c[2] = self._tag & 0xFF
        c[3] = (self._base - 1) & 0xFF
        c[4] = self._expect
        self._txn = (self._txn + 1) & _STAMP_MASK
        if self._txn & 0xFF == 0:
            self._txn += 1
        c[5] = self._txn & 0xFF
        self._emit(c, _DATA_HDR, now)
        self._fs[_F_PROBE] = c[5]
        self._fs[_F_PROBE_AT] = (now + self._backlog_us // 1000) & 0x3FFFFFFF
        self._ack_due = False

    def _want_rescue(self):
        k = self._base & (QUEUE - 1)
        n = self._lens[k]
        if self._ntx[k] < _RESCUE_TRIES or n <= _CUT_MIN or n <= self.fragment_size():
            return False
        if self.queued() >= QUEUE:
            return False                        # no slot to cut it into
        seq = self._base
        while seq != self._sent:
            if self._sacked[seq & (QUEUE - 1)]:
                return False                    # held by the peer: cannot renumber
            seq = (seq + 1) & 0xFF
        return True

    def _on_probed(self, ack, sack):
        """The answer to our probe: if the peer holds none of the frames in flight, they
        count as never sent."""
        self._fs[_F_PROBE] = 0
        if ack != self._base or sack:
            return
        seq = self._base
        while seq != self._sent:
            self._fresh(seq & (QUEUE - 1))
            seq = (seq + 1) & 0xFF
        self._sent = self._base
        self._nlost = 0
        self._fs[_F_RESCUES] += 1

    def _mark_lost(self, k):
        if not self._lost[k]:
            self._lost[k] = 1
            self._nlost += 1

    def _stamp_newer(self, a, b):
        return ((a - b) & _STAMP_MASK) < (_STAMP_MASK >> 1) and a != b

    def _acked(self, k):
        """Slot k was acknowledged (cumulatively or selectively)."""
        st = self._stamp[k]
        if self._stamp_newer(st, self._hi):
            self._hi = st

    def _sample(self, r):
        if r < 0:
            r = 0
        self.rtt_samples += 1
        if self._srtt8 == 0:
            self._srtt8 = (r << 3) or 1
            self._var4 = r << 1
        else:
            err = r - (self._srtt8 >> 3)
            self._srtt8 += err
            if self._srtt8 < 1:
                self._srtt8 = 1
            if err < 0:
                err = -err
            self._var4 += err - (self._var4 >> 2)
        rto = (self._srtt8 >> 3) + self._var4
        if rto < RTO_MIN_MS:
            rto = RTO_MIN_MS
        elif rto > RTO_MAX_MS:
            rto = RTO_MAX_MS
        self.rto = rto
        self._backoff = 0

    def srtt_ms(self):
        return self._srtt8 >> 3

    def _timeout_ms(self, now=None):
        t = self.rto << self._backoff
        if t > RTO_MAX_MS:
            t = RTO_MAX_MS
        if now is None:
            now = self._clock()
        if (self._srtt8 and self._lossn >= _LOSS_MIN and self.fragment_size() < MAX_PAYLOAD
                and ticks_diff(now, self._last_byte) < HEARTBEAT_MS):
            # A lossy line, and the peer is sending: most rounds end with a lost frame
            # that no later frame reveals.  Probe after two round trips rather than the
            # RTO (its floor is meant for a starved process, and loss inflates its
            # variance), or the line idles most of the time.
            p = (self._srtt8 >> 2) + _PROBE_MS
            if p < t:
                t = p
        return t

    # -- receiving --------------------------------------------------------------------
    def receive(self, data, start, end):
        """Feed raw bytes from the wire (any amount, any split)."""
        dec = self._dec
        if end > start:
            self._last_byte = self._clock()
        e = dec.crc_errors + dec.broken + dec.overflows
        i = start
        while i < end:
            i = dec.feed(data, i, end)
            if dec.length:
                self._on_frame(dec.body, dec.length)
        e = dec.crc_errors + dec.broken + dec.overflows - e
        if e:
            # a damaged frame: perhaps our peer's DATA.  Say where we are at once (the
            # peer learns of its loss sooner, and hears that we are alive).
            self._loss(e, end - start)
            self._ack_due = True
        else:
            self._loss(0, end - start)
        if self._ack_due and self.up:
            self._send_ctl(NAK if self._gap else ACK, self._clock())

    def _on_frame(self, f, n):
        now = self._clock()
        kind = f[0]
        if kind == HELLO:
            if n >= 8:
                v = f[8] if n >= 9 else 0
                if v == LINK_VERSION:
                    self.alien_version = -1
                    self._on_hello(f, now)
                else:
                    self.alien_version = v
                    self._alien_at = now
            return
        if n < 4 or self.peer_epoch == 0 or (f[1] << 8 | f[2]) != self._tag:
            self.stale += 1
            return
        self._last_rx = now
        if not self.up:
            self._set_up(True)
        if kind == DATA or kind == FRAG:
            if n < _DATA_HDR:
                return
            self._on_ack(f[4], 0, 0, now)
            self._echo = f[5]
            self._on_data(f, n, f[3])
        elif kind == ACK or kind == NAK:
            if n >= 6:
                self._on_ack(f[3], f[4], f[5], now, True)
            else:
                self._on_ack(f[3], 0, 0, now)
        elif kind == DGRAM:
            self._deliver(self, f, _DGRAM_HDR, n - _DGRAM_HDR, False)

    def _on_data(self, f, n, seq):
        d = (seq - self._expect) & 0xFF
        self._ack_due = True
        if d == 0:
            self._expect = (seq + 1) & 0xFF
            self._odd = 0
            self._take(f, n - _DATA_HDR)
            # frames held after the gap follow in order
            while self._rhave & 1:
                self._rhave >>= 1
                k = self._expect & (WINDOW - 1)
                self._expect = (self._expect + 1) & 0xFF
                self._take(self._rx[k], self._rxlen[k])
            self._rhave >>= 1
            return
        if d < WINDOW:
            bit = 1 << (d - 1)
            if self._rhave & bit:
                self.duplicates += 1
            else:
                k = seq & (WINDOW - 1)
                buf = self._rx[k]
                i = 0
                while i < n:
                    buf[i] = f[i]
                    i += 1
                self._rxlen[k] = n - _DATA_HDR
                self._rhave |= bit
                self.held += 1
            self._gap = True
            return
        self.duplicates += 1        # an old frame again (our ACK was lost): re-ack
        if d < 256 - QUEUE:
            self._desync()          # neither old nor within the window: we disagree

    def _take(self, f, m):
        """The next frame in order (its m payload bytes after the header): deliver it, or
        add it to the message being reassembled and deliver that at its last fragment.
        Empty frames deliver nothing (the sender voids fragments that way: _unsend)."""
        self.delivered += 1
        fs = self._fs
        a = fs[_F_ALEN]
        if f[0] != FRAG and a == 0:
            if m:
                self._deliver(self, f, _DATA_HDR, m, True)
            return
        if a + m > MAX_PAYLOAD:
            a = _OVERFLOW               # a peer that sends more than a message: drop it
        else:
            buf = self._asm
            i = 0
            while i < m:
                buf[a + i] = f[_DATA_HDR + i]
                i += 1
            a += m
        if f[0] == FRAG:
            fs[_F_ALEN] = a
            return
        fs[_F_ALEN] = 0
        if a == _OVERFLOW:
            fs[_F_BAD] += 1
            return
        fs[_F_REASSEMBLED] += 1
        self._deliver(self, self._asm, 0, a, True)

    def _on_ack(self, ack, sack, echo, now, full=False):
        """`full`: an ACK or NAK, whose `sack` is the receiver's whole set of frames held
        after `ack` (a DATA frame's piggy-backed ack carries none)."""
        flight = (self._sent - self._base) & 0xFF
        d = (ack - self._base) & 0xFF
        if d > flight:
            # Not an ack of anything in flight: behind our oldest unacked frame or beyond
            # the last sent.  Acks come in order on a serial line, so this never happens
            # between two sides that agree; persisting, it means a damaged header (valid
            # CRC) made us drop frames the peer never got (issue #15 item 3).
            self._desync()
            return
        if self._fs[_F_PROBE] and echo == self._fs[_F_PROBE]:
            self._on_probed(ack, sack)
            echo = 0
        progress = False
        seq = self._base
        while echo and seq != self._sent:
            k = seq & (QUEUE - 1)
            if self._stamp[k] & 0xFF == echo:       # the transmission this ACK answers
                self._sample(ticks_diff(now, self._dep[k]))
                echo = 0
            seq = (seq + 1) & 0xFF
        while self._base != ack:
            k = self._base & (QUEUE - 1)
            if not self._sacked[k]:
                self._acked(k)
            self._fs[_F_MID] = self._more[k]
            self._used -= self._lens[k]
            self._sacked[k] = 0
            if self._lost[k]:
                self._lost[k] = 0
                self._nlost -= 1
            self._base = (self._base + 1) & 0xFF
            progress = True
        if full:
            # The receiver never drops a frame it holds: a frame we took as held that
            # this ACK does not list was never there (a damaged sack, valid CRC).  Taken
            # as held, it would never be resent: the peer waited for it forever.
            i = 0
            while i < 9:            # the frame `ack` itself (expected, so not held) too
                seq = (ack + i) & 0xFF
                if not (i and sack & (1 << (i - 1))) and (
                        ((seq - self._base) & 0xFF) < ((self._sent - self._base) & 0xFF)):
                    k = seq & (QUEUE - 1)
                    if self._sacked[k]:
                        self._sacked[k] = 0
                        self._mark_lost(k)
                i += 1
        if sack:
            i = 0
            while i < 8:
                if sack & (1 << i):
                    seq = (ack + 1 + i) & 0xFF
                    if ((seq - self._base) & 0xFF) < ((self._sent - self._base) & 0xFF):
                        k = seq & (QUEUE - 1)
                        if not self._sacked[k]:
                            self._sacked[k] = 1
                            self._acked(k)
                            if self._lost[k]:
                                self._lost[k] = 0
                                self._nlost -= 1
                i += 1
            # a frame sent before one that arrived is lost: resend it now
            seq = self._base
            while seq != self._sent:
                k = seq & (QUEUE - 1)
                if (not self._sacked[k] and not self._lost[k]
                        and self._stamp_newer(self._hi, self._stamp[k])):
                    self.fast_retransmits += 1
                    self._loss(1, 0)
                    self._mark_lost(k)
                seq = (seq + 1) & 0xFF
        if progress:
            self._rto_at = now
            self._backoff = 0
            self._odd = 0
        self._pump(now)

    def _desync(self):
        """An impossible ack or sequence number.  One may be a damaged frame; _DESYNC in a
        row without progress mean the two sides' sequence state disagrees for good: start
        a new session with the peer, as after a restart (a new epoch; HELLO sets both
        sides' sequence numbers; queued data is kept and sent again, a message half
        reassembled is dropped).  Frames dropped before are the application's to recover
        (it does: SYNCREQ, periodic messages)."""
        self._odd += 1
        if self._odd < _DESYNC:
            return
        self._odd = 0
        self.desyncs += 1
        e = (self.epoch * 0x6F4B + 0x2B) & 0xFFFF
        if e == 0 or e == self.epoch:
            e = self.epoch ^ 0x5A5A
        self.epoch = e
        self.peer_epoch = 0         # its HELLO is new again: we take its txbase
        self._tag = 0
        self._rhave = 0
        self._gap = False
        self._ack_due = False
        self._fs[_F_ALEN] = 0
        self._unsend()
        if self.up:
            self._set_up(False)
        self._send_hello(self._clock())

    def _on_hello(self, f, now):
        pe = f[1] << 8 | f[2]
        echo = f[3] << 8 | f[4]
        if pe == 0:
            return
        new = pe != self.peer_epoch
        if new:
            self._alloc()
            if self.peer_epoch != 0:
                self.peer_restarts += 1
            self.peer_epoch = pe
            self.peer_node = f[5] << 8 | f[6]
            self._tag = self.epoch ^ pe
            # New session with this peer: its sequence numbers start at its txbase; ours
            # restart from our oldest unacked frame, which the peer now expects.
            self._expect = f[7]
            self._rhave = 0
            self._gap = False
            self._fs[_F_ALEN] = 0       # a message half-received from the old session
            self._unsend()
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

    def _unsend(self):
        """Every queued frame counts as never sent (a new peer session).  If the old
        session took the first fragments of a message, its other fragments are voided
        (sent empty, so they deliver nothing): the new peer must not get a tail."""
        self._fs[_F_PROBE] = 0
        seq = self._base
        mid = self._fs[_F_MID]
        self._fs[_F_MID] = 0
        while seq != self._next:
            k = seq & (QUEUE - 1)
            if mid:
                mid = self._more[k] != 0
                self._more[k] = 0
                self._used -= self._lens[k]     # a prefix of the queue: its bytes are free
                self._lens[k] = 0
                self._fs[_F_VOIDED] += 1
            self._ntx[k] = 0
            self._sacked[k] = 0
            self._lost[k] = 0
            seq = (seq + 1) & 0xFF
        self._sent = self._base
        self._nlost = 0

    def _set_up(self, up):
        self.up = up
        if up:
            self.ever_up = True
            self.link_ups += 1
            # no back-off left from the outage: the next poll() resends what was in
            # flight (its timer ran out while the link was down)
            self._backoff = 0
        else:
            self.link_downs += 1
        if self._on_state is not None:
            self._on_state(self)

    # -- timers -----------------------------------------------------------------------
    def _on_timeout(self, now):
        """The oldest frame was not acknowledged within the timeout: resend every frame
        in flight that is neither acknowledged nor younger than the timeout; back off."""
        tmo = self._timeout_ms(now)
        if self._lossn >= _LOSS_MIN and self._want_rescue():
            self._rescue(now)
            return
        seq = self._base
        first = True
        while seq != self._sent:
            k = seq & (QUEUE - 1)
            if not self._sacked[k] and (first or ticks_diff(now, self._dep[k]) >= tmo):
                self._mark_lost(k)
                first = False
            seq = (seq + 1) & 0xFF
        self.timeouts += 1
        # Back off only when the peer has sent nothing since the last timeout (starved,
        # unplugged, restarting): a peer that is heard, if only in damaged frames, lost
        # our frame to the line, and waiting longer would not help it.
        if ticks_diff(self._last_byte, self._rto_at) <= 0:
            if self._backoff < 8:
                self._backoff += 1
        elif tmo >= self.rto:
            self._loss(1, 0)            # the peer is there: the line lost our frame
        self._rto_at = now
        self._pump(now)

    def poll(self):
        """Run timers: retransmit, heartbeat, hello, link-down.  Call every few ms."""
        now = self._clock()
        if self.alien_version >= 0 and ticks_diff(now, self._alien_at) > DOWN_MS:
            self.alien_version = -1
        if self.up:
            quiet = ticks_diff(now, self._last_rx)
            if quiet > DOWN_MS and (quiet > DOWN_NOISY_MS
                                    or ticks_diff(now, self._last_byte) > _QUIET_MS):
                self._set_up(False)
                return
            if self._fs[_F_PROBE]:
                if ticks_diff(now, self._fs[_F_PROBE_AT]) >= self._timeout_ms(now):
                    self._rescue(now)           # the probe or its answer was lost
            elif self._base != self._sent:
                since = self._dep[self._base & (QUEUE - 1)]
                if ticks_diff(self._rto_at, since) > 0:
                    since = self._rto_at
                if ticks_diff(now, since) >= self._timeout_ms(now):
                    self._on_timeout(now)
            self._pump(now)
            if self._ack_due or ticks_diff(now, self._last_tx) >= HEARTBEAT_MS:
                self._send_ctl(NAK if self._gap else ACK, now)
        elif ticks_diff(now, self._last_hello) >= HELLO_MS:
            self._send_hello(now)
