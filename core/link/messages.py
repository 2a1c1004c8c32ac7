"""Application messages of the link (session, lockstep, Speed), encoded as compact bytes.

Every message starts with its type byte and the 16-bit session id.  `encode_*` write into
a caller's bytearray and return the length; `decode(buf, start, n)` returns a tuple whose
first item is the type, or None for anything malformed: it never raises, and it reads only
inside buf[start:start+n] (fuzzed in tests/host/test_link_fuzz.py).

Game options travel as indices into each option's choices (both ends have the same game
class), so a whole session description fits one frame.

Versions (docs/link.md, "Versions").  PROTO_VERSION is the layout of these messages; a
game's RULES_VERSION (its class) says which rules engine plays it.  SESSION carries PROTO in
the high nibble of its phase byte and the host's RULES_VERSION after the tag; JOIN carries
the joiner's two.  Firmware from before versions ("protocol 0") ignores every SESSION whose
phase byte is above 2 (so it never lists nor adopts a newer host's game), and rejects a
JOIN longer than 3 bytes as malformed; its own SESSION and JOIN (no versions) decode here
as protocol 0, which is refused.  The first fields never move, so any later protocol can
still tell who it is talking to: SESSION [kind][sid:2][proto<<4|phase][host:2], JOIN
[kind][sid:2][proto][rules:2].
"""
from micropython import const

from core.link.net import MAX_MESSAGE as _NET_MAX

SESSION = const(0x10)   # sid proto|phase host round nseats seats[] salt8 name optidx[] tag rules:2
JOIN = const(0x11)      # sid proto rules:2
LEAVE = const(0x12)     # sid
COMMIT = const(0x13)    # sid round hash32            seed commit-reveal
REVEAL = const(0x14)    # sid round value16
SHARE = const(0x1F)     # sid round node value16       a unit's share, re-sent on SEEDREQ
SEEDREQ = const(0x1E)   # sid round                    send me the shares of this round
PRESENCE = const(0x15)  # sid phase hist flags down_a:2 down_b:2
REFUSE = const(0x19)    # sid reason proto rules:2      host to a unit it will not seat
KEY = const(0x16)       # sid 0 pub32                  X25519 public key (core/link/secure.py)
SKEY = const(0x17)      # sid flags wrapped16 tag8     a sending key, wrapped for one unit
ACTION = const(0x20)    # sid index seat action
SEAL = const(0x21)      # sid index seat|copy hash32  hidden decision, committed
UNSEAL = const(0x22)    # sid index seat action nonce8 (action VOID: cannot open it)
CHECK = const(0x23)     # sid index hash8             public-state hash
SYNCREQ = const(0x24)   # sid have full
LOG = const(0x25)       # sid start full timed count (seat action [t])*
REJECT = const(0x26)    # sid index seat action culprit reason
SEALREQ = const(0x27)   # sid                          restarted: send me my seals back
SPLAY = const(0x30)     # sid req seat action t round Speed: a play asking the arbiter
TACTION = const(0x31)   # sid index seat action t req Speed: an arbitrated play
SREJECT = const(0x32)   # sid req seat action reason   Speed: take your play back
READY = const(0x33)     # sid round go elapsed          Speed: ready for a round / it starts
ROUNDSTART = const(0x34)    # sid round:2 actions:4 events:4 scores:2*2 won:2*2 rng:2*4
                        # last: winner points:2 t:4 left:2*1 respits standstills:2 reason
                        # Speed: where the round a LOG starts from began (a resync)

SEALED = const(0x40)    # | ntags: ctr tags ciphertext   envelopes of core/link/secure.py
SIGNED = const(0x48)    # | ntags: ctr tags plaintext    (never passed to decode)

PROTO_VERSION = const(1)    # bump when any message's layout or meaning changes
R_GUEST_OLDER = const(1)    # REFUSE reasons: the joining unit needs a firmware update
R_HOST_OLDER = const(2)     # the host's unit needs a firmware update
R_FULL = const(3)           # no free seat, or the game has started

VOID = const(0xFFFF)    # UNSEAL's action when the owner cannot open its seal (no game uses it)

MAX_SEATS = const(6)
MAX_NAME = const(16)
MAX_REASON = const(60)
MAX_TAGS = const(5)     # one tag per other unit: 6 units at most (one human per unit)
TAG_LEN = const(6)
NET_MAX = _NET_MAX      # net.MAX_MESSAGE
# The largest message a unit seals: a broadcast among 6 units carries a counter and 5 tags
MAX_PLAIN = NET_MAX - (1 + 4 + TAG_LEN * MAX_TAGS)
LOG_CHUNK = min(24, (MAX_PLAIN - 7) // 3)   # actions per LOG message (7-byte head)
LOG_CHUNK_TIMED = (MAX_PLAIN - 7) // 7      # timed (Speed) entries are 7 bytes


def _u16(b, i):
    return b[i] << 8 | b[i + 1]


def _u32(b, i):
    return b[i] << 24 | b[i + 1] << 16 | b[i + 2] << 8 | b[i + 3]


def _p16(b, i, v):
    b[i] = (v >> 8) & 0xFF
    b[i + 1] = v & 0xFF


def _p32(b, i, v):
    b[i] = (v >> 24) & 0xFF
    b[i + 1] = (v >> 16) & 0xFF
    b[i + 2] = (v >> 8) & 0xFF
    b[i + 3] = v & 0xFF


def _head(b, kind, sid):
    b[0] = kind
    _p16(b, 1, sid)
    return 3


def _copy(b, i, src):
    for x in src:
        b[i] = x
        i += 1
    return i


def encode_session(b, sid, phase, host, rnd, seats, salt, name, optidx, tag=0, rules=0,
                   proto=PROTO_VERSION):
    """`salt`: 8 random bytes the host draws for the session, mixed into every share and
    the seed (core/link/commit.py); the seed itself never travels.  `tag`: one byte the host's app keeps in the session (the level of its AI seats),
    so that a host that restarted gets it back.  Sent by a unit that is not `host`, the
    announcement is made on behalf of a host that is away (restarted).  `rules`: the
    RULES_VERSION of the game's class on the host; `proto`: for tests only."""
    i = _head(b, SESSION, sid)
    b[i] = phase | (proto << 4)
    _p16(b, i + 1, host)
    b[i + 3] = rnd
    b[i + 4] = len(seats)
    i += 5
    for s in seats:
        _p16(b, i, s)
        i += 2
    i = _copy(b, i, salt)
    nb = name.encode()
    b[i] = len(nb)
    i = _copy(b, i + 1, nb)
    b[i] = len(optidx)
    i += 1
    for x in optidx:
        _p16(b, i, x)
        i += 2
    b[i] = tag & 0xFF
    _p16(b, i + 1, rules)
    return i + 3


def encode_simple(b, kind, sid):
    """LEAVE and SEALREQ (and the JOIN of firmware from before versions)."""
    return _head(b, kind, sid)


def encode_join(b, sid, rules, proto=PROTO_VERSION):
    """JOIN with the joiner's protocol and its RULES_VERSION of the session's game."""
    i = _head(b, JOIN, sid)
    b[i] = proto
    _p16(b, i + 1, rules)
    return i + 3


def encode_refuse(b, sid, reason, rules):
    """The host will not seat the unit: `reason` (R_*), the host's own versions."""
    i = _head(b, REFUSE, sid)
    b[i] = reason
    b[i + 1] = PROTO_VERSION
    _p16(b, i + 2, rules)
    return i + 4


def encode_commit(b, kind, sid, rnd, data):
    """COMMIT (32-byte hash), REVEAL (16-byte value) and SEEDREQ (no data)."""
    i = _head(b, kind, sid)
    b[i] = rnd
    return _copy(b, i + 1, data)


def encode_share(b, sid, rnd, node, value):
    i = _head(b, SHARE, sid)
    b[i] = rnd
    _p16(b, i + 1, node)
    return _copy(b, i + 3, value)


def encode_presence(b, sid, phase, hist, flags, down_a=0, down_b=0):
    """`down_a`, `down_b`: the node at the far end of this unit's cable A / B when that
    cable was up and is down now (0: none), so that the others can name both ends."""
    i = _head(b, PRESENCE, sid)
    b[i] = phase
    _p16(b, i + 1, hist)
    b[i + 3] = flags
    _p16(b, i + 4, down_a)
    _p16(b, i + 6, down_b)
    return i + 8


def encode_action(b, sid, index, seat, action):
    i = _head(b, ACTION, sid)
    _p16(b, i, index)
    b[i + 2] = seat
    _p16(b, i + 3, action)
    return i + 5


def encode_seal(b, sid, index, seat, digest, copy=False):
    """`copy` (bit 7 of the seat byte): not the owner's own seal but a copy of it that a
    unit holding it sends back to the owner, which restarted and asked (SEALREQ)."""
    i = _head(b, SEAL, sid)
    _p16(b, i, index)
    b[i + 2] = seat | (0x80 if copy else 0)
    return _copy(b, i + 3, digest)


def encode_unseal(b, sid, index, seat, action, nonce):
    i = _head(b, UNSEAL, sid)
    _p16(b, i, index)
    b[i + 2] = seat
    _p16(b, i + 3, action)
    return _copy(b, i + 5, nonce)


def encode_check(b, sid, index, digest8):
    i = _head(b, CHECK, sid)
    _p16(b, i, index)
    return _copy(b, i + 2, digest8)


def encode_syncreq(b, sid, have, full):
    i = _head(b, SYNCREQ, sid)
    _p16(b, i, have)
    b[i + 2] = 1 if full else 0
    return i + 3


def encode_log(b, sid, start, full, entries, timed):
    """entries: list of (seat, action) or (t, seat, action) when timed, <= LOG_CHUNK."""
    i = _head(b, LOG, sid)
    _p16(b, i, start)
    b[i + 2] = (1 if full else 0) | (2 if timed else 0)
    b[i + 3] = len(entries)
    i += 4
    for e in entries:
        if timed:
            t, seat, action = e
        else:
            seat, action = e
        b[i] = seat
        _p16(b, i + 1, action)
        i += 3
        if timed:
            _p32(b, i, t)
            i += 4
    return i


def encode_reject(b, sid, index, seat, action, culprit, reason):
    """`action`: the action refused, or VOID for a message that is not an action (a
    SEAL: issue #15 item 2, a string here raised out of the receive path)."""
    if not isinstance(action, int):
        action = VOID
    i = _head(b, REJECT, sid)
    _p16(b, i, index)
    b[i + 2] = seat
    _p16(b, i + 3, action)
    _p16(b, i + 5, culprit)
    r = reason.encode()[:MAX_REASON]
    b[i + 7] = len(r)
    return _copy(b, i + 8, r)


def encode_splay(b, sid, req, seat, action, t, round_no=0):
    """`round_no` (mod 256, 0 = any): the round the play was made in, so that the arbiter
    never applies it to the next deal."""
    i = _head(b, SPLAY, sid)
    b[i] = req
    b[i + 1] = seat
    _p16(b, i + 2, action)
    _p32(b, i + 4, t)
    b[i + 8] = round_no & 0xFF
    return i + 9


def encode_taction(b, sid, index, seat, action, t, req):
    i = _head(b, TACTION, sid)
    _p16(b, i, index)
    b[i + 2] = seat
    _p16(b, i + 3, action)
    _p32(b, i + 5, t)
    b[i + 9] = req
    return i + 10


def encode_sreject(b, sid, req, seat, action, reason):
    i = _head(b, SREJECT, sid)
    b[i] = req
    b[i + 1] = seat
    _p16(b, i + 2, action)
    r = reason.encode()[:MAX_REASON]
    b[i + 4] = len(r)
    return _copy(b, i + 5, r)


def encode_ready(b, sid, rnd, go=False, elapsed=0):
    """Speed's ready gate.  A unit to the host (`go` False): its player is ready for round
    `rnd` (0: "wait for my player before each round").  The host to all (`go` True): round
    `rnd` starts; the host decided so `elapsed` ms ago (capped at 65535), so a unit that
    hears it late (a rejoin) counts down only what is left."""
    i = _head(b, READY, sid)
    _p16(b, i, rnd)
    b[i + 2] = 1 if go else 0
    _p16(b, i + 3, min(max(elapsed, 0), 0xFFFF))
    return i + 5


def encode_round_start(b, sid, st):
    """ROUNDSTART: Speed's round_start() dict (core/games/speed/rules.py), ahead of a whole LOG that
    starts at st["actions"] (core/link/lockstep.py, a resync from a round start)."""
    i = _head(b, ROUNDSTART, sid)
    _p16(b, i, st["round"])
    _p32(b, i + 2, st["actions"])
    _p32(b, i + 6, st["events"])
    i += 10
    for key in ("scores", "won"):
        for v in st[key]:
            _p16(b, i, v)
            i += 2
    for v in st["rng"]:
        _p32(b, i, v)
        i += 4
    last = st["last"]
    w = last["winner"]
    b[i] = 0xFF if w is None else w
    _p16(b, i + 1, last["points"])
    _p32(b, i + 3, last["t_ms"])
    b[i + 7] = last["cards_left"][0]
    b[i + 8] = last["cards_left"][1]
    b[i + 9] = last["respits"]
    _p16(b, i + 10, last["standstills"])
    r = last["reason"].encode()[:MAX_NAME]
    b[i + 12] = len(r)
    return _copy(b, i + 13, r)


def _round_start(b, i, end, kind, sid):
    if end - i < 39 or end - i != 39 + b[i + 38] or b[i + 38] > MAX_NAME:
        return None
    reason = _text(b, i + 39, b[i + 38])
    if reason is None:
        return None
    no = _u16(b, i)
    j = i + 10
    sc = [_u16(b, j), _u16(b, j + 2)]
    won = [_u16(b, j + 4), _u16(b, j + 6)]
    rng = [_u32(b, j + 8), _u32(b, j + 12)]
    j += 16
    w = b[j]
    last = {"round": no - 1, "winner": None if w == 0xFF else w, "reason": reason,
            "points": _u16(b, j + 1), "t_ms": _u32(b, j + 3),
            "cards_left": [b[j + 7], b[j + 8]], "respits": b[j + 9],
            "standstills": _u16(b, j + 10)}
    # checked where it is used (Speed.resume_round)
    return (kind, sid, {"round": no, "scores": sc, "won": won, "rng": rng,
                        "actions": _u32(b, i + 2), "events": _u32(b, i + 6), "last": last})


def _text(b, i, n):
    try:
        return bytes(b[i:i + n]).decode()
    except (UnicodeError, ValueError):
        return None


def _session_v0(b, i, end, kind, sid, phase, host):
    """A SESSION of firmware from before versions (a 4-byte seed where the salt is now):
    who hosts what, enough to say that the host's unit needs a firmware update."""
    if end - i < 5:
        return None
    ns = b[i + 4]
    i += 5 + 2 * ns + 4
    if ns < 1 or ns > MAX_SEATS or i + 1 > end:
        return None
    nl = b[i]
    name = _text(b, i + 1, nl) if nl <= MAX_NAME and i + 1 + nl <= end else None
    return (kind, sid, phase, host, 0, None, None, name, None, 0, 0, 0)


def decode(b, start, n):
    """(type, sid, fields...) or None when malformed."""
    if n < 3 or start < 0 or start + n > len(b):
        return None
    kind = b[start]
    sid = _u16(b, start + 1)
    i = start + 3
    end = start + n
    left = end - i
    if kind == SESSION:
        if left < 3:
            return None
        phase = b[i] & 0x0F
        proto = b[i] >> 4
        host = _u16(b, i + 1)
        if proto == 0:
            return _session_v0(b, i, end, kind, sid, phase, host)
        if proto != PROTO_VERSION:
            # a later protocol: only the fields that never move
            return (kind, sid, phase, host, 0, None, None, None, None, 0, proto, 0)
        if left < 6:
            return None
        rnd = b[i + 3]
        ns = b[i + 4]
        i += 5
        if ns < 1 or ns > MAX_SEATS or i + 2 * ns + 9 > end:
            return None
        seats = [_u16(b, i + 2 * k) for k in range(ns)]
        i += 2 * ns
        salt = bytes(b[i:i + 8])
        nl = b[i + 8]
        i += 9
        if nl > MAX_NAME or i + nl + 1 > end:
            return None
        name = _text(b, i, nl)
        if name is None:
            return None
        i += nl
        no = b[i]
        i += 1
        if i + 2 * no + 3 != end:           # then the tag and rules:2
            return None
        opts = [_u16(b, i + 2 * k) for k in range(no)]
        i += 2 * no
        return (kind, sid, phase, host, rnd, seats, salt, name, opts, b[i], proto,
                _u16(b, i + 1))
    if kind == JOIN:
        if left == 0:
            return (kind, sid, 0, 0)        # firmware from before versions
        return (kind, sid, b[i], _u16(b, i + 1)) if left >= 3 else None
    if kind == REFUSE:
        return (kind, sid, b[i], b[i + 1], _u16(b, i + 2)) if left >= 4 else None
    if kind == LEAVE or kind == SEALREQ:
        return (kind, sid) if left == 0 else None
    if kind == COMMIT:
        return (kind, sid, b[i], bytes(b[i + 1:end])) if left == 33 else None
    if kind == REVEAL:
        return (kind, sid, b[i], bytes(b[i + 1:end])) if left == 17 else None
    if kind == SEEDREQ:
        return (kind, sid, b[i]) if left == 1 else None
    if kind == SHARE:
        return (kind, sid, b[i], _u16(b, i + 1), bytes(b[i + 3:end])) if left == 19 else None
    if kind == KEY:
        return (kind, sid, bytes(b[i + 1:end])) if left == 33 and b[i] == 0 else None
    if kind == SKEY:
        return (kind, sid, b[i], bytes(b[i + 1:end])) if left == 25 and b[i] < 4 else None
    if kind == PRESENCE:
        if left != 8:
            return None
        return (kind, sid, b[i], _u16(b, i + 1), b[i + 3], _u16(b, i + 4), _u16(b, i + 6))
    if kind == ACTION:
        if left != 5:
            return None
        return (kind, sid, _u16(b, i), b[i + 2], _u16(b, i + 3))
    if kind == SEAL:
        if left != 35:
            return None
        return (kind, sid, _u16(b, i), b[i + 2] & 0x7F, bytes(b[i + 3:end]),
                (b[i + 2] & 0x80) != 0)
    if kind == UNSEAL:
        if left != 13:
            return None
        return (kind, sid, _u16(b, i), b[i + 2], _u16(b, i + 3), bytes(b[i + 5:end]))
    if kind == CHECK:
        if left != 10:
            return None
        return (kind, sid, _u16(b, i), bytes(b[i + 2:end]))
    if kind == SYNCREQ:
        if left != 3 or b[i + 2] > 1:
            return None
        return (kind, sid, _u16(b, i), b[i + 2] == 1)
    if kind == LOG:
        if left < 4:
            return None
        st = _u16(b, i)
        fl = b[i + 2]
        cnt = b[i + 3]
        timed = (fl & 2) != 0
        size = 7 if timed else 3
        i += 4
        if fl > 3 or cnt > LOG_CHUNK or i + cnt * size != end:
            return None
        entries = []
        for _ in range(cnt):
            if timed:
                t = _u32(b, i + 3)
                if t >= 0x40000000:
                    return None
                entries.append((t, b[i], _u16(b, i + 1)))
            else:
                entries.append((b[i], _u16(b, i + 1)))
            i += size
        return (kind, sid, st, (fl & 1) != 0, timed, entries)
    if kind == REJECT:
        if left < 8 or left != 8 + b[i + 7] or b[i + 7] > MAX_REASON:
            return None
        r = _text(b, i + 8, b[i + 7])
        if r is None:
            return None
        return (kind, sid, _u16(b, i), b[i + 2], _u16(b, i + 3), _u16(b, i + 5), r)
    if kind == SPLAY:
        if left != 9:
            return None
        t = _u32(b, i + 4)
        if t >= 0x40000000:
            return None
        return (kind, sid, b[i], b[i + 1], _u16(b, i + 2), t, b[i + 8])
    if kind == TACTION:
        if left != 10:
            return None
        t = _u32(b, i + 5)
        if t >= 0x40000000:
            return None
        return (kind, sid, _u16(b, i), b[i + 2], _u16(b, i + 3), t, b[i + 9])
    if kind == SREJECT:
        if left < 5 or left != 5 + b[i + 4] or b[i + 4] > MAX_REASON:
            return None
        r = _text(b, i + 5, b[i + 4])
        if r is None:
            return None
        return (kind, sid, b[i], b[i + 1], _u16(b, i + 2), r)
    if kind == ROUNDSTART:
        return _round_start(b, i, end, kind, sid)
    if kind == READY:
        if left != 5 or b[i + 2] > 1:
            return None
        return (kind, sid, _u16(b, i), b[i + 2] == 1, _u16(b, i + 3))
    return None
