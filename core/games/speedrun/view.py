"""What a Speed Run seat may know (ruling T-3); the final result (ruling SR-10) is
core/games/speedrun/result.py, loaded at the end.

Split from core/games/speedrun/rules.py to keep each module small enough to compile on the device.
"""
from core.cards import hand_cards
from core.trick import NO_SUIT, trick_is_low
from core.games.speedrun.defs import (N_PLAYERS, N_BOARDS, N_TRICKS, A_REDO, RANKINGS, BOARD_NAMES,
                                PHASE_NAMES, P_BID, P_REVEAL, P_PLAY, P_OVER, NO_ENTRY,
                                REVEALED)


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
