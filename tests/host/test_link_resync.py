"""A state-hash resync at any checkpoint leaves every unit with the same record (issue #15
item 1).  A guest that receives a CHECK with a wrong digest for index K rebuilds its game
from the host's log; while it does, its player (or bot) must not decide again at an old
index.  The stand-in humans here choose differently when asked twice at one index (a
person may), so a second decision shows as different records.

`make test` runs a sample of checkpoints of every game (2 and 3+ units, the partnership
game); `make soak-link` (LINK_SOAK=1) forces a resync at every checkpoint of full games of
every game, one game per checkpoint."""
import os

import pytest

from core.link import messages as M
from core.link.lockstep import CHECK_EVERY
from link_drive import Drive, GAMES

SOAK = os.environ.get("LINK_SOAK") == "1"
_CLEAN = {}


def _clean(game, n, opts):
    key = (game, n, tuple(sorted(opts.items())))
    if key not in _CLEAN:
        d = Drive(game, n, opts)
        ms = d.run()
        assert ms >= 0 and d.same_records() and d.twice == 0
        _CLEAN[key] = (len(d.host.game.history), ms)
    return _CLEAN[key]


def resync_at(game, n, opts, k, limit):
    """One full game; the guest (a different one for each checkpoint) hears a wrong
    digest from the host for index k as soon as it has its own."""
    d = Drive(game, n, opts)
    guest = d.c.units[1 + (k // CHECK_EVERY) % (n - 1)]
    buf = bytearray(20)
    done = []

    def hook(d):
        ls = guest.lockstep
        if not done and k in ls._own_checks:
            m = M.encode_check(buf, guest.session.sid, k, b"\xee" * 8)
            guest._on_message(d.host.node_id, buf, 0, m)
            done.append(ls.resyncs)
    ms = d.run(hook, limit)
    return d, ms, done, guest


def _sweep(game, n, opts, stride):
    total, clean_ms = _clean(game, n, opts)
    bad = []
    ks = list(range(CHECK_EVERY, total + 1, CHECK_EVERY))
    for k in ks[::stride]:
        d, ms, done, guest = resync_at(game, n, opts, k, 3 * clean_ms + 20000)
        ok = (ms >= 0 and done and guest.lockstep.resyncs >= 1 and d.same_records() and
              d.twice == 0 and d.unhandled() == 0)
        if not ok:
            bad.append((k, ms, d.twice, [len(u.game.history) for u in d.c.units],
                        guest.session.reports[-2:]))
    assert not bad, "%s %d units: %d of %d positions failed: %s" % (
        game, n, len(bad), len(ks[::stride]), bad[:3])


@pytest.mark.parametrize("game,n,opts", GAMES)
def test_a_resync_at_sampled_checkpoints_keeps_records_identical(game, n, opts):
    _sweep(game, n, opts, 9)


@pytest.mark.skipif(not SOAK, reason="soak only (make soak-link)")
@pytest.mark.parametrize("game,n,opts", GAMES)
def test_soak_a_resync_at_every_checkpoint_keeps_records_identical(game, n, opts):
    _sweep(game, n, opts, 1)


def test_decisions_are_held_while_the_log_comes_in():
    total, clean_ms = _clean("reds", 2, {"players": 2})
    seen = []

    d = Drive("reds", 2, {"players": 2})
    guest = d.c.units[1]
    buf = bytearray(20)

    def hook(d):
        ls = guest.lockstep
        if not seen and 96 in ls._own_checks:
            m = M.encode_check(buf, guest.session.sid, 96, b"\xee" * 8)
            guest._on_message(d.host.node_id, buf, 0, m)
            seen.append(ls.resyncing())
        elif seen and ls.resyncing():
            s = guest.my_seat()
            if s in guest.game.to_move() and len(seen) < 50:
                seen.append(guest.submit(guest.game.legal_actions(s)[0]))
    assert d.run(hook, 3 * clean_ms) >= 0
    assert seen[0] is True
    assert len(seen) > 1 and all(w == "resynchronising with the host" for w in seen[1:])
    assert d.same_records() and d.twice == 0
