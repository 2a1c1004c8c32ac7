"""Short arena in `make test`: the default Speed Run AI beats the random bot over 40
duplicate deals (3 seat rotations each) with the 95% interval above zero.  The long
arenas (1,000+ deals, greedy, hard, reference) are `make arena` (docs/ai.md)."""
from tools.arena import run_arena


def test_default_ai_beats_random_speedrun():
    s = run_arena("speedrun", {}, "ai:default", "random", 40, first_seed=1, jobs=1, show_progress=False)
    assert s["games"] == 120
    assert s["ci95"][0] > 0, s
    assert "perfect_rate_a" in s and "mean_score_per_contract_a" in s
