"""Random Speed matches at random speeds, every step checked (a short run on every runtime;
tests/host/test_speed_fuzz.py runs thousands)."""
from core.prng import Prng
from test_speed_support import checked_match, random_options


def _speed(rng):
    lo = rng.below(4) * 100
    return (lo, lo + 100 + rng.below(12) * 100, (10, 50, 100)[rng.below(3)])


def test_random_matches_keep_every_invariant():
    rng = Prng(2024)
    collisions = 0
    refused = 0
    for k in range(12):
        options = random_options(rng)
        game, table, stats = checked_match(rng.below(1 << 20), options, (_speed(rng), _speed(rng)),
                                           (0, 50, 200)[k % 3])
        collisions += table.collisions
        refused += stats["sent"] - stats["accepted"]
    assert refused > 0          # the fuzzing bots did send illegal actions


def test_same_instant_plays_do_happen_in_random_rounds():
    rng = Prng(7)
    collisions = 0
    for k in range(6):
        game, table, stats = checked_match(k, None, ((0, 200, 100), (0, 200, 100)), 0)
        collisions += table.collisions
    assert collisions > 0
