"""Short Speed arena: each AI level against each other; the harder level must win
significantly more (the lower end of its 95% CI above one half).  `make arena-speed` runs
the long version."""
from tools.arena_speed import arena, wilson


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert abs(low - 0.4038) < 1e-3 and abs(high - 0.5962) < 1e-3
    assert wilson(0, 0) == (0.0, 1.0)


def test_harder_levels_win_significantly_more():
    reports = arena({}, [1, 2, 3, 4], range(500, 560))
    assert len(reports) == 6
    for r in reports:
        assert r["games"] == 120
        assert r["ci95"][0] > 0.5, r


def test_baselines_against_the_levels():
    """docs/ai.md, Speed: the baseline bots (greedy: a fixed 700 ms; random: 0-1000 ms)
    outpace the human-paced default, club (800-1,400 ms), which is kept as the default
    for a person; the expert level beats both."""
    from tools.arena_speed import pair_report
    seeds = range(500, 560)
    assert pair_report({}, "greedy", 2, seeds)["ci95"][1] < 0.5
    assert pair_report({}, "greedy", 4, seeds)["ci95"][0] > 0.5
    assert pair_report({}, "random", 4, seeds)["harder_share"] > 0.5
