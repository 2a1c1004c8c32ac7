"""Reds' rules page text: the summary and a sentence per variant in effect.

Loaded by core/ui/rules_page.py for this game's page only and dropped with it, so the
other games' texts cost no heap (the page opens right after the deal, at the game's peak).
"""

SUMMARY = (
    "2-6 players, 39 cards (no hearts), 5 each. ^D Diamonds are always trump. The first "
    "black card turned from the pack sets the anti-trump suit: it only wins a trick it "
    "led when nobody played another suit. Bid 0-5 tricks, then pass the round's number "
    "of cards left or right. Must follow suit. Made bid: 3 per trick + 5. Over: 3 per "
    "bid trick + 1 per extra. Under: 1 per trick. Highest score wins.")


def variants(o):
    """The sentences for the variants in effect in the resolved options `o`."""
    out = []
    n = o.get("players", 4)
    if n == 2:                                        # ruling R-4
        out.append("2 players: passes left and right both go to your opponent.")
    elif n == 6:                                      # ruling R-2
        out.append("6 players: if the pack has no black card left, the round has no "
                   "anti-trump.")
    elif n != 4:
        out.append("%d players." % n)
    if o.get("short_game"):               # reds.md round table; core/games/reds/rules.py SHORT_ROWS
        out.append("Short game: 5 rounds, passing 4 left, 3 right, 2 left, 1 right, "
                   "then none.")
    if o.get("hidden_bids"):                          # reds.md Variants
        out.append("Hidden bids: bids stay secret until the round is scored.")
    if o.get("partnership"):                          # rulings
        out.append("Partnerships: the player across is your partner; each scores their "
                   "own bid, the team total wins.")
    return out
