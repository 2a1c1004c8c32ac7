"""Speed's rules page text: the summary and a sentence per variant in effect.

Loaded by core/ui/rules_page.py for this game's page only and dropped with it, so the
other games' texts cost no heap (the page opens right after the deal, at the game's peak).
"""
SUMMARY = (
    "2 players, real time. Play a card one above or below either centre pile (A "
    "touches K and 2, suits don't matter); your hand refills to 5 from your draw pile. "
    "When nobody can play, both flip a spit card onto the centre (stand-still). First "
    "to empty hand and draw pile wins the round and scores the loser's hand.")


# The on/off variants, each with its sentence.
_SWITCHES = (
    ("count_down_only",                               # ruling SP-2
     "Count Down Only: play exactly one below; aces are low, nothing goes on an ace."),
    ("stand_still_spit",                              # ruling SP-8
     "Stand Still Spit: when stuck, press Spit; the spit cards flip once both players "
     "have."),
    ("winner_yells_spit",                             # ruling SP-8
     "Winner Yells Spit: once hand and draw pile are empty, press Spit to win; till then "
     "the other plays on."),
    ("spit_pile_stalemate",                           # ruling SP-5
     "Spit Pile Stalemate: a stand-still with both spit piles used up ends the round with "
     "no winner."),
)


def variants(o):
    """The sentences for the variants in effect in the resolved options `o`."""
    out = []
    for key, sentence in _SWITCHES:
        if o.get(key):
            out.append(sentence)
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
    return out
