"""A short rules-and-controls page per game, shown before the table and from the pause
menu.  Texts are the rulebooks' essentials (rules/ and RULINGS.md), in pages that
UP/DOWN turn; OK closes.  "^X" draws suit X (core.ui.rich).

After the summary comes one sentence per variant in effect (`variants`): an option whose
value differs from its default and that changes how this game plays.  With the default
options the page is exactly the summary and the controls.  Each game's texts are a module
of their own (core/games/<game>/page.py), not in the options tables: they are loaded only
while the page is shown, and only the game's own, since the page opens right after the
deal, at the game's heap peak.
"""
from core.ui import keys, rich, text
from core.ui.palette import ACCENT, DARK, FELT, FELT_DARK, GREY, TEXT
from core.ui.widgets import hint_line

def texts(game_name):
    """core.games.<game>.page, the game's SUMMARY and variants(o): one game's texts are
    loaded at a time, and the app drops that module with this one (core/app.py)."""
    from core.registry import module
    return module(game_name, "page")


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


def _count(s, cols):
    """How many lines rich.wrap(s, cols) gives, without the list."""
    n = 0
    for _ in rich.lines(s, cols):
        n += 1
    return n


def controls(game_name, hints):
    h = hints
    menu = h.get("menu", h["back"])
    if game_name == "speed":
        # the two play keys (core/games/speed/screen.py): OK the left pile, BACK the right one
        return ("Controls: %s chooses a card; %s plays it on the left pile, %s on the right "
                "pile (a card that fits one pile only goes there with either key); %s calls "
                "Spit; %s pauses." % (h["move"], h["ok"], h["back"], h.get("aux", "AUX"),
                               h.get("menu", "MENU")))
    return ("Controls: %s move, %s play the card or choose the row, %s pause menu "
            "(scoresheet, rules, quit)." % (h["move"], h["ok"], menu))


class RulesPage:
    def __init__(self, screen, game_name, title, hints, options=None):
        """`options`: the game's resolved options; each variant in effect adds a sentence
        after the summary (none with the defaults, or without options)."""
        self.screen = screen
        self.title = title
        self.hints = hints
        # The page keeps its texts, not their wrapped lines: draw() wraps them again, one
        # line at a time, and keeps only the lines of the page shown until they are drawn
        # (it opens right after the deal, at the game's heap peak).
        self.rules = summary(game_name)
        self.variants = variants(game_name, options)
        self.controls = controls(game_name, hints)
        self.cols = (screen.width - 8) // 8
        # the lines drawn as TEXT: the rules, an empty line and the variants, an empty line
        cols = self.cols
        n = _count(self.rules, cols) + 1
        if self.variants:
            n += _count(self.variants, cols) + 1
        self.n_rules = n
        n += _count(self.controls, cols)
        self.per_page = (screen.height - 22 - 16) // 10
        self.page = 0
        self.pages = (n + self.per_page - 1) // self.per_page

    def lines(self):
        """The page's lines, one at a time: the rules, an empty line and the variants (if
        any), an empty line, the controls."""
        cols = self.cols
        yield from rich.lines(self.rules, cols)
        if self.variants:
            yield ""
            yield from rich.lines(self.variants, cols)
        yield ""
        yield from rich.lines(self.controls, cols)

    def wrapped(self):
        """All the page's lines, as a list (for tests)."""
        return list(self.lines())

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
        first = self.page * self.per_page
        end = first + self.per_page
        i = 0
        for ln in self.lines():
            if i >= end:
                break
            if i >= first:
                rich.draw(fb, ln, 4, y, TEXT if i < self.n_rules else ACCENT)
                y += 10
            i += 1
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
