"""Reds' result record at the end: the ranking, the tie-break, the rounds (the winners,
ruling R-7, are the engine's: its last round ends the game with them).  A module of its
own, loaded when the game ends: the table does not need it.
"""
from core.games.reds.defs import DIRECTION_NAMES, MAX_EXTRA_ROUNDS, OVER, suit_letter


def ranking(game):
    """Seats best first: team total (partnership), then own score, then seat order."""
    n = game.n_players
    h = n // 2
    scores = game.scores
    keyed = []
    for s in range(n):
        team = scores[s % h] + scores[s % h + h] if game.partnership else 0
        keyed.append((-team, -scores[s], s))
    keyed.sort()
    return [k[2] for k in keyed]


def tiebreak(game):
    last = game.n_regular
    if game.phase != OVER:
        return "game in progress"
    if game.round_no == last:
        return "clear winner after round %d" % last
    if game.shared:
        return "still tied after %d extra rounds: shared win" % MAX_EXTRA_ROUNDS
    return "tied after round %d; extra round %d decided" % (last, game.round_no)


def _round_detail(game, entry):
    no, dealer, anti, count, direction, bids, tricks, points = entry
    return {"round": no, "extra": no > game.n_regular, "dealer": dealer,
            "anti": suit_letter(anti), "exchange": [count, DIRECTION_NAMES[direction]],
            "bids": list(bids), "tricks": list(tricks), "points": list(points)}


def result(game):
    return {"over": game.phase == OVER,
            "scores": list(game.scores),
            "team_scores": game.team_scores(),
            "teams": game.teams(),
            "ranking": ranking(game),
            "winners": game._winner_seats(),
            "tiebreak": tiebreak(game),
            "first_dealer": game.first_dealer,
            "rounds": [_round_detail(game, e) for e in game.rounds]}
