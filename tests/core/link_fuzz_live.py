"""Fuzzing live units during full linked games (issue #15 items 2 and 3), on CPython
(tests/host/test_link_live_fuzz.py) and on the MicroPython unix port (the same host test
runs `link_fuzz_live.py` as a script under .venv/bin/micropython).

* `frames`: frames with a valid CRC whose channel header, net header or payload was
  mutated, put on the wires between units (a damaged frame the CRC missed, or a PC on the
  cable).
* `messages`: mutated messages handed to `LinkUnit._on_message` as coming from a real
  participant (an authenticated but malicious peer).

Nothing may raise out of `receive()`/`poll()`, the units' last-resort guard must never
fire (`unhandled` stays 0), and the game must end on every unit with identical records
(or, for forged messages, with the trouble reported)."""
from core.prng import Prng
from core.link.framing import FrameEncoder, FrameDecoder
from core.link import messages as M
from link_drive import Drive

_KINDS = (M.ACTION, M.SEAL, M.UNSEAL, M.CHECK, M.SYNCREQ, M.LOG, M.REJECT, M.SEALREQ,
          M.SPLAY, M.TACTION, M.SREJECT, M.READY, M.PRESENCE, M.SESSION, M.JOIN, M.LEAVE,
          M.COMMIT, M.REVEAL, M.SHARE, M.SEEDREQ)


class FrameFuzzer:
    """Wraps every channel's writer: one frame in `every` (on average) is decoded,
    mutated in its header (channel 0-5, net 6-10) or payload, and re-framed with a valid
    CRC.  `where`: "channel", "net" or "any"."""

    def __init__(self, chain, seed, every=40, where="any"):
        self.r = Prng(seed)
        self.every = every
        self.where = where
        self.enc = FrameEncoder()
        self.dec = FrameDecoder()
        self.mutated = 0
        for u in chain.units:
            for ch in u.node.channels:
                ch._write = self._wrap(ch._write)

    def _wrap(self, write):
        def w(buf, n):
            if self.r.below(self.every) != 0:
                write(buf, n)
                return
            dec = self.dec
            i = 0
            body = None
            while i < n:
                i = dec.feed(buf, i, n)
                if dec.length:
                    body = bytearray(dec.length + 2)    # + room for the CRC
                    body[:dec.length] = dec.body[:dec.length]
                    blen = dec.length
            if body is None:
                write(buf, n)
                return
            self.mutate(body, blen)
            m = self.enc.encode(body, blen, True)
            write(self.enc.out, m)
            self.mutated += 1
        return w

    def mutate(self, body, n):
        r = self.r
        for _ in range(1 + r.below(2)):
            w = self.where
            if w == "channel" or (w == "any" and r.below(2) == 0):
                # keep the tag (bytes 1-2) of a tagged frame: the header is what is fuzzed
                i = r.below(min(n, 8 if body[0] == 1 else 6))
                if body[0] != 1 and i in (1, 2):
                    i = 0 if r.below(2) else 3 % n
            elif w == "net" or (w == "any" and r.below(2) == 0):
                i = 6 + r.below(5) if n > 11 else r.below(n)
            else:
                i = r.below(n)
            k = r.below(3)
            if k == 0:
                body[i] ^= 1 << r.below(8)
            elif k == 1:
                body[i] = r.below(256)
            else:
                body[i] = (body[i] + (1 if r.below(2) else 255)) & 0xFF


class MessageFuzzer:
    """Every `every` ms a mutated message from a real participant goes to one unit's
    `_on_message`: a message of the game's own traffic with fields changed, or a fresh
    one of any kind with random fields."""

    def __init__(self, seed, every=25):
        self.r = Prng(seed)
        self.every = every
        self.buf = bytearray(120)
        self.sent = 0

    def __call__(self, d):
        c = d.c
        r = self.r
        if r.below(self.every) != 0:
            return
        units = c.units
        dst = units[r.below(len(units))]
        src = units[r.below(len(units))]
        if src is dst:
            return
        s = dst.session
        b = self.buf
        kind = _KINDS[r.below(len(_KINDS))]
        sid = s.sid if r.below(8) else r.below(0x10000)
        g = dst.game
        n = len(g.history) if g is not None else 0
        idx = n + r.below(3) - 1 if r.below(4) else r.below(0x10000)
        seat = r.below(len(s.seats) + 1) if r.below(4) else r.below(256)
        act = r.below(0x10000) if r.below(3) == 0 else r.below(600)
        if g is not None and r.below(2):
            la = g.legal_actions(seat) if seat < len(s.seats) else []
            if la:
                act = la[r.below(len(la))]
        if kind == M.ACTION:
            k = M.encode_action(b, sid, idx, seat, act)
        elif kind == M.SEAL:
            k = M.encode_seal(b, sid, idx, seat & 0x7F, self._bytes(32), r.below(3) == 0)
        elif kind == M.UNSEAL:
            k = M.encode_unseal(b, sid, idx, seat, act if r.below(4) else M.VOID, self._bytes(8))
        elif kind == M.CHECK:
            k = M.encode_check(b, sid, idx, self._bytes(8))
        elif kind == M.SYNCREQ:
            k = M.encode_syncreq(b, sid, idx, r.below(2) == 0)
        elif kind == M.LOG:
            timed = r.below(4) == 0
            ents = []
            for _ in range(r.below(5)):
                e = (seat, act)
                ents.append((r.below(0x3FFFFFFF),) + e if timed else e)
            k = M.encode_log(b, sid, idx if r.below(2) else 0, r.below(3) == 0, ents, timed)
        elif kind == M.REJECT:
            k = M.encode_reject(b, sid, idx, seat, act, r.below(0x10000), "x" * r.below(20))
        elif kind in (M.SEALREQ, M.JOIN, M.LEAVE):
            k = M.encode_simple(b, kind, sid)
        elif kind == M.SPLAY:
            k = M.encode_splay(b, sid, r.below(256), seat, act, r.below(0x3FFFFFFF), r.below(256))
        elif kind == M.TACTION:
            k = M.encode_taction(b, sid, idx, seat, act, r.below(0x3FFFFFFF), r.below(256))
        elif kind == M.SREJECT:
            k = M.encode_sreject(b, sid, r.below(256), seat, act, "no")
        elif kind == M.READY:
            k = M.encode_ready(b, sid, r.below(70), r.below(2) == 0, r.below(70000))
        elif kind == M.PRESENCE:
            k = M.encode_presence(b, sid, r.below(4), r.below(0x10000) if r.below(4) == 0
                                  else n + r.below(5), r.below(256))
        elif kind == M.SESSION:
            seats = [units[r.below(len(units))].node_id if r.below(2) else 0
                     for _ in range(1 + r.below(6))]
            k = M.encode_session(b, sid, r.below(5), src.node_id, r.below(256), seats,
                                 self._bytes(8), "reds" if r.below(2) else "zz", [r.below(4)],
                                 r.below(256))
        elif kind == M.SHARE:
            k = M.encode_share(b, sid, r.below(256), units[r.below(len(units))].node_id,
                               self._bytes(16))
        elif kind == M.SEEDREQ:
            k = M.encode_commit(b, kind, sid, r.below(256), b"")
        else:
            k = M.encode_commit(b, kind, sid, r.below(256),
                                self._bytes(32 if kind == M.COMMIT else 16))
        if self._a_players_own_choice(dst, src, kind, sid, idx, seat, n):
            return
        if r.below(6) == 0:                     # and sometimes the bytes themselves
            b[r.below(k)] ^= 1 << r.below(8)
            if r.below(3) == 0:
                k = r.below(k) + 1
        self.sent += 1
        dst._on_message(src.node_id, b, 0, k)

    def _a_players_own_choice(self, dst, src, kind, sid, idx, seat, n):
        """A decision `src` may make for its own seat now, or the host's word on the game
        (its log, its session): told to one unit only, that is the sender equivocating, a
        cheat for the end-to-end authentication and the state-hash check to expose, not a
        message the unit could mishandle.  Not sent."""
        s = dst.session
        if sid != s.sid:
            return False
        if src.node_id == s.host and kind in (M.LOG, M.SESSION, M.TACTION, M.ACTION):
            return True
        own = 0 <= seat < len(s.seats) and s.seats[seat] == src.node_id
        return own and kind in (M.ACTION, M.SEAL, M.UNSEAL, M.SPLAY, M.TACTION) and (
            n - 1 <= idx <= n + 1 or kind == M.SPLAY)

    def _bytes(self, n):
        return bytes([self.r.below(256) for _ in range(n)])


def fuzz_game(game, units, opts, seed, frames=0, messages=0, where="any", limit=600000):
    """One fuzzed game: (drive, ms to the end or -1, fuzzer counts)."""
    d = Drive(game, units, opts, seed=seed)
    ff = FrameFuzzer(d.c, seed * 7 + 1, frames, where) if frames else None
    mf = MessageFuzzer(seed * 13 + 5, messages) if messages else None
    ms = d.run(mf, limit)
    return d, ms, (ff.mutated if ff else 0, mf.sent if mf else 0)


def outcome(d, ms):
    """A short account of one fuzzed game: over, identical, unhandled, reports."""
    reps = []
    for u in d.c.units:
        reps.extend(u.session.reports)
    return {"over": ms >= 0 and d.over(), "same": d.same_records(),
            "unhandled": d.unhandled(), "reports": reps[-3:],
            "stuck": [st for st in [u.status()["message"] for u in d.c.units] if "paused" in st]}


def main(argv):
    """MicroPython entry: `micropython link_fuzz_live.py GAME UNITS SEED FRAMES MESSAGES`
    prints one line per game: ok/FAIL and the outcome."""
    game, units, seed0, frames, messages, games_n = (
        argv[1], int(argv[2]), int(argv[3]), int(argv[4]), int(argv[5]), int(argv[6]))
    opts = {"players": units} if game == "reds" else {}
    bad = 0
    for seed in range(seed0, seed0 + games_n):
        d, ms, counts = fuzz_game(game, units, opts, seed, frames, messages)
        o = outcome(d, ms)
        ok = o["over"] and o["same"] and o["unhandled"] == 0
        if not ok:
            bad += 1
        print("%s %s %d seed %d mutated %d sent %d %r" % (
            "ok" if ok else "FAIL", game, units, seed, counts[0], counts[1], o))
        d = None
        import gc
        gc.collect()
    print("done bad %d" % bad)


if __name__ == "__main__":
    import sys
    main(sys.argv)
