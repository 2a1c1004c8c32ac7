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


# -- sealed choices across a restart ------------------------------------------------------
KEYS = [bytes([17 * i + k for k in range(16)]) for i in range(3)]   # each unit's flash secret


def _keyed(c):
    for i in range(len(c.units)):
        c.units[i].secret = KEYS[i]


def _sealed_then_restarted(key1):
    """Three units play MiniTrick (its bids are sealed); unit 1 (the middle one) seals the
    highest bid and is switched off and on (with `key1` as its flash secret) before it
    could reveal it; meanwhile the others seal and reveal theirs: the round waits on
    unit 1's reveal."""
    c, host = _lobby(3, 3)
    _keyed(c)
    host.start()
    assert c.run_until(lambda c: all([u.game is not None for u in c.units]), 5000) >= 0
    u1 = c.units[1]
    seat = u1.my_seat()
    bid = u1.game.legal_actions(seat)[-1]
    assert u1.submit(bid) is None
    assert c.run_until(lambda c: all([seat in u.lockstep._seals for u in c.units]), 2000) >= 0
    u1 = c.boot(1)                                   # memory lost; the flash secret is not
    u1.secret = key1
    for u in (host, c.units[2]):
        s = u.my_seat()
        assert u.submit(u.game.legal_actions(s)[0]) is None
    assert c.run_until(lambda c: all([len(u.lockstep._unseals) == 2 for u in (host, c.units[2])]),
                       2000) >= 0                    # both revealed, to each other
    assert len(host.game.history) == 0               # waiting on unit 1's reveal
    return c, host, seat, bid


def _others(c):
    """Bots for every unit but the restarted one (unit 1 must not be asked again)."""
    for u in (c.units[0], c.units[2]):
        g = u.game
        if g is None or g.is_over() or u.paused():
            continue
        s = u.my_seat()
        if s in g.to_move() and not u.lockstep.decided(s):
            la = g.legal_actions(s)
            u.submit(la[(len(g.history) * 7 + s) % len(la)])


def test_a_unit_restarted_after_sealing_opens_its_original_choice():
    c, host, seat, bid = _sealed_then_restarted(KEYS[1])
    u1 = c.units[1]
    asked = []

    def watch(c):
        _others(c)
        g = u1.game
        if g is not None and len(g.history) == 0 and not u1.lockstep.decided(seat):
            asked.append(c.now())                    # the table would offer the bid again
    assert c.run_until(lambda c: all([len(u.game.history) >= 3 for u in c.units
                                      if u.game is not None]) and u1.game is not None,
                       8000, watch) >= 0
    assert asked == []
    assert u1.lockstep.recovered == 1
    for u in c.units:
        assert u.game.history[seat] == (seat, bid)   # the bid sealed before the power cut
    assert c.run_until(lambda c: all([u.game.is_over() for u in c.units]), 30000, _bots) >= 0
    _same_records(c)
    for u in c.units:
        assert u.lockstep.rejected == 0
        assert [r for r in u.session.reports if "again" in r or "changed" in r or
                "key" in r] == [], u.session.reports


def test_a_changed_seal_after_reveals_began_is_refused_and_reported():
    c, host, seat, bid = _sealed_then_restarted(KEYS[1])
    from core.link import messages as M
    from core.link.commit import seal, seal_nonce
    node1 = c.units[1].node_id
    sid = host.session.sid
    other = host.game.legal_actions(seat)[0]
    forged = seal(sid, 0, seat, other, seal_nonce(KEYS[1], sid, 0, seat))
    before = host.lockstep._seals[seat]
    b = bytearray(64)
    for copy in (False, True):                       # the owner's seal, or a "copy" of it
        n = M.encode_seal(b, sid, 0, seat, forged, copy)
        for u in (host, c.units[2]):
            u._on_message(node1, b, 0, n)
            assert u.lockstep._seals[seat] == before
    for u in (host, c.units[2]):
        reps = [r for r in u.session.reports if "changed its sealed choice" in r]
        assert len(reps) == 1 and "refused" in reps[0], u.session.reports
    # a reveal of the other bid does not open the seal either
    n = M.encode_unseal(b, sid, 0, seat, other, seal_nonce(KEYS[1], sid, 0, seat))
    host._on_message(node1, b, 0, n)
    assert "does not match" in host.session.reports[-1] and seat not in host.lockstep._unseals
    # and the restarted unit still opens its original bid
    assert c.run_until(lambda c: all([u.game is not None and len(u.game.history) >= 3
                                      for u in c.units]), 8000, _others) >= 0
    for u in c.units:
        assert u.game.history[seat] == (seat, bid)


def test_a_unit_whose_secret_was_lost_reveals_void_and_the_hosts_ai_decides():
    c, host, seat, bid = _sealed_then_restarted(bytes(16))     # its flash lost the key
    u1 = c.units[1]
    assert c.run_until(lambda c: u1.game is not None and all(
        [len(u.game.history) >= 3 for u in c.units]), 10000, _others) >= 0
    assert u1.lockstep.recovered == 0
    ai = host.game.__class__(host.game.options, host.game.seed)
    chosen = c.ai(ai, seat)                          # what the host's AI picks there
    for u in c.units:
        assert u.game.history[seat] == (seat, chosen)
        assert [r for r in u.session.reports if "lost the key" in r and
                "unit %d" % u1.node_id in r], u.session.reports
    assert c.run_until(lambda c: all([u.game.is_over() for u in c.units]), 30000, _bots) >= 0
    _same_records(c)
