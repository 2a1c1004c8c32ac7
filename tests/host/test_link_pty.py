"""Units as separate processes joined by pseudo-terminals through the fault relay.

Unit 1 (in the middle of the chain, so it also forwards) runs the real core on the
MicroPython unix port; the others run on CPython with pyserial.  The long versions (six
units, every real game, more faults) run under `make soak-link`.
"""
import os

import pytest

from tools.bench_link import launch, figures

SOAK = os.environ.get("LINK_SOAK") == "1"


def _check(run, states=("over",)):
    recs = [u["record"] for u in run["units"]]
    for u in run["units"]:
        assert u["record"], "unit %d (%s) wrote no record: %s" % (u["node"], u["runtime"], u["stderr"])
        seen = [e["state"] for e in u["events"] if e["ev"] == "status"]
        for s in states:
            assert s in seen, (u["node"], seen)
        stats = [e for e in u["events"] if e["ev"] == "stats"][0]
        assert stats["rejected"] == 0
    assert all(r == recs[0] for r in recs)
    assert '"result"' in recs[0][-1]


def test_minitrick_over_faulty_wires_and_two_unplugs_with_a_micropython_unit():
    run = launch(3, "minitrick", 3, ["hands=2", "seats=3"], mpy_units=(1,), ber=1e-4,
                 drop=0.01, unplugs=((0, 6, 2.0), (1, 20, 2.0)), think=30, limit=90)
    assert run["relay"]["flipped"] > 0 and run["relay"]["dropped"] > 0
    _check(run, ("playing", "paused", "over"))      # every unit showed the pause
    f = figures(run, 2)
    assert f["identical_records"] and len(f["recovery_after_unplug_ms"]) == 2


def test_speedrun_engine_over_a_clean_link():
    run = launch(3, "speedrun", 3, [], mpy_units=(1,), limit=120)
    _check(run)
    assert '"game": "speedrun"' in run["units"][0]["record"][0]


@pytest.mark.skipif(not SOAK, reason="soak only (make soak-link)")
@pytest.mark.parametrize("game,units,opts", [("reds", 4, []), ("speed", 2, []),
                                             ("steppingstones", 3, []), ("speedrun", 3, [])])
def test_soak_real_games_over_faulty_wires(game, units, opts):
    run = launch(units, game, units, opts, mpy_units=(1,), ber=1e-4, drop=0.01,
                 unplugs=((0, 10, 2.0), (units - 2, 40, 2.0)), think=20, limit=600)
    _check(run, ("paused", "over"))


@pytest.mark.skipif(not SOAK, reason="soak only (make soak-link)")
def test_soak_six_units_over_faulty_wires():
    run = launch(6, "minitrick", 6, ["hands=3", "seats=6"], mpy_units=(1, 4), ber=1e-4,
                 drop=0.01, unplugs=((0, 10, 2.0), (3, 40, 2.0)), think=20, limit=300)
    _check(run, ("paused", "over"))
