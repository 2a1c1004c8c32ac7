"""Cabling problems with more than two units (docs/link.md, "Trouble"): a ring cabled by
mistake is reported and still plays identically, a chain is never taken for a ring, a unit
beyond MAX_HOPS is told it is too far, and the pause names both ends of a cable another
unit reports.  Three and eight units do not fit the core suite's heap with the UI compiled
from source: tests/host/test_link_cabling.py runs this module on CPython, the MicroPython
unix port (576 KB: see test_link_scenarios.py on fragmentation) and the WebAssembly port."""
from core.link.sim import SimChain
from core.ui.lobby import Lobby
from core.ui.link_status import LinkStatus, PAUSED
from test_link_trickgame import games, first_legal_ai
from test_link_session import _bots
from test_link_versions import _Off


def test_a_ring_is_reported_and_its_game_ends_identically():
    c = SimChain(3, games, first_legal_ai, seed=7, ring=True)
    lbs = [Lobby(u) for u in c.units]
    lbs[0].host("minitrick", {"seats": 3, "hands": 1}, 3)
    for lb in lbs[1:]:
        lb.browse()
    # the guests hear the host's announcements by both cables
    assert c.run_until(lambda c: all([u.node.ring() for u in c.units[1:]]), 5000) >= 0
    for lb in lbs[1:]:
        lb.refresh()
        assert lb.status == "the units are cabled in a ring: unplug one cable"
    for u in c.units[1:]:
        u.join(u.lobby()[0][0])
    assert c.run_until(lambda c: all([u.my_seat() >= 0 for u in c.units]), 5000) >= 0
    assert c.run_until(lambda c: c.units[0].node.ring(), 3000) >= 0       # the host, too
    lbs[0].refresh()
    assert lbs[0].status == "the units are cabled in a ring: unplug one cable"
    c.units[0].start()
    assert c.run_until(lambda c: all([u.game is not None for u in c.units]), 10000) >= 0
    assert c.run_until(lambda c: all([u.game.is_over() for u in c.units]), 60000, _bots) >= 0
    from core.record_json import record_lines
    recs = [record_lines(u.game) for u in c.units]
    assert recs[1] == recs[0] and recs[2] == recs[0]
    assert "the units are cabled in a ring: unplug one cable" in c.units[1].session.reports


def test_a_chain_is_never_taken_for_a_ring():
    c = SimChain(3, games, first_legal_ai, seed=7)
    c.units[0].host_game("minitrick", {"seats": 3, "hands": 1}, 3)
    assert c.run_until(lambda c: all([u.lobby() for u in c.units[1:]]), 5000) >= 0
    for u in c.units[1:]:
        u.join(u.lobby()[0][0])
    c.run_until(lambda c: False, 3000)
    assert [u.node.rings for u in c.units] == [0, 0, 0]


def test_a_unit_beyond_max_hops_is_told_it_is_too_far():
    """Eight units in a chain: the last is 7 cables from the host (MAX_HOPS is 6).  Before,
    it heard nothing; now the farthest unit that hears the announcement passes a copy that
    says only "too far"."""
    from core.link.net import MAX_HOPS
    c = SimChain(MAX_HOPS + 2, games, first_legal_ai, seed=8)
    c.units[0].host_game("minitrick", {"seats": 3, "hands": 1}, 3)
    last, near = Lobby(c.units[-1]), Lobby(c.units[-2])
    last.browse()
    near.browse()
    assert c.run_until(lambda c: c.units[-2].lobby() and c.units[-1].link_problem(), 8000) >= 0
    assert c.units[-1].lobby() == [] and c.units[-1].lobby_updates() == []
    last.refresh()
    assert last.status == ("a game is hosted too far down the chain: at most %d cables from "
                           "the host" % MAX_HOPS)
    near.refresh()
    assert near.status == "" and near.n_rows() == 1           # 6 cables: plays as ever
    # the far copy is a one-hop "too far", never a message
    assert c.units[-1].messages_in == 0


def test_a_cable_another_unit_reports_is_named_by_both_ends():
    """A - B - C playing; C is switched off.  Before, A said "a link cable is unplugged
    (unit B)" and B named itself; now B names C, and A names both ends of B's cable."""
    c = SimChain(3, games, first_legal_ai, seed=9)
    a, b, cc = c.units
    a.host_game("minitrick", {"seats": 3, "hands": 1}, 3)
    assert c.run_until(lambda c: b.lobby() and cc.lobby(), 5000) >= 0
    b.join(b.lobby()[0][0])
    cc.join(cc.lobby()[0][0])
    assert c.run_until(lambda c: b.my_seat() >= 0 and cc.my_seat() >= 0, 5000) >= 0
    a.start()
    assert c.run_until(lambda c: all([u.game is not None for u in c.units]), 10000) >= 0
    c.units[2] = _Off()
    names = ["Ann", "Ben", "Cid"]
    seat = a.session.seats
    names = [names[seat.index(u.node_id)] for u in (a, b, cc)]
    sa, sb = LinkStatus(a, ["You", names[1], names[2]]), LinkStatus(b, [names[0], "You", names[2]])
    assert c.run_until(lambda c: sa.refresh() is not None and sa.state == PAUSED and
                       sa.message.startswith("%s's" % names[1]), 5000) >= 0
    sb.refresh()
    assert sa.message == "%s's unit gets no answer from %s's unit (cable out or unit off)" % (
        names[1], names[2])
    assert sb.state == PAUSED
    assert sb.message == "no answer from %s's unit (cable out or unit off)" % names[2]
    assert a.status()["message"] == ("paused: unit %d gets no answer from unit %d (cable out "
                                     "or unit off)" % (b.node_id, cc.node_id))


def render_cabling_screens(w, h, sink):
    """Golden images (on the host): the browse page of a ring and of a unit too far."""
    from core.ui.lobby import LobbyView
    from core.ui.screen import Screen
    s = Screen(w, h)
    c = SimChain(3, games, first_legal_ai, seed=7, ring=True)
    c.units[0].host_game("reds", {"players": 4, "short_game": True}, 4)
    lb = Lobby(c.units[1])
    lb.browse()
    c.run_until(lambda c: c.units[1].node.ring(), 5000)
    lb.refresh()
    LobbyView(s, lb).draw()
    sink("ring", s)
    c = SimChain(8, games, first_legal_ai, seed=8)
    c.units[0].host_game("reds", {"players": 4, "short_game": True}, 4)
    lb = Lobby(c.units[-1])
    lb.browse()
    c.run_until(lambda c: c.units[-1].link_problem(), 8000)
    lb.refresh()
    LobbyView(s, lb).draw()
    sink("too_far", s)
