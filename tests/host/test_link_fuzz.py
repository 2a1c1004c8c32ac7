"""Fuzzing the frame decoder and the message parser (hypothesis): random and mutated input
never raises, never grows memory, and never yields a frame that was not sent."""
from hypothesis import given, settings, strategies as st

from core.link import messages as M
from core.link.framing import FrameDecoder, FrameEncoder, MAX_BODY

ENC = FrameEncoder()


def _wire(payload):
    body = bytearray(len(payload) + 2)
    body[:len(payload)] = payload
    return bytes(ENC.out[:ENC.encode(body, len(payload), True)])


def _feed(dec, data):
    out = []
    i = 0
    while i < len(data):
        i = dec.feed(data, i, len(data))
        if dec.length:
            out.append(bytes(dec.body[:dec.length]))
        assert dec.pending() <= MAX_BODY + 2
    return out


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=2000))
def test_random_bytes_never_raise_and_stay_bounded(data):
    dec = FrameDecoder()
    size = len(dec.body)
    for f in _feed(dec, data):
        assert 1 <= len(f) <= MAX_BODY
    assert len(dec.body) == size


@settings(max_examples=300, deadline=None)
@given(st.lists(st.binary(min_size=1, max_size=MAX_BODY), min_size=1, max_size=6),
       st.lists(st.tuples(st.integers(0, 10 ** 6), st.integers(0, 3), st.integers(0, 255)),
                max_size=8))
def test_mutated_streams_never_raise_and_clean_streams_decode_exactly(payloads, mutations):
    wire = bytearray(b"".join(_wire(p) for p in payloads))
    for pos, kind, val in mutations:
        if not wire:
            break
        i = pos % len(wire)
        if kind == 0:
            wire[i] ^= (val or 1)          # bit flips
        elif kind == 1:
            del wire[i]                    # a dropped byte
        elif kind == 2:
            wire.insert(i, val)            # an inserted byte
        else:
            del wire[i:i + val % 40]       # truncation / a burst lost
    got = _feed(FrameDecoder(), bytes(wire))
    for f in got:
        assert 1 <= len(f) <= MAX_BODY
    if not mutations:
        assert got == payloads


def test_damaged_frames_pass_the_crc_rarely():
    """CRC-16 cannot catch everything (an adversarial search finds collisions, as it should):
    measure the false-accept rate on random damage instead.  Expected ~2**-16 per damaged
    frame; the channel's epoch tag and the parsers' checks stand behind it."""
    import random
    r = random.Random(5)
    false_accepts = 0
    damaged = 0
    for _ in range(20000):
        p = bytes(r.randrange(256) for _ in range(r.randrange(1, 40)))
        w = bytearray(_wire(p))
        for _ in range(r.randrange(1, 4)):
            i = r.randrange(len(w))
            k = r.randrange(3)
            if k == 0:
                w[i] ^= 1 << r.randrange(8)
            elif k == 1 and len(w) > 2:
                del w[i]
            else:
                w.insert(i, r.randrange(256))
        damaged += 1
        for f in _feed(FrameDecoder(), bytes(w) + b"\x00"):
            if f != p:
                false_accepts += 1
    assert false_accepts <= 3, (false_accepts, damaged)


def _valid_messages():
    b = bytearray(118)
    out = []
    for enc in (lambda: M.encode_session(b, 7, 0, 257, 1, [257, 0, 274], b"saltsalt", "minitrick",
                                         [0, 1, 2]),
                lambda: M.encode_session(b, 7, 2, 257, 3, [257, 274], bytes(range(8)), "reds", [1],
                                         5)):
        n = enc()
        out.append(bytes(b[:n]))
    for enc in (lambda: M.encode_action(b, 7, 3, 1, 100), lambda: M.encode_simple(b, M.JOIN, 7),
                lambda: M.encode_commit(b, M.COMMIT, 7, 1, bytes(32)),
                lambda: M.encode_commit(b, M.REVEAL, 7, 1, bytes(16)),
                lambda: M.encode_commit(b, M.SEEDREQ, 7, 1, b""),
                lambda: M.encode_share(b, 7, 1, 274, bytes(16)),
                lambda: M.encode_presence(b, 7, 2, 40, 1),
                lambda: M.encode_seal(b, 7, 4, 2, bytes(range(32))),
                lambda: M.encode_seal(b, 7, 4, 2, bytes(range(32)), True),
                lambda: M.encode_unseal(b, 7, 4, 2, 101, bytes(8)),
                lambda: M.encode_unseal(b, 7, 4, 2, M.VOID, bytes(8)),
                lambda: M.encode_simple(b, M.SEALREQ, 7),
                lambda: M.encode_check(b, 7, 8, bytes(8)), lambda: M.encode_syncreq(b, 7, 3, True),
                lambda: M.encode_log(b, 7, 0, True, [(0, 1), (1, 2)], False),
                lambda: M.encode_log(b, 7, 0, False, [(5, 0, 1)], True),
                lambda: M.encode_reject(b, 7, 3, 1, 2, 257, "not legal"),
                lambda: M.encode_splay(b, 7, 9, 1, 40, 1234),
                lambda: M.encode_taction(b, 7, 5, 1, 40, 1234, 9),
                lambda: M.encode_sreject(b, 7, 9, 1, 40, "too late"),
                lambda: M.encode_ready(b, 7, 2), lambda: M.encode_ready(b, 7, 3, True, 250)):
        n = enc()
        out.append(bytes(b[:n]))
    return out


VALID = _valid_messages()


def test_every_message_round_trips():
    for m in VALID:
        d = M.decode(m, 0, len(m))
        assert d is not None and d[0] == m[0] and d[1] == 7, m


def test_ready_round_trips_exactly_and_malformed_ones_are_refused():
    """Speed's ready gate: READY(round) from a unit, READY(round, go, elapsed) from the
    host; the elapsed time is capped at 16 bits; a wrong length or flag is refused."""
    b = bytearray(16)
    n = M.encode_ready(b, 7, 0)
    assert M.decode(b, 0, n) == (M.READY, 7, 0, False, 0)
    n = M.encode_ready(b, 0x1234, 50)
    assert M.decode(b, 0, n) == (M.READY, 0x1234, 50, False, 0)
    n = M.encode_ready(b, 7, 3, True, 1799)
    assert n == 8 and M.decode(b, 0, n) == (M.READY, 7, 3, True, 1799)
    n = M.encode_ready(b, 7, 300, True, 10 ** 6)
    assert M.decode(b, 0, n) == (M.READY, 7, 300, True, 0xFFFF)
    n = M.encode_ready(b, 7, 3, True, -5)              # a clock that stepped back
    assert M.decode(b, 0, n)[4] == 0
    n = M.encode_ready(b, 7, 3, True, 20)
    assert M.decode(b, 0, n - 1) is None and M.decode(b + b"\x00", 0, n + 1) is None
    b[5] = 2
    assert M.decode(b, 0, n) is None                   # flags other than go


def test_seal_copy_bit_and_sealreq_round_trip_exactly():
    """SEAL's bit 7 of the seat byte marks a copy sent back to the seat's owner; SEALREQ
    is the bare header; VOID is an UNSEAL action no game uses."""
    b = bytearray(64)
    d = bytes(range(100, 132))
    for copy in (False, True):
        n = M.encode_seal(b, 0x1234, 300, 5, d, copy)
        assert n == 38 and M.decode(b, 0, n) == (M.SEAL, 0x1234, 300, 5, d, copy)
    assert M.decode(b, 0, n - 1) is None
    n = M.encode_simple(b, M.SEALREQ, 9)
    assert n == 3 and M.decode(b, 0, n) == (M.SEALREQ, 9)
    assert M.decode(b + b"\x00", 0, n + 1) is None
    n = M.encode_unseal(b, 9, 3, 1, M.VOID, bytes(8))
    assert M.decode(b, 0, n) == (M.UNSEAL, 9, 3, 1, 0xFFFF, bytes(8))


def test_session_carries_the_hosts_tag_and_is_refused_without_it():
    """SESSION ends with the host's tag byte (its AI level, kept for a restarted host); the
    same message sent by a guest for an away host is byte for byte the host's."""
    b = bytearray(118)
    n = M.encode_session(b, 0x1234, 2, 257, 1, [257, 0, 274], b"12345678", "reds", [1, 0], 0x1FF)
    assert M.decode(b, 0, n) == (M.SESSION, 0x1234, 2, 257, 1, [257, 0, 274], b"12345678", "reds",
                                 [1, 0], 0xFF, M.PROTO_VERSION, 0)
    assert M.decode(b, 0, n - 1) is None and M.decode(b + b"\x00", 0, n + 1) is None
    n = M.encode_session(b, 7, 0, 257, 1, [257], bytes(8), "minitrick", [], 0, 3)
    assert M.decode(b, 0, n)[9:] == (0, M.PROTO_VERSION, 3)


@settings(max_examples=1500, deadline=None)
@given(st.binary(max_size=130))
def test_parser_never_raises_on_random_bytes(data):
    d = M.decode(data, 0, len(data))
    assert d is None or isinstance(d, tuple)


@settings(max_examples=1500, deadline=None)
@given(st.sampled_from(VALID), st.integers(0, 200), st.integers(0, 255), st.integers(-3, 3))
def test_parser_never_raises_on_mutated_messages(msg, pos, val, grow):
    m = bytearray(msg)
    m[pos % len(m)] = val
    if grow > 0:
        m += bytes([val]) * grow
    elif grow < 0:
        m = m[:max(0, len(m) + grow)]
    buf = bytearray(200)
    buf[10:10 + len(m)] = m
    d = M.decode(buf, 10, len(m))          # reads only inside its slice
    assert d is None or isinstance(d, tuple)
    if d is not None and d[0] == M.SESSION and d[10] == M.PROTO_VERSION:
        assert 1 <= len(d[5]) <= M.MAX_SEATS and len(d[6]) == 8
