"""core/link/ident.py (node ids) and core/link/players.py (the app's link provider)."""
from core.link.ident import fold16, node_id
from core.link.players import LinkProvider
from test_link_session import _lobby


def test_node_ids_are_stable_16_bit_and_never_reserved():
    uid = b"\xe6\x61\x38\x52\x83\x1b\x4a\x2c"
    assert fold16(uid) == fold16(bytes(uid))         # same chip, same id
    seen = set()
    for k in range(300):
        v = fold16(bytes([k & 0xFF, k >> 8, 7, 1, 2, 3, 4, 5]))
        assert 0 < v < 0xFFFF
        seen.add(v)
    assert len(seen) > 290                           # distinct chips, distinct ids
    n = node_id()
    assert 0 < n < 0xFFFF and node_id() == n


def test_provider_feeds_an_app_side_game_in_the_links_order():
    """An app on each unit keeps its own game copy by applying next_action()s: the human's
    decisions go through submit() (sealed bids included), the other seats' arrive through
    seat_player(seat).step(); both copies end identical to the units' games."""
    c, host = _lobby(2, 3)          # two units, one AI seat run by the host
    host.start()
    c.run_until(lambda c: all([u.game is not None for u in c.units]), 5000)
    provs = [LinkProvider(u) for u in c.units]
    apps = []
    for p in provs:
        g = p.game
        apps.append(g.__class__(g.options, g.seed))
    players = [[p.seat_player(s) for s in range(3)] for p in provs]
    got_remote = [0, 0]

    def drive(c):
        for i in range(2):
            p = provs[i]
            app = apps[i]
            me = p.my_seat()
            if not app.is_over():
                for s in app.to_move():
                    if s != me:
                        a = players[i][s].step(1)
                        if a is not None:
                            app.apply(s, a)
                            got_remote[i] += 1
                            return
                nxt = p.peek()
                if nxt is not None and nxt[0] == me:
                    app.apply(*p.next_action())
                    return
                g = p.game
                if me in g.to_move() and not p.unit.lockstep.decided(me) and not p.unit.paused():
                    la = g.legal_actions(me)
                    assert p.submit(me, la[len(g.history) % len(la)]) is None
    assert c.run_until(lambda c: apps[0].is_over() and apps[1].is_over(), 60000, drive) >= 0
    for i in range(2):
        assert apps[i].history == c.units[i].game.history
        assert apps[i].result() == c.units[0].game.result()
        assert got_remote[i] > 0
    assert provs[0].submit(0, 0) is not None         # over: refused with a reason
