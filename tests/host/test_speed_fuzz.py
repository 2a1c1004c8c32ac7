"""Thousands of random Speed matches at random speeds, every step checked (CPython).

Each match runs through tests/core/test_speed_support.checked_match: the arbiter accepts
exactly the legal actions (judged by an independent statement of the rules), a refused
action changes nothing, all 52 cards stay accounted for with none in two places, someone
always has something to do, the cards held only decrease, and every round ends within the
SP-10 bound.
"""
from hypothesis import given, settings, strategies as st, HealthCheck

from core.prng import Prng
from core.games.speed.rules import Speed
from test_speed_support import checked_match, random_options

speeds = st.tuples(st.integers(0, 600), st.integers(0, 2000), st.sampled_from((1, 10, 50, 100, 250)))
option_sets = st.fixed_dictionaries({
    opt.key: st.sampled_from(opt.choices if opt.key != "target" else (0, 25, 50))
    for opt in Speed.OPTIONS})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, (1 << 30) - 1), options=option_sets, s0=speeds, s1=speeds,
       fuzz=st.sampled_from((0, 0, 30, 300)))
def test_random_matches_hypothesis(seed, options, s0, s1, fuzz):
    s0 = (s0[0], s0[0] + s0[1], s0[2])
    s1 = (s1[0], s1[0] + s1[1], s1[2])
    checked_match(seed, options, (s0, s1), fuzz)


def test_two_thousand_seeded_rounds():
    rng = Prng(31337)
    rounds = 0
    refused = 0
    collisions = 0
    respits = 0
    while rounds < 2000:
        options = random_options(rng)
        options["target"] = 0
        lo = rng.below(5) * 100
        speeds = ((lo, lo + 100 + rng.below(15) * 100, 50), (0, 100 + rng.below(15) * 100, 50))
        game, table, stats = checked_match(rng.next30(), options, speeds,
                                           (0, 0, 100)[rounds % 3])
        rounds += game.round_no
        refused += stats["sent"] - stats["accepted"]
        collisions += table.collisions
        respits += sum([r["respits"] for r in game.rounds])
    assert refused > 100 and collisions > 10 and respits > 10
