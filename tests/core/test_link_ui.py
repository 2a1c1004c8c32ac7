"""Lobby and link-trouble screens (core/ui/lobby.py, core/ui/link_status.py) on real units
in memory (core/link/sim.py): host, browse, join, seats, options, start; the pause every
unit shows for a pulled cable; the host's "hand the seat to the AI?" confirmation.

`render_link_screens(w, h, sink)` (no test_ prefix) is shared with the golden-image test
tests/host/test_link_golden.py.
"""
from core.link.sim import SimChain
from core.ui import keys
from core.ui.lobby import Lobby, LobbyView, BROWSE, ROOM, STARTED
from core.ui.link_status import LinkStatus, LinkStatusView, PLAYING, PAUSED, CONFIRM, wrap
from core.ui.palette import FELT
from core.ui.screen import Screen
from test_link_trickgame import games, first_legal_ai

_screen = [None]


def screen(w, h):
    s = _screen[0]
    if s is None or s.width != w or s.height != h:
        _screen[0] = None
        s = _screen[0] = Screen(w, h)
    s.fb.fill(0)
    s.dirty.clear()
    return s


def press(view, key):
    return view.handle(keys.event(keys.PRESS, key))


def _lobbies(n=3, seats=4, game="reds"):
    c = SimChain(n, games, first_legal_ai, seed=2)
    lobbies = [Lobby(u) for u in c.units]
    if game == "reds":
        lobbies[0].host("reds", {"players": seats, "short_game": True}, seats)
    else:
        lobbies[0].host("minitrick", {"seats": seats, "hands": 1}, seats)
    for lb in lobbies[1:]:
        lb.browse()
    return c, lobbies


def render_link_screens(w, h, sink, game="reds", n=3):
    """The lobby and trouble screens a user sees, at one resolution; sink(name, screen).
    The golden images show Reds with three units; the suite's own runs use two units and
    the small test game (three units with an engine compiled from source do not fit the
    MicroPython suite's heap; a device runs one unit)."""
    s = screen(w, h)                # first: one block before the units fragment the heap
    c, lbs = _lobbies(n, 4, game)
    host, guest = lbs[0], lbs[1]
    views = [LobbyView(s, lb) for lb in lbs]
    c.run_until(lambda c: guest.unit.lobby(), 5000)
    guest.refresh()
    views[1].draw()
    sink("browse", s)
    press(views[1], keys.OK)                        # join the game heard
    c.run_until(lambda c: guest.unit.my_seat() >= 0, 5000)
    guest.refresh()
    assert guest.status == "securing the link..."   # keys being agreed (secure.py)
    views[1].draw()
    sink("securing", s)
    c.run_until(lambda c: not guest.unit.securing(), 5000)
    guest.refresh()
    views[1].draw()
    sink("guest_room", s)
    if n > 2:
        lbs[2].refresh()
        press(views[2], keys.OK)
    c.run_until(lambda c: all([lb.unit.my_seat() >= 0 for lb in lbs]) and
                host.unit.session.seats.count(0) == 4 - n and
                not host.unit.securing(), 5000)
    host.refresh()
    views[0].draw()
    sink("host_room", s)
    assert press(views[0], keys.OK) == "start"
    c.run_until(lambda c: all([u.game is not None for u in c.units]), 10000)
    # the cable to the last unit is pulled, for good
    c.unplug(n - 2, c.now(), 10 ** 8)
    st = [LinkStatus(u, seat_names(u)) for u in c.units]
    watch = st[n - 2]
    c.run_until(lambda c: watch.refresh() is not None and watch.state == PAUSED, 5000)
    s.clear(FELT)
    LinkStatusView(s, watch).draw()
    sink("paused", s)
    if n > 2:
        # the host hears the middle unit's report: both ends of its cable
        c.run_until(lambda c: st[0].refresh() is not None and "gets no answer" in st[0].message,
                    5000)
        s.clear(FELT)
        LinkStatusView(s, st[0]).draw()
        sink("paused_far", s)
    c.run_until(lambda c: st[0].refresh() is not None and st[0].state == CONFIRM, 15000)
    s.clear(FELT)
    LinkStatusView(s, st[0]).draw()
    sink("hand_to_ai", s)
    return c, lbs, st


def seat_names(unit):
    """The names the app gives the seats (App.names): "You" for this unit's own."""
    seats = unit.session.seats
    return ["You" if seats[i] == unit.node_id else ("Ann", "Ben", "Cid", "Dot")[i]
            for i in range(len(seats))]


def test_host_browse_join_start_and_the_seats_every_unit_sees():
    c, lbs = _lobbies(2, 4, "minitrick")
    host, guest = lbs
    assert host.page == ROOM and guest.page == BROWSE
    assert not host.can_start()                     # nobody joined yet
    assert host.handle(keys.event(keys.PRESS, keys.OK), 0) is None
    assert "no unit" in host.status
    c.run_until(lambda c: guest.unit.lobby(), 5000)
    assert guest.refresh() and guest.n_rows() == 1
    label, value, enabled = guest.row_label(0)
    assert label.startswith("minitrick  host %d" % host.unit.node_id) and value == "1/4" and enabled
    guest.handle(keys.event(keys.PRESS, keys.OK), 0)
    c.run_until(lambda c: host.unit.session.seats.count(0) == 2 and
                all([lb.unit.session.seats == host.unit.session.seats for lb in lbs]), 5000)
    for lb in lbs:
        lb.refresh()
        assert lb.page == ROOM
        rows = [lb.row_label(i) for i in range(lb.n_rows())]
        # the host's options, shown to everyone before the start
        assert rows[0] == ("hands", "1", False) and ("seats", "4", False) in rows
        seats = rows[lb.first_seat_row():]
        assert [r[0] for r in seats] == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
        assert [r[1] for r in seats].count("You") == 1            # one human per unit
        assert [r[1] for r in seats].count("AI (host)") == 2      # the rest: the host's AI
        assert [r[2] for r in seats].count(True) == 1
    c.run_until(lambda c: not host.unit.securing() and not guest.unit.securing(), 5000)
    for lb in lbs:
        lb.refresh()
    assert guest.status == "waiting for the host to start"
    assert host.status == "1 unit joined, 2 AI seats" and host.can_start()
    assert host.handle(keys.event(keys.PRESS, keys.OK), 0) == "start"
    c.run_until(lambda c: all([u.game is not None for u in c.units]), 10000)
    for lb in lbs:
        lb.refresh()
        assert lb.started()


def test_a_guest_leaving_frees_its_seat_for_the_ai():
    c, lbs = _lobbies(2, 3, "minitrick")
    host, guest = lbs
    c.run_until(lambda c: guest.unit.lobby(), 5000)
    guest.refresh()
    guest.handle(keys.event(keys.PRESS, keys.OK), 0)
    c.run_until(lambda c: guest.unit.node_id in host.unit.session.seats, 5000)
    assert guest.handle(keys.event(keys.PRESS, keys.BACK), 0) == "back"
    c.run_until(lambda c: guest.unit.node_id not in host.unit.session.seats, 5000)
    host.refresh()
    assert host.unit.session.seats.count(0) == 2 and not host.can_start()


def test_pulled_cable_pauses_every_unit_and_the_host_may_hand_the_seat_to_the_ai():
    # a small screen: two units, the UI and the link compiled from source share the
    # suite's heap (the golden images are 240x240 and 320x240, on the host)
    c, lbs, st = render_link_screens(200, 120, lambda name, s: None, "minitrick", 2)
    # each names the unit at the other end by its player, never itself (a cable cannot
    # tell a pulled plug from a unit switched off: both are said)
    assert st[0].state == CONFIRM
    assert st[0].message == "no answer from Ben's unit (cable out or unit off)"
    st[1].refresh()
    assert st[1].state == PAUSED
    assert st[1].message == "no answer from Ann's unit (cable out or unit off)"
    assert st[0].gone_unit == c.units[1].node_id
    seat = st[0].gone_seat
    assert c.units[0].session.seats[seat] == c.units[1].node_id
    host_view = LinkStatusView(screen(200, 120), st[0])
    assert press(host_view, keys.BACK) == "waiting"            # keep waiting: not asked again
    assert st[0].state == PAUSED
    st[0]._declined = []
    st[0].refresh()
    assert press(host_view, keys.OK) == "handed"
    assert c.units[0].session.seats[seat] == 0
    # the game goes on without the gone unit, and the panel goes away
    c.run_until(lambda c: st[0].refresh() is not None and st[0].state == PLAYING, 5000)
    assert st[0].state == PLAYING
    n = len(c.units[0].game.history)
    c.run_until(lambda c: len(c.units[0].game.history) > n, 10000, _ai_everywhere)
    assert len(c.units[0].game.history) > n


def _ai_everywhere(c):
    for u in c.units[:1]:
        g = u.game
        s = u.my_seat()
        if not g.is_over() and not u.paused() and s in g.to_move() and not u.lockstep.decided(s):
            u.submit(g.legal_actions(s)[0])


def test_wrap_keeps_words_and_width():
    lines = wrap("a link cable is unplugged (unit 274, 291)", 12)
    assert all([len(x) <= 12 for x in lines]) and " ".join(lines) == "a link cable is unplugged (unit 274, 291)"
    assert wrap("abcdefghijklmnop", 5) == ["abcde", "fghij", "klmno", "p"]
