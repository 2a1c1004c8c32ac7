"""The fault matrix of issue 15: full linked games of every game with 2-6 units under BER
1e-3, 5 % dropped bytes, 1 % duplicated bytes, the three together, a 10 s unplug, and the
end unit, a middle unit or the host switched off and on mid-hand.  Every run must finish
with identical records on every unit.

In memory (tools/bench_link.py `sim_run`: core/link/sim.py's SimChain, virtual clock,
deterministic) for the whole matrix; over pseudo-terminals (`pty_run`: separate processes,
unit 1 on the MicroPython unix port, tools/link_relay.py) for PTY_MATRIX.

`make test` runs QUICK (a few configurations that pass, short games, ~10 s); `make
soak-link` (LINK_SOAK=1) runs all of it, checking the runs `bench_link --matrix` made in
the same make (LINK_SOAK_RESULTS) rather than playing them twice.  A configuration that
fails on today's code is marked xfail(strict=True) with the reason, its assertion
unchanged: once it is fixed the XPASS fails the soak until the mark is removed.
"""
import json
import os

import pytest

from tools.bench_link import (MATRIX, MATRIX_GAMES, PTY_MATRIX, sim_run, pty_run, _mid,
                              _secure_supported, secure_comparison)

SOAK = os.environ.get("LINK_SOAK") == "1"


def _finished_identically(r):
    assert r["over"], "%s %d units, %s: %s; screens %s; reports %s" % (
        r["game"], r["units"], r["config"], r["failure"], r.get("states") or r.get("statuses"),
        r.get("reports"))
    assert r["identical_records"], r
    assert not r.get("rejected"), r


def _saved(bench, game, n, opts, config):
    """The run of this make soak-link, when LINK_SOAK_RESULTS names the JSON lines that
    `bench_link --matrix` just wrote (the soak then checks those runs instead of playing
    every game a second time); None otherwise."""
    path = os.environ.get("LINK_SOAK_RESULTS")
    if not path or not os.path.exists(path):
        return None
    with open(path) as f:
        for line in f:
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if (r.get("matrix") and r["bench"] == bench and r["game"] == game and
                    r["units"] == n and r["options"] == list(opts) and r["config"] == config):
                return r
    return None


def _run(game, n, opts, config):
    r = _saved("sim_game", game, n, opts, config)
    if r is not None:
        return r
    mid = _mid(sim_run(game, n, opts, "clean"))
    return sim_run(game, n, opts, config, mid=mid)


QUICK = [
    ("reds", 2, ["players=2", "short_game=True"], "ber1e-3"),
    ("reds", 2, ["players=2", "short_game=True"], "dup1%"),
    ("reds", 2, ["players=2", "short_game=True"], "unplug10s"),
    ("reds", 3, ["players=3", "short_game=True"], "restart-middle"),
    ("reds", 3, ["players=3", "short_game=True"], "restart-host"),
    ("speed", 2, [], "restart-end"),
]


@pytest.mark.parametrize("game,n,opts,config", QUICK)
def test_quick_fault_matrix_runs_finish_with_identical_records(game, n, opts, config):
    r = _run(game, n, opts, config)
    _finished_identically(r)
    if config.startswith("restart"):                       # it really was off, then on
        assert [e for e in r["events"] if " off at action " in e], r
        assert [e for e in r["events"] if e.endswith(" on")], r
    if config == "unplug10s":
        assert r["recovery_after_unplug_ms"], r
        assert [m for m in r["messages"] if m.startswith("paused")], r


def test_secure_comparison_plays_the_clear_and_the_encrypted_link(monkeypatch):
    """The before/after columns of the encryption: with a LinkUnit that takes `secure=`
    (a stand-in one until that lands) the same game runs once with each."""
    import core.link.unit as unit
    seen = []
    if not _secure_supported():
        class Secured(unit.LinkUnit):
            def __init__(self, *args, secure=True, **kw):
                seen.append(secure)
                super().__init__(*args, **kw)
        monkeypatch.setattr(unit, "LinkUnit", Secured)
    rows = secure_comparison(2, "reds", ("players=2", "short_game=True"), ("clean",))
    cols = rows[0]["columns"]
    assert sorted(cols) == ["clear", "secure"], rows
    for c in cols.values():
        assert c["over"] and c["identical_records"] and c["bytes_per_hand"] > 0, rows
    if seen:
        assert False in seen and True in seen


# What failed with main at 830382d (before its channel and secure-link commits;
# tools/bench_link.py --matrix, docs/link.md "Fault matrix"), and how.  Seeding itself ends at 5 % byte loss with 2-4
# units (issue 15 item 4's fix), but then the link spends most of the game paused (a
# cable with no valid frame for 1 s is "down", a unit not heard for 2 s is "missing"):
# actions take seconds to minutes and the game stalls.  Which way each run fails (stuck
# paused, too slow, the lobby not complete) moves with any change of timing; Speed under
# 5 % drops or the three faults passes or fails by luck of the timing.
KNOWN = {}          # with main at acb1e3c merged every in-memory run finishes identically
# Over ptys, Reds 3 and Speed 2 under the three faults never started or stalled paused at
# 830382d; with the channel's fragments (final tree of issue #15) both finish with
# identical records (49 s and 60 s of wall time, 2026-11-24).
PTY_KNOWN = {}


def _key(game, n, opts, config):
    return (game, n, config)


def _params(rows, known):
    out = []
    for game, n, opts, config in rows:
        if config == "restart-middle" and n < 3:
            continue                                        # no middle unit
        why = known.get(_key(game, n, opts, config))
        marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
        out.append(pytest.param(game, n, opts, config, marks=marks,
                                id="%s-%d%s-%s" % (game, n, "-partnership" if
                                                   "partnership=True" in opts else "", config)))
    return out


@pytest.mark.skipif(not SOAK, reason="soak only (make soak-link)")
@pytest.mark.parametrize("game,n,opts,config", _params(
    [(g, n, o, c) for g, n, o in MATRIX_GAMES for c, _ in MATRIX if c != "clean"], KNOWN))
def test_soak_fault_matrix_in_memory(game, n, opts, config):
    _finished_identically(_run(game, n, opts, config))


@pytest.mark.skipif(not SOAK, reason="soak only (make soak-link)")
@pytest.mark.parametrize("game,n,opts,config", _params(
    [row for row in PTY_MATRIX if row[3] != "clean"], PTY_KNOWN))
def test_soak_fault_matrix_over_ptys(game, n, opts, config):
    r = _saved("pty_game", game, n, opts, config) or pty_run(game, n, opts, config)[0]
    assert "micropython" in r["runtimes"]
    _finished_identically(r)
