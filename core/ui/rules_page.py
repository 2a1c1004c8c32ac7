"""A short rules-and-controls page per game, shown before the table and from the pause
menu.  Texts are the rulebooks' essentials (rules/ and RULINGS.md), in pages that
UP/DOWN turn; OK closes.  "^X" draws suit X (core.ui.rich).
"""
from core.ui import keys, rich, text
from core.ui.palette import ACCENT, DARK, FELT, FELT_DARK, GREY, TEXT
from core.ui.widgets import hint_line

_RULES = {
    "speedrun": (
        "3 players, 40 cards (1-10 in four suits), 12 each. Every hand: the start player "
        "picks trump OR ranking (10 High, 1 High, Slalom: switches every trick, Bell Curve: "
        "switches every 4 tricks); the next player picks the other. Then all choose a "
        "contract face down: Win 0/1/4/5/7/9 tricks, Least, Middle or Most. Pass scores "
        "nothing; Redo replays a done contract. Must follow suit, highest trump or led card "
        "wins. Score = tricks off target, a perfect hit scores -2. Lowest total wins."),
    "steppingstones": (
        "3 players, 36 cards (1-9), 12 each. Bidding starts with the forehand: bid a "
        "contract you have not completed, or pass; if all pass the forehand is in the "
        "puddle and must bid. The declarer announces 9 or 1 high (and trump for Pick "
        "Trump), then leads. Must follow suit. Only the declarer's tricks count. When all "
        "three have played a contract its row scores +3 / +1 / -1 by rank (ties share). "
        "Most game points wins."),
    "reds": (
        "2-6 players, 39 cards (no hearts), 5 each. ^D Diamonds are always trump. The first "
        "black card turned from the pack sets the anti-trump suit: it only wins a trick it "
        "led when nobody played another suit. Bid 0-5 tricks, then pass the round's number "
        "of cards left or right. Must follow suit. Made bid: 3 per trick + 5. Over: 3 per "
        "bid trick + 1 per extra. Under: 1 per trick. Highest score wins."),
    "speed": (
        "2 players, real time. Play a card one above or below either centre pile (A "
        "touches K and 2, suits don't matter); your hand refills to 5 from your draw pile. "
        "When nobody can play, both flip a spit card onto the centre (stand-still). First "
        "to empty hand and draw pile wins the round and scores the loser's hand."),
}


def controls(game_name, hints):
    h = hints
    menu = h.get("menu", h["back"])
    if game_name == "speed":
        return ("Controls: %s choose a card, %s play it (on a pile it fits; left/right keys "
                "pick a pile), %s Spit, %s pause." % (h["move"], h["ok"], h.get("aux", "AUX"), menu))
    return ("Controls: %s move, %s play the card or choose the row, %s pause menu "
            "(scoresheet, rules, quit)." % (h["move"], h["ok"], menu))


class RulesPage:
    def __init__(self, screen, game_name, title, hints):
        self.screen = screen
        self.title = title
        self.hints = hints
        # The page keeps its two texts, not their wrapped lines: draw() wraps them again
        # (~2 KB less while the page is shown, on the unix port).
        self.rules = _RULES[game_name]
        self.controls = controls(game_name, hints)
        self.cols = (screen.width - 8) // 8
        self.n_rules = len(rich.wrap(self.rules, self.cols)) + 1
        n = self.n_rules + len(rich.wrap(self.controls, self.cols))
        self.per_page = (screen.height - 22 - 16) // 10
        self.page = 0
        self.pages = (n + self.per_page - 1) // self.per_page

    def wrapped(self):
        """The page's lines: the rules, an empty line, the controls."""
        return rich.wrap(self.rules, self.cols) + [""] + rich.wrap(self.controls, self.cols)

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
