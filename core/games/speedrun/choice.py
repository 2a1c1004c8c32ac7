"""Speed Run decisions before the cards are played, from the seat's observation.

    select  trump or ranking (with the Slalom / Bell Curve direction) and the answering
            choice: the option whose best contract has the lowest expected score in the
            host-made table (speedrun_eval), averaged over the other player's answer
            when it is not known yet.
    bid     contract, Pass or Redo: expected score now (table) plus, when planning, the
            typical worth of the cards kept for the hands still to come (docs/ai.md).
    reveal  reveal when the table expects a Perfect Bonus clearly (doubling helps).
"""
from micropython import const

from core.trick import NO_SUIT
from core.games.speedrun.defs import (A_TRUMP, A_NO_TRUMP, A_RANK, A_CONTRACT, A_PASS, A_REDO,
                                A_REVEAL, A_NOREVEAL, RANKINGS, BOARD_NAMES)
from core.games.speedrun import eval as ev
from core.games.speedrun.eval import _board_of, _ranking_of, _trump_of, _mask_of

N_BOARDS = const(9)
# Tenths of a point: what a Redo card kept for later is typically worth, and how sure of
# a Perfect Bonus the table must be before the contract is revealed.
REDO_TYPICAL = const(-5)
REVEAL_BELOW = const(-5)


def _typical_score(board):
    """Mean score (tenths) of a board over random hands: what keeping it is worth."""
    return ev._T.TYPICAL[board] - ev._T.OFFSET


def _value(hand, trump, rk, boards):
    """Lowest expected score (tenths) among `boards` (mask) for this selection."""
    _, mode, low = RANKINGS[rk]
    est = ev.estimate(hand, trump, mode, low)
    fam = ev.family(trump, mode)
    bkt = ev.bucket(est)
    best = 999
    for b in range(N_BOARDS):
        if (boards >> b) & 1:
            v = ev.expected_score(fam, bkt, b)
            if v < best:
                best = v
    return best

def _my_boards(obs):
    m = 0
    for name in obs["unplayed"][obs["seat"]]:   # the seat's own cards: its own knowledge
        m |= 1 << BOARD_NAMES.index(name)
    return m

def select(obs, legal):
    hand = _mask_of(obs["hand"])
    boards = _my_boards(obs) or 1
    fixed_trump = obs["trump"]
    fixed_rank = obs["ranking"]
    best = legal[0]
    best_v = 1 << 20
    for a in legal:
        total = 0
        if a <= A_NO_TRUMP:
            t = NO_SUIT if a == A_NO_TRUMP else a - A_TRUMP
            if fixed_rank is not None:
                total = _value(hand, t, _ranking_of(fixed_rank), boards) * 6
            else:
                for rk in range(len(RANKINGS)):
                    total += _value(hand, t, rk, boards)
            total *= 5
        else:
            rk = a - A_RANK
            if fixed_trump is not None:
                total = _value(hand, _trump_of(fixed_trump), rk, boards) * 5
            else:
                for t in (0, 1, 2, 3, NO_SUIT):
                    total += _value(hand, t, rk, boards)
            total *= 6
        if total < best_v:
            best_v = total
            best = a
    return best

def bid(obs, legal, plan):
    seat = obs["seat"]
    hand = _mask_of(obs["hand"])
    rk = _ranking_of(obs["ranking"])
    _, mode, low = RANKINGS[rk]
    trump = _trump_of(obs["trump"])
    fam = ev.family(trump, mode)
    bkt = ev.bucket(ev.estimate(hand, trump, mode, low))
    reveal = obs["reveal_variant"]
    hands_left = obs["n_hands"] - obs["hand_no"]   # after this one
    # The seat's contract cards: typical worth of each when kept for a later hand.
    kept = []
    for name in obs["unplayed"][seat]:
        kept.append(_typical_score(BOARD_NAMES.index(name)))
    for _ in range(obs["passes_left"][seat]):
        kept.append(0)
    for _ in range(obs["redos_left"][seat]):
        kept.append(REDO_TYPICAL)
    old = obs["sheet_scores"][seat]
    best = legal[0]
    best_v = 1 << 20
    for a in legal:
        if A_CONTRACT <= a < A_PASS:
            b = a - A_CONTRACT
            now = ev.expected_score(fam, bkt, b)
            if reveal and now < REVEAL_BELOW:
                now *= 2
            spent = _typical_score(b)
        elif a == A_PASS:
            now = 0
            spent = 0
        else:
            b = a - A_REDO
            new = ev.expected_score(fam, bkt, b)
            if reveal and new < REVEAL_BELOW:
                new *= 2
            now = new - old[b] * 10
            if now > 0:
                now = 0      # SR-7: a worse result is not recorded
            spent = REDO_TYPICAL
        v = now
        if plan:
            v += _future(kept, spent, hands_left)
        if v < best_v:
            best_v = v
            best = a
    return best

def _future(kept, spent, hands_left):
    """Sum of the `hands_left` best typical scores among the kept cards minus the one
    spent now: the cards that will be played later (one card is never played)."""
    rest = list(kept)
    rest.remove(spent)
    rest.sort()
    total = 0
    for i in range(min(hands_left, len(rest))):
        total += rest[i]
    return total

def reveal(obs):
    b = _board_of(obs["bids"][obs["seat"]])
    if b < 0:
        return A_NOREVEAL
    hand = _mask_of(obs["hand"])
    rk = _ranking_of(obs["ranking"])
    _, mode, low = RANKINGS[rk]
    trump = _trump_of(obs["trump"])
    v = ev.expected_score(ev.family(trump, mode), ev.bucket(ev.estimate(hand, trump, mode, low)), b)
    return A_REVEAL if v < REVEAL_BELOW else A_NOREVEAL
