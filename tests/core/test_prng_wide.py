"""The 128-bit deal generator of linked games (core/prng.py WidePrng, issue #15 item 9).

The expected words were computed on CPython straight from hashlib (SHA-256 of "pc-deal",
the 16 key bytes and the block number), independently of WidePrng's own code; the file runs
unchanged on CPython and both MicroPython ports.
"""
from core.prng import Prng, MAX_SEED
from core.game import prng_for
from core.prng_wide import WidePrng, wide_seed, check_wide_seed, fold_seed
from core.registry import game_class

SEED = "000102030405060708090a0b0c0d0e0f"
FIRST_10 = (460928549, 832550012, 866693833, 154044643, 767437753, 3913307, 699318061,
            767381245, 290153087, 315212869)


def test_known_answer_across_a_block_boundary():
    p = WidePrng(SEED)
    got = tuple([p.next30() for _ in range(10)])
    assert got == FIRST_10, got


def test_seed_text_round_trip():
    assert wide_seed(bytes(range(16))) == SEED
    assert check_wide_seed(SEED) == bytes(range(16))


def test_bad_wide_seeds_are_refused():
    for bad in ("", SEED[:-1], SEED + "0", SEED.upper(), "g" + SEED[1:], " " + SEED[1:]):
        try:
            WidePrng(bad)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % bad)
    try:
        wide_seed(b"short")
    except ValueError:
        pass
    else:
        raise AssertionError("15 bytes made a seed")


def test_state_round_trip_and_range():
    p = WidePrng(SEED)
    assert p.state() == (0, 0)
    for k in range(13):
        p.next30()
    st = p.state()
    assert st == (1, 5), st
    rest = [p.next30() for _ in range(7)]
    q = WidePrng(SEED)
    q.set_state(st)
    assert [q.next30() for _ in range(7)] == rest
    for bad in ((-1, 0), (0, 8), (0x3FFFFFFF, 0)):
        try:
            q.set_state(bad)
        except ValueError:
            continue
        raise AssertionError("state %r accepted" % (bad,))


def test_outputs_stay_below_2_30_and_ranges_are_unbiased_shape():
    p = WidePrng("ffffffffffffffffffffffffffffffff")
    for _ in range(100):
        assert 0 <= p.next30() <= MAX_SEED
        assert 0 <= p.below(52) < 52
    b = bytearray(range(52))
    p.shuffle(b)
    assert sorted(b) == list(range(52))


def test_prng_for_picks_by_the_seed_shape():
    assert type(prng_for(7)) is Prng
    assert type(prng_for(SEED)) is WidePrng
    assert fold_seed(7) == 7
    assert fold_seed(SEED) == 0x0001020
    assert 0 <= fold_seed("ffffffffffffffffffffffffffffffff") <= MAX_SEED


def test_a_game_dealt_from_a_wide_seed_replays_the_same():
    cls = game_class("reds")
    a = cls({"players": 4}, SEED)
    b = cls({"players": 4}, SEED)
    c = cls({"players": 4}, "100102030405060708090a0b0c0d0e0f")
    assert a.observation(0)["hand"] == b.observation(0)["hand"]
    assert a.seed == SEED
    hands = [tuple(a.observation(s)["hand"]) for s in range(4)]
    assert hands != [tuple(c.observation(s)["hand"]) for s in range(4)]


def test_a_wide_seed_record_replays():
    from core.record_json import record_lines
    from core.replay import replay_lines
    from core.bots import RandomBot
    cls = game_class("reds")
    g = cls({"players": 2, "short_game": True}, SEED)
    bot = RandomBot(5)
    while not g.is_over():
        s = g.to_move()[0]
        g.apply(s, bot.choose(g.observation(s)))
    lines = list(record_lines(g))
    assert '"seed": "%s"' % SEED in lines[0], lines[0]
    again = replay_lines(lines)
    assert again.history == g.history and again.result() == g.result()
