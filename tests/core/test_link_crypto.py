"""The link's cryptographic primitives (core/link/crypto.py, issue #15 items 8 and 11).

X25519 vectors are RFC 7748 sections 5.2 and 6.1 (checked against OpenSSL through the
`cryptography` package on CPython when they were written); HMAC vectors are RFC 4231.
The keystream and tag known answers were computed on CPython with hashlib and hmac
directly; the keystream one is also recomputed here from hashlib alone, independently of
the module's code.  Runs unchanged on CPython and both MicroPython ports.
"""
import hashlib
import sys

from core.link.crypto import (X25519_BASE, x25519, Ladder, hmac_sha256, kdf, keystream_xor,
                              tag, equal)

H = bytes.fromhex

# The 1000-iteration vector takes ~4 s on the unix port, 10-20 s on WebAssembly: there only
# the 1-iteration one runs.
_WASM = "Emscripten" in getattr(sys.implementation, "_machine", "")


def test_rfc7748_section_5_2_vectors():
    assert x25519(H("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4"),
                  H("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c")) == \
        H("c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552")
    # the second vector's u has its top bit set: it must be masked, not rejected
    assert x25519(H("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d"),
                  H("e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493")) == \
        H("95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957")


def test_rfc7748_iterated_vectors():
    k = u = X25519_BASE
    n = 1 if _WASM else 1000
    for i in range(n):
        k, u = x25519(k, u), k
        if i == 0:
            assert k == H("422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079"), k
    if n == 1000:
        assert k == H("684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51"), k


ALICE = H("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
BOB = H("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb")
ALICE_PUB = H("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
BOB_PUB = H("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")
SHARED = H("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742")


def test_rfc7748_section_6_1_diffie_hellman():
    assert X25519_BASE == bytes([9] + [0] * 31)
    assert x25519(ALICE, X25519_BASE) == ALICE_PUB
    assert x25519(BOB, X25519_BASE) == BOB_PUB
    assert x25519(ALICE, BOB_PUB) == SHARED
    assert x25519(bytearray(BOB), memoryview(ALICE_PUB)) == SHARED


def test_ladder_in_slices_matches_x25519():
    for n in (1, 7, 16, 33, 254, 255, 300):
        lad = Ladder(ALICE, BOB_PUB)
        calls = 1
        while not lad.step(n):
            calls += 1
            assert calls < 400
        # 255 ladder steps, then the inversion's 265 products at 8 per step
        assert 255 // n <= calls <= (255 + 34) // n + 2, (n, calls)
        assert lad.result() == SHARED
        assert lad.step() is True and lad.result() == SHARED  # stays done
    lad = Ladder(BOB, X25519_BASE)
    k = 0
    while not lad.step(k % 5):  # slices of 0 to 4 steps, 0 doing nothing
        k += 1
    assert lad.result() == BOB_PUB


def test_unfinished_ladder_and_bad_input_raise_value_error():
    lad = Ladder(ALICE, BOB_PUB)
    lad.step(3)
    try:
        lad.result()
    except ValueError:
        pass
    else:
        raise AssertionError("result before the end")
    for k, u in ((ALICE[:31], BOB_PUB), (ALICE, BOB_PUB + b"\x00"), (None, BOB_PUB),
                 (ALICE, "x" * 32)):
        try:
            x25519(k, u)
        except ValueError:
            continue
        raise AssertionError("accepted %r %r" % (k, u))


def test_low_order_point_gives_all_zero():
    # u = 0 is of small order: the shared secret is zero (the caller must refuse it)
    assert x25519(ALICE, bytes(32)) == bytes(32)


RFC4231 = (
    (b"\x0b" * 20, b"Hi There",
     "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
    (b"Jefe", b"what do ya want for nothing?",
     "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
    (b"\xaa" * 20, b"\xdd" * 50,
     "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
    (bytes(range(1, 26)), b"\xcd" * 50,
     "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
    (b"\xaa" * 131, b"Test Using Larger Than Block-Size Key - Hash Key First",
     "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
    (b"\xaa" * 131, b"This is a test using a larger than block-size key and a larger than "
     b"block-size data. The key needs to be hashed before being used by the HMAC algorithm.",
     "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
)


def test_rfc4231_hmac_sha256():
    for key, msg, want in RFC4231:
        assert hmac_sha256(key, msg) == H(want), want
    # twice in a row and interleaved: the padded-key cache must follow the key
    for key, msg, want in RFC4231 + RFC4231[:2]:
        assert hmac_sha256(bytearray(key), bytearray(msg)) == H(want), want
    # RFC 4231 test case 5: truncation to 128 bits, through tag() (no nonce)
    t = tag(b"\x0c" * 20, b"", b"Test With Truncation", 0, 20, 16)
    assert t == H("a3b6167473100ee06e0c796c2955552b")


def test_kdf_is_hmac_of_label_and_info():
    assert kdf(b"secret", b"pc-label", b"info") == \
        H("bf700fb40cc5fcd62c775597b7e46208e759906c764c0cd970a01a304589ffc1")
    assert kdf(b"secret", b"pc-labelinfo") == kdf(b"secret", b"pc-label", b"info")
    assert kdf(b"secret", b"a") != kdf(b"secret", b"b")
    assert len(kdf(SHARED, b"pc-link")) == 32


KEY = bytes(range(32))
NONCE = bytes(range(100, 112))
MSG = bytes([(7 * i + 3) & 0xFF for i in range(70)])
# MSG xor SHA-256(KEY || NONCE || i) for i = 0, 1, 2 (computed on CPython with hashlib)
CIPHER = H("7d9887fe0658cde954d9b4465a521f11155b3485ef06959cf6d2914f941692ea863678f15add"
           "ea3b2537b53050bd59248c9ebe30906ccd1ebce392ae3ff9e65f858427491751")


def test_keystream_known_answer():
    buf = bytearray(MSG)
    keystream_xor(KEY, NONCE, buf, 0, len(buf))
    assert bytes(buf) == CIPHER
    # the same from hashlib alone
    ks = b""
    for i in range(3):
        ks += hashlib.sha256(KEY + NONCE + bytes([0, 0, 0, i])).digest()
    assert bytes([a ^ b for a, b in zip(MSG, ks)]) == CIPHER


def test_keystream_round_trip_span_and_bounds():
    buf = bytearray(b"HEAD" + MSG + b"TAIL")
    keystream_xor(KEY, NONCE, buf, 4, len(MSG))
    assert buf[:4] == b"HEAD" and buf[-4:] == b"TAIL"
    assert bytes(buf[4:-4]) == CIPHER  # the counter starts at 0 at `start`
    keystream_xor(KEY, NONCE, buf, 4, len(MSG))
    assert bytes(buf) == b"HEAD" + MSG + b"TAIL"
    keystream_xor(KEY, NONCE, buf, 4, 0)  # an empty span changes nothing
    assert bytes(buf) == b"HEAD" + MSG + b"TAIL"
    for start, n in ((-1, 4), (0, len(buf) + 1), (len(buf), 1), (3, -1)):
        try:
            keystream_xor(KEY, NONCE, buf, start, n)
        except ValueError:
            continue
        raise AssertionError("span %d+%d accepted" % (start, n))


def test_keystream_differs_per_nonce_and_key():
    outs = []
    for key, nonce in ((KEY, NONCE), (KEY, NONCE[:-1] + b"\x00"), (bytes(32), NONCE)):
        buf = bytearray(60)
        keystream_xor(key, nonce, buf, 0, 60)
        outs.append(bytes(buf))
    assert outs[0] != outs[1] and outs[0] != outs[2] and outs[1] != outs[2]
    assert outs[0][:32] != outs[0][32:60]  # successive blocks differ


def test_tag_known_answer_and_sensitivity():
    buf = bytearray(MSG)
    t = tag(KEY, NONCE, buf, 5, 60, 12)
    assert t == H("6351096ee5d9bad93f70a111")  # hmac.new(KEY, NONCE + MSG[5:65]) on CPython
    assert tag(KEY, NONCE, buf, 5, 60, 32)[:12] == t
    assert hmac_sha256(KEY, NONCE + MSG[5:65])[:12] == t
    assert tag(KEY, NONCE[:-1] + b"\x01", buf, 5, 60, 12) != t
    assert tag(bytes(32), NONCE, buf, 5, 60, 12) != t
    buf[30] ^= 1
    assert tag(KEY, NONCE, buf, 5, 60, 12) != t
    buf[30] ^= 1
    buf[0] ^= 1  # outside the span
    assert tag(KEY, NONCE, buf, 5, 60, 12) == t
    for start, n, tlen in ((0, 71, 8), (-1, 4, 8), (0, 4, 0), (0, 4, 33)):
        try:
            tag(KEY, NONCE, buf, start, n, tlen)
        except ValueError:
            continue
        raise AssertionError("tag(%d, %d, %d) accepted" % (start, n, tlen))


def test_equal():
    a = H("6351096ee5d9bad93f70a111")
    assert equal(a, bytes(a)) and equal(a, bytearray(a)) and equal(b"", b"")
    assert not equal(a, a[:-1] + b"\x10")
    assert not equal(a, b"\x00" + a[1:])
    assert not equal(a, a[:-1])
    assert not equal(a, a + b"\x00")


def test_bytes_like_arguments():
    # the link passes bytearray frames and memoryviews of them: same answers
    buf = bytearray(MSG)
    t = tag(KEY, NONCE, buf, 5, 60, 12)
    assert tag(bytearray(KEY), bytearray(NONCE), bytes(MSG), 5, 60, 12) == t
    assert tag(memoryview(KEY), memoryview(NONCE), memoryview(buf), 5, 60, 12) == t
    assert hmac_sha256(memoryview(KEY), memoryview(buf)) == hmac_sha256(KEY, MSG)
    assert kdf(bytearray(b"secret"), b"pc-label", bytearray(b"info")) == \
        kdf(b"secret", b"pc-label", b"info")
    m = bytearray(MSG)
    keystream_xor(bytearray(KEY), memoryview(NONCE), memoryview(m), 0, len(m))
    assert bytes(m) == CIPHER
    assert equal(memoryview(t), bytearray(t))
