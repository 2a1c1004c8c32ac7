"""Linked play from the menu, end to end: two or three whole apps (core.app.make_app on
the host board, each with its own save store) in one process, their link ports joined by
the in-memory wires of core/link/sim.py on one virtual clock, driven only by button
presses (core.ui.autoplay.ButtonDriver + AutoPlayer): host and join from the menu, the
lobby, the rules, a whole game to the results on every unit, identical records, a cable
pulled in the middle (the pause panel on every unit, then the game resumes)."""
import os

import pytest

from core import app as app_mod
from core.app_link import LOBBY_STATE
from core.boot import Boot
from core.link.sim import SimClock, Wire
from core.prng import Prng
from core.record import record_lines
from core.save import DeviceFs, SaveStore
from core.ui import autoplay
from core.ui.lobby import ROOM
from core.ui.link_status import PAUSED
from core.ui.menu import LINK_ITEMS
from core.ui.screen import Screen
from drivers import host_png
from core.ui.palette import RGB

TICK = 10
GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden", "link_app")


class Port:
    """One end of a cable: write() onto the outgoing wire, readinto() the bytes due."""

    def __init__(self, out_wire, in_wire):
        self.out = out_wire
        self.inw = in_wire

    def write(self, mv):
        self.out.write(mv, len(mv))
        return len(mv)

    def readinto(self, buf):
        if self.inw is None:
            return 0
        d = self.inw.due()
        if d is None:
            return 0
        n = len(d)
        buf[:n] = d
        return n


class World:
    """n apps in a chain (unit i's port 1 to unit i+1's port 0), one virtual clock."""

    def __init__(self, n, layout, tmp, seed=1):
        from boards import host
        self.clock = SimClock(0)
        self.cables = [(Wire(self.clock, Prng(seed * 10 + 2 * i + 1), 115200),
                        Wire(self.clock, Prng(seed * 10 + 2 * i + 2), 115200)) for i in range(n - 1)]
        self.boots = []
        self.apps = []
        self.masks = [0] * n
        self.now = 0
        self.unplugged = None
        self.sample = None
        for i in range(n):
            hw = host.make(layout, panel=False, node=0x101 + 17 * i)
            ports = [None, None]
            if i > 0:
                a, b = self.cables[i - 1]
                ports[0] = Port(b, a)
            if i < n - 1:
                a, b = self.cables[i]
                ports[1] = Port(a, b)
            hw._link_ports = [p or _Unplugged() for p in ports]
            hw.entropy = _entropy(Prng(seed * 1000 + i + 1))   # the same deal every run
            b = Boot()
            b.hw = hw
            b.screen = Screen(hw.display.width, hw.display.height)
            d = os.path.join(str(tmp), "unit%d" % i)
            os.makedirs(d, exist_ok=True)
            b.store = SaveStore(DeviceFs(d))
            self.boots.append(b)
            self.apps.append(app_mod.make_app(b, seed=seed + 100 * i, play_ms=150, trick_ms=300,
                                              think_ms=50))

    def run(self, ms):
        for _ in range(max(1, ms // TICK)):
            self.now += TICK
            self.clock.us = self.now * 1000
            if self.unplugged is not None:
                c, until = self.unplugged
                plugged = self.now >= until
                self.cables[c][0].plugged = plugged
                self.cables[c][1].plugged = plugged
                if plugged:
                    self.unplugged = None
            for i in range(len(self.apps)):
                self.boots[i].hw.input.mask = self.masks[i]
                app_mod.step(self.boots[i], self.apps[i], self.now)
            if self.sample is not None:
                self.sample(self)


def _entropy(rng):
    def entropy(n):
        return bytes([rng.below(256) for _ in range(n)])
    return entropy


class _Shot(Exception):
    """The golden run stops at the paused table."""


class _Unplugged:
    def write(self, mv):
        return len(mv)

    def readinto(self, buf):
        return 0


class Finger(autoplay.ButtonDriver):
    """ButtonDriver for unit i of a World: its presses run every unit's loop."""

    def __init__(self, world, i):
        self.world = world
        self.i = i
        autoplay.ButtonDriver.__init__(self, world.boots[i], world.apps[i], TICK, 60)

    def _run(self, ms, mask):
        w = self.world
        w.masks[self.i] = mask
        w.run(ms)
        w.masks[self.i] = 0
        self.now = w.now


def table_step(f, rng):
    """One press (or a short wait) at a turn-based table, like AutoPlayer.table but a
    single key at a time: the other units' moves change the table between presses."""
    a = f.app
    t = a.table
    if a.hold_until >= 0 or t.seat not in t.turn:
        f.wait(50)
        return
    if t.choices is not None:
        ok = t.choices[t.list.sel][1] is not None
        f.key("OK" if ok and rng.below(3) else "DOWN")
        return
    if getattr(t, "exchange_need", 0):
        ok = not (t.raised >> t.cursor) & 1 if t.cursor < len(t.hand) else False
        f.key("OK" if ok and rng.below(2) else "DOWN")
        return
    if t.card_mode and t.hand:
        c = t.cursor
        ok = c < len(t.hand) and t.card_action(t.hand[c]) in t.legal
        f.key("OK" if ok and rng.below(2) else "DOWN")
        return
    f.wait(50)


def pick_link_row(f, mode):
    m = f.app.menu
    want = len(m.entries) + [x[1] for x in LINK_ITEMS].index(mode)
    while f.app.menu_view.list.sel != want:
        f.key("DOWN")
    f.key("OK")


def play_linked(tmp, game, options, players, n_units, kinds, layout="lcd13", seed=3,
                pull=None, shots=None):
    w = World(n_units, layout, tmp, seed)
    fingers = [Finger(w, i) for i in range(n_units)]
    host = fingers[0]
    ap = [autoplay.AutoPlayer(f, game, options, players, kinds, seed + i) for i, f in enumerate(fingers)]
    shot = shots or (lambda name, f: None)
    shot("menu", host)
    # the host: Host -> the game's options -> seats -> lobby
    pick_link_row(host, "host")
    assert host.app.state == app_mod.MENU and host.app.linked is not None
    ap[0].menu()
    ap[0].menu()
    assert host.app.state == app_mod.SETUP
    ap[0].setup()
    assert host.app.state == LOBBY_STATE
    # the guests: Join -> the game heard -> OK
    for f in fingers[1:]:
        pick_link_row(f, "join")
        assert f.app.state == LOBBY_STATE
        guard = 0
        while not f.app.linked.lobby._games:
            f.wait(100)
            guard += 1
            assert guard < 100, "no game heard"
        f.key("OK")
        assert f.app.linked.lobby.page == ROOM
    hl = host.app.linked
    guard = 0
    while len(hl.unit.session.participants()) < n_units:
        host.wait(100)
        guard += 1
        assert guard < 100
    guard = 0
    while not all([f.app.linked.unit.my_seat() >= 0 for f in fingers[1:]]):
        fingers[1].wait(100)
        guard += 1
        assert guard < 100, "a guest was not seated"
    fingers[1].wait(200)
    shot("guest_lobby", fingers[1])
    shot("host_lobby", host)
    host.key("OK")                   # start
    # every unit plays its seat through the buttons until its game results and menu
    done = [False] * n_units
    results = [False] * n_units
    records = [None] * n_units
    paused_seen = [False] * n_units
    pulled = [False]

    def watch(w):
        for i in range(n_units):
            a = w.apps[i]
            lp = a.linked
            if lp is not None and lp.panel_on and lp.status.state == PAUSED:
                paused_seen[i] = True
                if shots and i == 0 and pulled[0] != "shot":
                    pulled[0] = "shot"
                    shot("paused", host)
                    raise _Shot()
            if a.state == app_mod.GAME_RESULT and records[i] is None:
                records[i] = list(record_lines(a.game))
                results[i] = True
    w.sample = watch
    rngs = [Prng(seed * 7 + i) for i in range(n_units)]
    presses = 0
    while not all(done) and presses < 8000:
        for i in range(n_units):
            if done[i]:
                continue
            f = fingers[i]
            a = f.app
            st = a.state
            before = f.presses
            if pull is not None and not pulled[0] and st == app_mod.TABLE and a.game is not None \
                    and len(a.game.history) >= pull:
                pulled[0] = True
                w.unplugged = (0, w.now + 4000)
            if st == app_mod.MENU:
                done[i] = True
            elif st in (LOBBY_STATE,):
                f.wait(50)
            elif st == app_mod.RULES:
                f.key("OK")
            elif st == app_mod.TABLE:
                if a.linked is not None and a.linked.panel_on:
                    f.wait(50)
                else:
                    table_step(f, rngs[i])
            elif st in (app_mod.HAND_RESULT, app_mod.GAME_RESULT):
                f.key("OK")
            else:
                f.key("BACK")
            presses += f.presses - before + 1
    assert all(done), [(app_mod.STATE_NAMES[a.state], len(a.game.history), a.game.to_move(), a.human, a.hold_until, a.thinking, a.linked.provider.cursor, len(a.linked.unit.game.history), a.linked.unit.game.to_move(), a.linked.queue, a.linked.unit.status(), a.table.turn) for a in w.apps]
    assert all(results)
    for i in range(1, n_units):
        assert records[i] == records[0]
    if pull is not None:
        assert all(paused_seen), paused_seen
    for a in w.apps:
        assert a.linked is None and a.link is None
    return w, records


def test_reds_two_linked_units_short_game_with_a_pulled_cable(tmp_path):
    w, records = play_linked(tmp_path, "reds", {"short_game": True}, 2, 2, None, "lcd13", 3, pull=6)
    assert records[0][0]


def test_speedrun_two_linked_units_and_an_ai_seat(tmp_path):
    w, records = play_linked(tmp_path, "speedrun", {"length": "short"}, None, 2, {2: "greedy"},
                             "display2", 5)
    assert records[0][0]


def golden_shots(tmp, layout):
    out = {}

    def shot(name, f):
        out[name] = bytes(f.screen.buf)
    try:
        play_linked(tmp, "reds", {"short_game": True}, 2, 2, None, layout, 3, pull=2, shots=shot)
    except _Shot:
        pass
    return out


@pytest.mark.parametrize("layout,size", [("lcd13", (240, 240)), ("display2", (320, 240))])
def test_link_app_golden_images(tmp_path, layout, size):
    """The menu's Host / Join rows, the host's and a guest's lobby, a paused table."""
    shots = golden_shots(tmp_path, layout)
    assert sorted(shots) == ["guest_lobby", "host_lobby", "menu", "paused"]
    w, h = size
    bad = []
    for name in sorted(shots):
        path = os.path.join(GOLDEN, "%s_%s.png" % (name, layout))
        if os.environ.get("UPDATE_GOLDEN") or not os.path.exists(path):
            os.makedirs(GOLDEN, exist_ok=True)
            host_png.write_indexed(path, shots[name], w, h, RGB)
            continue
        with open(path, "rb") as fh:
            if fh.read() != host_png.encode_indexed(shots[name], w, h, RGB):
                bad.append(name)
    assert not bad, bad
