"""Driving the app without hands: a virtual clock, key presses, a player that presses
buttons like a person, and the "key screens" captured on the way.

Runs on CPython and on the MicroPython ports (tests compare the pixels of the same
screens on both), so it uses only core modules.  tools/headless.py adds PNG files,
the emulated panel and a command line.  The device never imports this module.
"""
from core import app as app_mod
from core.prng import Prng
from core.ui import keys


class Driver:
    """An App on a virtual clock: key() presses and releases a logical key, wait(ms)
    ticks every `step` ms; both send what changed to the display, if there is one."""

    def __init__(self, screen, board_hints, seed=1, display=None, lut=None, step=50, **app_kw):
        self.screen = screen
        self.app = app_mod.App(screen, display, lut, board_hints, seed=seed, **app_kw)
        self.now = 0
        self.step = step
        self.presses = 0
        self.app.show()

    def key(self, key):
        if isinstance(key, str):
            key = keys.key_by_name(key)
        self.presses += 1
        self.app.feed(keys.event(keys.PRESS, key), self.now)
        self.app.feed(keys.event(keys.RELEASE, key), self.now)
        self.now += 10
        self.app.tick(self.now)
        self.app.show()

    def wait(self, ms):
        end = self.now + ms
        while self.now < end:
            self.now += self.step
            self.app.tick(self.now)
            self.app.show()


def button_mask(board, key):
    """The raw button mask that gives logical `key` on `board`: its first physical button,
    else the chord for it (the four-button board's MENU = A+B, AUX = X+Y)."""
    km = board.KEYMAP
    for i in range(len(km)):
        if km[i] == key:
            return 1 << i
    for mask, k in board.CHORDS:
        if k == key:
            return mask
    raise ValueError("no button for %s on %s" % (keys.NAMES[key], board.NAME))


class ButtonDriver:
    """The device loop (core.app.step: buttons -> app -> link -> display) on a virtual
    clock, with a finger on the board's physical buttons: key() holds the button (or
    chord) of a logical key for `hold_ms`, then releases it for `hold_ms`, as a person
    would; wait(ms) lets the loop run.  Same interface as Driver, so an AutoPlayer can
    play through it.  `boot` is a core.loop.Boot (made by core.boot) whose hw has a
    settable raw mask (boards/host.py: hw.input.mask); `sample(driver)` is called after
    every loop pass."""

    def __init__(self, boot, app, tick_ms=10, hold_ms=100, sample=None):
        self.boot = boot
        self.app = app
        self.screen = app.screen
        self.tick_ms = tick_ms
        self.step = tick_ms
        self.hold_ms = hold_ms
        self.sample = sample
        self.now = 0
        self.presses = 0
        self.masks = {}
        self._run(tick_ms, 0)

    def _run(self, ms, mask):
        step = app_mod.step
        boot = self.boot
        inp = boot.hw.input
        for _ in range(max(1, ms // self.tick_ms)):
            self.now += self.tick_ms
            inp.mask = mask
            step(boot, self.app, self.now)
            if self.sample is not None:
                self.sample(self)

    def key(self, key):
        if isinstance(key, str):
            key = keys.key_by_name(key)
        m = self.masks.get(key)
        if m is None:
            m = self.masks[key] = button_mask(self.boot.hw.board, key)
        self.presses += 1
        self._run(self.hold_ms, m)
        self._run(self.hold_ms, 0)

    def wait(self, ms):
        self._run(ms, 0)


class AutoPlayer:
    """Plays a whole game through the buttons: reads the screen model, presses keys.

    It never applies an action itself: every decision is cursor moves and OK presses.
    Which row or legal card it aims for comes from its own Prng, so runs vary by seed.
    `watch(player)` is called before every decision (captures use it)."""

    def __init__(self, d, game_name, options=None, players=None, seat_kinds=None, seed=1,
                 watch=None):
        self.d = d
        self.game = game_name
        self.options = options or {}
        self.players = players
        self.seat_kinds = seat_kinds
        self.rng = Prng(seed)
        self.watch = watch
        self.started = False

    def run(self, max_presses=20000):
        d = self.d
        a = d.app
        while d.presses < max_presses:
            if self.watch is not None:
                self.watch(self)
            st = a.state
            if st == app_mod.MENU:
                if self.started:
                    return True
                self.menu()
            elif st == app_mod.SETUP:
                self.setup()
            elif st == app_mod.RULES:
                d.key("OK")
            elif st == app_mod.TABLE:
                self.table()
            elif st in (app_mod.HAND_RESULT, app_mod.GAME_RESULT):
                d.key("OK")
            else:
                d.key("BACK")
        return False

    def menu(self):
        d = self.d
        m = d.app.menu
        view = d.app.menu_view
        if m.page == 0:
            want = [e.name for e in m.entries].index(self.game)
            while view.list.sel != want:
                d.key("DOWN")
            d.key("OK")
            return
        if m.entries[m.game].name != self.game:
            d.key("BACK")       # back from the last game's options page to the game list
            return
        for i in range(m.option_rows()):
            kind, opt = m.row_kind(i)
            want = None
            if kind == "option" and opt.key in self.options:
                want = self.options[opt.key]
            elif kind == "option" and opt.key == "players" and self.players:
                want = self.players
            elif kind == "players" and self.players:
                want = self.players
            if want is None:
                continue
            while view.list.sel != i:
                d.key("DOWN")
            if self._value(m, kind, opt) != want:
                d.key("OK")
                guard = 0
                while self._value(m, kind, opt) != want:
                    d.key("DOWN")
                    guard += 1
                    if guard > 200:
                        raise RuntimeError("cannot set %s to %r" % (kind, want))
                d.key("OK")
        while view.list.sel != m.option_rows() - 1:
            d.key("DOWN")
        d.key("OK")

    @staticmethod
    def _value(m, kind, opt):
        return m.values[opt.key] if kind == "option" else m.players

    def setup(self):
        d = self.d
        page = d.app.page
        plan = page.plan
        if self.seat_kinds:
            for i in range(page.rows()):
                kind, seat = page.row_kind(i)
                if kind != "seat" or seat not in self.seat_kinds:
                    continue
                while page.list.sel != i:
                    d.key("DOWN")
                guard = 0
                while plan.kinds[seat] != self.seat_kinds[seat]:
                    d.key("OK")
                    guard += 1
                    if guard > 20:
                        raise RuntimeError("no seat kind %r" % self.seat_kinds[seat])
        while page.row_kind(page.list.sel)[0] != "start":
            d.key("DOWN")
        self.started = True
        d.key("OK")
        if d.app.state == app_mod.SETUP:
            raise RuntimeError("the game did not start: %s" % page.status)

    def table(self):
        d = self.d
        t = d.app.table
        if getattr(t, "REALTIME", False):
            return self.realtime(t)
        if d.app.hold_until >= 0 or t.seat not in t.turn:
            d.wait(d.step)
            return
        if t.choices is not None:
            pos = [i for i in range(len(t.choices)) if t.choices[i][1] is not None]
            want = pos[self.rng.below(len(pos))]
            while t.list.sel != want:
                d.key("DOWN")
            d.key("OK")
            return
        if getattr(t, "exchange_need", 0):
            # one card per call, so that a watcher sees the selection grow
            pos = [i for i in range(len(t.hand)) if not (t.raised >> i) & 1]
            want = pos[self.rng.below(len(pos))]
            while t.cursor != want:
                d.key("DOWN")
            d.key("OK")
            return
        if t.card_mode:
            pos = [i for i in range(len(t.hand)) if t.card_action(t.hand[i]) in t.legal]
            want = pos[self.rng.below(len(pos))]
            while t.cursor != want:
                d.key("DOWN")
            d.key("OK")
            return
        d.wait(d.step)

    def realtime(self, t):
        d = self.d
        pos = t.playable_positions()
        if pos:
            want = pos[self.rng.below(len(pos))]
            while t.cursor != want:
                d.key("DOWN")
            d.key("OK")
            d.wait(400)
        elif t.may_spit():
            d.key("AUX")
            d.wait(100)
        else:
            d.wait(100)


# -- key screens --------------------------------------------------------------------------
# The set-up for each game's capture run: options, players, AI seat kinds.  The baseline
# bots (core/bots.py and the games' greedy bots) keep the golden images independent of
# the built-in AI, which keeps improving.
CAPTURE_GAMES = {
    "speedrun": ({"length": "short", "reveal": True}, None, {1: "greedy", 2: "random"}),
    "steppingstones": ({}, None, {1: "greedy", 2: "greedy"}),
    "reds": ({"short_game": True}, 4, {1: "greedy", 2: "greedy", 3: "random"}),
    "speed": ({}, None, None),
}


class Capture:
    """Watches an AutoPlayer and takes each key screen the first time it appears:
    set-up, rules, every kind of choice list, a trick in progress, the pause menu and the
    scoresheet (opened with the buttons), hand results, game results.  `shot(name)` is
    called with the screen showing it."""

    def __init__(self, game_name, shot):
        self.game = game_name
        self.shot = shot
        self.seen = {}

    def take(self, name):
        if name in self.seen:
            return False
        self.seen[name] = True
        self.shot(name)
        return True

    def __call__(self, player):
        d = player.d
        a = d.app
        st = a.state
        if st == app_mod.SETUP:
            self.take("setup")
        elif st == app_mod.RULES:
            self.take("rules")
        elif st == app_mod.HAND_RESULT:
            self.take("hand_result" if not a.realtime else "round_result")
        elif st == app_mod.GAME_RESULT:
            self.take("game_result")
        elif st == app_mod.TABLE:
            t = a.table
            if a.realtime:
                if a.game.now >= 4000:
                    self.take("table")      # (its pause and scoresheet: test_app_scoresheets)
                return
            if getattr(t, "draws", None) is not None:
                self.take("dealer_draw")        # Reds' first-dealer draws (R-8)
            if a.hold_until >= 0 or t.seat not in t.turn:
                return
            if getattr(t, "exchange_need", 0):
                if t.choices is not None:
                    self.take("exchange_confirm")
                elif t.raised_count() == t.exchange_need - 1:
                    self.take("exchange")
                return
            phase = a.game.observation(t.seat)["phase"]
            if t.choices is not None:
                self.take("choose_" + phase)
            elif t.card_mode and t.trick_count() >= 2:
                if self.take("table"):
                    self.pause_pages(d, t)

    def pause_pages(self, d, t):
        """Open the pause menu, shoot it, and the scoresheet if the game has one."""
        d.key("MENU")
        self.take("pause")
        if t.HAS_SHEET:
            d.key("DOWN")
            d.key("OK")
            self.take("sheet")
            d.key("OK")
        else:
            d.key("BACK")


def capture_run(screen, hints, game_name, shot, seed=1, **app_kw):
    """Play one game of `game_name` through the buttons, shooting its key screens."""
    opts, players, kinds = CAPTURE_GAMES[game_name]
    d = Driver(screen, hints, seed=seed, **app_kw)
    cap = Capture(game_name, shot)
    ok = AutoPlayer(d, game_name, opts, players, kinds, seed, cap).run()
    return d, cap, ok
