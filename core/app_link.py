"""Linked play from the app's own menu: host or join, the lobby, the table kept in step by
the link, the pause panel, and the link stack dropped again when the game ends.

core/app.py creates a LinkPlay when the menu returns ("link", "host") or ("link",
"join") and hands it every key first (`feed(ev)` -> True when it took the key) and every
tick (`tick(now)` -> True when the table must not run this tick: the game is paused).
Nothing of the link stack is imported before that: an app nobody links costs no heap for
it (docs/memory.md).  When the linked game ends (results -> menu, "Quit game", BACK in
the lobby) `close()` leaves the session and forgets the LinkUnit; App(unload=True) then
drops the link modules from sys.modules with the game's.

Flow
  host:  menu (the games list, then the game's options) -> seat set-up (the host plays
         seat 1; every other seat is "linked unit" or an AI level, which the host's
         SeatAI plays) -> lobby (the host's options and the seats, shown on every unit)
         -> rules -> table
  join:  lobby (games heard; OK joins) -> room ("waiting for the host to start") ->
         rules -> table.  A unit switched off and on during a game: "Join a linked game"
         hears the host's announcement with its own node in the seats, the stack rejoins
         (session rejoin + the host's log) and the app goes straight back to the table,
         the actions so far replayed into its game.  A choice its player had sealed
         before the power went is opened again from the unit's flash secret (the boot
         made it; core/link/lockstep.py) and shown as made: the player is not asked again.
         The host switched off and on: "Join a linked game" hears the session announced
         for it by a guest, with its own node as the host; the stack rejoins as host
         (the log from that guest), the app makes its AI seats again (the level the
         session kept in its tag, the seed from the session id, as at the start) and
         opens the table once the game is rebuilt; it hosts on.

At the table the app's game is a copy replayed from LinkProvider.next_action() (Speed
shares the unit's game: the host's arbiter is the one clock); this unit's human seat is
provider.my_seat(), every other seat's player is provider.seat_player(seat); the human's
decision goes to provider.submit() and shows when the link has agreed on it.
"""
from micropython import const

from core.ui import keys
from core.loop import drop_modules

LOBBY_STATE = const(9)          # core.app.LOBBY
_PICK = const(0)                # host: choosing the game and its options in the menu
_SETUP = const(1)               # host: the seat set-up page
_LOBBY = const(2)
_GAME = const(3)
# AI levels as the session's tag (index + 1), so that a restarted host gets its level back
_LEVELS = ("default", "easy", "hard", "reference", "greedy", "random", "casual", "club",
           "quick", "expert")




class PortLink:
    """The board's link ports (hw.open_link(): UART-like write(buf) / readinto(buf)) as
    the writers of a LinkUnit, and pump() moving received bytes into it."""

    def __init__(self, hw):
        ports = hw.open_link() if hasattr(hw, "open_link") else []
        if not ports:
            ports = [None, None]        # no cables on this board: both ports unplugged
        self.ports = ports
        self.buf = bytearray(64)

    def writers(self):
        out = []
        for p in self.ports:
            out.append(_writer(p))
        return out

    def pump(self, unit):
        buf = self.buf
        for i in range(len(self.ports)):
            p = self.ports[i]
            if p is None:
                continue
            n = p.readinto(buf)
            while n:
                unit.receive(i, buf, 0, n)
                n = p.readinto(buf)


def _writer(port):
    if port is None:
        def drop(buf, n):
            return n
        return drop

    def write(buf, n):
        return port.write(memoryview(buf)[:n])
    return write


class _Arbiter:
    """Speed's table submits the human's plays here instead of its own arbiter: they go
    to the host's arbiter over the link.  On a guest they are shown at once
    (`pending(seat)`, `rev()` counts its changes) and taken back if the host refuses them
    (LinkPlay._follow calls the table's take_back)."""

    def __init__(self, provider):
        self.provider = provider

    def submit(self, t, seat, action, round_no):
        return self.provider.submit(seat, action)

    def rev(self):
        return self.provider.unit.lockstep.tentative_rev

    def pending(self, seat):
        return self.provider.unit.lockstep.pending(seat)


class LinkPlay:
    def __init__(self, app, mode, hw):
        from core.link.unit import LinkUnit
        self.app = app
        self.mode = mode
        self.ports = PortLink(hw)
        node = hw.node_id() if hasattr(hw, "node_id") else 1
        entropy = hw.entropy if hasattr(hw, "entropy") else None
        secret = None
        if app.store is not None:       # made at boot (core.boot.link_secret); read only
            from core.boot import load_link_secret
            secret = load_link_secret(app.store)
        self.unit = LinkUnit(node, self.ports.writers(), entropy, self._clock, secret=secret)
        self.lobby = self.view = None
        self.provider = None
        self.status = self.status_view = None
        self.panel_on = False
        self.queue = []                 # the human's decisions still to submit (Reds' exchange)
        self.reports_seen = 0
        self.link_seats = ()
        self.level = None
        self.store_busy = None
        st = app.store
        if st is not None:
            self.store_busy = st.link_busy
            st.link_busy = self.busy    # no flash writes while a session is open
        if mode == "host":
            self.phase = _PICK
            app.link = self             # the seat set-up offers "linked unit"
            app.menu.status = "host: choose the game"
            app.menu_view.draw()
        else:
            self.phase = _LOBBY
            self._open_lobby()
            self.lobby.browse()
            self.view.draw()

    def _ready(self, now):
        """A unit that rejoined a game in progress waits (up to 3 s) for the host's log,
        so that its table opens where the game is."""
        ls = self.unit.lockstep
        if ls is None:
            return False
        if ls.rebuilding():
            return False                # a restarted host: until the game is rebuilt
        if ls.resyncs == 0 or ls.n() > 0:     # (Speed: from a round start, maybe none yet)
            return True
        if self._wait_from is None:
            self._wait_from = now
        return now - self._wait_from >= 3000

    _wait_from = None

    def _clock(self):
        return self.app.now

    def busy(self):
        return self.unit.session.sid != 0

    # -- the seat set-up (host) -----------------------------------------------------------
    def setup(self, plan):
        """core.app_start.to_setup built the plan: the host plays seat 1, the others default to
        linked units (LinkUnit's session seats the host first, joiners on free seats)."""
        from core.seats import LINK
        self.phase = _SETUP
        plan.set_human(0)
        for s in range(1, plan.n):
            plan.kinds[s] = LINK

    def _host(self):
        from core.seats import HUMAN, LINK
        from core.link.players import SeatAI
        app = self.app
        plan = app.plan
        self.link_seats = [s for s in range(plan.n) if plan.kinds[s] == LINK]
        if not self.link_seats:
            app.page.status = "choose a linked unit for one seat"
            app.page.draw()
            return
        level = None
        for k in plan.kinds:
            if k != HUMAN and k != LINK:
                level = k
                break
        name = app.game_name
        opts = dict(app.options)
        try:
            self.unit.ai = SeatAI(name, level or "default", app.seed, self._clock)
            self._open_lobby()
            self.lobby.host(name, opts, plan.n)
            s = self.unit.session
            # a host that restarts makes the same AI again from what the session keeps
            self.unit.ai.seed = s.sid
            lv = level or "default"
            s.tag = _LEVELS.index(lv) + 1 if lv in _LEVELS else 0
        except ValueError as exc:
            app.page.status = str(exc)
            app.page.draw()
            return
        app.page = app.plan = None
        self.phase = _LOBBY
        self.view.draw()

    def _host_ai(self):
        """A restarted host's AI seats, made as at the start: the level from the
        session's tag, the seed from its id (the same decisions)."""
        from core.link.players import SeatAI
        s = self.unit.session
        t = s.tag
        level = _LEVELS[t - 1] if 0 < t <= len(_LEVELS) else "default"
        self.unit.ai = self.unit.lockstep.ai = SeatAI(s.name, level, s.sid, self._clock)

    def _open_lobby(self):
        from core.ui.lobby import Lobby, LobbyView
        app = self.app
        self.lobby = Lobby(self.unit)
        self.view = LobbyView(app.screen, self.lobby, app.hints)
        app.state = LOBBY_STATE
        app.page = None

    def _place_units(self):
        """Host, in the lobby: units sit on the seats set to "linked unit"; a unit that
        finds none left gets no seat (the session seats joiners on the first free seat)."""
        s = self.unit.session
        if not s.is_host() or s.phase != 0:
            return False
        me = self.unit.node_id
        seats = s.seats
        changed = False
        for i in range(len(seats)):
            who = seats[i]
            if who == 0 or who == me or i in self.link_seats:
                continue
            seats[i] = 0
            for j in self.link_seats:
                if seats[j] == 0:
                    seats[j] = who
                    break
            changed = True
        if changed:
            s.announce(True)
        return changed

    # -- the app's hooks ------------------------------------------------------------------
    def feed(self, ev):
        """Keys for the link's pages; True when taken (the app does nothing more)."""
        app = self.app
        st = app.state
        if self.phase == _PICK and st == 0:
            m = app.menu
            if (m.page == 0 and keys.key_of(ev) == keys.BACK and
                    keys.kind_of(ev) == keys.PRESS):
                self.close()
                m.status = ""
                app.menu_view.draw()
                return True
            return False
        if self.phase == _SETUP and st == 1:
            r = app.page.handle(ev)
            if app.plan is not None and app.plan.human != 0:
                app.plan.set_human(0)
                app.page.status = "the host plays seat 1"
                app.page.draw()
            if r == "start":
                self._host()
            elif r == "back":
                app.end_game()
                app.to_menu()
                self.phase = _PICK
                app.menu.status = "host: choose the game"
                app.menu_view.draw()
            return True
        if st == LOBBY_STATE:
            r = self.view.handle(ev)
            if r == "back":
                self.close()
                app.to_menu()
            elif (r == "start" or self.lobby.started()) and self._ready(app.now):
                self._enter_table()
            return True
        if self.phase != _GAME or st != 3:
            return False
        if self.panel_on:
            r = self.status_view.handle(ev)
            if r == "handed":
                self._panel_off()
            return True
        self._table_key(ev)
        return True

    def _table_key(self, ev):
        self.app.table_key(ev, self._submit, self._submit_all)

    def _submit_all(self, actions):
        """Several actions chosen at once (Reds' exchange): sent one at a time."""
        self.queue = list(actions)
        self._submit(self.queue.pop(0))

    def _submit(self, action):
        """The human's decision to the link; the table stops offering a move until the
        link has agreed on it (then the app applies it, in the link's order)."""
        app = self.app
        why = self.provider.submit(app.human, action)
        if why is not None:
            self.queue = []
            # the game's refusal in the player's words; else the link's own reason
            app.table.flash(app.game.refusal(app.human, action) or why, app.now)
            return
        app.refresh()                   # the human's turn is off until the link agrees

    def shown_turn(self, turn):
        """App.refresh: the seats the table shows to move.  Not this unit's human while
        the link holds a decision of theirs that the app has not applied yet (a card sent,
        a sealed choice, the rest of a multi-card exchange): they could choose again."""
        me = self.app.human
        if me not in turn or self.provider is None:
            return turn
        ls = self.unit.lockstep
        sent = bool(self.queue) or ls.decided(me)
        h = ls.game.history
        for i in range(self.provider.cursor, len(h)):
            if h[i][0] == me:
                sent = True
                break
        if not sent:
            return turn
        return tuple([s for s in turn if s != me])

    def tick(self, now):
        """Every loop pass: the link, then the page; True: skip the app's table tick."""
        u = self.unit
        self.ports.pump(u)
        u.poll()
        if u.ai is None and u.lockstep is not None and u.session.is_host():
            self._host_ai()             # this unit restarted and rejoined as the host
        app = self.app
        st = app.state
        if st == LOBBY_STATE:
            if self.lobby.refresh() or self._place_units():
                self.lobby.refresh()
                self.view.draw()
            if self.lobby.started() and self._ready(now):
                self._enter_table()
            return True
        if self.phase == _PICK or self.phase == _SETUP:
            if st == 0 and app.menu is not None and self.phase == _SETUP:
                self.phase = _PICK
            return False
        if self.phase != _GAME:
            return False
        if app.game is None:            # results -> menu, or "Quit game"
            self.close()
            return False
        changed = self.status.refresh()
        if st != 3:
            self.panel_on = False
            return False
        if self.status.state != 0:      # paused, or the host's "hand the seat to the AI?"
            if changed or not self.panel_on:
                self.status_view.draw()
                self.panel_on = True
            if app.realtime:
                app.table.pause(now)
            return True
        if self.panel_on:
            self._panel_off()
        self._follow(now)
        return False

    def _panel_off(self):
        self.panel_on = False
        self.app.to_table()             # redraws the table where it was

    def _follow(self, now):
        """Reports and Speed's cue on the table; the human's own agreed actions applied;
        the rest of a multi-card decision submitted when its round comes."""
        app = self.app
        t = app.table
        st = self.provider.status()
        reps = self.unit.session.reports
        if len(reps) != self.reports_seen or (reps and st["reports"][-1:] != self._last_rep):
            self.reports_seen = len(reps)
            self._last_rep = st["reports"][-1:]
            if reps:
                t.flash(reps[-1], now)
        if app.realtime:
            self._follow_speed(now)
            return
        if app.hold_until >= 0:
            return
        if self._note_own():
            app.refresh()
        p = self.provider
        nxt = p.peek()
        busy = app.thinking >= 0 and app.decided is not None    # an earlier seat's action
        if nxt is not None and not busy and not app.game.is_over() and (
                nxt[0] == app.human or (app.thinking >= 0 and app.thinking != nxt[0])):
            # ours, or another seat's while the app waits on a seat the link has not
            # reached (a simultaneous round with 3+ units is applied in seat order)
            p.next_action()
            app.apply(nxt[0], nxt[1])
            return
        if self.queue:
            g = p.game
            me = app.human
            ls = self.unit.lockstep
            if (nxt is None and me in g.to_move() and not ls.decided(me) and
                    me in app.game.to_move()):
                self._submit(self.queue.pop(0))

    _last_rep = None

    def _note_own(self):
        """A choice of our player's kept sealed until the rules reveal it (Reds' hidden
        bids): the unit holds it, the app's game shows it to our seat (note_sealed).
        True when the table has something new to show."""
        note = getattr(self.app.game, "note_sealed", None)
        if note is None:
            return False
        a = self.unit.lockstep.own_sealed(self.app.human, self.app.game)
        return a is not None and note(self.app.human, a)

    def _follow_speed(self, now):
        """Speed: the table plays the unit's own game; the guest's plays the host refused
        are taken back on the table, with the cue.  A round starts only when every unit
        is ready: this unit's player is, at the table (after the rules or the round's
        results); until the host's go and the countdown the table is held."""
        app = self.app
        t = app.table
        ls = self.unit.lockstep
        if ls.game is not app.game:         # rebuilt from the host's log
            app.game = t.game = ls.game
            t.full_draw()
        g = app.game
        if t.round_seen == g.round_no:      # else the round just ended: its results first
            if not g.is_over():
                ls.ready(g.round_no)
            left = ls.round_gate()
            if left < 0:
                t.hold("", 0, now)
            elif left == 0:
                names = [app.names[s] for s in ls.waiting_seats()]
                t.hold(" and ".join(names) or "the other players", 0, now)
            else:
                c = self.count_ms
                t.hold("", (left * 3 + c - 1) // c, now)    # 3, 2, 1
        taken = ls.taken
        while taken:
            seat, action, why = taken.pop(0)
            if seat == app.human:
                t.take_back(action, why, now)

    # -- the game -------------------------------------------------------------------------
    def _enter_table(self):
        from core.link.players import LinkProvider
        from core.seats import HUMAN, LINK, SeatPlan
        from core.ui.link_status import LinkStatus, LinkStatusView
        app = self.app
        u = self.unit
        p = self.provider = LinkProvider(u)
        me = p.my_seat()
        ug = u.game
        name = ug.NAME
        n = len(u.session.seats)
        timed = getattr(ug, "apply_at", None) is not None
        if timed:
            game = ug                   # Speed: the host's arbiter keeps the one clock
            p.cursor = 1 << 29
        else:
            game = ug.__class__(ug.options, ug.seed)
            nxt = p.next_action()       # a rejoining unit: the game so far, at once
            while nxt is not None:
                game.apply(nxt[0], nxt[1])
                nxt = p.next_action()
        # Speed rebuilt from a round start holds that round's actions only
        rejoin = getattr(game, "actions_dropped", 0) + len(game.history) > 0
        plan = SeatPlan(name, n, (n,), p)
        for s in range(n):
            plan.kinds[s] = LINK
        plan.human = me
        plan.kinds[me] = HUMAN
        app.plan = plan
        app.link = p
        app.game_name = name
        self.lobby = self.view = None
        app._begin(game, ug.seed)
        app.saver = None                # a linked game is not saved (nor resumed alone)
        if timed:
            t = app.table
            t.bot = None                # the other seat plays on its own unit
            t.arbiter = _Arbiter(p)
            from core.link.lockstep import COUNT_MS
            t.gated = True              # every round waits until every player is ready
            t.held = ("", 0)
            self.count_ms = COUNT_MS
            u.lockstep.use_ready_gate()
        self.status = LinkStatus(u, app.names)     # "Ben's unit" in the reasons
        self.status_view = LinkStatusView(app.screen, self.status, app.hints)
        self.panel_on = False
        self.phase = _GAME
        self.reports_seen = len(u.session.reports)
        if rejoin:
            from core.app_resume import hand_so_far
            app.hand_events = hand_so_far(app)
            drop_modules(("core.app_resume",))
            app.to_table()
        else:
            app.open_rules()

    def close(self):
        """Leave the session and let the link stack go (App(unload=True) drops its
        modules with the game's)."""
        app = self.app
        s = self.unit.session
        if s.sid:
            s.leave()
            self.unit.poll()            # the LEAVE goes out now
            self.ports.pump(self.unit)
        if app.store is not None:
            app.store.link_busy = self.store_busy
        if app.link is self or app.link is self.provider:
            app.link = None
        if app.linked is self:
            app.linked = None
        self.unit = self.provider = self.lobby = self.view = None
        self.status = self.status_view = None
        if app._resident is not None and app.game is None:
            from core.loop import unload_except
            unload_except(app._resident)
