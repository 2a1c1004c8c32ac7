"""Stepping Stones' table: bidding (the contract list with completed contracts marked,
pass, the puddle), the declarer's announcements (9-high / 1-high, trump), the hand and
trick, the declarer's counted tricks.  Observation fields: core/games/steppingstones/rules.py
observation().  The scoresheet page (rows and game points) and the results pages' texts:
core/games/steppingstones/summary.py.
"""
from core.games.steppingstones.rules import (BID_BASE, KIND_NAMES, PASS, RANK_1HIGH, RANK_9HIGH,
                                             REDO_BASE, TRUMP_BASE)
from core.cards import STEPPING_DECK
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
