"""What a Speed Run seat may know (ruling T-3) and the final result (ruling SR-10).

Split from core/games/speedrun/rules.py to keep each module small enough to compile on the device.
"""
from core.cards import hand_cards, popcount
from core.trick import NO_SUIT, trick_is_low
from core.games.speedrun.defs import (N_PLAYERS, N_BOARDS, N_TRICKS, A_REDO, RANKINGS, BOARD_NAMES,
                                PHASE_NAMES, P_BID, P_REVEAL, P_PLAY, P_OVER, NO_ENTRY,
                                REVEALED)


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

# -- what a seat may know (ruling T-3) --------------------------------------------------
def observation(game, seat):
    p = game.phase
    bids = []
    for s in range(N_PLAYERS):
        a = game.bids[s]
        if not a:
            bids.append(None)
        elif s == seat:
            bids.append(game.action_label(a))
        elif p == P_BID:
            bids.append("down")        # a face-down card, nothing more
        elif game.reveals[s] == REVEALED and p != P_REVEAL:
            bids.append(game.action_label(a))   # Contract Reveal: shown face up
        elif a >= A_REDO:
            bids.append("redo")        # SR-7: the Redo card is shown, not its contract
        else:
            bids.append("down")
    my_reveal = game.reveals[seat]
    trick = []
    if p == P_PLAY:
        res = game.resolver
        for i in range(res.count):
            trick.append([res.seats[i], res.cards[i]])
    r = RANKINGS[game.ranking] if game.ranking >= 0 else None
    return {
        "game": game.NAME,
        "seat": seat,
        "phase": PHASE_NAMES[p],
        "legal": game.legal_actions(seat),
        "hand": hand_cards(game.hands[seat]),
        "hand_no": game.hand_no + (0 if p == P_OVER else 1),
        "n_hands": game.n_hands,
        "start_player": game.start,
        "trump": None if game.trump == -1 else ("none" if game.trump == NO_SUIT else game.deck.suits[game.trump]),
        "trump_by": game.trump_by,
        "ranking": None if r is None else r[0],
        "ranking_by": game.rank_by,
        "trick_low": (trick_is_low(r[1], r[2], game.trick_no) if r is not None and game.trick_no < N_TRICKS else None),
        "bids": bids,
        "my_reveal": None if not my_reveal else my_reveal == REVEALED,
        "reveal_variant": game.options["reveal"],
        "boards": [BOARD_NAMES[b] for b in range(N_BOARDS) if (game.boards >> b) & 1],
        "unplayed": [[BOARD_NAMES[b] for b in range(N_BOARDS) if (game.unplayed[s] >> b) & 1]
                     for s in range(N_PLAYERS)],
        "passes_left": list(game.passes),
        "redos_left": list(game.redos),
        "sheet_tricks": _sheet_rows(game, game.sheet_tricks),
        "sheet_scores": _sheet_rows(game, game.sheet_score),
        "totals": game.totals(),
        "trick_no": game.trick_no + (1 if p == P_PLAY else 0),
        "turn": game.turn,
        "trick": trick,
        "played": list(game.played[:game.trick_no * N_PLAYERS]),   # finished tricks
        "trick_leaders": list(game.leaders[:game.trick_no]),
        "trick_winners": list(game.winners[:game.trick_no]),
        "tricks_won": list(game.tricks),
    }

def _sheet_rows(game, arr):
    """Per seat, per board: the scoresheet value, None where nothing is written."""
    out = []
    for s in range(N_PLAYERS):
        row = []
        for i in range(s * N_BOARDS, (s + 1) * N_BOARDS):
            row.append(None if game.sheet_tricks[i] == NO_ENTRY else arr[i])
        out.append(row)
    return out
