"""Helpers shared by the Reds tests (no tests here): stacked deals, a seeded policy,
full-state snapshots.  Runs on CPython and both MicroPython ports."""
from core.cards import REDS_DECK, hand_cards
from core.prng import Prng
from core.games.reds.rules import Reds


def cards(text):
    """"5S 9S AD" -> card ints."""
    return [REDS_DECK.parse(t) for t in text.split()]


class Stacked(Reds):
    """Reds whose first rounds are dealt from given hands.  DEALS[k] is
    (hands by seat, turned cards) for round k + 1; later rounds shuffle normally."""
    DEALS = ()

    def _shuffle_pack(self):
        k = self.round_no - 1
        if k >= len(self.DEALS):
            Reds._shuffle_pack(self)
            return
        hands, turned = self.DEALS[k]
        n = self.n_players
        order = []
        for i in range(5 * n):          # card i goes to the seat (dealer + 1 + i) % n
            order.append(hands[(self.dealer + 1 + i) % n][i // n])
        order.extend(turned)
        assert len(set(order)) == len(order), "a card is stacked twice"
        for c in REDS_DECK.cards():
            if c not in order:
                order.append(c)
        assert len(order) == 39
        for i in range(39):
            self.pack[i] = order[i]


def stacked(options, seed, deals):
    Stacked.DEALS = deals
    try:
        return Stacked(options, seed)
    finally:
        Stacked.DEALS = ()


def deal_for(final, k, direction):
    """The dealt hands that become `final` (hands by seat, 5 cards each) after a pass of
    `k` cards in `direction` (+1 left, -1 right) in which every seat passes its last k
    dealt cards: seat s keeps final[s][:5-k] and receives final[s][5-k:] from its source."""
    n = len(final)
    return [final[s][:5 - k] + final[(s + direction) % n][5 - k:] for s in range(n)]


def reach_play(game, final, bids=None):
    """Bid (0 for everyone unless `bids` by seat), then let each seat pass the cards that
    deal_for(final, ...) put last in its hand; returns when the first trick starts."""
    while game.phase == "bid":
        for s in game.to_move():
            game.apply(s, 64 + (bids[s] if bids else 0))
    n = game.n_players
    k = game.ex_count
    while game.phase == "exchange":
        for s in game.to_move():
            give = final[(s + game.ex_dir) % n][5 - k:]
            chosen = hand_cards(game.giving[s])
            game.apply(s, 128 + [c for c in give if c not in chosen][0])
    for s in range(n):
        assert sorted(hand_cards(game.hands[s])) == sorted(final[s])


class RandomPolicy:
    """Uniform choice among the legal actions, from the project PRNG (deterministic)."""

    def __init__(self, seed):
        self.rng = Prng(seed)

    def choose(self, game, seat):
        legal = game.legal_actions(seat)
        return legal[self.rng.below(len(legal))]


def run(game, policy, limit=5000):
    """Play to the end with one policy for every seat; returns the number of actions."""
    steps = 0
    while not game.is_over():
        for s in game.to_move():
            game.apply(s, policy.choose(game, s))
            steps += 1
        assert steps < limit, "no end after %d actions" % limit
    return steps


def snapshot(game):
    """Everything a game holds, as plain data, to prove an action changed nothing."""
    r = game.resolver
    return [game.phase, game.round_no, game.dealer, game.bidder, game.turn, game.leader,
            game.trick_no, game.anti, game.delivered, game.shared, game.ex_count, game.ex_dir,
            [hand_cards(h) for h in game.hands], [hand_cards(g) for g in game.giving],
            list(game.bids), list(game.has_bid), list(game.tricks), list(game.scores),
            list(game.pack), list(game.turned), list(game.play_seats), list(game.play_cards),
            list(r.cards[:r.count]), list(r.seats[:r.count]), game.rng.state(),
            # The logs are append-only (core/packed_log.py): their lengths say all.
            len(game.history), len(game.events), len(game.rounds),
            [game.observation(s) for s in range(game.n_players)]]


def by_position(options, seed, hands_from_leader):
    """Hands by seat, given hands listed from the first trick's leader (the dealer's
    left) clockwise; the dealer comes from the seed's draw (R-8), as in the real game."""
    n = len(hands_from_leader)
    lead = (Reds(options, seed).dealer + 1) % n
    out = [None] * n
    for i in range(n):
        out[(lead + i) % n] = hands_from_leader[i]
    return out, lead
