"""A short rules-and-controls page per game, shown before the table and from the pause
menu.  Texts are the rulebooks' essentials (rules/ and RULINGS.md), in pages that
UP/DOWN turn; OK closes.  "^X" draws suit X (core.ui.rich).

After the summary comes one sentence per variant in effect (`variants`): an option whose
value differs from its default and that changes how this game plays.  With the default
options the page is exactly the summary and the controls.  The texts live here, not in the
options tables, because this module is loaded only while the page is shown.
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


# Speed Run's contract boards 1-9 (ruling SR-1): Win N targets, then Least, Middle, Most.
_SR_WINS = "014579"
_SR_REL = ("Least", "Middle", "Most")


def _sr_contracts(boards):
    """"Win 0/1/4, Least, Most" for the board digits `boards` (ruling SR-1)."""
    wins = []
    out = []
    for ch in boards:
        b = int(ch) - 1
        if b < 6:
            wins.append(_SR_WINS[b])
        else:
            out.append(_SR_REL[b - 6])
    if wins:
        out.insert(0, "Win " + "/".join(wins))
    return ", ".join(out)


def variants(game_name, o):
    """The variant sentences of game `game_name` with resolved options `o`, one paragraph
    each ("\n" between them); "" when every option is at its default.  Options that only
    choose who starts (Speed Run's first_start, Stepping Stones' first_forehand) change no
    rule and get no sentence; neither does an option that the others make irrelevant
    (Speed Run's boards of another length, Speed's auto_points without Automatic Points)."""
    out = []
    if not o:
        return ""
    if game_name == "speedrun":
        n = o.get("length", "short")
        if n == "long":                                   # ruling SR-2
            out.append("Long game: 12 hands, all nine contracts, 2 Pass, 2 Redo.")
        elif n == "medium":                               # rulings SR-1, SR-2
            out.append("Medium game: 9 hands, contracts %s; 2 Pass, 1 Redo."
                       % _sr_contracts(o.get("boards_medium", "1234567")))
        elif o.get("boards_short", "12345") != "12345":   # ruling SR-1
            out.append("Contracts: %s." % _sr_contracts(o["boards_short"]))
        if o.get("reveal"):                   # rulings SR-5, SR-6 (SR-7, SR-11: Redo)
            out.append("Contract Reveal: before trick 1 you may show your contract (not a "
                       "Pass): its score is doubled, a perfect hit -4.")
    elif game_name == "steppingstones":
        if o.get("contracts") == "advanced":              # rulings SS-1, SS-7, SS-8
            out.append("Advanced contracts: Win Tricks with Pick Trump; May Trump (trump is "
                       "picked too, and may be played even when you can follow); Slalom (no "
                       "trump, ranking flips every trick); Lose Tricks, Must Beat (no trump; "
                       "beat the trick's best card if you can).")
        if o.get("redo"):                                 # ruling SS-9
            out.append("Redo: one token each to replay a completed contract; the better "
                       "result counts (up to 15 hands).")
    elif game_name == "reds":
        n = o.get("players", 4)
        if n == 2:                                        # ruling R-4
            out.append("2 players: passes left and right both go to your opponent.")
        elif n == 6:                                      # ruling R-2
            out.append("6 players: if the pack has no black card left, the round has no "
                       "anti-trump.")
        elif n != 4:
            out.append("%d players." % n)
        if o.get("short_game"):               # reds.md round table; core/reds.py SHORT_ROWS
            out.append("Short game: 5 rounds, passing 4 left, 3 right, 2 left, 1 right, "
                       "then none.")
        if o.get("hidden_bids"):                          # reds.md Variants
            out.append("Hidden bids: bids stay secret until the round is scored.")
        if o.get("partnership"):                          # rulings
            out.append("Partnerships: the player across is your partner; each scores their "
                       "own bid, the team total wins.")
    elif game_name == "speed":
        if o.get("count_down_only"):                      # ruling SP-2
            out.append("Count Down Only: play exactly one below; aces are low, nothing goes "
                       "on an ace.")
        if o.get("stand_still_spit"):                     # ruling SP-8
            out.append("Stand Still Spit: when stuck, press Spit; the spit cards flip once "
                       "both players have.")
        if o.get("winner_yells_spit"):                    # ruling SP-8
            out.append("Winner Yells Spit: once hand and draw pile are empty, press Spit to "
                       "win; till then the other plays on.")
        if o.get("spit_pile_stalemate"):                  # ruling SP-5
            out.append("Spit Pile Stalemate: a stand-still with both spit piles used up ends "
                       "the round with no winner.")
        sc = o.get("scoring")                             # ruling SP-7
        if sc == "one_point":
            out.append("1 Point Score: the winner scores 1 per card in the loser's hand and "
                       "draw pile.")
        elif sc == "automatic":
            out.append("Automatic Points: the winner of a round scores %d."
                       % o.get("auto_points", 25))
        t = o.get("target", 0)
        if t:                                             # ruling SP-7
            out.append("Match: rounds go on until a player has %d points or more." % t)
    return "\n".join(out)


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
        self.rules = _RULES[game_name]
        self.variants = variants(game_name, options)
        self.controls = controls(game_name, hints)
        self.cols = (screen.width - 8) // 8
        n = len(self.wrapped())
        self.n_rules = n - len(rich.wrap(self.controls, self.cols))   # lines drawn as TEXT
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
