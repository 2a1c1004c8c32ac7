"""The seat set-up page between the menu and the table: which seat is yours, and for
every other seat an AI level, a baseline bot or a linked unit (core.seats.SeatPlan holds
the choices; this page edits and draws them).  The app fixes the player count in the
menu (exactly one place to choose it), so its plans allow one count; a plan that allows
several gets a Players row first.

Rows: [Players], Your seat, one row per other seat, Start.  UP/DOWN pick a row; LEFT/
RIGHT or OK change it (OK on a 4-button board cycles forward); OK on Start starts; BACK
returns to the menu.
"""
from core.ui import keys, text
from core.ui.palette import FELT, FELT_DARK, ORANGE
from core.ui.widgets import ListView, hint_line, title_bar

TITLE_H = 24


class SeatSetup:
    def __init__(self, screen, plan, title, hints):
        self.screen = screen
        self.plan = plan
        self.title = title
        self.hints = hints
        self.status = ""
        top = TITLE_H + 4
        self.list = ListView(6, top, screen.width - 12, screen.height - top - 14 - 14)
        self.list.reset(self.rows())

    def _has_players_row(self):
        return len(self.plan.counts) > 1

    def rows(self):
        return (1 if self._has_players_row() else 0) + 1 + self.plan.n

    def row_kind(self, i):
        """("players"|"human"|"seat"|"start", seat)."""
        if self._has_players_row():
            if i == 0:
                return "players", -1
            i -= 1
        if i == 0:
            return "human", -1
        i -= 1
        others = [s for s in range(self.plan.n) if s != self.plan.human]
        if i < len(others):
            return "seat", others[i]
        return "start", -1

    def label(self, i):
        kind, seat = self.row_kind(i)
        p = self.plan
        if kind == "players":
            return "Players", "%d" % p.n, True
        if kind == "human":
            return "Your seat", "%d" % (p.human + 1), True
        if kind == "seat":
            return "Seat %d %s" % (seat + 1, p.names()[seat]), p.kind_label(seat), True
        return "Start", None, True

    def draw(self):
        s = self.screen
        s.clear(FELT)
        title_bar(s, self.title, TITLE_H)
        self.list.draw(s, self.label, FELT, True)
        y = s.height - 28
        text.draw_fit(s.fb, self.status, 4, y + 2, s.width - 8, ORANGE)
        h = self.hints
        hint_line(s, "%s:row %s:change %s:back" % (h["move"], h["ok"], h["back"]), FELT_DARK, 14)

    def _change(self, i, delta):
        kind, seat = self.row_kind(i)
        p = self.plan
        if kind == "players":
            c = p.counts
            p.set_players(c[(c.index(p.n) + delta) % len(c)])
            self.list.reset(self.rows(), i)
        elif kind == "human":
            p.set_human((p.human + delta) % p.n)
        elif kind == "seat":
            p.cycle(seat, delta)
        return kind

    def handle(self, ev):
        """"start", "back" or None."""
        if not keys.is_down(ev):
            return None
        k = keys.key_of(ev)
        press = keys.kind_of(ev) == keys.PRESS
        sel = self.list.sel
        if k == keys.UP:
            self.list.move(-1)
        elif k == keys.DOWN:
            self.list.move(1)
        elif k == keys.LEFT or k == keys.RIGHT:
            self._change(sel, -1 if k == keys.LEFT else 1)
        elif k == keys.OK and press:
            if self.row_kind(sel)[0] == "start":
                return "start"
            self._change(sel, 1)
        elif k == keys.BACK and press:
            return "back"
        else:
            return None
        self.status = ""
        self.draw()
        return None
