"""Versions on the link and what the screens say about the cabling (docs/link.md,
"Versions" and "Trouble"): units with another rules engine or message protocol are never
seated (both sides told which unit needs a firmware update), firmware from before versions
is refused, a neighbour with another link version is named, the pause names the silent
unit (never this one), and a ring cabled by mistake is reported.  Two units in memory
(core/link/sim.py) with the small test game; all three runtimes."""
import gc

from core.link import messages as M
from core.link.channel import HELLO, LINK_VERSION
from core.link.sim import SimChain
from core.ui import keys
from core.ui.lobby import Lobby, BROWSE, ROOM
from core.ui.link_status import LinkStatus, PAUSED
from test_link_trickgame import MiniTrick, games, first_legal_ai


class MiniTrickNext(MiniTrick):
    RULES_VERSION = MiniTrick.RULES_VERSION + 1     # a later firmware's rules


def games_next(name):
    return MiniTrickNext if name == MiniTrick.NAME else games(name)


def _pair(guest_games=None, seed=3):
    c = SimChain(2, games, first_legal_ai, seed=seed)
    if guest_games is not None:
        c.units[1].session._games = guest_games
    host, guest = Lobby(c.units[0]), Lobby(c.units[1])
    host.host("minitrick", {"seats": 3, "hands": 1}, 3)
    guest.browse()
    return c, host, guest


def _ok(lobby, sel=0):
    return lobby.handle(keys.event(keys.PRESS, keys.OK), sel)


def test_every_game_class_has_a_rules_version():
    assert isinstance(MiniTrick.RULES_VERSION, int) and MiniTrick.RULES_VERSION >= 1


def test_a_guest_with_newer_rules_is_told_the_host_needs_an_update_and_cannot_join():
    c, host, guest = _pair(games_next)
    u = guest.unit
    assert c.run_until(lambda c: u.lobby_updates(), 5000) >= 0
    guest.refresh()
    assert u.lobby() == [] and guest.n_rows() == 1
    sid, name, who, reason = u.lobby_updates()[0]
    assert name == "minitrick" and who == host.unit.node_id and reason == M.R_HOST_OLDER
    assert guest.row_label(0) == ("minitrick  host %d" % who, "update", False)
    assert guest.status == "the host's unit needs a firmware update"
    assert _ok(guest) is None and guest.page == BROWSE and u.session.sid == 0
    c.run_until(lambda c: False, 1500)
    assert host.unit.session.seats.count(0) == 2


def test_a_guest_with_older_rules_is_told_it_needs_an_update():
    c = SimChain(2, games_next, first_legal_ai, seed=4)
    c.units[1].session._games = games
    host, guest = Lobby(c.units[0]), Lobby(c.units[1])
    host.host("minitrick", {"seats": 3, "hands": 1}, 3)
    guest.browse()
    assert c.run_until(lambda c: guest.unit.lobby_updates(), 5000) >= 0
    guest.refresh()
    assert guest.unit.lobby_updates()[0][3] == M.R_GUEST_OLDER
    assert guest.status == "this unit needs a firmware update"


def test_a_join_with_other_versions_is_refused_and_both_rooms_say_why():
    """A guest that joins anyway (another firmware's lobby, a forged JOIN) is not seated:
    the host answers REFUSE; its room names the unit, the guest's browse page says why."""
    c, host, guest = _pair()
    u = guest.unit
    assert c.run_until(lambda c: u.lobby(), 5000) >= 0
    sid = u.lobby()[0][0]
    u.session._adopt(sid, u.session.lobby[sid])     # joins, saying older rules
    guest.page = ROOM
    b = bytearray(8)
    n = M.encode_join(b, sid, MiniTrick.RULES_VERSION - 1)
    u._send(host.unit.node_id, b, n)
    assert c.run_until(lambda c: u.session.sid == 0, 3000) >= 0
    hs = host.unit.session
    assert hs.refused == {u.node_id: M.R_GUEST_OLDER} and u.node_id not in hs.seats
    assert u.session.refusal == (host.unit.node_id, M.R_GUEST_OLDER)
    guest.refresh()
    assert guest.page == BROWSE and guest.status == "this unit needs a firmware update"
    host.refresh()
    assert host.status == "Unit %d needs a firmware update; waiting for units to join" % u.node_id


def _legacy_session(b, sid, phase, host, rnd, seats, seed, name, optidx, tag):
    """SESSION as firmware from before versions wrote it (a 4-byte seed, no versions)."""
    out = [M.SESSION, sid >> 8, sid & 0xFF, phase, host >> 8, host & 0xFF, rnd, len(seats)]
    for x in seats:
        out += [x >> 8, x & 0xFF]
    out += [seed >> 24, (seed >> 16) & 0xFF, (seed >> 8) & 0xFF, seed & 0xFF, len(name)]
    out += list(name.encode()) + [len(optidx)]
    for x in optidx:
        out += [x >> 8, x & 0xFF]
    out.append(tag)
    b[0:len(out)] = bytes(out)
    return len(out)


def test_firmware_from_before_versions_is_refused_and_never_followed():
    """Today's firmware: JOIN without versions, SESSION without versions (phase byte
    0..2, no rules after the tag).  Its JOIN is refused; its SESSION is listed as "the host's
    unit needs a firmware update" and never adopted, even when it names this unit in a game
    in progress (a restarted unit would otherwise rejoin it)."""
    c, host, guest = _pair()
    u = guest.unit
    b = bytearray(118)
    hs = host.unit.session
    n = M.encode_simple(b, M.JOIN, hs.sid)          # the old JOIN: 3 bytes
    u._send(host.unit.node_id, b, n)
    assert c.run_until(lambda c: hs.refused, 3000) >= 0
    assert hs.refused == {u.node_id: M.R_GUEST_OLDER} and u.node_id not in hs.seats
    # an old host announcing a game in progress that seats this unit
    old = c.units[0]
    n = _legacy_session(b, 0x4242, 2, old.node_id, 1, [old.node_id, u.node_id], 77,
                        "minitrick", [0, 0, 1], 0)
    u.session.on_message(old.node_id, M.decode(b, 0, n))
    assert u.session.sid == 0 and u.game is None
    assert (0x4242, "minitrick", old.node_id, M.R_HOST_OLDER) in u.lobby_updates()
    assert 0x4242 not in [g[0] for g in u.lobby()]


def test_the_new_layouts_are_ignored_or_refused_by_firmware_before_versions():
    """What today's parser does with them (messages.py, docs/link.md): a SESSION whose phase
    byte is above 2 is ignored (never listed nor adopted), a JOIN longer than 3 bytes is
    malformed; a HELLO is read from its first 8 bytes (the version byte is extra)."""
    b = bytearray(118)
    for phase in (0, 1, 2):
        n = M.encode_session(b, 7, phase, 257, 1, [257, 0], bytes(8), "minitrick", [0, 0, 0], 0, 1)
        assert b[3] > 2 and M.decode(b, 0, n)[2] == phase
    assert M.encode_join(b, 7, 1) > 3
    # a later protocol: only the fields that never move are read; it needs an update here
    n = M.encode_session(b, 9, 0, 300, 1, [300, 0], bytes(8), "minitrick", [0, 0, 0], 0, 1,
                         M.PROTO_VERSION + 1)
    d = M.decode(b, 0, n)
    assert d[:4] == (M.SESSION, 9, 0, 300) and d[7] is None and d[10] == M.PROTO_VERSION + 1
    c, host, guest = _pair()
    guest.unit.session.on_message(300, d)
    guest.refresh()
    assert guest.unit.lobby_updates() == [(9, None, 300, M.R_GUEST_OLDER)]
    assert guest.row_label(0) == ("Linked game  host 300", "update", False)
    assert guest.status == "this unit needs a firmware update"


def _old_hello(ch, version):
    """Make channel `ch` say HELLO as firmware of another link version would (version 0:
    the 8-byte HELLO of today's firmware)."""
    def send_hello(now):
        c = ch._ctl
        c[0] = HELLO
        c[1] = ch.epoch >> 8
        c[2] = ch.epoch & 0xFF
        c[3] = ch.peer_epoch >> 8
        c[4] = ch.peer_epoch & 0xFF
        c[5] = (ch.node_id >> 8) & 0xFF
        c[6] = ch.node_id & 0xFF
        c[7] = ch._base
        c[8] = version
        ch._emit(c, 9 if version else 8, now)
        ch._last_hello = now
    ch._send_hello = send_hello


def test_a_neighbour_with_another_link_version_is_named_not_a_silent_down_link():
    for version, says in ((0, "the unit on cable B speaks another link version: update its firmware"),
                          (LINK_VERSION + 1, "the unit on cable B speaks a newer link version: "
                                             "this unit needs a firmware update")):
        c = SimChain(2, games, first_legal_ai, seed=5)
        _old_hello(c.units[1].node.channels[0], version)
        lb = Lobby(c.units[0])
        lb.browse()
        c.run_until(lambda c: False, 1500)
        mine = c.units[0].node.channels[1]
        assert not mine.up and not c.units[1].node.channels[0].up
        assert mine.alien_version == version
        assert c.units[0].link_problem() == says
        assert lb.refresh() and lb.status == says
        # the neighbour is unplugged: the message goes after a second
        c.unplug(0, c.now(), 10 ** 8)
        c.run_until(lambda c: False, 1500)
        assert c.units[0].link_problem() == "" and mine.alien_version == -1


class _Off:
    """A unit switched off: hears nothing, says nothing."""

    def receive(self, port, buf, start, end):
        pass

    def poll(self):
        pass


def test_a_unit_switched_off_is_named_with_both_causes_never_this_unit():
    """Before: "a link cable is unplugged (unit <this unit>)"."""
    c = SimChain(2, games, first_legal_ai, seed=6)
    a, b = c.units
    a.host_game("minitrick", {"seats": 2, "hands": 1}, 2)
    assert c.run_until(lambda c: b.lobby(), 5000) >= 0
    b.join(b.lobby()[0][0])
    assert c.run_until(lambda c: b.my_seat() >= 0, 5000) >= 0
    a.start()
    assert c.run_until(lambda c: a.game is not None and b.game is not None, 10000) >= 0
    c.units[1] = _Off()
    assert c.run_until(lambda c: a.status()["state"] == "paused" and
                       not c.units[0].node.channels[1].up, 5000) >= 0
    msg = a.status()["message"]
    assert "%d" % a.node_id not in msg, msg
    assert msg == "paused: no answer from unit %d (cable out or unit off)" % b.node_id
    st = LinkStatus(a, ["You", "Ben"])
    st.refresh()
    assert st.state == PAUSED and st.message == "no answer from Ben's unit (cable out or unit off)"


_newer = {}


def newer_games(name):
    """The game classes of a later firmware: every RULES_VERSION one higher."""
    cls = _newer.get(name)
    if cls is None:
        base = games(name)

        class Newer(base):
            RULES_VERSION = base.RULES_VERSION + 1
        cls = _newer[name] = Newer
    return cls


def render_version_screens(w, h, sink, game="reds"):
    """The lobby's version and cabling states at one resolution; sink(name, screen):
    a game whose host needs a firmware update, the host's room after refusing a unit, and
    a neighbour that speaks another link version (golden images on the host)."""
    from core.ui.lobby import LobbyView
    from core.ui.screen import Screen
    s = Screen(w, h)
    opts = {"players": 4, "short_game": True} if game == "reds" else {"seats": 4, "hands": 1}
    c = SimChain(2, games, first_legal_ai, seed=3)
    c.units[1].session._games = newer_games
    host, guest = Lobby(c.units[0]), Lobby(c.units[1])
    host.host(game, opts, 4)
    guest.browse()
    c.run_until(lambda c: guest.unit.lobby_updates(), 5000)
    guest.refresh()
    LobbyView(s, guest).draw()
    sink("browse_update", s)
    # a unit that joins with other rules anyway: refused, and the host's room says so
    u = guest.unit
    sid = u.lobby_updates()[0][0]
    b = bytearray(8)
    n = M.encode_join(b, sid, games(game).RULES_VERSION - 1)     # an older unit's
    u._send(host.unit.node_id, b, n)
    c.run_until(lambda c: host.unit.session.refused, 3000)
    host.refresh()
    LobbyView(s, host).draw()
    sink("host_refused", s)
    c = host = guest = u = None
    gc.collect()                    # (the core suite's heap: one chain at a time)
    c = SimChain(2, games, first_legal_ai, seed=5)
    _old_hello(c.units[1].node.channels[0], 0)
    lb = Lobby(c.units[0])
    lb.browse()
    c.run_until(lambda c: c.units[0].link_problem(), 3000)
    lb.refresh()
    LobbyView(s, lb).draw()
    sink("link_version", s)

