"""Greedy heuristic baseline for Speed Run.  It reads only the seat's observation.

Selection: trump on a long suit, otherwise the ranking that favours its cards.
Bidding: estimates its tricks from card strength and picks the contract (or Pass, or a
Redo of a badly scored contract) whose expected score is lowest.
Play: wins tricks while short of its target, ducks once it has enough.
"""
from core.bots import legal_of
from core.prng import Prng
from core.trick import TrickResolver, NO_SUIT
from core.games.speedrun.defs import (A_TRUMP, A_NO_TRUMP, A_RANK, A_CONTRACT, A_PASS, A_REDO,
                           A_REVEAL, A_NOREVEAL, RANKINGS, BOARD_NAMES, BOARD_TARGETS,
                           B_LEAST, B_MIDDLE, B_MOST)

_N_RANKS = 10
_SUITS = "SHDC"


def _strength(rank, ranking):
    """How likely a card of this rank (0 = "1") beats others under a ranking, 0..1."""
    hi = rank / 9.0
    if ranking is None or ranking.startswith("slalom") or ranking.startswith("bell"):
        return 0.5 * (hi if hi > 0.5 else 1.0 - hi)   # swings: extremes only sometimes
    if ranking == "1-high":
        return 1.0 - hi
    return hi


def estimate_tricks(hand, trump, ranking):
    """Rough expected tricks of a 12-card hand: strong trumps and top cards win."""
    est = 0.0
    tsuit = _SUITS.find(trump) if trump and trump != "none" else -1
    counts = [0, 0, 0, 0]
    for c in hand:
        counts[c >> 4] += 1
    for c in hand:
        s = _strength(c & 15, ranking)
        if (c >> 4) == tsuit:
            est += 0.35 + 0.65 * s
        else:
            est += 0.9 * s * s * s
    if tsuit >= 0 and counts[tsuit]:
        for s in range(4):
            if s != tsuit and counts[s] == 0:
                est += 0.5   # a void lets a trump ruff
    return est


def _target_cost(board, est):
    """Expected distance from the objective given an estimate of own tricks."""
    if board == B_LEAST:
        return max(0.0, est - 3.0)
    if board == B_MOST:
        return max(0.0, 5.0 - est)
    if board == B_MIDDLE:
        return abs(est - 4.0)
    return abs(est - BOARD_TARGETS[board])


class GreedyBot:
    def __init__(self, seed=0):
        self.rng = Prng(seed)
        self.res = TrickResolver(3, _N_RANKS)

    def choose(self, obs):
        legal = legal_of(obs)
        if len(legal) == 1:
            return legal[0]
        phase = obs["phase"]
        if phase == "select":
            return self._select(obs, legal)
        if phase == "bid":
            return self._bid(obs, legal)
        if phase == "reveal":
            return self._reveal(obs)
        return self._play(obs, legal)

    # -- selection -------------------------------------------------------------------
    def _select(self, obs, legal):
        hand = obs["hand"]
        counts = [0, 0, 0, 0]
        for c in hand:
            counts[c >> 4] += 1
        best = 0
        for s in range(4):
            if counts[s] > counts[best]:
                best = s
        high = 0
        low = 0
        for c in hand:
            r = c & 15
            high += r
            low += 9 - r
        can_trump = A_TRUMP in legal
        can_rank = A_RANK in legal
        if can_trump and (counts[best] >= 5 or not can_rank):
            return A_TRUMP + best if counts[best] >= 4 else A_NO_TRUMP
        # Ranking: 10 High or 1 High, whichever makes its cards stronger.
        return A_RANK if high >= low else A_RANK + 1

    # -- bidding ---------------------------------------------------------------------
    def _bid(self, obs, legal):
        est = estimate_tricks(obs["hand"], obs["trump"], obs["ranking"])
        sheet = obs["sheet_scores"][obs["seat"]]
        best = -1
        best_val = 99.0
        for a in legal:
            if A_CONTRACT <= a < A_PASS:
                cost = _target_cost(a - A_CONTRACT, est)
                # Expected score: misses cost their distance; a near hit earns the bonus.
                val = cost + 1.0 - (2.0 if cost < 0.75 else 0.0)
            elif a == A_PASS:
                val = 1.5   # nothing scored, but the card is spent
            else:
                b = a - A_REDO
                cost = _target_cost(b, est)
                new = cost + 1.0 - (2.0 if cost < 0.75 else 0.0)
                gain = sheet[b] - new
                val = 2.0 - gain   # a Redo is worth it only for a big improvement
            if val < best_val or (val == best_val and self.rng.below(2)):
                best = a
                best_val = val
        return best

    def _reveal(self, obs):
        bid = obs["bids"][obs["seat"]]
        name = bid.split(":")[1]
        board = BOARD_NAMES.index(name)
        est = estimate_tricks(obs["hand"], obs["trump"], obs["ranking"])
        return A_REVEAL if _target_cost(board, est) < 0.25 else A_NOREVEAL

    # -- trick play -----------------------------------------------------------------------
    def _want_win(self, obs):
        seat = obs["seat"]
        bid = obs["bids"][seat]
        won = obs["tricks_won"]
        mine = won[seat]
        if bid == "pass":
            return False
        board = BOARD_NAMES.index(bid.split(":")[1])
        if board == B_MOST:
            return True
        if board == B_LEAST:
            return False
        if board == B_MIDDLE:
            return mine < 4
        return mine < BOARD_TARGETS[board]

    def _play(self, obs, legal):
        trick = obs["trick"]
        low = obs["trick_low"]
        trump = obs["trump"]
        tsuit = _SUITS.find(trump) if trump != "none" else -1

        def power(c):
            r = c & 15
            p = (9 - r) if low else r
            return p + 10 if (c >> 4) == tsuit else p

        want = self._want_win(obs)
        if not trick:
            # Leading: strongest card to win, weakest to lose.
            pick = legal[0]
            for c in legal:
                if (power(c) > power(pick)) if want else (power(c) < power(pick)):
                    pick = c
            return pick
        res = self.res
        res.set_rules(tsuit if tsuit >= 0 else NO_SUIT)
        seat = obs["seat"]
        winning = []
        losing = []
        for c in legal:
            res.start(low)
            for s, x in trick:
                res.play(s, x)
            res.play(seat, c)
            (winning if res.winner_seat() == seat else losing).append(c)
        last = len(trick) == 2
        if want and winning:
            pick = winning[0]
            for c in winning:
                # Last to play: the cheapest winner; otherwise the strongest.
                if (power(c) < power(pick)) if last else (power(c) > power(pick)):
                    pick = c
            return pick
        if not want and losing:
            return self._extreme(losing, power, True)     # duck with the strongest loser
        if not want and last:
            return self._extreme(winning, power, True)    # the trick is ours anyway
        return self._extreme(legal, power, False)         # hope to be overtaken / discard

    def _extreme(self, cards, power, strongest):
        pick = cards[0]
        for c in cards:
            if (power(c) > power(pick)) if strongest else (power(c) < power(pick)):
                pick = c
        return pick
