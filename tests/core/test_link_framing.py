"""Framing: round trips, resynchronisation after garbage/truncation/noise, bounds, no allocation."""
import micropython

from core.prng import Prng
from core.link.crc16 import crc16
from core.link.framing import FrameEncoder, FrameDecoder, MAX_BODY


def _frame(enc, payload, lead=False):
    body = bytearray(len(payload) + 2)
    body[:len(payload)] = payload
    n = enc.encode(body, len(payload), lead)
    return bytes(enc.out[:n])


def _decode_all(dec, stream):
    out = []
    i = 0
    while i < len(stream):
        i = dec.feed(stream, i, len(stream))
        if dec.length:
            out.append(bytes(dec.body[:dec.length]))
    return out


def test_crc16_ccitt_check_value():
    assert crc16(b"123456789", 0, 9) == 0x29B1


def test_round_trip_every_length_and_zero_runs():
    enc = FrameEncoder()
    dec = FrameDecoder()
    rng = Prng(1)
    for n in range(1, MAX_BODY + 1):
        p = bytes([0 if rng.below(3) == 0 else rng.below(256) for _ in range(n)])
        w = _frame(enc, p)
        assert 0 not in w[:-1]
        assert _decode_all(dec, w) == [p], n
    for p in (b"\x00" * MAX_BODY, b"\xff" * MAX_BODY, b"\x00"):
        assert _decode_all(dec, _frame(enc, p)) == [p]


def test_resync_after_garbage_truncation_and_noise():
    enc = FrameEncoder()
    dec = FrameDecoder()
    a, b, c = b"first frame", b"\x00second\x00", b"third"
    fa, fb, fc = _frame(enc, a), _frame(enc, b), _frame(enc, c)
    stream = b"\x13\x37garbage" + fa + fb[:5] + fc + bytes([0x55] * 40) + b"\x00" + fb
    got = _decode_all(dec, stream)
    # garbage or a truncated frame glued to the next frame costs that frame; the decoder is
    # back in step at the next delimiter whatever came before
    assert got == [b], got
    assert dec.crc_errors + dec.broken >= 3
    # a lead delimiter (the channel sends one after an idle line) saves the next frame
    stream = b"noise\x01\x02" + _frame(enc, a, True) + fb[:5] + _frame(enc, c, True)
    assert _decode_all(dec, stream) == [a, c]


def test_bit_flips_never_pass_and_the_stream_recovers():
    enc = FrameEncoder()
    dec = FrameDecoder()
    rng = Prng(9)
    good = 0
    for k in range(300):
        p = bytes([rng.below(256) for _ in range(1 + rng.below(40))])
        w = bytearray(_frame(enc, p))
        flip = k % 3 == 0
        if flip:
            i = rng.below(len(w) - 1)
            w[i] ^= 1 << rng.below(8)
        got = _decode_all(dec, bytes(w))
        if not flip:
            assert got == [p]
            good += 1
        else:
            assert got == [], got
    assert good == 200


def test_overlong_input_is_dropped_and_bounded():
    dec = FrameDecoder()
    enc = FrameEncoder()
    junk = bytes([7] * 1000)
    assert _decode_all(dec, junk) == []
    assert dec.pending() <= MAX_BODY + 2
    assert _decode_all(dec, b"\x00" + _frame(enc, b"ok")) == [b"ok"]
    assert dec.overflows == 1


def test_encode_and_decode_allocate_nothing():
    enc = FrameEncoder()
    dec = FrameDecoder()
    body = bytearray(MAX_BODY + 2)
    for i in range(MAX_BODY):
        body[i] = (i * 37) & 0xFF
    n = enc.encode(body, 100, True)
    wire = bytearray(enc.out[:n]) + bytearray(b"junk") + bytearray(enc.out[:n])
    m = len(wire)
    frames = 0
    micropython.heap_lock()
    try:
        for _ in range(20):
            enc.encode(body, 100, True)
            i = 0
            while i < m:
                i = dec.feed(wire, i, m)
                if dec.length:
                    frames += 1
    finally:
        micropython.heap_unlock()
    assert frames == 40
