"""A greedy baseline bot for Stepping Stones that sees only its seat's observation.

Bidding: estimate the declarer's tricks for each open contract from the hand (top cards,
trump length, low cards for Lose Tricks) and bid the contract whose estimate beats a
typical result by the widest margin, or pass if none does (always bid in the puddle).
A redo is bid when the estimate clearly beats the result on the scoresheet.
Play: decide whether this trick should be won (declarer of a Win contract; a defender
against it) or lost, then pick the cheapest card that does it; trick outcomes are
simulated with the shared resolver (core/trick.py).
"""
from core.bots import legal_of
from core.games.steppingstones.rules import (BID_BASE, PASS, RANK_1HIGH, RANK_9HIGH, REDO_BASE, TRUMP_BASE,
                                 KIND_NAMES)
from core.trick import FOLLOW, NO_SUIT, TrickResolver

_TYPICAL_WIN = 4     # tricks a declarer of a Win contract typically takes
_TYPICAL_LOSE = 3    # and of a Lose contract


def _strength(card, low):
    r = card & 0x0F
    return 8 - r if low else r


def _estimate(kind, hand, low, trump):
    """Rough number of tricks the declarer of `kind` takes with `hand` (x2, integers)."""
    tops = 0
    for c in hand:
        s = _strength(c, low)
        if kind == "win_slalom":
            s = max(s, 8 - s)   # the ranking alternates: both ends are strong
        if (c >> 4) == trump:
            tops += 2
        elif s >= 6:
            tops += 2
        elif s == 5:
            tops += 1
    if kind == "win_last6":
        tops = tops * 2 // 3
    return tops


def _is_lose(kind):
    return kind.startswith("lose")


def _quality(kind, est2):
    """How much better than typical the estimate is, in half tricks."""
    if _is_lose(kind):
        return 2 * _TYPICAL_LOSE - est2
    return est2 - 2 * _TYPICAL_WIN


def _best_announcement(kind, hand):
    """(quality, low, trump) of the best ranking and trump for `kind` with `hand`."""
    best = None
    trumps = (0, 1, 2, 3) if kind in ("win_pick", "win_may") else (NO_SUIT,)
    for low in (False, True):
        for t in trumps:
            q = _quality(kind, _estimate(kind, hand, low, t))
            if best is None or q > best[0]:
                best = (q, low, t)
    return best


class GreedyBot:
    """Greedy, deterministic heuristic player; `seed` is accepted for a uniform API."""

    def __init__(self, seed=0):
        self.seed = seed
        self._res = TrickResolver(3, 9)

    def choose(self, obs):
        legal = legal_of(obs)
        if len(legal) == 1:
            return legal[0]
        phase = obs["phase"]
        if phase == "bid":
            return self._bid(obs, legal)
        if phase == "rank":
            q, low, t = _best_announcement(obs["contract"], obs["hand"])
            return RANK_1HIGH if low else RANK_9HIGH
        if phase == "trump":
            return self._trump(obs)
        return self._play(obs, legal)

    # -- bidding ---------------------------------------------------------------------------
    def _bid(self, obs, legal):
        hand = obs["hand"]
        seat = obs["seat"]
        best_q = None
        best_a = PASS
        for a in legal:
            if a == PASS:
                continue
            redo = a >= REDO_BASE
            kind = KIND_NAMES[a - (REDO_BASE if redo else BID_BASE)]
            q = _best_announcement(kind, hand)[0]
            if redo:
                old = 0
                for entry in obs["scoresheet"]:
                    if entry["contract"] == kind:
                        old = entry["tricks"][seat]
                gain = (2 * old - q - 2 * _TYPICAL_LOSE) if _is_lose(kind) else (q + 2 * _TYPICAL_WIN - 2 * old)
                q = gain - 6   # only when it improves the result by 3 tricks or more
            if best_q is None or q > best_q:
                best_q = q
                best_a = a
        # Fewer open contracts and fewer hands left make the bot less picky.
        threshold = 2 - len(obs["passed"])
        if PASS in legal and (best_q is None or best_q < threshold):
            return PASS
        return best_a

    def _trump(self, obs):
        low = obs["rank"] == "1high"
        best_t = 0
        best = -1
        for t in range(4):
            e = _estimate(obs["contract"], obs["hand"], low, t)
            if e > best:
                best = e
                best_t = t
        return TRUMP_BASE + best_t

    # -- trick play ------------------------------------------------------------------------
    def _wins_with(self, obs, card):
        """Seat winning the trick so far if this seat plays `card` now."""
        res = self._res
        trump = obs["trump"]
        res.set_rules(NO_SUIT if trump is None else trump, NO_SUIT, FOLLOW)
        res.start(obs["trick_low"])
        for seat, c in obs["trick"]:
            res.play(seat, c)
        res.play(obs["seat"], card)
        return res.winner_seat()

    def _key(self, obs, card):
        """Value of keeping a card: strength, trumps above every side card."""
        k = _strength(card, obs["trick_low"])
        if obs["trump"] is not None and (card >> 4) == obs["trump"]:
            k += 9
        return k

    def _play(self, obs, legal):
        seat = obs["seat"]
        declarer = obs["declarer"]
        kind = obs["contract"]
        trick = obs["trick"]
        keyed = sorted([(self._key(obs, c), c) for c in legal])
        weakest = keyed[0][1]
        strongest = keyed[-1][1]
        if kind == "win_last6" and obs["trick_no"] < 6:
            return weakest    # early tricks do not count (SS-5): keep the strong cards
        declarer_wants_tricks = not _is_lose(kind)
        if seat == declarer:
            target = seat if declarer_wants_tricks else None
        else:
            target = None if declarer_wants_tricks else declarer
        if not trick:
            if seat == declarer:
                return strongest if declarer_wants_tricks else weakest
            return strongest if declarer_wants_tricks else weakest
        declarer_played = False
        for s, c in trick:
            if s == declarer:
                declarer_played = True
        last = len(trick) == 2
        if seat == declarer:
            winning = [kc for kc in keyed if self._wins_with(obs, kc[1]) == seat]
            losing = [kc for kc in keyed if self._wins_with(obs, kc[1]) != seat]
            if declarer_wants_tricks:
                if winning:
                    return winning[0][1] if last else winning[-1][1]
                return weakest
            if losing:
                return losing[-1][1]
            return strongest
        # A defender: make the declarer's trick count go the wrong way for them.
        if target is None:      # the declarer wants tricks: beat the declarer
            if not declarer_played:
                return strongest
            beat = [kc for kc in keyed if self._wins_with(obs, kc[1]) != declarer]
            return beat[0][1] if beat else weakest
        # The declarer wants to lose: leave the declarer winning if possible.
        if not declarer_played:
            return weakest
        keep = [kc for kc in keyed if self._wins_with(obs, kc[1]) == declarer]
        return keep[-1][1] if keep else weakest
