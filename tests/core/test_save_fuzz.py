"""Saves with a right checksum but the wrong contents never stop the device (issue #15
item 5): mutated saves of every game (tests/core/save_fuzz_kit.py) load as a game or fail
with save.SaveCorrupt, never another exception, and the boot says "save damaged" (or
"saved by a newer firmware") and goes on.  3000 loads here on every runtime (a few
seconds), each booted; `make soak-saves` for the long run (SAVE_FUZZ=125000, every tenth
booted; SAVE_FUZZ_SEED picks other mutations).  On MicroPython this module needs 256 KB
(tools/mp_suite.py): its scaffolding and each game's engine in turn."""
import save_fuzz_kit as kit
from save_fuzz_samples import SAMPLES


def _env(name, default):
    try:
        import os
        v = os.getenv(name)
    except (ImportError, AttributeError):
        v = None
    return int(v) if v else default


def test_the_samples_are_real_saves_of_every_game():
    games = []

    def run(name, group):
        games.append(name)
        for label, data in group:
            gen, payload = kit.save.parse_file(data)
            assert kit.parse_outcome(payload) == "restored", label
    kit.one_game_at_a_time(SAMPLES, run)
    assert sorted(games) == ["reds", "speed", "speedrun", "steppingstones"], games


def test_mutated_saves_fail_only_with_save_corrupt_and_boot():
    n = _env("SAVE_FUZZ", 3000)
    t = kit.fuzz(SAMPLES, n, seed=_env("SAVE_FUZZ_SEED", 1), boot_every=1 if n <= 3000 else 10)
    print("save fuzz: " + t.summary())
    for kind in t.strays:
        print("  stray %s: %r" % (kind, t.strays[kind]))
    assert not t.strays, t.strays
    assert not t.mismatches, t.mismatches[:5]
    assert t.counts.get("damaged", 0) > n // 2 and t.counts.get("restored", 0) > 0, t.counts
