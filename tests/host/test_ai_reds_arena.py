"""Short Reds arena in `make test`: the default AI beats the random bot over 30 duplicate
4-player deals (4 seat rotations each) with the 95% interval above zero, and the arena
reports the exact-bid rate.  The long arenas are `make arena-reds` (docs/ai.md, Reds)."""
from tools.arena import run_arena


def test_default_ai_beats_random_reds():
    s = run_arena("reds", {"players": 4}, "ai:default", "random", 30, first_seed=1, jobs=1, show_progress=False)
    assert s["games"] == 120
    assert s["ci95"][0] > 0, s
    assert s["exact_bid_rate_a"] > s["exact_bid_rate_b"], s
