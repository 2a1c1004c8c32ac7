"""The secure link layer (core/link/secure.py) over the in-memory chain: pairwise keys
agree and never travel, a forged move for another unit's seat is refused by every unit
(issue #15 item 11), replays and tampered bytes are refused, a restarted unit re-keys."""
from core.link import messages as M
from core.link.net import BROADCAST, MAX_HOPS
from core.link.sim import SimChain
from test_link_session import _lobby, _bots, _same_records
from test_link_trickgame import games, first_legal_ai


def _keyed(c, limit=10000):
    assert c.run_until(lambda c: all([u.secure.all_ready() for u in c.units]), limit) >= 0


def _wire(c):
    out = bytearray()
    for where, b in c.taps:
        out += b
    return bytes(out)


def test_pairs_of_units_agree_on_one_key_that_never_goes_on_the_wire():
    c = SimChain(3, games, first_legal_ai, seed=6)
    c.tap()
    host = c.units[0]
    host.host_game("minitrick", {"seats": 3, "hands": 1}, 3)
    c.run_until(lambda c: all([u.lobby() for u in c.units[1:]]), 5000)
    for u in c.units[1:]:
        u.join(u.lobby()[0][0])
    _keyed(c)
    keys = []
    for a in c.units:
        for b in c.units:
            if a is b:
                continue
            pa = a.secure.peers[b.node_id]
            pb = b.secure.peers[a.node_id]
            assert pa.kmac == pb.kmac and pa.kwrap == pb.kwrap and pa.kmac != pa.kwrap
            assert pb.sk == a.secure._sk        # b holds a's sending key
            keys.append(pa.kmac)
    assert len(set(keys)) == 3                  # one key per pair
    wire = _wire(c)
    for u in c.units:
        assert u.secure.pub in wire             # public keys travel, in clear
        assert u.secure._priv not in wire and u.secure._sk not in wire
        for q in u.secure.peers.values():
            assert q.kmac not in wire and q.kwrap not in wire
        assert u.secure.ladders == 3            # its own public key and one per peer


def _hold_victim(c, victim):
    """Play every seat until the trick phase reaches the victim's seat, then hold it."""
    host = c.units[0]
    seat = host.session.seats.index(c.units[victim].node_id)

    def hook(c):
        g = host.game
        if g is not None:
            _bots(c, victim if len(g.history) >= len(host.session.seats) else -1)
    host.start()
    c.run_until(lambda c: all([u.game is not None for u in c.units]), 10000)
    assert c.run_until(lambda c: len(host.game.history) >= len(host.session.seats) and
                       host.game.to_move() == (seat,) and
                       all([len(u.game.history) == len(host.game.history) for u in c.units]),
                       30000, hook) >= 0
    return seat


def _inject(u, port, src, msg, n):
    """Unit u sends msg[:n] out of `port` with a net header claiming `src`."""
    b = bytearray(5 + n)
    b[0] = src >> 8
    b[1] = src & 0xFF
    b[2] = BROADCAST >> 8
    b[3] = BROADCAST & 0xFF
    b[4] = MAX_HOPS
    b[5:] = msg[:n]
    assert u.node.channels[port].send(b, 0, len(b), False)


def test_a_move_forged_for_another_units_seat_is_refused_by_every_unit():
    """Unit 1 (forwarding in the middle) sends ACTION for unit 3's seat with unit 3's node
    id as src, first in clear (what the old link adopted on every unit), then sealed with
    its own keys: every unit refuses both and reports unit 3."""
    c, host = _lobby(4, 4)
    forger = c.units[1]
    victim = c.units[3].node_id
    seat = _hold_victim(c, 3)
    k = len(host.game.history)
    a = host.game.legal_actions(seat)[0]
    b = bytearray(117)
    n = M.encode_action(b, host.session.sid, k, seat, a)
    for port in (0, 1):
        _inject(forger, port, victim, b, n)
    c.run_until(lambda c: False, 1000)
    assert [len(u.game.history) for u in c.units] == [k] * 4, "a forged move was applied"
    # the same, sealed: tags made with the forger's own pairwise keys
    out = []
    forger.secure._send_raw = lambda dst, buf, m, r, d: out.append(bytes(buf[:m])) or True
    others = [u.node_id for u in c.units if u is not forger]
    forger.secure._seal(BROADCAST, b, n, True, False, others)
    forger.secure._send_raw = forger.node.send
    for port in (0, 1):
        _inject(forger, port, victim, out[0], len(out[0]))
    c.run_until(lambda c: False, 1000)
    for u in (c.units[0], c.units[2]):
        assert len(u.game.history) == k, "a forged move was applied"
        assert u.secure.clear_refused >= 1 and u.secure.auth_failed >= 1
        assert "unit %d sent a message that failed authentication" % victim in u.session.reports
    # the game goes on when the real owner plays
    assert c.run_until(lambda c: all([u.game.is_over() for u in c.units]), 60000, _bots) >= 0
    _same_records(c)


def _capture(u):
    got = []
    inner = u.secure.receive

    def rx(src, buf, start, n):
        got.append((src, bytes(buf[start:start + n])))
        inner(src, buf, start, n)
    u.node.handler = rx
    return got


def test_a_replayed_or_tampered_sealed_message_is_refused():
    c, host = _lobby(2, 2)
    guest = c.units[1]
    got = _capture(guest)
    host.start()
    c.run_until(lambda c: all([u.game is not None for u in c.units]), 10000)
    c.run_until(lambda c: len(host.game.history) >= 4, 20000, _bots)
    sealed = [(s, m) for s, m in got if m[0] & 0xF8 == M.SEALED]
    assert sealed and not [m for s, m in got if M.ACTION <= m[0] < M.SEALED]
    before = guest.messages_in
    for src, m in sealed[-6:]:
        guest._on_net(src, m, 0, len(m))             # replayed: refused
    assert guest.messages_in == before and guest.secure.replays == 6
    src, m = sealed[-1]
    for i in (0, 1, 5, len(m) - 1):                 # header, counter, tag, ciphertext
        t = bytearray(m)
        t[i] ^= 0x10
        guest._on_net(src, t, 0, len(t))
    assert guest.messages_in == before and guest.secure.auth_failed >= 3
    assert "unit %d sent a message that failed authentication" % src in guest.session.reports
    assert c.run_until(lambda c: all([u.game.is_over() for u in c.units]), 60000, _bots) >= 0
    _same_records(c)


def test_a_restarted_unit_rekeys_and_the_game_ends_identically():
    c, host = _lobby(3, 3)
    host.start()
    c.run_until(lambda c: all([u.game is not None for u in c.units]), 10000)
    c.run_until(lambda c: len(host.game.history) >= 6, 20000, _bots)
    old = c.units[2].secure.pub
    c.boot(2)                                       # switched off and on: new keys
    u2 = c.units[2]
    assert c.run_until(lambda c: u2.game is not None and
                       len(u2.game.history) >= len(host.game.history) - 1, 10000, _bots) >= 0
    assert u2.secure.pub != old
    for u in c.units[:2]:
        assert u.secure.peers[u2.node_id].pub == u2.secure.pub and u.secure.rekeys == 1
    assert c.run_until(lambda c: all([u.game.is_over() for u in c.units]), 60000, _bots) >= 0
    _same_records(c)
    for u in c.units:
        assert u.secure.auth_failed == 0 and not u.session.reports


def test_the_room_says_securing_until_every_unit_has_its_keys():
    c, host = _lobby(2, 2)
    c2 = SimChain(2, games, first_legal_ai, seed=9)
    h = c2.units[0]
    h.host_game("minitrick", {"seats": 2, "hands": 1}, 2)
    c2.run_until(lambda c: c.units[1].lobby(), 5000)
    g = c2.units[1]
    g.join(g.lobby()[0][0])
    c2.run_until(lambda c: g.node_id in h.session.seats, 5000)
    assert h.status()["message"] == "securing the link..."
    h.start()                                       # deferred until the keys are ready
    assert h.session.phase == 0
    assert c2.run_until(lambda c: all([u.game is not None for u in c.units]), 10000) >= 0
    assert h.secure.all_ready() and g.secure.all_ready()


def test_envelopes_fit_the_frame_with_six_units():
    assert M.MAX_PLAIN == 117 - 35
    assert 7 + 3 * M.LOG_CHUNK <= M.MAX_PLAIN and 7 + 7 * M.LOG_CHUNK_TIMED <= M.MAX_PLAIN
    assert 3 + 8 + M.MAX_REASON <= M.MAX_PLAIN      # REJECT with its longest reason


def test_a_forwarding_unit_passes_sealed_bytes_on_without_allocating():
    """Unit 1 forwards a sealed unicast from unit 0 to unit 2 under heap_lock: it never
    opens it (no key of that pair, no allocation).  Unit 2's delivery (tag check, keystream,
    decode) allocates: measured on MicroPython (docs/link.md)."""
    import gc
    import micropython
    c, host = _lobby(3, 3)
    _keyed(c)
    u1, u2 = c.units[1], c.units[2]
    frame = bytearray(512)
    got = [0]
    real = host.node.channels[1]._write

    def capture(buf, n):
        i = 0
        while i < n:
            frame[got[0]] = buf[i]
            got[0] += 1
            i += 1
        real(buf, n)
    host.node.channels[1]._write = capture
    b = bytearray(M.NET_MAX)
    for k in range(2):                  # the first one teaches unit 1 the route: warm-up
        # the wire from unit 0 to unit 1 idle: the frame we take is the next one in order
        c.run_until(lambda c: c.cables[0][0]._n == 0 and host.node.channels[1].queued() == 0,
                    2000)
        got[0] = 0
        n = M.encode_syncreq(b, host.session.sid, k, False)
        assert host._send(u2.node_id, b, n)
        wire = bytearray(frame[:got[0]])
        assert wire
        if k == 0:
            u1.receive(0, wire, 0, len(wire))
    before = u1.node.forwarded
    micropython.heap_lock()
    try:
        u1.receive(0, wire, 0, len(wire))
    finally:
        micropython.heap_unlock()
    assert u1.node.forwarded == before + 1 and u1.messages_in == u1.messages_in
    # delivery on unit 2: the whole sealed broadcast path, allocation measured
    if hasattr(gc, "mem_alloc"):
        n = M.encode_presence(b, host.session.sid, 0, 0, 0)
        out = []
        host.secure._send_raw = lambda dst, buf, m, r, d: out.append(bytes(buf[:m])) or True
        host.secure.send(BROADCAST, b, n, True, False)
        host.secure._send_raw = host.node.send
        env = out[0]
        gc.collect()
        gc.disable()
        a = gc.mem_alloc()
        before = u2.messages_in
        u2._on_net(host.node_id, env, 0, len(env))
        used = gc.mem_alloc() - a
        gc.enable()
        assert u2.messages_in == before + 1
        print("sealed PRESENCE delivered: %d bytes allocated" % used)
        assert used < 4096

