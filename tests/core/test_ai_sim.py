"""The AI's trick simulator and hand sampler (core/ai/sim.py, core/ai/sampler.py)."""
import micropython

from core.prng import Prng
from core.trick import TrickResolver, NO_SUIT, FOLLOW, MUST_BEAT, MAY_TRUMP, RANK_HIGH, RANK_SLALOM
from core.ai.sim import TrickSim, G_MAX, G_MIN, top_bit, low_bit
from core.ai.sampler import HandSampler


def _deal(rng, sim, n_suits, n_ranks, per_hand):
    deck = bytearray([s << 4 | r for s in range(n_suits) for r in range(n_ranks)])
    rng.shuffle(deck)
    for p in range(sim.n):
        h = sim.hands[p]
        for i in range(4):
            h[i] = 0
        for c in deck[p * per_hand:(p + 1) * per_hand]:
            h[c >> 4] |= 1 << (c & 15)
        sim.won[p] = 0


def test_bit_helpers():
    for m in range(1, 1 << 13, 7):
        hi = 12
        while not (m >> hi) & 1:
            hi -= 1
        lo = 0
        while not (m >> lo) & 1:
            lo += 1
        assert top_bit(m) == hi and low_bit(m) == lo


def test_playout_winners_match_the_resolver():
    """Every trick of many policy playouts (Speed Run 3p with trump or not, Reds-like
    3-suit deals with anti-trump, 2-6 players, every follow mode) is won by the seat the
    resolver names; the policy only ever plays legal cards."""
    rng = Prng(5)
    ref = TrickResolver(6, 13)
    scratch = bytearray(4)
    legal = [0, 0, 0, 0]
    for game in range(120):
        reds = game % 3 == 0
        n = 3 if not reds else 2 + game % 5
        n_ranks = 10 if not reds else 13
        n_suits = 4 if not reds else 3
        per_hand = (n_suits * n_ranks - (4 if not reds else 0)) // n
        per_hand = min(per_hand, 12)
        sim = TrickSim(n, n_ranks, per_hand)
        _deal(rng, sim, n_suits, n_ranks, per_hand)
        mode = (FOLLOW, MUST_BEAT, MAY_TRUMP)[rng.below(3)]
        trump = 0 if reds else (NO_SUIT if rng.below(5) == 4 else rng.below(4))
        anti = (1 + rng.below(2)) if reds and rng.below(3) else NO_SUIT
        sim.set_rules(trump, anti, mode, RANK_SLALOM if game & 1 else RANK_HIGH, bool(game & 2))
        for p in range(n):
            sim.goal[p] = (G_MAX, G_MIN, 2, 3)[rng.below(4)]
        sim.begin(0, rng.below(n), [])
        ref = TrickResolver(n, n_ranks)
        ref.set_rules(trump, anti, mode)
        while not sim.is_over():
            if sim.res.count == 0:
                ref.start(sim.res.low)
            seat = sim.turn
            card = sim.policy(seat)
            sim.res.legal_masks(sim.hands[seat], legal)
            assert (legal[card >> 4] >> (card & 15)) & 1, "policy played an illegal card"
            ref.play(seat, card)
            before = sim.trick_no
            sim.play(card)
            if sim.trick_no != before:
                assert sim.turn == ref.winner_seat()


def test_playout_allocates_nothing():
    rng = Prng(8)
    sim = TrickSim(3, 10, 12)
    for k in range(30):
        _deal(rng, sim, 4, 10, 12)
        sim.set_rules(k % 4, NO_SUIT, FOLLOW, k % 4, bool(k & 1))
        sim.goal[0] = G_MAX
        sim.goal[1] = 4
        sim.goal[2] = G_MIN
        sim.begin(0, k % 3, [])
        sim.save(0)
        micropython.heap_lock()
        try:
            sim.playout()
            sim.load(0)
            sim.playout()
        finally:
            micropython.heap_unlock()
        assert sim.won[0] + sim.won[1] + sim.won[2] == 12


def test_sampler_respects_voids_and_sizes():
    rng = Prng(3)
    deck = [s << 4 | r for r in range(7) for s in range(4)]   # 7 of each suit
    smp = HandSampler(rng)
    # Holder 0 lacks spades and hearts, holder 1 lacks diamonds, holder 2 (a pile) none.
    smp.setup(deck[:26], [12, 10, 4], [0b0011, 0b0100, 0])
    micropython.heap_lock()
    try:
        for _ in range(200):
            smp.sample()
            assert smp.out[0][0] == 0 and smp.out[0][1] == 0 and smp.out[1][2] == 0
    finally:
        micropython.heap_unlock()
    total = [0, 0, 0]
    for h in range(3):
        for s in range(4):
            m = smp.out[h][s]
            while m:
                m &= m - 1
                total[h] += 1
    assert total == [12, 10, 4]


def test_sampler_rejects_an_impossible_observation():
    deck = [s << 4 | r for s in range(4) for r in range(10)]
    smp = HandSampler(Prng(1))
    try:
        smp.setup(deck[:20], [12, 8], [0b0011, 0b0011])   # nobody may hold S or H
    except ValueError:
        return
    assert False, "an impossible deal was accepted"
