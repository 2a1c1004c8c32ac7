"""The app loop shared by the device and the simulator.

    inputs (logical key events) -> events -> game state (the engine) -> screen model
    -> renderer (core/ui screens draw into the 4-bit Screen) -> display (dirty rects)

App is driven from outside by two calls, so the device loop, the simulator and the
headless tests all run the same code with their own clock:
    feed(ev, now_ms)   one key event (core.ui.keys)
    tick(now_ms)       timers, AI thinking in slices, the Speed clock, spinners
and `screen` holds the picture; run(boot) below is the device's loop around them.
The app's other jobs are modules of their own, loaded when needed and importing nothing
of this one (core/loop.py says which way imports go): linked play (core/app_link.py),
the settings page (core/app_settings.py), continuing a saved game (core/app_resume.py),
the real-time table's rounds (core/app_realtime.py), and the way from the boot to a table
(core/app_start.py: making the App, the menu, seat set-up, dealing, the rules page), which
a game at its table does not keep loaded.

States: menu -> seat set-up -> rules page -> table (pause menu, scoresheet, rules) ->
hand / round results -> ... -> game results -> menu.

The table shows exactly one human seat (this unit's); the others are AI seats (sliced
when the AI offers start/step, with a spinner on the seat's box) or linked units
(core.seats).  Each AI card stays framed as "last played" and the AI waits `play_ms`
before its next decision, a finished trick stays on the table `trick_ms`, so a player can
follow every card.  `on_safe_point(game)` is called at the end of every trick and hand;
with a save store (App(store=...)) the game is saved there too (core.save.GameSaver) and
the save is removed when the game ends or is quit.  Speed (real time) runs in
core.games.speed.screen (core/app_realtime.py) and is saved at the end of every round;
each round's AI starts afresh,
seeded from the game and the round, so a game continued from its save plays on as it
would have.

Memory: the menu reads core.gameinfo only; a game's engine, table screen and AI are
imported when it starts and, with App(unload=True) (the device), dropped from
sys.modules when it ends, so the next game finds the heap as the menu left it.
"""
from micropython import const

from core.ui import keys
from core.loop import drop_modules, unload_except

MENU = const(0)
SETUP = const(1)
RULES = const(2)
TABLE = const(3)
PAUSE = const(4)
SHEET = const(5)
HAND_RESULT = const(6)
GAME_RESULT = const(7)
RESUME = const(8)
LOBBY = const(9)                # a linked game's lobby (core/app_link.py)
STATE_NAMES = ("menu", "setup", "rules", "table", "pause", "sheet", "hand_result", "game_result",
               "resume", "lobby")

AI_SLICE = const(150)        # work units per tick for a sliced AI

# What a table's event() reports.
TRICK_END = const(1)
HAND_END = const(2)
GAME_END = const(4)


def board_hints(board):
    """Button labels for hint lines from a board module (core/app_start.py)."""
    from core.app_start import board_hints
    return board_hints(board)


class App:
    def __init__(self, screen, *args, **kw):
        """App(screen, display=None, lut=None, hints=None, ...): core/app_start.py init()
        says what each argument is (its code is not needed once the app runs)."""
        from core.app_start import init
        init(self, screen, *args, **kw)

    # -- the outside interface ----------------------------------------------------------
    def feed(self, ev, now):
        self.now = now
        if ev < 0:
            return
        if self.linked is not None and self.linked.feed(ev):
            return
        st = self.state
        if st == MENU:
            r = self.menu_view.handle(ev)
            if r is not None and r[0] == "start":
                from core.app_start import to_setup
                to_setup(self, r[1], r[2], r[3])
            elif r is not None and r[0] == "link":
                from core.app_link import LinkPlay
                self.linked = LinkPlay(self, r[1], self.link_hw)
            elif r is not None:             # the settings page (core/app_settings.py)
                from core.app_settings import run
                run(self, r)
        elif st == SETUP:
            r = self.page.handle(ev)
            if r == "start":
                from core.app_start import start_game
                start_game(self)
            elif r == "back":
                self.end_game()
                self.to_menu()
        elif st == RULES:
            if self.page.handle(ev):
                if self.game is None:
                    self.to_menu()
                else:
                    self.to_table()
        elif st == TABLE:
            self.table_key(ev)
        elif st == PAUSE or st == SHEET:
            from core.ui.pause import pause_key
            sheet = pause_key(self, ev, st == SHEET)
            if self.state == st:        # still paused (not back at the table, rules...)
                self.state = SHEET if sheet else PAUSE
        elif st == HAND_RESULT:
            if self._ok_or_back(ev):
                if self.game.is_over():
                    self.to_game_result()
                else:
                    self.to_table()
        elif st == GAME_RESULT:
            if self._ok_or_back(ev):
                self.end_game()
                self.to_menu()
        elif st == RESUME:
            if self._ok_or_back(ev):
                if keys.key_of(ev) == keys.OK:
                    from core.app_resume import resume
                    resume(self)
                else:
                    self._forget_saved()
                    if self.store is not None:
                        from core.save import GAME_SAVE
                        self.store.discard(GAME_SAVE)
                    self.to_menu()

    def tick(self, now):
        self.now = now
        if self.store is not None:
            self.store.poll()               # a save the link held back
        if self.linked is not None and self.linked.tick(now):
            return
        if self.state == TABLE:
            if self.realtime:
                r = self.table.tick(now)
                if r is not None:
                    from core.app_realtime import result
                    result(self, r)
            else:
                self.table_tick(now)

    def show(self):
        """Send what changed to the display (the device and the simulator call this)."""
        if self.display is not None:
            self.display.show(self.screen, self.lut)

    @staticmethod
    def _ok_or_back(ev):
        k = keys.key_of(ev)
        return keys.kind_of(ev) == keys.PRESS and (k == keys.OK or k == keys.BACK)

    # -- states ---------------------------------------------------------------------------
    def to_menu(self):
        self.state = MENU
        self.page = None
        if self.menu is None:
            from core.app_start import make_menu
            make_menu(self)
        self.menu_view._page = -1
        self.menu_view.draw()

    def _forget_saved(self):
        """No saved game to continue: it goes, and with App(unload=True) the modules
        reading it imported (a save read at boot, of a game not played now)."""
        self.saved = None
        if self._resident is not None:
            unload_except(self._resident)

    def _begin(self, game, seed):
        """Seat the players at `game` and build its table (core/app_start.py)."""
        from core.app_start import begin
        begin(self, game, seed)

    def open_rules(self):
        from core.app_start import open_rules
        open_rules(self)

    def to_table(self):
        self.state = TABLE
        self.page = None
        if self.unload:
            # imported again if asked for
            drop_modules(("core.ui.rules_page", "core.games.%s.page" % self.game_name,
                          "core.registry", "core.ui.sheets", "core.ui.pause",
                          "core.app_start", "core.gameinfo"))
        t = self.table
        if self.realtime:
            t.resume(self.now)
            return
        if self.hold_until < 0:
            ms = t.intro(self.trick_ms)     # once, at the start: held like a finished trick
            if ms:
                self.hold_until = self.now + ms
                self.hold_flags = 0
            self.refresh()
        t.full_draw()

    def end_game(self):
        if self.saver is not None:
            self.saves += self.saver.saves
            self.saver.finish()             # over or quit: nothing to continue
            self.saver = None
        self.game = None
        self.table = None
        self.players = None
        self.hand_events = []
        self.page = None
        if self._resident is not None:
            unload_except(self._resident)

    def to_game_result(self):
        self._show_results(self.table.game_summary(self.game.result()), 1, "back to menu")
        self.state = GAME_RESULT

    def to_hand_result(self):
        obs = self.game.observation(self.human)
        summary = self.table.hand_summary(self.hand_events, obs)
        self.hand_events = []
        more = "results" if self.game.is_over() else "next " + getattr(self.table, "HAND_WORD", "hand")
        self._show_results(summary, 0, more)
        self.state = HAND_RESULT

    def _show_results(self, summary, name_column, ok_action):
        """Draw a results page, our row highlighted (the one whose `name_column` holds our
        name).  core.ui.results is dropped again once the page is drawn: it stays on the
        screen, and the module would otherwise stay loaded for the rest of the game."""
        from core.ui import results
        title, header, rows, footer = summary
        hl = -1
        for i in range(len(rows)):
            if rows[i][name_column] == self.names[self.human]:
                hl = i
        results.draw_table(self.screen, title, header, rows, footer,
                           "%s:%s" % (self.hints["ok"], ok_action), hl)
        # and the engine's end-of-game result code, loaded for the page (or the last save)
        drop_modules(("core.ui.results", "core.games.%s.result" % self.game_name))

    # -- the pause menu (core/ui/pause.py: loaded while it shows) -------------------------
    def open_pause(self):
        from core.ui.pause import open_pause
        open_pause(self)
        self.state = PAUSE

    # -- the turn-based table -------------------------------------------------------------
    def _event_total(self):
        g = self.game
        return getattr(g, "events_dropped", 0) + len(g.events)

    def refresh(self):
        g = self.game
        turn = g.to_move()
        if self.linked is not None:
            turn = self.linked.shown_turn(turn)     # not while the link has our decision
        self.table.update(g.observation(self.human), turn)

    def table_key(self, ev, on_act=None, on_acts=None):
        """A key at the table.  The human's chosen action(s) go to `on_act` / `on_acts`:
        applied here by default; a linked game sends them to the link instead."""
        t = self.table
        if self.realtime:
            r = t.handle(ev, self.now)
            if r == "pause":
                self.open_pause()
            return
        from core.ui.table_common import ACT, ACTS, PAUSE as T_PAUSE, REFUSED
        r = t.handle(ev)
        if r is None:
            return
        kind, payload = r
        if kind == T_PAUSE:
            self.open_pause()
        elif self.hold_until >= 0:
            return                       # the finished trick is still on show
        elif kind == ACT:
            (on_act or self._act_here)(payload)
        elif kind == ACTS:
            (on_acts or self._acts_here)(payload)
        elif kind == REFUSED:           # the player's words; check() has the engine's
            t.flash(self.game.refusal(self.human, payload) or "Not now", self.now)

    def _act_here(self, action):
        self.apply(self.human, action)

    def _acts_here(self, actions):
        for a in actions:
            if self.game.is_over() or self.human not in self.game.to_move():
                break
            self.apply(self.human, a)

    def apply(self, seat, action):
        """Apply one action; follow its public events on the table; hold finished tricks."""
        g = self.game
        g.apply(seat, action)
        t = self.table
        dropped = getattr(g, "events_dropped", 0)
        end = dropped + len(g.events)
        flags = 0
        for i in range(max(self.events_seen, dropped), end):
            ev = g.events[i - dropped]
            if ev[0] in t.SUMMARY_EVENTS:
                self.hand_events.append(ev)
            flags |= t.event(ev)
        self.events_seen = end
        if self.saver is not None:
            self.saver.after_action()       # saves when a trick or hand just ended
        if flags & (TRICK_END | HAND_END) and self.on_safe_point is not None:
            self.on_safe_point(g)
        if flags & (TRICK_END | HAND_END) and g.FORGET_SHOWN_EVENTS:
            forget_shown_events(g)
        if flags & (TRICK_END | HAND_END | GAME_END):
            # Keep the finished trick on the table; the new state shows after the hold.
            t.remove_from_hand(seat, action)
            t.draw()
            self.hold_until = self.now + self.trick_ms
            self.hold_flags = flags
        else:
            self.refresh()
        self.thinking = -1

    def table_tick(self, now):
        t = self.table
        if self.hold_until >= 0:
            t.tick(now, -1)
            if now - self.hold_until < 0:
                return
            self.hold_until = -1
            t.clear_trick()
            if self.hold_flags & (HAND_END | GAME_END):
                self.to_hand_result()
                return
            self.refresh()
            return
        g = self.game
        if g.is_over():
            return
        movers = g.to_move()
        seat = self.thinking
        if seat < 0:
            if now - self.next_ai < 0:
                t.tick(now, -1)
                return
            for s in movers:
                if self.players[s] is not None:
                    seat = s
                    break
            if seat < 0:
                t.tick(now, -1)
                return
            p = self.players[seat]
            obs = g.observation(seat)
            self.think_started = now
            self.thinking = seat
            if hasattr(p, "start"):
                p.start(obs)
                self.decided = None
            else:
                self.decided = p.choose(obs)
        p = self.players[seat]
        t.tick(now, seat)
        if self.decided is None:
            self.decided = p.step(AI_SLICE)
        if self.decided is None or now - self.think_started < self.think_ms:
            return
        a = self.decided
        self.decided = None
        self.apply(seat, a)
        self.next_ai = now + self.play_ms

    def to_realtime_result(self, over):
        self._show_results(self.table.round_summary(), 0, "results" if over else "next round")
        self.state = HAND_RESULT


def forget_shown_events(g):
    """Drop the events of a finished trick or hand (Speed Run's, Reds';
    Game.FORGET_SHOWN_EVENTS): the table has shown them, the saver has looked for its safe
    point, and the hand's summary is in App.hand_events.  Kept, a hand's events grow to
    ~1.5 KB of tuples (Speed Run) and a game's to 2 KB of chunks (Reds 4p) at the table's
    heap peak in a hand's last tricks (docs/memory.md).  `events_dropped` counts them, as
    Speed's own trimming does, for the readers that index the log (App.apply and
    GameSaver).  A resumed or rejoined game is replayed with every event
    (app_resume.hand_so_far reads them); a linked game's own copy (core/link/lockstep.py
    hashes its events) is not this one.  Records hold actions, not events: nothing is lost."""
    n = len(g.events)
    g.events.clear()
    g.events_dropped = getattr(g, "events_dropped", 0) + n


# -- the device loop: buttons -> app -> link -> display ------------------------------------
def make_app(boot, seed=None, link=True, **app_kw):
    """The device's App from a Boot (core/app_start.py make_app says how)."""
    from core.app_start import make_app
    return make_app(App, boot, seed, link, app_kw)


def step(boot, app, now):
    """One pass of the device loop: buttons -> app -> link -> display."""
    hw = boot.hw
    hw.poll(now)
    ev = hw.buttons.get()
    while ev >= 0:
        app.feed(ev, now)
        ev = hw.buttons.get()
    app.tick(now)
    if boot.link is not None:
        boot.link.poll()
    app.show()


def guarded_step(boot, now, seed=None):
    """step() on boot.app, but what escapes a pass (a MemoryError on a full heap, or a
    bug) does not end the device loop: boot.app is dropped (its memory with it, since the
    loop keeps the app only there), core.ui.crash says what happened, and the next button
    press starts the app again from the last save (core.ui.crash.start_again).  boot.app
    is None while the crash page is up."""
    app = boot.app
    if app is not None:
        try:
            step(boot, app, now)
            return
        except Exception as exc:     # noqa: BLE001 (the device must not freeze)
            boot.resident = app._resident   # what restart() keeps of sys.modules
            linked = app.linked is not None and app.game is not None
            app = boot.app = None
            import gc
            gc.collect()                # the app's heap first: the crash page loads now
            from core.ui.crash import crashed
            crashed(boot, exc, linked)
            return
    from core.ui.crash import start_again      # the crash page is up: a press leaves it
    start_again(boot, now, seed, make_app)


def run(boot, seed=None):
    """The device loop: buttons -> app -> display, about every 10 ms; never returns.

    `boot` is a Boot from core/boot.py: boot.hw is the board's Hardware (boards/hardware.py:
    display, lut, buttons, poll(now), open_link()), boot.screen the screen buffer
    allocated at boot, boot.store the save store."""
    from core.clock import ticks_ms
    boot.app = make_app(boot, seed)     # the loop holds the app only here (guarded_step)
    try:
        import time
        sleep = time.sleep_ms
    except AttributeError:
        sleep = None
    while True:
        guarded_step(boot, ticks_ms(), seed)
        if sleep is not None:
            sleep(5)
