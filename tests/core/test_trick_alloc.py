"""The trick resolver allocates nothing per call: thousands of random tricks run with the
MicroPython heap locked (any allocation raises MemoryError).  On CPython the lock is the
shim's no-op, so there the test checks only the results."""
import micropython
from array import array

from core.cards import SPEEDRUN_DECK, REDS_DECK, hand_add, hand_clear, new_hand
from core.prng import Prng
from core.trick import FOLLOW, MAY_TRUMP, MUST_BEAT, NO_SUIT, TrickResolver

TRICKS = 2000
MODES = (FOLLOW, MUST_BEAT, MAY_TRUMP)


def _pick_legal(rng, masks):
    """A uniformly chosen card from per-suit masks, without allocating."""
    total = 0
    for s in range(4):
        m = masks[s]
        while m:
            m &= m - 1
            total += 1
    k = rng.below(total)
    for s in range(4):
        m = masks[s]
        r = 0
        while m:
            if m & 1:
                if k == 0:
                    return (s << 4) | r
                k -= 1
            m >>= 1
            r += 1
    return -1


def _run(deck, n_players, rng, deck_buf, hands, out, resolver, counts, tricks):
    for t in range(tricks):
        rng.shuffle(deck_buf)
        for p in range(n_players):
            hand_clear(hands[p])
        i = 0
        for p in range(n_players):
            for _ in range(5):
                hand_add(hands[p], deck_buf[i])
                i += 1
        if deck.n_suits == 3:
            resolver.set_rules(0, 1 + rng.below(2), FOLLOW)
        else:
            trump = rng.below(5)
            resolver.set_rules(NO_SUIT if trump == 4 else trump, NO_SUIT, MODES[rng.below(3)])
        resolver.start(rng.below(2) == 1)
        leader = rng.below(n_players)
        for k in range(n_players):
            seat = (leader + k) % n_players
            resolver.legal_masks(hands[seat], out)
            card = _pick_legal(rng, out)
            if card < 0:
                return -1
            resolver.play(seat, card)
            hands[seat][card >> 4] &= ~(1 << (card & 15))
        counts[resolver.winner_seat()] += 1
    return 0


def _check(deck, n_players, seed):
    rng = Prng(seed)
    deck_buf = deck.cards()
    hands = [new_hand() for _ in range(n_players)]
    out = new_hand()
    resolver = TrickResolver(n_players, deck.n_ranks)
    counts = array("H", [0] * n_players)
    micropython.heap_lock()
    try:
        status = _run(deck, n_players, rng, deck_buf, hands, out, resolver, counts, TRICKS)
    finally:
        micropython.heap_unlock()
    assert status == 0
    assert sum(counts) == TRICKS
    assert min(counts) > 0


def test_speedrun_deck_tricks_allocate_nothing():
    _check(SPEEDRUN_DECK, 3, 11)


def test_reds_six_player_tricks_allocate_nothing():
    _check(REDS_DECK, 6, 12)
