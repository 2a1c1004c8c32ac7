"""Speed Run's rules page text: the summary and a sentence per variant in effect.

Loaded by core/ui/rules_page.py for this game's page only and dropped with it, so the
other games' texts cost no heap (the page opens right after the deal, at the game's peak).
"""

SUMMARY = (
    "3 players, 40 cards (1-10 in four suits), 12 each. Every hand: the start player "
    "picks trump OR ranking (10 High, 1 High, Slalom: switches every trick, Bell Curve: "
    "switches every 4 tricks); the next player picks the other. Then all choose a "
    "contract face down: Win 0/1/4/5/7 tricks (a medium game adds Win 9 and Least, "
    "a long one Middle and Most too). Pass scores "
    "nothing; Redo replays a done contract. Must follow suit, highest trump or led card "
    "wins. Score = tricks off target, a perfect hit scores -2. Lowest total wins.")


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


def variants(o):
    """The sentences for the variants in effect in the resolved options `o`."""
    out = []
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
    return out
