"""Short arena in `make test`: the default Stepping Stones AI beats the random bot over 30
duplicate deals (3 seat rotations each) with the 95% interval above zero, and the arena
reports the Stepping Stones figures.  The long arenas (1,000+ deals, greedy, hard,
reference) are `make arena-steppingstones` (docs/ai.md)."""
from tools.arena import run_arena


def test_default_ai_beats_random_steppingstones():
    s = run_arena("steppingstones", {}, "ai:default", "random", 30, first_seed=1, jobs=1, show_progress=False)
    assert s["games"] == 90
    assert s["ci95"][0] > 0, s
    per = s["declarer_tricks_per_contract_a"]
    assert sorted(per) == ["lose_nt", "win_last6", "win_nt", "win_pick"]
    assert 0 <= s["firsts_per_seat_b"] < s["firsts_per_seat_a"] <= 4
