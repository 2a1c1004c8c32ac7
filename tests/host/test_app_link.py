"""Linked play from the menu, end to end: two or three whole apps (core.app.make_app on
the host board, each with its own save store) in one process, their link ports joined by
the in-memory wires of core/link/sim.py on one virtual clock, driven only by button
presses (core.ui.autoplay.ButtonDriver + AutoPlayer): host and join from the menu, the
lobby, the rules, a whole game to the results on every unit, identical records, a cable
pulled in the middle (the pause panel on every unit, then the game resumes).

The helpers here (World, Finger, start_linked, play_to_end) also serve
test_app_link_speed.py (Speed's arbiter and take-back) and test_app_link_faults.py (three
units, a unit switched off and on, a seat handed to the AI)."""
import json
import os

import pytest

from core import app as app_mod
from core.loop import Boot
from core.app_link import LOBBY_STATE
from core.link.sim import SimClock, Wire
from core.prng import Prng
from core.record_json import record_lines
from core.save import DeviceFs, SaveStore
from core.ui import autoplay, keys
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
        self.clock = SimClock(0)
        self.cables = [(Wire(self.clock, Prng(seed * 10 + 2 * i + 1), 115200),
                        Wire(self.clock, Prng(seed * 10 + 2 * i + 2), 115200)) for i in range(n - 1)]
        self.layout = layout
        self.tmp = str(tmp)
        self.seed = seed
        self.boots = [None] * n
        self.apps = [None] * n
        self.off = [False] * n
        self.masks = [0] * n
        self.now = 0
        self.unplugged = None
        self.sample = None
        self._drain = bytearray(64)
        for i in range(n):
            self.switch_on(i)

    def switch_on(self, i, boots=0):
        """Unit i powers up: a new board object and a new App (same node id, same cables,
        same save directory); it starts at the menu like any unit switched on."""
        from boards import host
        n = len(self.apps)
        hw = host.make(self.layout, panel=False, node=0x101 + 17 * i)
        ports = [None, None]
        if i > 0:
            a, b = self.cables[i - 1]
            ports[0] = Port(b, a)
        if i < n - 1:
            a, b = self.cables[i]
            ports[1] = Port(a, b)
        hw._link_ports = [p or _Unplugged() for p in ports]
        hw.entropy = _entropy(Prng(self.seed * 1000 + i + 1 + 97 * boots))   # the same deal every run
        b = Boot()
        b.hw = hw
        b.screen = Screen(hw.display.width, hw.display.height)
        d = os.path.join(self.tmp, "unit%d" % i)
        os.makedirs(d, exist_ok=True)
        b.store = SaveStore(DeviceFs(d))
        self.boots[i] = b
        self.apps[i] = app_mod.make_app(b, seed=self.seed + 100 * i, play_ms=150, trick_ms=300,
                                        think_ms=50)
        self.off[i] = False

    def switch_off(self, i):
        """Unit i loses power: its App is gone; bytes sent to it are lost."""
        self.off[i] = True
        self.apps[i] = self.boots[i] = None

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
                if self.off[i]:
                    for w in self._wires_into(i):
                        w.due()             # nobody listens: the bytes are lost
                    continue
                self.boots[i].hw.input.mask = self.masks[i]
                app_mod.step(self.boots[i], self.apps[i], self.now)
            if self.sample is not None:
                self.sample(self)

    def _wires_into(self, i):
        out = []
        if i > 0:
            out.append(self.cables[i - 1][0])
        if i < len(self.apps) - 1:
            out.append(self.cables[i][1])
        return out

    def press_together(self, units, key):
        """The same key pressed on several units in the same instant."""
        from core.ui.autoplay import button_mask
        for i in units:
            self.masks[i] = button_mask(self.boots[i].hw.board, keys.key_by_name(key))
        self.run(60)
        for i in units:
            self.masks[i] = 0
        self.run(60)


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

    def reattach(self):
        """After World.switch_on(i): the finger is on the new unit's buttons."""
        self.boot = self.world.boots[self.i]
        self.app = self.world.apps[self.i]
        self.screen = self.app.screen
        self.masks = {}

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


def speed_step(f, rng):
    """One press at Speed's table: OK on a card that fits (sometimes DOWN first), Spit
    when the table offers it, else a short wait."""
    t = f.app.table
    pos = t.playable_positions()
    if t.game.is_over() or t.game.round_no != t.round_seen:
        f.wait(50)
    elif pos:
        f.key("OK" if t.cursor in pos and rng.below(3) else "DOWN")
    elif t.may_spit():
        f.key("AUX")
    else:
        f.wait(50)


def pick_link_row(f, mode):
    m = f.app.menu
    want = m.game_rows() - len(LINK_ITEMS) + [x[1][1] for x in LINK_ITEMS].index(mode)
    while f.app.menu_view.list.sel != want:
        f.key("DOWN")
    f.key("OK")


def start_linked(tmp, game, options, players, n_units, kinds, layout="lcd13", seed=3,
                 shot=None):
    """A World of n_units apps; the host picks Host, the game, its options and seats, every
    other unit picks Join and the game heard; the host starts.  (world, fingers)."""
    w = World(n_units, layout, tmp, seed)
    fingers = [Finger(w, i) for i in range(n_units)]
    host = fingers[0]
    shot = shot or (lambda name, f: None)
    ap = autoplay.AutoPlayer(host, game, options, players, kinds, seed)
    shot("menu", host)
    # the host: Host -> the game's options -> seats -> lobby
    pick_link_row(host, "host")
    assert host.app.state == app_mod.MENU and host.app.linked is not None
    ap.menu()
    ap.menu()
    assert host.app.state == app_mod.SETUP
    ap.setup()
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
    guard = 0
    while any([f.app.linked.unit.securing() for f in fingers]):
        fingers[1].wait(100)            # "securing the link..." (core/link/secure.py)
        guard += 1
        assert guard < 100, "the keys were not agreed"
    fingers[1].wait(200)
    shot("guest_lobby", fingers[1])
    shot("host_lobby", host)
    host.key("OK")                   # start
    return w, fingers


class Run:
    """What play_to_end saw on every unit (indexed by unit)."""

    def __init__(self, n):
        self.done = [False] * n
        self.results = [False] * n
        self.records = [None] * n
        self.paused_seen = [False] * n
        self.confirm_seen = [False] * n
        self.states = [set() for _ in range(n)]


def record_or_kept(game):
    """The game's record; a linked Speed unit past its first round keeps that round only
    (issue #18: memory flat with the rounds): then what it keeps, to compare between units
    (the result with the last round's summary, where the round began, its timed actions)."""
    if not getattr(game, "WHOLE_MATCH", True) and game.round_start() is not None:
        return [game.result(), game.round_start(), game.actions_dropped,
                list(game.timed_history)]
    return list(record_lines(game))


def play_to_end(w, fingers, seed=3, event=None, sample=None, max_presses=8000):
    """Every unit plays its seat through the buttons until its game results and the menu.
    `event(run, i)` is called before unit i's turn to press (faults, checks; True: skip
    the press); `sample(w)` after every loop pass.  Returns the Run."""
    from core.ui.link_status import CONFIRM
    n = len(fingers)
    run = Run(n)

    def watch(w):
        for i in range(n):
            a = w.apps[i]
            if a is None:
                continue
            run.states[i].add(a.state)
            lp = a.linked
            if lp is not None and lp.panel_on and lp.status is not None:
                if lp.status.state == PAUSED:
                    run.paused_seen[i] = True
                elif lp.status.state == CONFIRM:
                    run.confirm_seen[i] = True
            if a.state == app_mod.GAME_RESULT and run.records[i] is None:
                run.records[i] = record_or_kept(a.game)
                run.results[i] = True
        if sample is not None:
            sample(w)
    w.sample = watch
    rngs = [Prng(seed * 7 + i) for i in range(n)]
    presses = 0
    while not all(run.done) and presses < max_presses:
        for i in range(n):
            if run.done[i]:
                continue
            if event is not None and event(run, i):
                presses += 1
                continue
            f = fingers[i]
            a = f.app
            if a is None:               # switched off
                f.world.run(50)
                presses += 1
                continue
            st = a.state
            before = f.presses
            if st == app_mod.MENU:
                run.done[i] = True
            elif st in (LOBBY_STATE,):
                f.wait(50)
            elif st == app_mod.RULES:
                f.key("OK")
            elif st == app_mod.TABLE:
                if a.linked is not None and a.linked.panel_on:
                    f.wait(50)
                elif a.realtime:
                    speed_step(f, rngs[i])
                else:
                    table_step(f, rngs[i])
            elif st in (app_mod.HAND_RESULT, app_mod.GAME_RESULT):
                f.key("OK")
            else:
                f.key("BACK")
            presses += f.presses - before + 1
    assert all(run.done), [(app_mod.STATE_NAMES[a.state], len(a.game.history), a.game.to_move(),
                            a.human, a.hold_until, a.thinking, a.linked.provider.cursor,
                            len(a.linked.unit.game.history), a.linked.unit.game.to_move(),
                            a.linked.queue, a.linked.unit.status(), a.table.turn)
                           for a in w.apps if a is not None and a.game is not None]
    w.sample = None
    return run


def assert_same_records(run):
    """Every unit reached the game's results with the same record, and left the link."""
    assert all(run.results), run.results
    for i in range(1, len(run.records)):
        assert run.records[i] == run.records[0], i
    assert run.records[0][0] and len(run.records[0]) > 2


def actions_of(record):
    """The action lines of a record's lines, parsed (a record also holds its facts)."""
    return [json.loads(r) for r in record if r.startswith('{"action"')]


def play_linked(tmp, game, options, players, n_units, kinds, layout="lcd13", seed=3,
                pull=None, shots=None):
    w, fingers = start_linked(tmp, game, options, players, n_units, kinds, layout, seed, shots)
    pulled = [False]

    def event(run, i):
        a = w.apps[i]
        if pull is not None and not pulled[0] and a.state == app_mod.TABLE and \
                a.game is not None and len(a.game.history) >= pull:
            pulled[0] = True
            w.unplugged = (0, w.now + 4000)
        return False

    def sample(w):
        if shots and w.apps[0].linked is not None and w.apps[0].linked.panel_on:
            shots("paused", fingers[0])
            raise _Shot()
    run = play_to_end(w, fingers, seed, event, sample)
    assert_same_records(run)
    if pull is not None:
        assert all(run.paused_seen), run.paused_seen
    for a in w.apps:
        assert a.linked is None and a.link is None
    return w, run.records


def test_reds_two_linked_units_short_game_with_a_pulled_cable(tmp_path):
    w, records = play_linked(tmp_path, "reds", {"short_game": True}, 2, 2, None, "lcd13", 3, pull=6)
    assert records[0][0]


def test_reds_every_linked_unit_shows_the_same_first_dealer_draws(tmp_path):
    """Ruling R-8: the draws are public; each unit shows them before round 1 (its own
    game replays them from the shared seed), whatever its seat."""
    w, fingers = start_linked(tmp_path, "reds", {"short_game": True}, 3, 3, None)
    seen = {}

    def sample(w):
        for i in range(3):
            a = w.apps[i]
            t = a.table if a is not None else None
            if t is not None and getattr(t, "draws", None) is not None and i not in seen:
                draws = [e for e in a.game.events if e[0] == "draw"]
                assert list(t.slots) == [e[2] for e in draws[:3]] and t.winner == a.game.dealer
                assert (len(t.notes) > 1) == (len(draws) > 3)      # tie lines
                seen[i] = (bytes(t.slots), t.winner, len(draws))
        if len(seen) == 3:
            raise _Shot()
    try:
        play_to_end(w, fingers, 3, None, sample)
    except _Shot:
        pass
    assert len(seen) == 3 and seen[0] == seen[1] == seen[2], seen


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


def test_reds_hidden_bids_each_linked_unit_shows_its_own_sealed_bid(tmp_path):
    """Hidden bids, three units: the bids stay sealed until the round's end (issue #15
    item 12), yet each unit's table shows its player's own bid during the round ("You:
    bid n", from the bid its unit sealed), nobody else's; never asks for a bid at the
    reveal; identical records."""
    w, fingers = start_linked(tmp_path, "reds", {"short_game": True, "hidden_bids": True},
                              3, 3, None)
    shown = {}

    def sample(w):
        for i in range(3):
            a = w.apps[i]
            t = a.table if a is not None else None
            if t is None or a.game is None or a.state != app_mod.TABLE:
                continue
            g = a.game
            me = a.human
            if g.phase == "reveal":
                assert t.choices is None and me not in a.linked.shown_turn(g.to_move())
            if g.phase != "play" or not g.sealed[me]:
                continue
            own = a.linked.unit.lockstep.own_sealed(me, g)
            bids = g.observation(me)["bids"]
            assert [b for b in bids if b is not None] in ([], [own - 64])
            line = [x for x in t.notes if x.startswith("You: bid")]
            if bids[me] is not None:
                assert line and line[0].startswith("You: bid %d," % (own - 64)), t.notes
                shown.setdefault(i, set()).add(g.round_no)
    run = play_to_end(w, fingers, 3, None, sample)
    assert_same_records(run)
    assert sorted(shown) == [0, 1, 2] and all([len(r) >= 4 for r in shown.values()]), shown
    rec = run.records[0]
    assert [x for x in rec if '"bid:sealed"' in x]
