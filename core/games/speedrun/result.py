"""Speed Run's final result (ruling SR-10): scores, the order and its tie-break, the
scoresheets.  A module of its own, loaded when the game ends: the table does not need it.
"""
from core.cards import popcount
from core.games.speedrun.defs import BOARD_NAMES, N_BOARDS, N_PLAYERS, NO_ENTRY


def result(game):
    """Scores and the ruling SR-10 order: lowest total, most contracts completed,
    most Perfect Bonuses on the final scoresheet, then a shared victory."""
    totals = game.totals()
    done = [popcount(game._completed(s)) for s in range(N_PLAYERS)]
    perf = [game._perfects(s) for s in range(N_PLAYERS)]
    keys = [(totals[s], -done[s], -perf[s], s) for s in range(N_PLAYERS)]
    ranking = [k[3] for k in sorted(keys)]
    best = keys[ranking[0]]
    winners = [s for s in range(N_PLAYERS) if keys[s][:3] == best[:3]]
    tied_total = [s for s in range(N_PLAYERS) if totals[s] == best[0]]
    tied_done = [s for s in tied_total if done[s] == -best[1]]
    if len(tied_total) == 1:
        why = "lowest total"
    elif len(tied_done) == 1:
        why = "tied on total; most contracts completed"
    elif len(winners) == 1:
        why = "tied on total and contracts completed; most Perfect Bonuses"
    else:
        why = "tied on total, contracts completed and Perfect Bonuses; victory shared"
    sheets = []
    for s in range(N_PLAYERS):
        rows = []
        for b in range(N_BOARDS):
            at = s * N_BOARDS + b
            if game.sheet_tricks[at] != NO_ENTRY:
                rows.append([BOARD_NAMES[b], game.sheet_tricks[at], game.sheet_score[at]])
        sheets.append(rows)
    return {
        "scores": totals,
        "ranking": ranking,
        "winners": winners,
        "tiebreak": why,
        "contracts_completed": done,
        "perfect_bonuses": perf,
        "sheets": sheets,
        "hand_points": [list(p) for p in game.hand_points],
        "hands_played": game.hand_no,
    }
