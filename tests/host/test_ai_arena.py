"""Short arena in `make test`: the default Speed Run AI beats the random bot over 40
duplicate deals (3 seat rotations each) with the 95% interval above zero.  The long
arenas (1,000+ deals, greedy, hard, reference) are `make arena` (docs/ai.md)."""
from tools.arena import run_arena


def test_default_ai_beats_random_speedrun():
    s = run_arena("speedrun", {}, "ai:default", "random", 40, first_seed=1, jobs=1, show_progress=False)
    assert s["games"] == 120
    assert s["ci95"][0] > 0, s
    assert "perfect_rate_a" in s and "mean_score_per_contract_a" in s


def test_per_deal_figures_and_paired_change(tmp_path):
    """--per-deal writes each deal's figure; --baseline reports the mean per-deal change
    against such a file: zero against the same configuration on the same deals."""
    import json
    old = str(tmp_path / "old.json")
    a = run_arena("speedrun", {}, "greedy", "random", 4, first_seed=3, show_progress=False, per_deal=old)
    with open(old) as f:
        figures = json.load(f)
    assert sorted(figures) == ["3", "4", "5", "6"]
    assert abs(sum(figures.values()) / 4 - a["mean_diff_a_minus_b"]) < 0.01
    b = run_arena("speedrun", {}, "greedy", "random", 4, first_seed=3, show_progress=False, baseline=old)
    assert b["vs_baseline"]["deals"] == 4 and b["vs_baseline"]["mean_change"] == 0
