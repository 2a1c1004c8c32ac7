"""A tiny deterministic trick game for the link tests (not one of the four real games).

2-6 seats; each hand every seat is dealt `cards` cards from 4 suits of 8, then all seats
secretly and simultaneously bid how many tricks they will take (actions 100 + n: the link
seals them), then tricks are played: follow suit if you can, highest card of the led suit
wins, the winner leads.  A hand scores tricks taken, +5 for an exact bid; bids become
public only when the hand is scored.  Small, quick, and it has every shape the link must
carry: simultaneous hidden decisions, one mover at a time, and a hidden hand per seat.
"""
from core.game import Game, Option

BID = 100


class MiniTrick(Game):
    NAME = "minitrick"
    # Bump whenever a change alters the outcome of any record (the link refuses to
    # seat units whose versions differ: docs/link.md, "Versions").
    RULES_VERSION = 1
    PLAYERS = (2, 3, 4, 5, 6)
    OPTIONS = (Option("hands", (2, 1, 3), "hands"), Option("cards", (4, 3, 5), "cards per hand"),
               Option("seats", (3, 2, 4, 5, 6), "seats"))

    def _setup(self):
        self.n = self.options["seats"]
        self.scores = [0] * self.n
        self.hand_no = 0
        self.leader = 0
        self._deal()

    def _deal(self):
        deck = bytearray([s << 4 | r for s in range(4) for r in range(8)])
        self.rng.shuffle(deck)
        k = self.options["cards"]
        self.hands = [sorted(deck[i * k:(i + 1) * k]) for i in range(self.n)]
        self.bids = [-1] * self.n
        self.tricks = [0] * self.n
        self.trick = []
        self.bidding = True
        self.log("deal", self.hand_no)

    def is_over(self):
        return self.hand_no >= self.options["hands"]

    def to_move(self):
        if self.is_over():
            return ()
        if self.bidding:
            return tuple([s for s in range(self.n) if self.bids[s] < 0])
        return ((self.leader + len(self.trick)) % self.n,)

    def legal_actions(self, seat):
        if seat not in self.to_move():
            return []
        if self.bidding:
            return [BID + b for b in range(self.options["cards"] + 1)]
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0][1] >> 4
            follow = [c for c in hand if c >> 4 == led]
            if follow:
                return follow
        return list(hand)

    def _apply(self, seat, action):
        if self.bidding:
            self.bids[seat] = action - BID
            if min(self.bids) >= 0:
                self.bidding = False
            return
        self.hands[seat].remove(action)
        self.trick.append((seat, action))
        self.log("play", seat, action)
        if len(self.trick) == self.n:
            led = self.trick[0][1] >> 4
            best = self.trick[0]
            for p in self.trick:
                if p[1] >> 4 == led and p[1] > best[1]:
                    best = p
            self.leader = best[0]
            self.tricks[best[0]] += 1
            self.trick = []
            self.log("trick", best[0])
            if not self.hands[best[0]]:
                self._score()

    def _score(self):
        for s in range(self.n):
            self.scores[s] += self.tricks[s] + (5 if self.tricks[s] == self.bids[s] else 0)
        self.log("bids", tuple(self.bids))
        self.log("score", tuple(self.scores))
        self.hand_no += 1
        self.leader = self.hand_no % self.n
        if not self.is_over():
            self._deal()

    def observation(self, seat):
        return {"seat": seat, "hand": list(self.hands[seat]), "trick": list(self.trick),
                "my_bid": self.bids[seat], "scores": list(self.scores),
                "legal": self.legal_actions(seat)}

    def result(self):
        return {"scores": list(self.scores)}

    def action_label(self, action):
        if action >= BID:
            return "bid%d" % (action - BID)
        return "%d%s" % ((action & 15) + 1, "SHDC"[action >> 4])

    def all_action_ids(self):
        return [s << 4 | r for s in range(4) for r in range(8)] + [BID + b for b in range(6)]


def games(name):
    """Game classes by name for the link: the test game, then the real registry."""
    if name == MiniTrick.NAME:
        return MiniTrick
    from core.registry import game_class
    return game_class(name)


def first_legal_ai(game, seat):
    return game.legal_actions(seat)[0]


def test_minitrick_plays_to_the_end_and_rejects_illegal():
    g = MiniTrick({"seats": 3, "hands": 1}, 5)
    assert g.to_move() == (0, 1, 2)
    assert g.check(0, 3) is not None          # a card while bidding
    for s in (2, 0, 1):
        g.apply(s, BID + 1)
    while not g.is_over():
        s = g.to_move()[0]
        wrong = [c for c in g.all_action_ids() if c not in g.legal_actions(s)][0]
        assert g.check(s, wrong) is not None
        g.apply(s, g.legal_actions(s)[-1])
    assert sum(g.result()["scores"]) >= 4
    assert g.events[-1][0] == "score"


def test_minitrick_is_deterministic():
    def run():
        g = MiniTrick({"seats": 4}, 77)
        while not g.is_over():
            s = g.to_move()[0]
            g.apply(s, g.legal_actions(s)[len(g.history) % len(g.legal_actions(s))])
        return g.history, g.result()
    assert run() == run()
