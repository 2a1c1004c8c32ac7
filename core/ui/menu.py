"""The main menu: a list of the games, then an options page built from a game's OPTIONS.

MainMenu is the screen model (pure state, driven by logical key events); MenuView draws
it.  The menu reads each game's title, player counts and options from core.gameinfo
(no rules engine is imported until a game starts: the device keeps one game in memory).
A custom `loader` may raise: that game is then listed as unavailable with the reason,
instead of taking the menu down.

Rows after the games (`after`, set by the app): SETTINGS_ITEM, then LINK_ITEMS when
the board has link ports.  The settings page (core/ui/settings_page.py) is an options page
of this class over the settings.

The player count is chosen in exactly one place: the game's own "players" option where
it has one (Reds), else a Players row when PLAYERS allows more than one count.

`handle(ev)` returns None, or ("start", game_name, options_dict, players) when the user
starts a game, or what the row after the games says: ("link", "host"|"join") for the
linked-game rows, ("open_settings",) for Settings.
"""
from core import gameinfo
from core.ui import keys, text
from core.ui.palette import FELT, FELT_DARK, ORANGE
from core.ui.widgets import ListView, hint_line, title_bar, value_text

GAMES = 0
OPTIONS = 1

# Rows after the games: (label, what handle() returns); the links' when the board has
# link ports (core/app_link.py).
SETTINGS_ITEM = (("Settings", ("open_settings",)),)
LINK_ITEMS = (("Host a linked game", ("link", "host")), ("Join a linked game", ("link", "join")))

TITLES = gameinfo.TITLES


def position(choices, value):
    """Index of `value` in an option's choices (any sequence), 0 if it is not there."""
    for i in range(len(choices)):
        if choices[i] == value:
            return i
    return 0


class GameEntry:
    def __init__(self, name, cls, reason):
        self.name = name
        self.cls = cls
        self.reason = reason            # why it is unavailable, or None
        self.title = getattr(cls, "TITLE", None) or TITLES.get(name, name)

    def players(self):
        return tuple(getattr(self.cls, "PLAYERS", ())) if self.cls else ()

    def players_row(self):
        """True if the options page needs its own Players row (no "players" option)."""
        if len(self.players()) < 2:
            return False
        for o in self.cls.OPTIONS:
            if o.key == "players":
                return False
        return True


def load_entries(names, loader):
    out = []
    for name in names:
        try:
            cls = loader(name)
            out.append(GameEntry(name, cls, None))
        except ImportError as exc:
            out.append(GameEntry(name, None, "not installed (%s)" % exc))
        except Exception as exc:   # a half-written engine must not break the menu
            out.append(GameEntry(name, None, "%s: %s" % (type(exc).__name__, exc)))
    return out


class MainMenu:
    def __init__(self, names=gameinfo.GAME_NAMES, loader=gameinfo.info):
        self.entries = load_entries(names, loader)
        self.page = GAMES
        self.game = 0            # index into entries while on the options page
        self.values = {}
        self.players = 0
        self.editing = False
        self.status = ""
        self.games_sel = 0
        self.cursor = 0          # the selected row, kept in step by the view's list
        self.after = ()          # rows after the games (the app sets them)
        self.stored = {}         # game name -> {key: value} its options page starts from
        self.opened = None       # the values it started from (core.app_start.start_game compares)

    # -- the options page rows: each option, then Players (if a choice), then Start ----
    def option_rows(self):
        e = self.entries[self.game]
        n = len(e.cls.OPTIONS)
        if e.players_row():
            n += 1
        return n + 1

    def row_kind(self, i):
        """('option', Option) / ('players', None) / ('start', None) for row i."""
        e = self.entries[self.game]
        opts = e.cls.OPTIONS
        if i < len(opts):
            return "option", opts[i]
        if i == len(opts) and e.players_row():
            return "players", None
        return "start", None

    def row_label(self, i):
        kind, opt = self.row_kind(i)
        if kind == "option":
            v = value_text(opt, self.values[opt.key])
            return opt.label, ("<%s>" % v) if self.editing and self.cursor == i else v, True
        if kind == "players":
            v = "%d" % self.players
            return "Players", ("<%s>" % v) if self.editing and self.cursor == i else v, True
        return "Start", None, True

    def game_rows(self):
        return len(self.entries) + len(self.after)

    def game_label(self, i):
        if i >= len(self.entries):
            return self.after[i - len(self.entries)][0], None, True
        e = self.entries[i]
        if e.cls is None:
            return e.title, "n/a", False
        p = e.players()
        if not p:
            return e.title, None, True
        if len(p) == 1:
            return e.title, "%dP" % p[0], True
        return e.title, "%d-%dP" % (min(p), max(p)), True

    def open_game(self, i):
        e = self.entries[i]
        self.game = i
        self.page = OPTIONS
        self.editing = False
        self.values = {}
        for opt in e.cls.OPTIONS:
            self.values[opt.key] = opt.default
        self.values.update(self.stored.get(e.name, ()))
        self.opened = dict(self.values)
        p = e.players()
        self.players = p[0] if p else 0
        self.status = ""

    def _cycle(self, i, delta):
        kind, opt = self.row_kind(i)
        if kind == "option":
            ch = opt.choices
            k = position(ch, self.values[opt.key])
            self.values[opt.key] = ch[(k + delta) % len(ch)]
        elif kind == "players":
            p = self.entries[self.game].players()
            self.players = p[(p.index(self.players) + delta) % len(p)]
        return None         # handle()'s result (the settings page reports the change)

    def handle(self, ev, sel):
        """Apply one key event given the list's selected row `sel`.

        Returns (result, list_delta): the start request or None, and how far the list
        selection should move.
        """
        self.cursor = sel
        if not keys.is_down(ev):
            return None, 0
        k = keys.key_of(ev)
        if self.page == GAMES:
            if k == keys.UP or k == keys.LEFT:
                return None, -1
            if k == keys.DOWN or k == keys.RIGHT:
                return None, 1
            if k == keys.OK and keys.kind_of(ev) == keys.PRESS:
                if sel >= len(self.entries):
                    self.games_sel = sel
                    return self.after[sel - len(self.entries)][1], 0
                e = self.entries[sel]
                if e.cls is None:
                    self.status = "%s: %s" % (e.title, e.reason)
                    return None, 0
                self.games_sel = sel
                self.open_game(sel)
            return None, 0
        # options page
        if self.editing:
            if k == keys.UP or k == keys.LEFT:
                return self._cycle(sel, -1), 0
            if k == keys.DOWN or k == keys.RIGHT:
                return self._cycle(sel, 1), 0
            if (k == keys.OK or k == keys.BACK) and keys.kind_of(ev) == keys.PRESS:
                self.editing = False
            return None, 0
        if k == keys.UP:
            return None, -1
        if k == keys.DOWN:
            return None, 1
        if k == keys.LEFT or k == keys.RIGHT:
            return self._cycle(sel, -1 if k == keys.LEFT else 1), 0
        if keys.kind_of(ev) != keys.PRESS:
            return None, 0
        if k == keys.OK:
            kind, _ = self.row_kind(sel)
            if kind == "start":
                e = self.entries[self.game]
                opts = {}
                for key in self.values:
                    opts[key] = self.values[key]
                return ("start", e.name, opts, opts.get("players", self.players)), 0
            self.editing = True
            return None, 0
        if k == keys.BACK or k == keys.MENU:
            self.page = GAMES
            self.status = ""
        return None, 0


class MenuView:
    """Draws a MainMenu on a Screen; `hints` names the physical buttons for the footer.

    hints: dict with "ok", "back" and "move" labels from the board (e.g. "A", "B").
    """

    TITLE_H = 24
    HINT_H = 14
    STATUS_H = 12
    LINE_H = 10         # a wrapped status's lines

    def __init__(self, screen, menu, hints=None):
        self.screen = screen
        self.menu = menu
        self.hints = hints or {"ok": "OK", "back": "BACK", "move": "UP/DN"}
        top = self.TITLE_H + 4
        h = screen.height - top - self.HINT_H - self.STATUS_H - 2
        self.list = ListView(6, top, screen.width - 12, h)
        self._page = -1
        self._edit = False
        self._status = None
        self._status_top = 0
        self.list.reset(menu.game_rows())

    def handle(self, ev):
        """Feed one event to the model, then redraw what changed; returns the model's result."""
        m = self.menu
        result, delta = m.handle(ev, self.list.sel)
        if delta:
            self.list.move(delta)
        self.draw()
        return result

    def _label(self, i):
        m = self.menu
        return m.game_label(i) if m.page == GAMES else m.row_label(i)

    def draw(self):
        m = self.menu
        s = self.screen
        m.cursor = self.list.sel
        if m.page != self._page:
            if m.page == GAMES:
                self.list.reset(m.game_rows(), m.games_sel)
            else:
                self.list.reset(m.option_rows())
            s.clear(FELT)
            title_bar(s, "Pocket Cards" if m.page == GAMES else m.entries[m.game].title,
                      self.TITLE_H)
            self.list.draw(s, self._label, FELT, True)
            self._draw_hints()
            self._page = m.page
            self._edit = m.editing
            self._status = None
        elif m.editing != self._edit:
            self.list.redraw_row(s, self.list.sel, self._label, FELT)
            self._edit = m.editing
            self._draw_hints()
        else:
            self.list.draw(s, self._label, FELT)
            if m.page == OPTIONS:
                self.list.redraw_row(s, self.list.sel, self._label, FELT)
        if m.status != self._status:
            self._draw_status(m.status)

    def _draw_status(self, status):
        """The status above the hints, on one line; a longer one (the boot's notices, one
        per line: a save damaged, or written by a newer firmware) wraps upwards into the rows the list
        leaves empty, its last line cut if even those are not enough."""
        s = self.screen
        w = s.width - 8
        bottom = s.height - self.HINT_H
        lines = [status]
        if "\n" in status or not text.fits(status, w):
            from core.ui.rich import wrap
            lv = self.list
            free = bottom - 2 - (lv.y + min(lv.n, lv.rows) * lv.row_h)
            lines = wrap(status, text.max_chars(w))
            k = max(1, min(len(lines), free // self.LINE_H))
            if k < len(lines):
                lines = lines[:k - 1] + [" ".join(lines[k - 1:])]
        top = bottom - 2 - self.LINE_H * len(lines)
        old = self._status_top if self._status is not None else top
        clear = min(top, old, bottom - self.STATUS_H)
        s.fb.fill_rect(0, clear, s.width, bottom - clear, FELT)
        for i in range(len(lines)):
            text.draw_fit(s.fb, lines[i], 4, top + 2 + self.LINE_H * i, w, ORANGE)
        s.mark(0, clear, s.width, bottom - clear)
        self._status = status
        self._status_top = top

    def _draw_hints(self):
        h = self.hints
        m = self.menu
        if m.page == GAMES:
            line = "%s:play" % h["ok"]
        elif m.editing:
            line = "%s:change %s:done" % (h["move"], h["ok"])
        else:
            line = "%s:edit %s:back" % (h["ok"], h["back"])
        hint_line(self.screen, line, FELT_DARK, self.HINT_H)
