"""Stepping Stones' final standings (ruling SS-10): a module of its own, imported by
SteppingStones.result() when the game ends and dropped by the app with the results page:
the table does not need it.
"""


def standings(totals, firsts):
    """(ranking best first, winners, tie-break sentence) by ruling SS-10."""
    seats = list(range(len(totals)))
    ranking = sorted(seats, key=lambda s: (-totals[s], -firsts[s], s))
    best = totals[ranking[0]]
    top = [s for s in seats if totals[s] == best]
    if len(top) == 1:
        return ranking, top, "seat %d has the most game points (%d)" % (top[0], best)
    most = max([firsts[s] for s in top])
    winners = [s for s in top if firsts[s] == most]
    if len(winners) == 1:
        return ranking, winners, ("tied on %d game points; seat %d placed first in the most "
                                  "contracts (%d)" % (best, winners[0], most))
    return ranking, winners, ("tied on %d game points and on contracts placed first (%d): "
                              "shared victory" % (best, most))
