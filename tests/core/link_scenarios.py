"""Link scenarios over an in-memory chain (core/link/sim.py): lobby, seats, fair seed, whole
games, rejected actions, state-hash resync, faulty wires, pulled cables, a restarted
forwarding unit, a unit gone for good handed to the AI.

Not named test_*.py on purpose: two or three units and the whole link stack compiled from
source in one MicroPython process need about 170 KB of heap (a device runs one unit, with
the code frozen in flash), more than the core suite's 128 KB cap.  tests/host/
test_link_scenarios.py runs this module on CPython, on the unix port with 256 KB and on
the WebAssembly port with 256 KB, each in its own process.
"""
import core.link.unit  # noqa: F401  (compile the big modules first, before heap fragments)
from core.link import messages as M
from core.link.commit import seed_commit, derive_seed
from core.link.sim import SimChain
from core.record import record_lines
from test_link_trickgame import games, first_legal_ai


def _lobby(n=3, seats=3, hands=1, **faults):
    c = SimChain(n, games, first_legal_ai, seed=n + seats, **faults)
    host = c.units[0]
    host.host_game("minitrick", {"seats": seats, "hands": hands}, seats)
    assert c.run_until(lambda c: all([u.lobby() for u in c.units[1:]]), 5000) >= 0
    for u in c.units[1:]:
        u.join(u.lobby()[0][0])
    assert c.run_until(lambda c: all([u.my_seat() >= 0 for u in c.units]) and
                       host.session.seats.count(0) == seats - n, 5000) >= 0
    return c, host


def _bots(c):
    for u in c.units:
        g = u.game
        if g is None or g.is_over() or u.paused():
            continue
        s = u.my_seat()
        if s >= 0 and s in g.to_move() and not u.lockstep.decided(s):
            la = g.legal_actions(s)
            u.submit(la[(len(g.history) * 7 + s) % len(la)])


def _play(c, limit=60000):
    host = c.units[0]
    host.start()
    assert c.run_until(lambda c: all([u.game is not None for u in c.units]), 10000) >= 0
    return c.run_until(lambda c: all([u.game.is_over() for u in c.units]), limit, _bots)


def _same_records(c):
    recs = [record_lines(u.game) for u in c.units]
    for r in recs[1:]:
        assert r == recs[0]
    return recs[0]


def test_lobby_shows_the_hosts_options_and_seats_every_unit():
    c, host = _lobby(2, 4)
    for u in c.units[1:]:
        sid, name, options, seats, phase = u.lobby()[0]
        assert name == "minitrick" and phase == "lobby"
        assert options == host.session.options and options["seats"] == 4
    seats = host.session.seats
    assert sorted(seats) == sorted([0, 0] + [u.node_id for u in c.units])
    assert seats[0] == host.node_id                  # one human per unit, the rest AI


def test_seed_is_agreed_by_commit_reveal_and_a_full_game_ends_identically():
    c, host = _lobby(2, 3)
    assert _play(c) >= 0
    rec = _same_records(c)
    s = host.session
    assert '"seed": %d' % s.seed in rec[0] and s.seed < 2 ** 30
    reveals = {}
    for u in c.units:
        reveals[u.node_id] = u.session._reveals[u.node_id]
        assert u.session._commits[u.node_id] == seed_commit(s.sid, s.rnd, u.node_id, reveals[u.node_id])
    assert derive_seed(s.sid, s.rnd, reveals) == s.seed
    for u in c.units:
        assert u.lockstep.rejected == 0 and u.lockstep.resyncs == 0


def test_a_forged_reveal_is_refused_and_changes_nothing():
    c, host = _lobby(2, 2)
    host.start()
    u = c.units[1]
    c.run_until(lambda c: host.node_id in u.session._commits, 2000)
    before = dict(u.session._reveals)
    b = bytearray(40)
    n = M.encode_commit(b, M.REVEAL, u.session.sid, u.session.rnd, b"12345678")
    u._on_message(host.node_id, b, 0, n)             # a reveal that does not match
    assert u.session._reveals == before
    assert "does not match" in u.session.reports[-1]


def test_illegal_action_from_a_linked_unit_is_rejected_not_applied():
    c, host = _lobby(2, 2)
    _play(c, 1)                                      # start only

    def bid_only(c):
        if c.units[0].game.bidding or c.units[1].game.bidding:
            _bots(c)
    c.run_until(lambda c: not c.units[0].game.bidding and not c.units[1].game.bidding,
                5000, bid_only)
    c.step(50)
    g = host.game
    n = len(g.history)
    mover = g.to_move()[0]
    bad = [a for a in g.all_action_ids() if a not in g.legal_actions(mover)][0]
    other = c.units[1]
    b = bytearray(16)
    k = M.encode_action(b, host.session.sid, n, mover, bad)
    owner = host.session.owner(mover)
    c.units[0 if owner != host.node_id else 1]._on_message(owner, b, 0, k)
    for u in c.units:
        assert len(u.game.history) == n
    assert host.lockstep.rejected + other.lockstep.rejected == 1
    # and a legal action from a unit that does not own the seat is refused too
    good = g.legal_actions(mover)[0]
    k = M.encode_action(b, host.session.sid, n, mover, good)
    notowner = c.units[1].node_id if owner == host.node_id else host.node_id
    target = c.units[1] if owner == host.node_id else host
    target._on_message(notowner, b, 0, k)
    assert len(target.game.history) == n and "does not play seat" in target.session.reports[-1]


def test_state_hash_mismatch_is_repaired_from_the_hosts_log():
    c, host = _lobby(2, 2)
    host.start()
    c.run_until(lambda c: all([u.game is not None for u in c.units]), 5000)
    guest = c.units[1]
    guest.game.events.append(("corrupted",))         # this unit's state drifts
    assert c.run_until(lambda c: all([u.game.is_over() for u in c.units]), 60000, _bots) >= 0
    assert guest.lockstep.resyncs >= 1
    assert ("corrupted",) not in guest.game.events
    _same_records(c)


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


def _speed_pair():
    from core.bots import RandomBot
    bots = [RandomBot(1), RandomBot(2)]

    def ai(g, s):
        return bots[s].choose(g.observation(s))
    c = SimChain(2, games, ai, seed=11)
    host = c.units[0]
    host.host_game("speed", {}, 2)
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
