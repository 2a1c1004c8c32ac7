"""Every game of the issue over a faulty link, in memory (core/link/sim.py: virtual clock,
exact 115200-baud pacing): Reds with 2, 3, 4 and 6 units, the partnership game, Speed
Run, Stepping Stones and Speed, with a bit error rate of 1e-4, 1 % dropped bytes and two
2-second unplugs.  Every unit finishes with the same record.  The same games between
separate processes over pseudo-terminals are `make soak-link` (tests/host/test_link_pty.py);
`make test` runs two of them there."""
import pytest

from tools.bench_link import GAMES, sim_real_game


@pytest.mark.parametrize("game,units,opts", GAMES,
                         ids=["%s-%d%s" % (g, n, "-partnership" if "partnership=True" in o else "")
                              for g, n, o in GAMES])
def test_full_game_over_a_faulty_link_in_memory(game, units, opts):
    f = sim_real_game(game, units, opts, faults=True)
    assert f["over"], f
    assert f["identical_records"], f
    assert len(f["recovery_after_unplug_ms"]) == 2, f      # both unplugs, and play went on
    assert f["retransmits"] > 0, f                          # the faults did bite
