"""A short rules-and-controls page per game, shown before the table and from the pause
menu.  Texts are the rulebooks' essentials (rules/ and RULINGS.md), in pages that
UP/DOWN turn; OK closes.  "^X" draws suit X (core.ui.rich).

After the summary comes one sentence per variant in effect (`variants`): an option whose
value differs from its default and that changes how this game plays.  With the default
options the page is exactly the summary and the controls.  Each game's texts are a module
of their own (core/ui/rules_<game>.py), not in the options tables: they are loaded only
while the page is shown, and only the game's own, since the page opens right after the
deal, at the game's heap peak.
"""
import sys

from core.ui import keys, rich, text
from core.ui.palette import ACCENT, DARK, FELT, FELT_DARK, GREY, TEXT
from core.ui.widgets import hint_line

TEXT_MODULE = "core.ui.rules_%s"


def texts(game_name):
    """core.ui.rules_<game>, the game's SUMMARY and variants(o): one game's texts are
    loaded at a time, and the app drops that module with this one (core/app.py)."""
    name = TEXT_MODULE % game_name
    __import__(name)
    return sys.modules[name]


def summary(game_name):
    return texts(game_name).SUMMARY


def variants(game_name, o):
    """The variant sentences of game `game_name` with resolved options `o`, one paragraph
    each ("\n" between them); "" when every option is at its default.  Options that only
    choose who starts (Speed Run's first_start, Stepping Stones' first_forehand) change no
    rule and get no sentence; neither does an option that the others make irrelevant
    (Speed Run's boards of another length, Speed's auto_points without Automatic Points)."""
    if not o:
        return ""
    return "\n".join(texts(game_name).variants(o))


def controls(game_name, hints):
    h = hints
    menu = h.get("menu", h["back"])
    if game_name == "speed":
        return ("Controls: %s choose a card, %s play it (on a pile it fits; left/right keys "
                "pick a pile), %s Spit, %s pause." % (h["move"], h["ok"], h.get("aux", "AUX"), menu))
    return ("Controls: %s move, %s play the card or choose the row, %s pause menu "
            "(scoresheet, rules, quit)." % (h["move"], h["ok"], menu))


class RulesPage:
    def __init__(self, screen, game_name, title, hints, options=None):
        """`options`: the game's resolved options; each variant in effect adds a sentence
        after the summary (none with the defaults, or without options)."""
        self.screen = screen
        self.title = title
        self.hints = hints
        # The page keeps its texts, not their wrapped lines: draw() wraps them again
        # (~2 KB less while the page is shown, on the unix port).
        self.rules = summary(game_name)
        self.variants = variants(game_name, options)
        self.controls = controls(game_name, hints)
        cols = self.cols = (screen.width - 8) // 8
        # the lines drawn as TEXT: the rules, an empty line and the variants, an empty line
        n = len(rich.wrap(self.rules, cols)) + 1
        if self.variants:
            n += len(rich.wrap(self.variants, cols)) + 1
        self.n_rules = n
        n += len(rich.wrap(self.controls, cols))
        self.per_page = (screen.height - 22 - 16) // 10
        self.page = 0
        self.pages = (n + self.per_page - 1) // self.per_page

    def wrapped(self):
        """The page's lines: the rules, an empty line and the variants (if any), an empty
        line, the controls."""
        out = rich.wrap(self.rules, self.cols)
        if self.variants:
            out.append("")
            out += rich.wrap(self.variants, self.cols)
        out.append("")
        return out + rich.wrap(self.controls, self.cols)

    def draw(self):
        s = self.screen
        fb = s.fb
        fb.fill(FELT)
        fb.fill_rect(0, 0, s.width, 18, DARK)
        title = self.title
        if self.pages > 1:
            title += " (%d/%d)" % (self.page + 1, self.pages)
        text.draw_centred(fb, title, 0, 5, s.width, ACCENT)
        y = 22
        lines = self.wrapped()
        first = self.page * self.per_page
        for i in range(first, min(first + self.per_page, len(lines))):
            rich.draw(fb, lines[i], 4, y, TEXT if i < self.n_rules else ACCENT)
            y += 10
        s.mark_all()
        more = "%s:page " % self.hints["move"] if self.pages > 1 else ""
        hint_line(s, "%s%s:continue" % (more, self.hints["ok"]), FELT_DARK, 14)

    def handle(self, ev):
        """True when the page is closed."""
        if not keys.is_down(ev):
            return False
        k = keys.key_of(ev)
        if k == keys.UP or k == keys.LEFT:
            if self.page > 0:
                self.page -= 1
                self.draw()
        elif k == keys.DOWN or k == keys.RIGHT:
            if self.page + 1 < self.pages:
                self.page += 1
                self.draw()
        elif (k == keys.OK or k == keys.BACK) and keys.kind_of(ev) == keys.PRESS:
            return True
        return False
