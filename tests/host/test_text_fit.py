"""No text is cut off: every string the app draws fits the width it is given and the
screen (issue #16 item 6).

Whole games of all four games are played through the buttons (core.ui.autoplay) on both
layouts, with every variant that adds lines (Reds at 2-6 players, partnerships, hidden
bids; Speed's variants and scorings; Stepping Stones' advanced contracts and Redo; Speed
Run's lengths and Contract Reveal), opening the pause menu, every rules page and the
scoresheet once a hand; the menu's options pages show every value of every option, the
seat set-up every seat kind.  core.ui.text.watch hears of every string drawn (text.py and
rich.py report through it) and a stand-in for the framebuffer's own text() catches any
string drawn directly past the screen edge.  A failure names the run, the screen and the
string.
"""
import pytest

from core import app as app_mod
from core.ui import autoplay, rich, text
from tools.headless import LAYOUTS, make_screen

# Runs: (game, options, players, AI seat kinds).  Baseline bots keep the runs short and
# independent of the built-in AI; Speed is real-time and plays its own AI.
_R3 = {1: "random", 2: "random"}


def _reds(n, **opts):
    opts["players"] = n
    opts.setdefault("short_game", True)
    return ("reds", opts, n, dict((i, "random") for i in range(1, n)))


RUNS = (
    ("speedrun", {"length": "short", "reveal": True}, None, _R3),
    ("speedrun", {"length": "medium", "first_start": 2}, None, _R3),
    ("steppingstones", {}, None, _R3),
    ("steppingstones", {"contracts": "advanced", "redo": True, "first_forehand": "1"}, None, _R3),
    _reds(2), _reds(3), _reds(4), _reds(5), _reds(6),
    _reds(3, short_game=False),
    _reds(4, partnership=True), _reds(6, partnership=True, hidden_bids=True),
    _reds(5, hidden_bids=True),
    ("speed", {}, None, None),
    ("speed", {"count_down_only": True, "stand_still_spit": True}, None, None),
    ("speed", {"winner_yells_spit": True, "spit_pile_stalemate": True, "scoring": "one_point",
               "target": 25}, None, None),
    ("speed", {"scoring": "automatic", "auto_points": 100, "target": 500}, None, None),
)


def run_id(run):
    game, opts, players, _ = run
    bits = ["%s=%s" % (k, opts[k]) for k in sorted(opts) if k != "players"]
    if players:
        bits.insert(0, "%dp" % players)
    return "-".join([game] + bits)


def _shape(s):
    """`s` with its numbers as "#": one report for "Pts 3" and "Pts 12"."""
    out = ""
    for ch in s:
        if "0" <= ch <= "9":
            if not out.endswith("#"):
                out += "#"
        else:
            out += ch
    return out


class Watch:
    """The text.watch hook: records each string that does not fit, once per screen."""

    def __init__(self, screen, label):
        self.screen = screen
        self.label = label
        self.app = None
        self.page = None            # a results page being drawn: its title
        self.problems = {}          # (screen name, string) -> what is wrong

    def where(self):
        a = self.app
        if a is None:
            return "boot"
        if self.page is not None:
            return "results page %r" % self.page
        name = app_mod.STATE_NAMES[a.state]
        if a.state == app_mod.MENU:
            m = a.menu
            if m is not None and m.page:
                name += " (%s options)" % m.entries[m.game].name
        elif a.state in (app_mod.TABLE, app_mod.PAUSE, app_mod.SHEET) and a.game is not None:
            t = a.table
            try:
                phase = a.game.observation(a.human)["phase"]
            except Exception:
                phase = None
            if getattr(t, "exchange_need", 0):
                phase = "exchange"
            if phase:
                name += " (%s)" % phase
        return name

    def __call__(self, s, x, y, need, avail, marked):
        W = self.screen.width
        H = self.screen.height
        if avail <= 0:
            why = "not drawn: no room for this line"
        elif need > avail:
            why = "cut to %d of %d px%s" % (avail, need, "" if marked else ", with no mark")
        elif x < 0 or x + need > W:
            why = "crosses the screen edge (x %d to %d of %d)" % (x, x + need, W)
        elif y < 0 or y + 8 > H:
            why = "off the screen (y %d of %d)" % (y, H)
        else:
            return
        key = (_shape(self.where()), _shape(s))
        if key not in self.problems:
            self.problems[key] = (s, why)

    def para(self, draw_para):
        """rich.draw_para, checked: a wrapped paragraph has no line that is a number alone
        (a score torn from its name), and speaks to the player as "You win", not "You
        wins"."""
        def checked(fb, s, x, y, w, col, line_h=10, max_lines=100):
            for bad in ("You wins", "You has"):
                if bad in s:
                    self.problems[(self.where(), bad)] = (s, "reads %r" % bad)
            for ln in rich.wrap(s, w // 8):
                if ln.strip().lstrip("+-").isdigit():
                    self.problems[(self.where(), _shape(s))] = (
                        s, "wraps %r onto a line of its own" % ln.strip())
            return draw_para(fb, s, x, y, w, col, line_h, max_lines)
        return checked

    def fb_text(self, fb_text):
        """The framebuffer's text(), checked: a string drawn directly with it must end
        inside the screen (text.py and rich.py draw only what fits their width)."""
        W = self.screen.width

        def checked(s, x, y, c=1):
            if x + 8 * len(s) > W or x < 0:
                self(s, x, y, 8 * len(s), 10000, False)
            fb_text(s, x, y, c)
        return checked

    def report(self):
        return ["%s | %s: %r %s" % (self.label, w, s, why)
                for (w, _), (s, why) in sorted(self.problems.items())]


@pytest.fixture
def watched(monkeypatch):
    """Installs a Watch for a screen; always removes it."""
    def install(screen, label):
        w = Watch(screen, label)
        monkeypatch.setattr(text, "watch", w)
        monkeypatch.setattr(rich, "draw_para", w.para(rich.draw_para))
        screen.fb.text = w.fb_text(screen.fb.text)
        show = app_mod.App._show_results

        def show_results(app, summary, *args):
            w.page = summary[0]     # drawn before the state says so
            try:
                return show(app, summary, *args)
            finally:
                w.page = None
        monkeypatch.setattr(app_mod.App, "_show_results", show_results)
        return w
    yield install


class Walker(autoplay.AutoPlayer):
    """An AutoPlayer that also opens each rules page, and once a hand the pause menu,
    its rules and its scoresheet."""

    def __init__(self, *args, **kw):
        autoplay.AutoPlayer.__init__(self, *args, **kw)
        self.watch = self.look
        self.paused_at = None

    def look(self, player):
        d = self.d
        a = d.app
        if a.state == app_mod.RULES:
            page = a.page
            while page.page + 1 < page.pages:
                d.key("DOWN")
        elif a.state == app_mod.TABLE and not a.realtime and a.hold_until < 0:
            t = a.table
            if t.seat not in t.turn:
                return
            hand = (getattr(a.game, "hand_no", 0), getattr(a.game, "round_no", 0))
            if hand == self.paused_at:
                return
            self.paused_at = hand
            self.pause_pages()
        elif a.state == app_mod.TABLE and a.realtime and self.paused_at is None \
                and a.game.now >= 3000:
            self.paused_at = True
            self.pause_pages()

    def pause_pages(self):
        """MENU, then each pause row but the last (quit) and back to the table."""
        d = self.d
        a = d.app
        d.key("MENU")
        n = len(a.pause_items)
        for i in range(1, n - 1):
            for _ in range(i):
                d.key("DOWN")
            d.key("OK")
            if a.state == app_mod.RULES:
                page = a.page
                while page.page + 1 < page.pages:
                    d.key("DOWN")
            d.key("OK")             # back to the table
            if a.state == app_mod.TABLE:
                d.key("MENU")
        if a.state == app_mod.PAUSE:
            d.key("BACK")


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("run", RUNS, ids=run_id)
def test_every_string_of_a_whole_game_fits(run, layout, watched):
    game, opts, players, kinds = run
    screen, hints = make_screen(layout)
    w = watched(screen, "%s %s" % (run_id(run), layout))
    d = autoplay.Driver(screen, hints, seed=3)
    w.app = d.app
    assert Walker(d, game, opts, players, kinds, seed=3).run(), "the game did not finish"
    assert not w.problems, "text that does not fit:\n" + "\n".join(w.report())


def _cycle_rows(d, view, rows, values_of):
    """On a list page, step each option row through all its values (OK, DOWN..., OK)."""
    for i in range(rows()):
        n = values_of(i)
        if not n:
            continue
        while view.list.sel != i:
            d.key("DOWN")
        d.key("OK")
        for _ in range(n):
            d.key("DOWN")
        d.key("OK")


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_menu_row_and_value_fits(layout, watched):
    """The games list, each game's options page with every value of every option, the
    seat set-up with every seat kind, and the settings page."""
    screen, hints = make_screen(layout)
    w = watched(screen, "menus %s" % layout)
    d = autoplay.Driver(screen, hints, seed=3)
    a = d.app
    w.app = a
    m = a.menu
    for gi in range(len(m.entries)):
        while a.menu_view.list.sel != gi:
            d.key("DOWN")
        d.key("OK")

        def n_values(i):
            kind, opt = m.row_kind(i)
            if kind == "option":
                return len(opt.choices)
            if kind == "players":
                return len(m.entries[m.game].players())
            return 0
        _cycle_rows(d, a.menu_view, m.option_rows, n_values)
        # the seat set-up: each seat through every kind
        while m.row_kind(a.menu_view.list.sel)[0] != "start":
            d.key("DOWN")
        d.key("OK")
        assert a.state == app_mod.SETUP
        page = a.page
        for i in range(page.rows()):
            if page.row_kind(i)[0] != "seat":
                continue
            while page.list.sel != i:
                d.key("DOWN")
            for _ in range(8):
                d.key("OK")
        d.key("BACK")
        if a.state != app_mod.MENU:
            d.key("BACK")
        assert a.state == app_mod.MENU
        if m.page:
            d.key("BACK")
    # Settings: the row after the games
    while m.game_label(a.menu_view.list.sel)[0] != "Settings":
        d.key("DOWN")
    d.key("OK")
    page = a.menu_view.menu
    assert page is not m, "the settings page did not open"
    _cycle_rows(d, a.menu_view, page.option_rows,
                lambda i: len(page.row_kind(i)[1].choices) if page.row_kind(i)[0] == "option" else 0)
    d.key("BACK")
    assert a.menu_view.menu is m
    assert not w.problems, "text that does not fit:\n" + "\n".join(w.report())
