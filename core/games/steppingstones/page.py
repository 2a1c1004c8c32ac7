"""Stepping Stones' rules page text: the summary and a sentence per variant in effect.

Loaded by core/ui/rules_page.py for this game's page only and dropped with it, so the
other games' texts cost no heap (the page opens right after the deal, at the game's peak).
"""

SUMMARY = (
    "3 players, 36 cards (1-9), 12 each. Bidding starts with the forehand: bid a "
    "contract you have not completed, or pass; if all pass the forehand is in the "
    "puddle and must bid. The declarer announces 9 or 1 high (and trump for Pick "
    "Trump), then leads. Must follow suit. Only the declarer's tricks count. When all "
    "three have played a contract its row scores +3 / +1 / -1 by rank (ties share). "
    "Most game points wins.")


def variants(o):
    """The sentences for the variants in effect in the resolved options `o`."""
    out = []
    if o.get("contracts") == "advanced":              # rulings SS-1, SS-7, SS-8
        out.append("Advanced contracts: Win Tricks with Pick Trump; May Trump (trump is "
                   "picked too, and may be played even when you can follow); Slalom (no "
                   "trump, ranking flips every trick); Lose Tricks, Must Beat (no trump; "
                   "beat the trick's best card if you can).")
    if o.get("redo"):                                 # ruling SS-9
        out.append("Redo: one token each to replay a completed contract; the better "
                   "result counts (up to 15 hands).")
    return out
