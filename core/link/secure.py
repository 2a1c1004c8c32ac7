"""End-to-end encryption and authentication of link messages (docs/link.md, "Encryption
and authentication").  Sits between net.Node (forwarding: it forwards these envelopes as
opaque bytes) and LinkUnit._on_message (the plaintext dispatch).

Keys.  Each unit draws an X25519 key pair per boot (RAM only; the public half computed in
slices from poll()) and a 16-byte sending key SK.  A participant of a session broadcasts
KEY(pub); for every other participant it computes (in slices) the pairwise key
    K = kdf(X25519(priv, peer_pub), "pc-pair", min(pub) || max(pub))
split into a MAC key and a wrap key, and sends its SK to that peer wrapped (encrypted and
tagged) under K: SKEY(flags, SK ^ keystream, tag8).  A peer is *ready* once both sides hold
each other's SK (SKEY's flag bit 0: "I have yours"; bit 1: "tell me you have mine", which
the peer answers with its own SKEY: a lost answer is asked again, no ping-pong).

Envelopes (inside the net header):
    SEALED  [0x40 | t][ctr:4][tag:6]*t ciphertext     encrypted with keystream(SK_src, src||ctr)
    SIGNED  [0x48 | t][ctr:4][tag:6]*t plaintext      SESSION: the lobby reads it, members check it
Each tag is HMAC(K_mac(src, rcpt), hdr||src||rcpt||ctr || body) truncated to 6 bytes, one
per recipient that is ready (a broadcast: every ready participant).  A receiver accepts
the envelope when one slot holds its own tag; then the counter must be new (a 16-wide
window per sender: a replay is refused).  `ctr` counts every envelope this unit sent since
boot, and SK is per boot, so a keystream nonce is never used twice.

A sealed message for a participant that is not ready yet (joining, restarted: new keys) is
kept (bounded, not droppable ones) and sent to it alone when it becomes ready.  Cleartext:
KEY, SKEY (its SK wrapped), JOIN, REFUSE (to a unit the host will not seat), SESSION
(signed once members have keys), and LEAVE from a guest that has no keys with the host
yet (LinkUnit takes a clear LEAVE only from such a unit).
"""
from micropython import const

from core.clock import ticks_diff
from core.link import crypto
from core.link import messages as M
from core.link.net import BROADCAST

STEPS = const(8)           # ladder steps per poll: ~24 ms on the device; 36 polls a ladder
KEY_MS = const(1000)       # re-send KEY / SKEY while a participant is not ready
_REPLY_MS = const(250)
_REPORT_MS = const(5000)
_PENDING = const(24)
_BACKLOG = const(16)
SIGN_EVERY = const(3)
_TL = M.TAG_LEN
_WIN = const(16)


def _nid(v):
    return bytes((v >> 8, v & 0xFF))


class _Peer:
    def __init__(self):
        self.pub = None
        self.kmac = None
        self.kwrap = None
        self.sk = None          # its sending key, once unwrapped
        self.mine = False       # it said it holds our SK
        self.last = 0           # replay window: highest counter accepted, bitmap below it
        self.win = 0
        self.replied = None
        self.early = None       # its SKEY, heard before our half of the agreement ended


class Secure:
    """`send_raw(dst, buf, n, reliable, droppable)`: net.Node.send.  `deliver(src, buf,
    start, n, authed)`: the plaintext upcall.  `session`: the unit's Session (sid,
    participants(), report)."""

    def __init__(self, node_id, entropy, clock, send_raw, deliver, session):
        self.me = node_id
        self._clock = clock
        self._send_raw = send_raw
        self._deliver = deliver
        self.session = session
        self._priv = bytes(entropy(32))
        self._sk = bytes(entropy(16))
        self._ladder = crypto.Ladder(self._priv, crypto.X25519_BASE)
        self.pub = None
        self.ctr = 0
        self.peers = {}
        self._work = []          # [node, Ladder]: pairwise agreements, one at a time
        self._pending = {}
        self._backlog = []
        self.backlog_lost = 0
        self._out = bytearray(M.NET_MAX)
        self._plain = bytearray(M.NET_MAX)
        self._last_key = None
        self._key_sid = 0        # the session our first (reliable) KEY went to
        self._periodic = 0
        self._stash = {}         # node -> (sid, pub): KEYs heard before it was seated
        self._reported = {}
        self.ladders = 0         # figures: ladders run, ms of ladder work (unit's clock)
        self.auth_failed = 0
        self.replays = 0
        self.unkeyed = 0
        self.clear_refused = 0
        self.rekeys = 0

    # -- state ----------------------------------------------------------------------------
    def ready(self, p):
        q = self.peers.get(p)
        return q is not None and q.sk is not None and q.mine

    def all_ready(self, parts=None):
        if parts is None:
            parts = self.session.participants()
        if self.pub is None:
            return False
        for p in parts:
            if p != self.me and not self.ready(p):
                return False
        return True

    # -- the loop -------------------------------------------------------------------------
    def poll(self):
        if self._backlog:
            self._drain()
        if self.pub is None:
            if self._ladder.step(STEPS):
                self.pub = self._ladder.result()
                self._ladder = None
                self.ladders += 1
            return
        if self._work:
            node, lad = self._work[0]
            if lad.step(STEPS):
                self._work.pop(0)
                self.ladders += 1
                self._agreed(node, lad.result())
            return
        s = self.session
        if not s.sid or self.me not in s.participants():
            return
        parts = s.participants()
        if self._key_sid != s.sid:
            self._key_sid = s.sid       # entering a session: our key, reliably, once
            self._last_key = self._clock()
            self._send_key(BROADCAST, False)
        for p in parts:
            k = self._stash.get(p)
            if k is not None:
                del self._stash[p]
                if k[0] == s.sid:
                    self._take_key(p, k[1])
        now = self._clock()
        if self._last_key is not None and ticks_diff(now, self._last_key) < KEY_MS:
            return
        self._last_key = now
        if not self.all_ready(parts):
            self._send_key(BROADCAST)   # periodic copies: droppable
            for p in parts:
                q = self.peers.get(p)
                if q is not None and q.kmac is not None and not (q.mine and q.sk):
                    self._send_skey(p, q, True)

    # -- KEY and SKEY ---------------------------------------------------------------------
    def _send_key(self, dst, droppable=True):
        b = self._out
        n = M.encode_commit(b, M.KEY, self.session.sid, 0, self.pub)
        self._send_raw(dst, b, n, True, droppable)

    def _on_key(self, src, buf, start, n):
        s = self.session
        sid = buf[start + 1] << 8 | buf[start + 2] if n >= 3 else 0
        if n != 36 or not s.sid or sid != s.sid or self.pub is None or src == self.me:
            return
        pub = bytes(buf[start + 4:start + 36])
        if src not in s.participants():
            # a unit that joins: its seat may reach us after its key
            if src in self._stash or len(self._stash) < 8:
                self._stash[src] = (sid, pub)
            return
        self._take_key(src, pub)

    def _take_key(self, src, pub):
        q = self.peers.get(src)
        if q is None:
            q = self.peers[src] = _Peer()
        if q.pub != pub:
            if q.pub is not None:
                self.rekeys += 1        # a restart (or someone claiming one: see docs)
            old = self._pending.get(src)
            self.peers[src] = q = _Peer()
            if old:
                self._pending[src] = old
            q.pub = pub
            for w in self._work:
                if w[0] == src:
                    self._work.remove(w)
                    break
            self._work.append([src, crypto.Ladder(self._priv, pub)])
        if not self.ready(src):
            now = self._clock()
            if q.replied is None or ticks_diff(now, q.replied) >= _REPLY_MS:
                self._send_key(src, q.replied is not None)    # the first reply: reliable
                q.replied = now

    def _agreed(self, node, shared):
        q = self.peers.get(node)
        if q is None:
            return
        z = 0
        for x in shared:
            z |= x
        if not z:
            self.unkeyed += 1           # a low-order public key: refuse it
            q.pub = None
            return
        a = self.pub
        b = q.pub
        k = crypto.kdf(shared, b"pc-pair", a + b if a < b else b + a)
        q.kmac = crypto.kdf(k, b"pc-mac")
        q.kwrap = crypto.kdf(k, b"pc-wrap")
        self._send_skey(node, q)
        if q.early is not None:
            e = q.early
            q.early = None
            self._on_skey(node, e, 0, len(e))

    def _send_skey(self, dst, q, droppable=False):
        b = self._out
        b[0] = M.SKEY
        b[1] = self.session.sid >> 8
        b[2] = self.session.sid & 0xFF
        b[3] = (1 if q.sk is not None else 0) | (0 if q.mine else 2)
        for i in range(16):
            b[4 + i] = self._sk[i]
        crypto.keystream_xor(q.kwrap, b"W" + _nid(self.me) + _nid(dst), b, 4, 16)
        t = crypto.tag(q.kmac, b"S" + _nid(self.me) + _nid(dst), b, 3, 17, 8)
        for i in range(8):
            b[20 + i] = t[i]
        self._send_raw(dst, b, 28, True, droppable)

    def _on_skey(self, src, buf, start, n):
        q = self.peers.get(src)
        if n != 28 or q is None or q.kmac is None:
            if n == 28 and q is not None and q.pub is not None:
                q.early = bytes(buf[start:start + n])   # opened when our ladder ends
            else:
                self.unkeyed += 1
            return
        t = crypto.tag(q.kmac, b"S" + _nid(src) + _nid(self.me), buf, start + 3, 17, 8)
        if not crypto.equal(t, buf[start + 20:start + 28]):
            self._failed(src)
            return
        sk = bytearray(buf[start + 4:start + 20])
        crypto.keystream_xor(q.kwrap, b"W" + _nid(src) + _nid(self.me), sk, 0, 16)
        sk = bytes(sk)
        new = sk != q.sk
        if new:
            q.sk = sk
            q.last = 0
            q.win = 0
        if buf[start + 3] & 1:
            q.mine = True
        if new or buf[start + 3] & 2:
            self._send_skey(src, q)     # it lacks ours, or asks whether we hold its key
        if self.ready(src):
            self._flush(src)

    def _flush(self, p):
        items = self._pending.pop(p, None)
        if items:
            for msg, reliable in items:
                self._seal(p, msg, len(msg), reliable, False, [p])

    # -- sending --------------------------------------------------------------------------
    def send(self, dst, msg, n, reliable=True, droppable=False):
        kind = msg[0]
        if (kind == M.JOIN or kind == M.KEY or kind == M.SKEY or kind == M.REFUSE
                or (kind == M.LEAVE and not self.ready(dst))):
            # LEAVE in clear: a guest leaving the room before its keys are ready
            return self._send_raw(dst, msg, n, reliable, droppable)
        s = self.session
        parts = s.participants() if s.sid else []
        if dst == BROADCAST:
            rcpts = [p for p in parts if p != self.me]
        else:
            rcpts = [dst]
        ready = []
        for p in rcpts:
            if self.ready(p):
                ready.append(p)
            elif kind != M.SESSION and not droppable and p in parts:
                lst = self._pending.get(p)
                if lst is None:
                    lst = self._pending[p] = []
                lst.append((bytes(msg[:n]), reliable))
                if len(lst) > _PENDING:
                    lst.pop(0)
        if kind == M.SESSION:
            # signed: the host's word on seats and phase for the members.  The periodic
            # copies (droppable) go signed only every SIGN_EVERY-th time: a signed copy is
            # 5 + 6 x members bytes longer, and under heavy byte loss a long frame at the
            # head of a channel's queue holds up everything behind it.  Members ignore the
            # clear ones (LinkUnit._on_opened); the lobby reads both.
            if droppable:
                self._periodic += 1
            if not ready or (droppable and self._periodic % SIGN_EVERY):
                return self._send_raw(dst, msg, n, reliable, droppable)
            return self._seal(dst, msg, n, reliable, droppable, ready, False)
        if not ready:
            return False
        return self._seal(dst, msg, n, reliable, droppable, ready)

    def _seal(self, dst, msg, n, reliable, droppable, rcpts, encrypt=True):
        nt = len(rcpts)
        body = 5 + _TL * nt
        if nt > M.MAX_TAGS or body + n > M.NET_MAX:
            raise ValueError("sealed message of %d bytes for %d units" % (n, nt))
        self.ctr += 1
        c = self.ctr
        b = self._out
        h = (M.SEALED if encrypt else M.SIGNED) | nt
        b[0] = h
        b[1] = (c >> 24) & 0xFF
        b[2] = (c >> 16) & 0xFF
        b[3] = (c >> 8) & 0xFF
        b[4] = c & 0xFF
        for i in range(n):
            b[body + i] = msg[i]
        ctr = bytes(b[1:5])
        if encrypt:
            crypto.keystream_xor(self._sk, _nid(self.me) + ctr, b, body, n)
        head = bytes((h,)) + _nid(self.me)
        k = 5
        for p in rcpts:
            t = crypto.tag(self.peers[p].kmac, head + _nid(p) + ctr, b, body, n, _TL)
            for i in range(_TL):
                b[k + i] = t[i]
            k += _TL
        if self._backlog:
            if not droppable:
                self._hold(dst, b, body + n, reliable)
            return not droppable
        if self._send_raw(dst, b, body + n, reliable, droppable):
            return True
        if not droppable:
            self._hold(dst, b, body + n, reliable)
        return not droppable

    def _hold(self, dst, b, n, reliable):
        """Every channel refused a game message (queue full: a burst of plays).  Keep the
        envelope and send it from poll(), in order, before anything newer: the clear link
        lost such a message; the longer sealed frames made that likely enough to strand a
        Speed play."""
        self._backlog.append((dst, bytes(b[:n]), reliable))
        if len(self._backlog) > _BACKLOG:
            self._backlog.pop(0)
            self.backlog_lost += 1

    def _drain(self):
        while self._backlog:
            dst, env, reliable = self._backlog[0]
            if not self._send_raw(dst, env, len(env), reliable, False):
                return
            self._backlog.pop(0)

    # -- receiving ------------------------------------------------------------------------
    def receive(self, src, buf, start, n):
        """Net upcall: KEY/SKEY handled here, envelopes checked and opened, clear messages
        passed on (unauthenticated: the caller's policy decides what they may do)."""
        if n < 1:
            return
        h = buf[start]
        if h == M.KEY:
            self._on_key(src, buf, start, n)
            return
        if h == M.SKEY:
            self._on_skey(src, buf, start, n)
            return
        env = h & 0xF8
        if env != M.SEALED and env != M.SIGNED:
            if h == M.JOIN or h == M.SESSION or h == M.LEAVE or h == M.REFUSE:
                self._deliver(src, buf, start, n, False)
            else:
                self.clear_refused += 1     # a sealed kind in clear: never applied
                if self.session.sid:
                    self._failed(src, False)
            return
        nt = h & 7
        body = 5 + _TL * nt
        if nt < 1 or nt > M.MAX_TAGS or n < body + 3:
            self.clear_refused += 1
            return
        q = self.peers.get(src)
        m = n - body
        if q is None or q.kmac is None:
            self.unkeyed += 1
            if env == M.SIGNED:
                self._deliver(src, buf, start + body, m, False)
            return
        ctr = bytes(buf[start + 1:start + 5])
        t = crypto.tag(q.kmac, bytes((h,)) + _nid(src) + _nid(self.me) + ctr,
                       buf, start + body, m, _TL)
        ok = False
        k = start + 5
        for _ in range(nt):
            if crypto.equal(t, buf[k:k + _TL]):
                ok = True
            k += _TL
        if not ok:
            if env == M.SIGNED:
                self._deliver(src, buf, start + body, m, False)
            elif q.sk is not None and nt + 1 >= len(self.session.participants()):
                self._failed(src)       # a tag for every other unit, none of them ours
            else:
                self.unkeyed += 1       # not for us (it does not hold our keys yet)
            return
        if env == M.SEALED and q.sk is None:
            self.unkeyed += 1
            return
        c = ctr[0] << 24 | ctr[1] << 16 | ctr[2] << 8 | ctr[3]
        if not self._fresh(q, c):
            self.replays += 1
            return
        if env == M.SIGNED:
            self._deliver(src, buf, start + body, m, True)
            return
        p = self._plain
        for i in range(m):
            p[i] = buf[start + body + i]
        crypto.keystream_xor(q.sk, _nid(src) + ctr, p, 0, m)
        self._deliver(src, p, 0, m, True)

    def _fresh(self, q, c):
        """Counter window: newer than the last accepted, or one of the 16 below it not
        seen yet (a reordered copy); anything else is a replay."""
        d = c - q.last
        if d > 0:
            q.win = ((q.win << d) | 1) & 0xFFFF if d < _WIN else 1
            q.last = c
            return True
        d = -d
        if d >= _WIN or (q.win >> d) & 1:
            return False
        q.win |= 1 << d
        return True

    def _failed(self, src, count=True):
        if count:
            self.auth_failed += 1
        now = self._clock()
        t = self._reported.get(src)
        if t is None or ticks_diff(now, t) >= _REPORT_MS:
            self._reported[src] = now
            self.session.report("unit %d sent a message that failed authentication" % src)
