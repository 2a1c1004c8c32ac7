"""Link scenarios with three units or Speed, over the in-memory chain (core/link/sim.py):
faulty wires, a pulled cable that pauses every unit, a restarted forwarding unit that
rejoins, a unit gone for good handed to the AI, Speed plays arbitrated by the host.

Not named test_*.py on purpose: three units plus the test module compiled from source in
one MicroPython process need more than the core suite's 128 KB per module (a device runs
one unit, with its code frozen).  tests/host/test_link_scenarios.py runs this module on
CPython, on the unix port with 256 KB and on the WebAssembly port with 256 KB.
"""
import core.link.unit  # noqa: F401  (compile the big modules first, before heap fragments)
from core.link.sim import SimChain
from test_link_session import _lobby, _bots, _same_records, games
from core.record import record_lines


def test_faulty_wires_a_pulled_cable_pause_and_resume():
    c, host = _lobby(3, 3, ber=1e-4, drop=0.01)
    host.start()
    c.run_until(lambda c: all([u.game is not None for u in c.units]), 10000)
    c.run_until(lambda c: len(host.game.history) >= 4, 20000, _bots)
    c.unplug(1, c.now() + 1, 2000)                   # the cable between units 1 and 2
    seen = []

    def watch(c):
        _bots(c)
        st = [u.status()["state"] for u in c.units]
        if st not in seen:
            seen.append(st)
    c.run_until(lambda c: c.now() > c.unplugs[0][2] + 10, 5000, watch)
    assert ["paused", "paused", "paused"] in seen    # every unit shows the pause
    msg = c.units[0].status()
    t = c.run_until(lambda c: all([u.game.is_over() for u in c.units]), 60000, _bots)
    assert t >= 0
    _same_records(c)
    assert msg is not None


def test_a_restarted_unit_rejoins_and_a_gone_unit_is_handed_to_the_ai():
    c, host = _lobby(3, 3)
    host.start()
    c.run_until(lambda c: all([u.game is not None for u in c.units]), 5000)
    c.run_until(lambda c: len(host.game.history) >= 6, 20000, _bots)
    c.boot(1)                   # the middle unit is switched off and on: memory lost
    assert c.units[1].game is None
    assert c.run_until(lambda c: c.units[1].game is not None and
                       len(c.units[1].game.history) >= len(host.game.history) - 1, 8000, _bots) >= 0
    c.run_until(lambda c: len(host.game.history) >= 10, 20000, _bots)
    # unit 2 goes for good: its cable stays out for the rest of the game
    c.unplug(1, c.now(), 10 ** 8)
    gone = c.units[2].node_id
    c.run_until(lambda c: host.status().get("can_hand_to_ai"), 15000, _bots)
    assert host.status()["state"] == "paused" and gone in host.status()["gone"]
    seat = host.session.seats.index(gone)
    host.hand_to_ai(seat)
    assert c.run_until(lambda c: host.game.is_over(), 30000, _bots) >= 0
    c.run_until(lambda c: c.units[1].game.is_over(), 5000, _bots)
    assert record_lines(host.game) == record_lines(c.units[1].game)
    assert c.units[1].lockstep.rejected == 0


def _speed_pair(options=None):
    from core.bots import RandomBot
    bots = [RandomBot(1), RandomBot(2)]

    def ai(g, s):
        return bots[s].choose(g.observation(s))
    c = SimChain(2, games, ai, seed=11)
    host = c.units[0]
    host.host_game("speed", options or {}, 2)
    c.run_until(lambda c: c.units[1].lobby(), 5000)
    c.units[1].join(c.units[1].lobby()[0][0])
    c.run_until(lambda c: c.units[1].my_seat() >= 0, 5000)
    host.start()
    c.run_until(lambda c: c.units[1].game is not None and host.game is not None, 5000)
    return c, host, c.units[1], ai


def test_speed_plays_are_arbitrated_by_the_host_and_a_late_one_is_taken_back():
    c, host, guest, ai = _speed_pair()
    g = host.game
    cls = g.__class__
    found = None
    for a in guest.game.legal_actions(1):
        for b in g.legal_actions(0):
            if (a & 1) != (b & 1):
                continue
            trial = cls(g.options, g.seed)
            trial.apply_at(0, 0, b)
            if trial.check_at(0, 1, a) is not None:
                found = (a, b)
                break
        if found:
            break
    assert found is not None, "this seed has no clash on the first move"
    a, b = found
    assert guest.submit(a) is None                   # shown at once, tentatively
    assert guest.lockstep.tentative and len(guest.game.history) == 0
    assert host.submit(b) is None                    # the host's play reaches the arbiter first
    c.run_until(lambda c: not guest.lockstep.tentative, 2000)
    assert guest.status()["cue"].startswith(guest.game.action_label(a) + " taken back")
    assert [x[1:] for x in guest.game.timed_history] == [(0, b)]
    # and the game plays on to the end with identical records
    def bots(c):
        for u in c.units:
            gg = u.game
            s = u.my_seat()
            if not gg.is_over() and s in gg.to_move() and not u.lockstep.tentative:
                u.submit(ai(gg, s))
    assert c.run_until(lambda c: host.game.is_over() and guest.game.is_over(), 60000, bots) >= 0
    _same_records(c)
