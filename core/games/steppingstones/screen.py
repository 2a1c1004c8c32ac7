"""Stepping Stones' table: bidding (the contract list with completed contracts marked,
pass, the puddle), the declarer's announcements (9-high / 1-high, trump), the hand and
trick, the declarer's counted tricks, and the scoresheet page with rows and game points.
Observation fields: core/games/steppingstones/rules.py observation().
"""
from core.games.steppingstones.rules import (BID_BASE, KIND_FLAGS, KIND_NAMES, F_LOSE, PASS, RANK_1HIGH,
                                 RANK_9HIGH, REDO_BASE, TRUMP_BASE)
from core.cards import STEPPING_DECK
from core.ui import rich, text
from core.ui.palette import ACCENT, DARK, FELT, GOLD, GREY, TEXT
from core.ui.table_common import SUIT_NAMES, TrickTable

LONG = {"win_pick": "Win Tricks (Pick Trump)", "win_nt": "Win Tricks (No Trump)",
        "win_last6": "Win Last 6 (No Trump)", "lose_nt": "Lose Tricks (No Trump)",
        "win_may": "Win Tricks (May Trump)", "win_slalom": "Win Tricks (Slalom)",
        "lose_mustbeat": "Lose Tricks (Must Beat)"}
SHORT = {"win_pick": "Win Pick", "win_nt": "Win NT", "win_last6": "Last 6", "lose_nt": "Lose NT",
         "win_may": "Win May", "win_slalom": "Slalom", "lose_mustbeat": "Must Beat"}


class SteppingStonesTable(TrickTable):
    TITLE = "Stepping Stones"
    HAS_SHEET = True
    DECK = STEPPING_DECK
    TRICK_EVENT = "trick"
    WIN_AT = 2
    HAND_EVENTS = ("result",)
    SUMMARY_EVENTS = ("bid", "redo", "rank", "trump", "result", "hand")

    def action_text(self, a, obs):
        if a == PASS:
            return "Pass"
        if BID_BASE <= a < REDO_BASE:
            return LONG[KIND_NAMES[a - BID_BASE]]
        if REDO_BASE <= a < RANK_9HIGH:
            k = KIND_NAMES[a - REDO_BASE]
            row = self._row(obs, k)
            return "Redo %s (now %s)" % (SHORT[k], row["tricks"][self.seat] if row else "?")
        if a == RANK_9HIGH:
            return "9 is high"
        if a == RANK_1HIGH:
            return "1 is high"
        s = self.deck.suits[a - TRUMP_BASE]
        return "Trump: %s" % SUIT_NAMES[s]

    def _mark_done(self, obs):
        """Completed contracts stay in the bidding list, marked and not choosable (OK on
        one says why: the bid is refused, ruling SS-3)."""
        for row in obs["scoresheet"]:
            t = row["tricks"][self.seat]
            bid = BID_BASE + KIND_NAMES.index(row["contract"])
            if t is not None and bid not in obs["legal"]:
                self.choices.append(("done: %s (%d)" % (SHORT[row["contract"]], t), None, bid))

    def default_choice(self):
        return 0

    @staticmethod
    def _row(obs, kind):
        for row in obs["scoresheet"]:
            if row["contract"] == kind:
                return row
        return None

    def read(self, obs):
        me = self.seat
        ph = obs["phase"]
        d = obs["declarer"]
        kind = obs["contract"]
        info = "Hand %d" % obs["hand_no"]
        if kind is not None:
            info += "  %s" % SHORT[kind]
            if obs["rank"]:
                info += "  %s high" % ("1" if obs["rank"] == "1high" else "9")
            if obs["trump"] is not None:
                info += "  ^" + self.deck.suits[obs["trump"]]
        self.info = info
        passed = obs["passed"]
        won = obs["tricks_won"]
        for s in range(self.n):
            role = ""
            if s == d:
                role = "declarer"
            elif ph == "bid" and s in passed:
                role = "passed"
            elif s == obs["forehand"]:
                role = "forehand"
            self.opp[s] = ("%d tr  %s" % (won[s], role[:4])) if ph == "play" else role
        notes = []
        if d is not None:
            redo = " (Redo)" if obs["redo_hand"] else ""
            notes.append(self.fit("%s: %s%s" % (self.names[d], LONG[kind], redo),
                                        "%s: %s%s" % (self.names[d], SHORT[kind], redo)))
            if ph == "play":
                notes.append("Declarer's tricks%s: %d" % (" 7-12" if kind == "win_last6" else "",
                                                           obs["declarer_tricks"]))
                if kind == "win_slalom":
                    notes.append("This trick: %s is high" % ("1" if obs["trick_low"] else "9"))
        else:
            line = "Forehand: %s" % self.names[obs["forehand"]]
            if obs["puddle"]:
                line = "Forehand %s: in the puddle!" % self.names[obs["forehand"]]
            notes.append(line)
        line = "Points:"
        for s in range(self.n):
            line += " %s %d" % (self.names[s][:3], obs["scores"][s])
        notes.append(line)
        self.notes = notes
        if me in self.turn and obs["legal"]:
            if ph == "bid":
                self.prompt = "In the puddle: you must bid" if obs["puddle"] else "Bid a contract or pass"
            elif ph == "rank":
                self.prompt = "Announce the ranking"
            elif ph == "trump":
                self.prompt = "Announce the trump suit"
            else:
                self.prompt = "Your turn: play a card"
            if ph != "play":
                self.choices = [(self.action_text(a, obs), a) for a in obs["legal"]]
                if ph == "bid":
                    self._mark_done(obs)
        elif self.turn:
            who = self.names[self.turn[0]]
            self.prompt = ("%s bids" % who) if ph == "bid" else (
                "%s announces" % who if ph in ("rank", "trump") else "%s to play" % who)
        else:
            self.prompt = ""

    # -- the scoresheet -------------------------------------------------------------------
    def draw_sheet(self, screen, obs):
        fb = screen.fb
        W = screen.width
        fb.fill(FELT)
        fb.fill_rect(0, 0, W, 16, DARK)
        text.draw_centred(fb, "Scoresheet  (hand %d)" % obs["hand_no"], 0, 4, W, ACCENT)
        cx = 80
        cw = (W - cx - 4) // self.n
        y = 20
        for s in range(self.n):
            text.draw_centred(fb, self.names[s][:6], cx + s * cw, y, cw, GOLD if s == self.seat else TEXT)
        y += 12
        for row in obs["scoresheet"]:
            k = row["contract"]
            fb.hline(2, y - 2, W - 4, GREY)
            fb.text(SHORT[k], 4, y, TEXT)
            fb.text("tricks" if not KIND_FLAGS[KIND_NAMES.index(k)] & F_LOSE else "fewer",
                    4, y + 10, GREY)
            for s in range(self.n):
                t = row["tricks"][s]
                text.draw_centred(fb, "-" if t is None else "%d" % t, cx + s * cw, y, cw, TEXT)
                p = row["points"]
                if p is not None:
                    text.draw_centred(fb, "%+d" % p[s], cx + s * cw, y + 10, cw,
                                      GOLD if p[s] == 3 else ACCENT)
            y += 24
        fb.hline(2, y - 2, W - 4, TEXT)
        fb.text("Points", 4, y + 2, ACCENT)
        for s in range(self.n):
            text.draw_centred(fb, "%d" % obs["scores"][s], cx + s * cw, y + 2, cw, ACCENT)
        y += 14
        rich.draw_para(fb, "A row scores +3/+1/-1 once all three have played it.", 4, y, W - 8, GREY)
        screen.mark_all()

    # -- results --------------------------------------------------------------------------
    def hand_summary(self, events, obs):
        d = -1
        kind = ""
        hand_no = obs["hand_no"]
        rank = ""
        trump = ""
        res = None
        redo = False
        for ev in events:
            if ev[0] == "hand":
                hand_no = ev[1]
            elif ev[0] in ("bid", "redo"):
                d = ev[1]
                kind = ev[2]
                redo = ev[0] == "redo"
            elif ev[0] == "rank":
                rank = "1 high" if ev[2] == "1high" else "9 high"
            elif ev[0] == "trump":
                trump = " ^" + ev[2]
            elif ev[0] == "result":
                res = ev
        rows = []
        if res is not None:
            rows.append(("Declarer", self.names[d]))
            rows.append(("Contract", SHORT[kind] + (" (Redo)" if redo else "")))
            rows.append(("Played", rank + trump))
            rows.append(("Tricks", "%d" % res[2]))
            rows.append(("Scoresheet", "%d" % res[3]))
        # the name-points pairs on a line of their own, so that no pair wraps apart
        line = "Game points:\n" + "  ".join(["%s %d" % (self.names[s][:3], obs["scores"][s])
                                              for s in range(self.n)])
        return ("Hand %d result" % hand_no, ("", ""), rows, line)

    def game_summary(self, res):
        # the results page's helpers are loaded with it, not with the table
        from core.ui.results import name_seats, place_rows, winners_line
        extra = ["%d" % f for f in res["firsts"]]
        rows = place_rows(self.names, res["ranking"], res["scores"], res["winners"], extra)
        footer = "%s Most game points wins. Tie-break: %s." % (
            winners_line(self.names, res["winners"]), name_seats(res["tiebreak"], self.names))
        return ("Stepping Stones: final", ("", "Player", "Points", "Firsts"), rows, footer)
