"""Linked Speed matches to their target (ruling SP-7, issue #18 item 1).

The units play `Speed`, which keeps the current round only: no round limit, memory flat
with the rounds, and a resync or a rejoin rebuilds the game from the current round's start
(ROUNDSTART, then the round's actions as a whole LOG: core/link/lockstep.py).  What a
device unit keeps is compared between units: the result (scores, rounds won, the last
round's summary), the round and the position.  Runs on CPython and the MicroPython ports.

A match to 500 points with 1 Point Score (some 450 rounds) is played on CPython; on
MicroPython only with LINK_SPEED_500=1 in the environment (minutes); there the suite
plays one to 50 points.  An older unit (RULES_VERSION
1, which stops at 50 rounds and resynchronises from action 0) is refused in the lobby
with "... needs a firmware update": tests/core/test_link_versions.py.
"""
import os
import sys

from core.link.sim import SimChain
from test_link_trickgame import games
# the heap in use after a collection, and the margin a longer round's log chunk may take
from test_speed_memory import MARGIN, _in_use, mem_alloc

THINK = 40          # ms between a bot's plays


def _env(name):
    try:
        return os.getenv(name)
    except AttributeError:      # a MicroPython port without os.getenv
        return None


def _pair(options, seed=11, **kw):
    from core.bots import RandomBot
    bots = [RandomBot(1), RandomBot(2)]

    def ai(g, s):
        return bots[s].choose(g.observation(s))
    c = SimChain(2, games, ai, seed=seed, unit_kw=kw)
    host = c.units[0]
    host.host_game("speed", options, 2)
    assert c.run_until(lambda c: c.units[1].lobby(), 5000) >= 0
    c.units[1].join(c.units[1].lobby()[0][0])
    assert c.run_until(lambda c: c.units[1].my_seat() >= 0, 5000) >= 0
    host.start()
    assert c.run_until(lambda c: c.units[1].game is not None and host.game is not None,
                       5000) >= 0
    return c, ai


def _bots(ai, think=THINK):
    """Each unit's bot plays at most every `think` ms (else the host's seat, which needs no
    round trip to the arbiter, wins nearly every round)."""
    nxt = [0, 0]

    def step(c):
        now = c.now()
        for i in range(len(c.units)):
            u = c.units[i]
            g = u.game
            s = u.my_seat()
            if (g is not None and not g.is_over() and s in g.to_move() and now >= nxt[i] and
                    u.lockstep is not None and not u.lockstep.tentative and not u.paused()
                    and u.lockstep.holding() is None):
                u.submit(ai(g, s))
                nxt[i] = now + think
            if u.lockstep is not None:
                del u.lockstep.taken[:]     # the plays taken back: the app shows and drops them
    return step


def _kept(u):
    """What a device unit keeps of the match: compared between units."""
    g = u.game
    return (g.result(), g.round_no, u.lockstep.n(), g.round_start(), list(g.scores),
            g.is_over())


def _same(c):
    a = _kept(c.units[0])
    for u in c.units[1:]:
        assert _kept(u) == a, (_kept(u), a)
    for u in c.units:
        assert u.lockstep.rejected == 0, u.session.reports
        assert u.unhandled == 0


def _match(target, limit):
    c, ai = _pair({"scoring": "one_point", "target": target})
    assert c.run_until(lambda c: all([u.game.is_over() for u in c.units]), limit,
                       _bots(ai)) >= 0
    _same(c)
    for u in c.units:
        assert u.lockstep.resyncs == 0      # every per-round CHECK agreed
    g = c.units[0].game
    r = g.result()
    assert max(r["scores"]) >= target and r["round_limit"] is False
    assert not r["tiebreak"].startswith("Stopped")
    assert not g.WHOLE_MATCH and g.actions_dropped > 0 and len(g.rounds) == 1
    return c, g


def test_a_linked_match_is_played_to_its_target():
    c, g = _match(50, 10 ** 7)
    assert g.round_no > 5


def test_a_linked_match_to_500_points_with_1_point_score():
    """Some 450 rounds and 16,500 actions (~16 s on CPython; on MicroPython only with
    LINK_SPEED_500=1 in the environment: minutes)."""
    if sys.implementation.name != "cpython" and not _env("LINK_SPEED_500"):
        return
    c, g = _match(500, 10 ** 9)
    print("500-point linked match: %d rounds, %d actions, %d ms of play" % (
        g.round_no, c.units[0].lockstep.n(), c.now()))
    assert g.round_no > 50 and c.units[0].lockstep.n() < 0xFFFF   # (16-bit indices)


def _to_round(c, ai, rnd, actions=3):
    """Play until every unit is in round `rnd` with `actions` of its actions applied."""
    host = c.units[0]

    def there(c):
        g = host.game
        return g.is_over() or (g.round_no >= rnd and g.round_actions()[1] >= actions and
                all([u.lockstep.n() == host.lockstep.n() for u in c.units]))
    assert c.run_until(there, 10 ** 7, _bots(ai)) >= 0
    assert not host.game.is_over(), host.game.result()


def _served(unit):
    """Record the (start, full) of every LOG `unit` serves, and each ROUNDSTART."""
    ls = unit.lockstep
    out = []
    send = ls._send_log

    def spy(dst, start, full):
        before = ls._base() + ls.game.round_actions()[0]
        out.append((start, full, before))
        send(dst, start, full)
    ls._send_log = spy
    return out


def test_a_resync_in_round_3_rebuilds_from_the_round_start():
    c, ai = _pair({"scoring": "one_point", "target": 50})
    host, guest = c.units
    _to_round(c, ai, 3)
    served = _served(host)
    old = guest.game
    guest.lockstep._start_resync()          # as on a state mismatch: the whole log is asked
    assert c.run_until(lambda c: guest.game is not old and not guest.lockstep.resyncing(),
                       5000) >= 0
    g = guest.game
    first = served[0][2]
    assert served[0][:2] == (0, True) and first > 0     # asked from 0, served its round
    assert g.round_no >= 3 and g.actions_dropped == first and g.round_start()["actions"] == first
    assert guest.lockstep.n() == host.lockstep.n()
    assert c.run_until(lambda c: all([u.game.is_over() for u in c.units]), 10 ** 7,
                       _bots(ai)) >= 0
    _same(c)
    # the rebuilt unit's per-round CHECKs agree with the host's: no second resync
    assert guest.lockstep.resyncs == 1 and g.round_no > 3


def test_a_guest_restarted_in_round_3_rejoins_from_the_round_start():
    c, ai = _pair({"scoring": "one_point", "target": 50})
    host = c.units[0]
    _to_round(c, ai, 3)
    served = _served(host)
    guest = c.boot(1)                       # switched off and on: memory lost
    assert c.run_until(lambda c: guest.game is not None and not guest.lockstep.holding()
                       and guest.lockstep.n() >= host.lockstep.n(), 8000) >= 0
    first = served[0][2]
    assert served[0][:2] == (0, True) and first > 0
    assert guest.game.actions_dropped == first and guest.game.round_no >= 3
    resyncs = guest.lockstep.resyncs       # (the rejoin's request counts as one)
    assert c.run_until(lambda c: all([u.game.is_over() for u in c.units]), 10 ** 7,
                       _bots(ai)) >= 0
    _same(c)
    assert guest.lockstep.resyncs == resyncs and guest.game.round_no > 3


def test_a_linked_units_heap_does_not_grow_with_the_rounds():
    """The heap in use (after a collection) at the first action of round 10 and of round
    60 of one linked match: both units and the in-memory link in one process.  Round 10,
    not 5: by then the action counters are past 256, the last int CPython keeps cached
    (each larger one kept in the lockstep's recent checks and answers is a new object);
    on MicroPython ints below 2**30 take no heap at all."""
    if mem_alloc is None:
        import tracemalloc
        tracemalloc.start()
    try:
        c, ai = _pair({"scoring": "one_point", "target": 500})
        heap = {}
        for rnd in (10, 60):
            _to_round(c, ai, rnd, 1)
            c.run_until(lambda c: False, 50)    # let the channels settle (acks)
            heap[rnd] = _in_use()
        g = c.units[1].game
        assert not g.is_over() and g.round_no >= 60 and g.actions_dropped > 1000
        assert len(g.timed_history) < 200 and len(g.events) < 400
        grew = heap[60] - heap[10]
        print("linked speed heap at round 10: %d, at round 60: %d (%+d bytes)" % (
            heap[10], heap[60], grew))
        assert grew < MARGIN, heap
    finally:
        if mem_alloc is None:
            import tracemalloc
            tracemalloc.stop()


def test_a_unit_with_speed_rules_1_is_refused_in_the_lobby():
    """A unit of the firmware before (Speed RULES_VERSION 1: stops at round 50, resyncs
    from action 0, no ROUNDSTART) cannot follow a match past round 50: it is never seated
    (tests/core/test_link_versions.py has the same for every game and the host's side)."""
    from core.link import messages as M
    from core.games.speed.rules import Speed
    from core.ui.lobby import Lobby
    assert Speed.RULES_VERSION >= 2

    class SpeedOld(Speed):
        RULES_VERSION = 1

    def old_games(name):
        return SpeedOld if name == "speed" else games(name)
    c = SimChain(2, games, None, seed=4)
    c.units[1].session._games = old_games
    host, guest = Lobby(c.units[0]), Lobby(c.units[1])
    host.host("speed", {"scoring": "one_point", "target": 500}, 2)
    guest.browse()
    assert c.run_until(lambda c: guest.unit.lobby_updates(), 5000) >= 0
    guest.refresh()
    assert guest.unit.lobby_updates()[0][3] == M.R_GUEST_OLDER
    assert guest.status == "this unit needs a firmware update"
    assert guest.unit.lobby() == [] and guest.unit.session.sid == 0
