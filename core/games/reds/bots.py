"""GreedyBot: a heuristic Reds baseline that decides from the observation alone.

Bidding: add up a rough chance that each card takes a trick (high trumps most, anti-trump
almost never), counting the cards it will pass as average cards, and round stochastically
(the only use of the seed).  Passing: when the hand is stronger than the bid, pass the
strongest cards, otherwise the weakest.  Playing: while short of the bid, win as cheaply as
possible (with the strongest winner when others still play after it); once the bid is made,
play the highest card that does not take the trick.  Whether a card would win is asked of
the shared trick resolver, on the public cards of the trick in progress.
"""
from core.bots import legal_of
from core.cards import REDS_DECK, RANK_MASK, SUIT_SHIFT
from core.prng import Prng
from core.trick import NO_SUIT, TrickResolver

_BID_BASE = 64
_GIVE_BASE = 128
_UNGIVE_BASE = 192
_resolvers = {}     # one shared resolver per player count: bots only borrow it per call


def _anti_suit(obs):
    a = obs["anti"]
    return NO_SUIT if a is None else REDS_DECK.suits.find(a)


def card_strength(card, anti, n_players):
    """Rough chance (in 1/100) that `card` takes a trick this round."""
    suit = card >> SUIT_SHIFT
    r = card & RANK_MASK            # 0 = "2" .. 12 = "A"
    if suit == 0:                   # diamonds: always trump
        p = (r - 3) * 12 if r > 3 else 0
    elif suit == anti:              # wins only when led and nobody plays another suit
        p = 8 if r == 12 else 0
    else:                           # neutral (or plain, with no anti-trump: R-2)
        p = (r - 8) * 15 if r > 8 else 0
    if p > 100:
        p = 100
    return p * 4 // (n_players + 2)   # more players, more cards that beat it


class GreedyBot:
    def __init__(self, seed=0):
        self.rng = Prng(seed)

    def choose(self, obs):
        legal = legal_of(obs)
        phase = obs["phase"]
        if phase == "bid" or phase == "reveal":     # reveal: only a VOID seal's stand-in
            return self._bid(obs, legal)
        if phase == "exchange":
            return self._give(obs, legal)
        return self._play(obs, legal)

    # -- bidding and passing -----------------------------------------------------------
    def _bid(self, obs, legal):
        n = obs["n_players"]
        anti = _anti_suit(obs)
        k = obs["pass_count"]
        ps = sorted([card_strength(c, anti, n) for c in obs["hand"]])
        # The k weakest cards will be passed; an average card takes 1/n of a trick.
        total = sum(ps[k:]) + k * 100 // n
        bid = total // 100
        if self.rng.below(100) < total % 100:
            bid += 1
        bid = min(bid, 5)
        return _BID_BASE + bid if _BID_BASE + bid in legal else legal[0]

    def _give(self, obs, legal):
        n = obs["n_players"]
        anti = _anti_suit(obs)
        seat = obs["seat"]
        expect = sum([card_strength(c, anti, n) for c in obs["hand"]])
        bid = obs["bids"][seat]     # None: a linked unit that has not got its sealed bid back
        strong = bid is None or expect > bid * 100 + 50
        best = None
        best_key = 0
        for a in legal:
            if a >= _UNGIVE_BASE:
                continue
            c = a - _GIVE_BASE
            key = card_strength(c, anti, n) * 64 + _order(c, anti)
            if not strong:
                key = -key
            if best is None or key > best_key:
                best = a
                best_key = key
        return best if best is not None else legal[0]

    # -- playing -----------------------------------------------------------------------
    def _wins_now(self, obs, anti, card):
        n = obs["n_players"]
        r = _resolvers.get(n)
        if r is None:
            r = _resolvers[n] = TrickResolver(n, REDS_DECK.n_ranks)
        r.set_rules(0, anti)
        r.start(False)
        leader = obs["leader"]
        trick = obs["trick"]
        for i in range(len(trick)):
            r.play((leader + i) % n, trick[i])
        r.play(obs["seat"], card)
        return r.winner_seat() == obs["seat"]

    def _play(self, obs, legal):
        seat = obs["seat"]
        n = obs["n_players"]
        anti = _anti_suit(obs)
        bid = obs["bids"][seat]
        want = bid is not None and obs["tricks"][seat] < bid
        last = len(obs["trick"]) == n - 1
        winners = []
        losers = []
        for c in legal:
            if self._wins_now(obs, anti, c):
                winners.append(c)
            else:
                losers.append(c)
        if not obs["trick"]:            # leading: every card "wins" so far
            if want:
                return _extreme(legal, anti, True)
            return _extreme(legal, anti, False)
        if want:
            if winners:
                return _extreme(winners, anti, not last)
            return _extreme(losers, anti, False)
        if losers:
            return _extreme(losers, anti, True)
        return _extreme(winners, anti, True)


def _order(card, anti):
    """Playing strength: trump above the rest, anti-trump below, then rank."""
    suit = card >> SUIT_SHIFT
    cat = 2 if suit == 0 else (0 if suit == anti else 1)
    return cat * 16 + (card & RANK_MASK)


def _extreme(cards, anti, highest):
    best = cards[0]
    for c in cards:
        if (_order(c, anti) > _order(best, anti)) == highest and c != best:
            best = c
    return best
