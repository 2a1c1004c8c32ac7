"""Speed Run's table: trump and ranking (with Slalom / Bell Curve direction this trick),
contracts face down, tricks won, your hidden contract, and the selection lists (trump or ranking with direction, contract with Pass and
Redo, the Contract Reveal decision).  Observation fields: core/games/speedrun/view.py.
The scoresheet page and the results pages' texts: core/games/speedrun/summary.py.
"""
from core.games.speedrun.defs import (A_CONTRACT, A_NO_TRUMP, A_NOREVEAL, A_PASS, A_RANK, A_REDO,
                                A_REVEAL, A_TRUMP, BOARD_NAMES, RANKINGS)
from core.cards import SPEEDRUN_DECK
from core.ui.table_common import SUIT_NAMES, TrickTable

BOARD_TEXT = {"win0": "Win 0", "win1": "Win 1", "win4": "Win 4", "win5": "Win 5",
              "win7": "Win 7", "win9": "Win 9", "least": "Least", "middle": "Middle",
              "most": "Most"}
RANK_TEXT = {"10-high": "10 High", "1-high": "1 High", "slalom-high": "Slalom",
             "slalom-low": "Slalom", "bell-high": "Bell Curve", "bell-low": "Bell Curve"}


def bid_text(label):
    """An observation's bid label as shown: "Win 4", "Pass", "Redo Win 1", "down"."""
    if label is None:
        return ""
    if label.startswith("contract:"):
        return BOARD_TEXT[label[9:]]
    if label.startswith("redo:"):
        return "Redo " + BOARD_TEXT[label[5:]]
    if label == "pass":
        return "Pass"
    if label == "redo":
        return "Redo"
    return "face down"


def trump_text(t):
    if t is None:
        return "?"
    if t == "none":
        return "none"
    return "^" + t + " " + SUIT_NAMES[t]


def action_text(game, a):
    """Rows of the selection, contract and reveal lists."""
    if A_TRUMP <= a < A_NO_TRUMP:
        s = game.deck.suits[a - A_TRUMP]
        return "Trump: %s" % SUIT_NAMES[s]
    if a == A_NO_TRUMP:
        return "Trump: none"
    if A_RANK <= a < A_RANK + len(RANKINGS):
        lab = RANKINGS[a - A_RANK][0]
        if lab in ("10-high", "1-high"):
            return "Ranking: " + RANK_TEXT[lab]
        return "%s, %s first" % (RANK_TEXT[lab], "10 high" if lab.endswith("high") else "1 high")
    if A_CONTRACT <= a < A_CONTRACT + 9:
        return "Contract: " + BOARD_TEXT[BOARD_NAMES[a - A_CONTRACT]]
    if a == A_PASS:
        return "Pass (scores nothing)"
    if A_REDO <= a < A_REDO + 9:
        return "Redo: " + BOARD_TEXT[BOARD_NAMES[a - A_REDO]]
    if a == A_REVEAL:
        return "Reveal it (score x2)"
    if a == A_NOREVEAL:
        return "Keep it hidden"
    return game.action_label(a)


class SpeedRunTable(TrickTable):
    TITLE = "Speed Run"
    HAS_SHEET = True
    DECK = SPEEDRUN_DECK
    TRICK_EVENT = "trick_won"
    WIN_AT = 1
    HAND_EVENTS = ("hand_end",)
    SUMMARY_EVENTS = ("score", "hand_end")

    def read(self, obs):
        g = self.game
        me = self.seat
        ph = obs["phase"]
        rk = obs["ranking"]
        self.info = "Hand %d/%d %s  %s" % (obs["hand_no"], obs["n_hands"],
                                                 "No trump" if obs["trump"] == "none" else
                                                 "Trump " + trump_text(obs["trump"])[:2],
                                                 RANK_TEXT[rk] if rk else "?")
        bids = obs["bids"]
        won = obs["tricks_won"]
        for s in range(self.n):
            b = bid_text(bids[s]) if ph != "select" else ""
            if ph == "play":
                b = "down" if b == "face down" else b
                self.opp[s] = self.fit("%d tr  %s" % (won[s], b), "%dtr %s" % (won[s], b), True)
            else:
                self.opp[s] = b
        notes = []
        if ph == "play":
            # who chose trump and ranking gives way to the trick count: the notes have
            # room for four lines on both screens
            notes.append("Trick %d/12, start player %s" % (obs["trick_no"], self.names[obs["start_player"]]))
        else:
            parts = []
            if obs["trump_by"] >= 0:
                parts.append("trump: %s" % self.names[obs["trump_by"]])
            if obs["ranking_by"] >= 0:
                parts.append("ranking: %s" % self.names[obs["ranking_by"]])
            if parts:
                line = ", ".join(parts)
                notes.append(line[0].upper() + line[1:])
        low = obs["trick_low"]
        if rk and low is not None:
            now = "1" if low else "10"
            if rk.startswith("slalom"):
                notes.append("Now %s high, swaps each trick" % now)
            elif rk.startswith("bell"):
                notes.append("Now %s high, swaps every 4" % now)
            else:
                notes.append("%s is high all hand" % now)
        mine = bid_text(bids[me])
        if mine and mine != "face down":
            rv = obs["my_reveal"]
            # face down unless revealed; a revealed contract scores double
            notes.append("You: %s%s, won %d" % (mine, " (x2)" if rv else "", won[me]))
        tot = obs["totals"]
        line = ""
        for s in range(self.n):
            line += " %s %d" % (self.names[s][:3], tot[s])
        # every total on the line: "Total" where "Totals:" would push one off the screen
        notes.append(("Totals:" if len(line) + 7 <= (self.W - 8) // 8 else "Total") + line)
        self.notes = notes
        if me in self.turn and obs["legal"]:
            if ph == "select":
                self.prompt = ("Choose trump OR ranking" if obs["trump"] is None and rk is None
                               else "Choose the %s" % ("trump suit" if obs["trump"] is None else "ranking"))
            elif ph == "bid":
                self.prompt = "Your contract (face down)"
            elif ph == "reveal":
                self.prompt = "Reveal your contract?"
            else:
                self.prompt = "Your turn: play a card"
            if ph != "play":
                self.choices = [(action_text(g, a), a) for a in obs["legal"]]
        elif ph == "bid" or ph == "reveal":
            self.prompt = "Waiting for contracts"
        elif obs["turn"] >= 0 and ph == "play":
            self.prompt = "%s to play" % self.names[obs["turn"]]
        elif self.turn:
            self.prompt = "%s chooses" % self.names[self.turn[0]]
        else:
            self.prompt = ""
