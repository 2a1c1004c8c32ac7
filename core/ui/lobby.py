"""The link lobby: host a game, see the games other units host, join, see the seats and the
host's options before the start (the UI side of core/link/session.py).

`Lobby(unit)` is the screen model, `LobbyView(screen, lobby, hints)` draws it.  Pages:

    BROWSE   games heard on the link (title, seats taken, host unit); OK joins one.  A
             game whose host runs other versions (docs/link.md, "Versions") is listed
             as "update" and cannot be joined; the status says which unit needs a
             firmware update
    ROOM     the game this unit hosts or joined: the host's options, then every seat
             (this unit's human, another unit's human, or the AI the host runs); the host
             starts with OK once at least one other unit has joined
    SEEDING  "agreeing on a fair shuffle" until the seed is agreed (commit-reveal)

The app (core/app.py) drives it like the menu:
    lobby = Lobby(unit); lobby.host(name, options, n_seats)   # "Host a linked game"
    lobby = Lobby(unit); lobby.browse()                        # "Join a linked game"
    view = LobbyView(screen, lobby, hints)
    each key:  r = view.handle(ev)       each tick:  if lobby.refresh(): view.draw()
    r == "back": leave the lobby (the unit left the session);  r == "start" or
    lobby.started(): the game began on every unit: play it with
    core.link.players.LinkProvider(unit) (seat_player / next_action / submit).
"""
from micropython import const

from core.gameinfo import TITLES
from core.link.messages import R_GUEST_OLDER, R_HOST_OLDER
from core.ui import keys, text
from core.ui.link_status import wrap
from core.ui.palette import FELT, FELT_DARK, ORANGE, TEXT, ACCENT
from core.ui.widgets import ListView, title_bar, hint_line, value_text

BROWSE = const(0)
ROOM = const(1)
SEEDING = const(2)
STARTED = const(3)
_STATUS_LINES = const(3)


def update_text(reason, who="the host's unit"):
    """Which side needs a firmware update (a REFUSE reason or a lobby entry's)."""
    if reason == R_GUEST_OLDER:
        return "this unit needs a firmware update"
    if reason == R_HOST_OLDER:
        return "%s needs a firmware update" % who
    return "that game is full or already playing"


def refused_text(unit, reason):
    """The host's room: why a unit was not seated."""
    if reason == R_GUEST_OLDER:
        return "Unit %d needs a firmware update" % unit
    if reason == R_HOST_OLDER:
        return "Unit %d has newer firmware: this unit needs an update" % unit
    return "Unit %d could not join: no free seat" % unit


class Lobby:
    """Screen model of the lobby of one LinkUnit (core/link/unit.py)."""

    def __init__(self, unit):
        self.unit = unit
        self.page = BROWSE
        self.status = ""
        self._games = []        # browse page: (sid, name, options, seats, phase)
        self._updates = []      # browse page: (sid, name, host, reason), not joinable
        self._note = ""         # browse page: why this unit is back on it (a REFUSE)
        self._sig = None

    # -- what the app calls ---------------------------------------------------------------
    def host(self, name, options, n_seats):
        self.unit.host_game(name, options, n_seats)
        self.page = ROOM
        self.refresh()

    def browse(self):
        self.page = BROWSE
        self.refresh()

    def started(self):
        return self.page == STARTED

    def title(self):
        s = self.unit.session
        if self.page == BROWSE:
            return "Linked games"
        name = TITLES.get(s.name, s.name) if s.name else "Lobby"
        return name

    # -- rows -----------------------------------------------------------------------------
    def n_rows(self):
        if self.page == BROWSE:
            return len(self._games) + len(self._updates)
        s = self.unit.session
        if s.cls is None:
            return 0
        return len(s.cls.OPTIONS) + len(s.seats) + 1

    def _seat_text(self, seat):
        s = self.unit.session
        who = s.seats[seat]
        if who == self.unit.node_id:
            owner = "You"
        elif who == 0:
            owner = "AI (host)"
        else:
            owner = "Unit %d" % who
        return "Seat %d" % (seat + 1), owner

    def row_label(self, i):
        """(text, value, enabled) for ListView."""
        if self.page == BROWSE:
            if i >= len(self._games):
                sid, name, host, reason = self._updates[i - len(self._games)]
                return ("%s  host %d" % (TITLES.get(name, name) if name else "Linked game", host),
                        "update", False)
            sid, name, options, seats, phase = self._games[i]
            taken = len([x for x in seats if x != 0])
            open_ = phase == "lobby" and 0 in seats
            return ("%s  host %d" % (TITLES.get(name, name), seats[0]),
                    "%d/%d" % (taken, len(seats)) if open_ else phase, open_)
        s = self.unit.session
        n_opt = len(s.cls.OPTIONS)
        if i < n_opt:
            o = s.cls.OPTIONS[i]
            return (o.label, value_text(o, s.options[o.key]), False)
        if i == n_opt:
            ai = s.seats.count(0)
            return ("Seats", "%d unit%s, %d AI" % (len(s.seats) - ai,
                                                   "s" if len(s.seats) - ai != 1 else "", ai),
                    False)
        label, owner = self._seat_text(i - n_opt - 1)
        return (label, owner, s.seats[i - n_opt - 1] == self.unit.node_id)

    def first_seat_row(self):
        s = self.unit.session
        return len(s.cls.OPTIONS) + 1 if s.cls is not None else 0

    # -- state ----------------------------------------------------------------------------
    def refresh(self):
        """Follow the link; True when something on the page changed."""
        u = self.unit
        s = u.session
        if self.page == BROWSE and s.sid != 0:
            self.page = ROOM            # a restarted unit's session rejoined its game
        problem = u.link_problem()
        if self.page == BROWSE:
            self._games = sorted(u.lobby(), key=lambda g: g[0])
            self._updates = sorted(u.lobby_updates(), key=lambda g: g[0])
            sig = (tuple([(g[0], g[1], tuple(g[3]), g[4]) for g in self._games]),
                   tuple(self._updates), problem, self._note)
            if self._note:
                self.status = self._note
            elif self._updates:
                self.status = update_text(self._updates[0][3])
            elif problem:
                self.status = problem
            else:
                self.status = "" if self._games else "listening for linked games..."
        else:
            if s.sid == 0:
                self.page = BROWSE
                r = s.refusal
                self._note = update_text(r[1]) if r is not None else ""
                return self.refresh() or True
            if s.phase == 2 and u.game is not None:
                self.page = STARTED
            elif s.phase == 1:
                self.page = SEEDING
            refused = sorted(s.refused.items()) if s.is_host() else []
            securing = self.page == ROOM and u.securing()
            sig = (self.page, tuple(s.seats), s.phase, tuple(refused), problem, securing)
            if securing:
                # keys (core/link/secure.py); a cabling problem says more
                self.status = problem or "securing the link..."
            elif self.page == ROOM:
                others = len([x for x in s.participants() if x != u.node_id])
                free = s.seats.count(0)
                if s.is_host():
                    if others == 0:
                        self.status = "waiting for units to join"
                    else:
                        self.status = "%d unit%s joined, %d AI seat%s" % (
                            others, "s" if others > 1 else "", free, "s" if free != 1 else "")
                    if refused:
                        self.status = "%s; %s" % (refused_text(refused[-1][0], refused[-1][1]),
                                                  self.status)
                else:
                    self.status = "waiting for the host to start"
                if problem:
                    self.status = problem
            elif self.page == SEEDING:
                self.status = "agreeing on a fair shuffle"
            else:
                self.status = "the game begins"
        changed = sig != self._sig
        self._sig = sig
        return changed

    def can_start(self):
        s = self.unit.session
        return (self.page == ROOM and s.is_host() and s.phase == 0
                and len(s.participants()) > 1)

    def handle(self, ev, sel):
        """One key event with the list's selection; returns "start", "back" or None."""
        if keys.kind_of(ev) == keys.RELEASE:
            return None
        k = keys.key_of(ev)
        if k == keys.BACK:
            if self.page != BROWSE:
                self.unit.session.leave()
            return "back"
        if k != keys.OK:
            return None
        if self.page == BROWSE:
            self._note = ""
            if sel >= len(self._games) and sel < self.n_rows():
                self.status = update_text(self._updates[sel - len(self._games)][3])
                return None
            if 0 <= sel < len(self._games):
                sid, name, options, seats, phase = self._games[sel]
                if phase != "lobby" or 0 not in seats:
                    self.status = "that game is full or already playing"
                    return None
                self.unit.join(sid)
                self.page = ROOM
                self.refresh()
            return None
        if self.page == ROOM and self.unit.session.is_host():
            if not self.can_start():
                self.status = "no unit has joined yet"
                return None
            self.unit.start()
            self.refresh()
            return "start"
        return None


class LobbyView:
    """Draws a Lobby: title, the rows (options, seats / games heard), status, hints."""

    TITLE_H = 24
    HINT_H = 14
    STATUS_H = 12

    def __init__(self, screen, lobby, hints=None):
        self.screen = screen
        self.lobby = lobby
        self.hints = hints or {"ok": "OK", "back": "BACK", "move": "UP/DN"}
        top = self.TITLE_H + 4
        h = screen.height - top - self.HINT_H - self.STATUS_H - 2
        self.list = ListView(6, top, screen.width - 12, h)
        self._list_h = h

    def handle(self, ev):
        lb = self.lobby
        k = keys.key_of(ev)
        if keys.kind_of(ev) != keys.RELEASE and lb.n_rows():
            if k == keys.UP:
                self.list.move(-1)
            elif k == keys.DOWN:
                self.list.move(1)
        r = lb.handle(ev, self.list.sel)
        lb.refresh()
        self.draw()
        return r

    def _hint(self):
        h = self.hints
        lb = self.lobby
        if lb.page == BROWSE:
            return "%s:join %s:back" % (h["ok"], h["back"])
        if lb.page == ROOM and lb.unit.session.is_host():
            return "%s:start %s:cancel" % (h["ok"], h["back"])
        return "%s:leave" % h["back"]

    def draw(self):
        lb = self.lobby
        s = self.screen
        s.clear(FELT)
        title_bar(s, lb.title(), self.TITLE_H)
        # a long status (a firmware update, a cabling problem) takes up to 3 lines
        lines = wrap(lb.status, (s.width - 8) // text.CHAR_W)[:_STATUS_LINES] or [""]
        status_h = self.STATUS_H + 10 * (len(lines) - 1)
        self.list.h = self._list_h - (status_h - self.STATUS_H)
        self.list.rows = self.list.h // self.list.row_h
        n = lb.n_rows()
        sel = self.list.sel
        self.list.reset(n, sel if sel < n else 0)
        if lb.page != BROWSE and n:
            # no cursor on the room's rows: they are information; keep this unit's seat lit
            mine = -1
            for i in range(lb.first_seat_row(), n):
                if lb.row_label(i)[2]:
                    mine = i
            self.list.top = 0
            self.list.sel = mine
            if mine >= 0:
                self.list._scroll_to_sel()
        if n:
            self.list.draw(s, lb.row_label, FELT, True)
        else:
            text.draw_centred(s.fb, "no games heard yet", 0, s.height // 2 - 4, s.width, TEXT)
        y = s.height - self.HINT_H - status_h
        s.fb.fill_rect(0, y, s.width, status_h, FELT)
        col = ORANGE if lb.page == BROWSE else ACCENT
        for line in lines:
            text.draw_fit(s.fb, line, 4, y + 2, s.width - 8, col)
            y += 10
        hint_line(s, self._hint(), FELT_DARK, self.HINT_H)
