"""The Stepping Stones AI: every decision of the game, from the seat's observation only.

Bidding, ranking and trump are in steppingstones_choice (table-driven, instant); card
play is PIMC through steppingstones_play.  Sliced: `start(obs)` then `step(units)` until
it returns an action; `choose(obs)` loops.  The PRNG is reseeded per decision from the
bot's seed and the position, so a decision depends only on (seed, level, the
observations this seat has had during the hand).
"""
from micropython import const

from core.prng import Prng
from core.ai import level_budget, DEFAULT_BUDGET
from core.ai import steppingstones_choice as choice
from core.ai.steppingstones_play import SteppingStonesPlay
from core.ai.pimc import shortlist

# Simulated card plays per card decision at the default level (docs/ai.md: the device
# time measurement that fixes it); the other levels scale it like the shared budgets.
SS_DEFAULT_BUDGET = const(300)


def ss_budget(level):
    return SS_DEFAULT_BUDGET * level_budget(level) // DEFAULT_BUDGET


class SteppingStonesAI:
    def __init__(self, seed=0, budget=SS_DEFAULT_BUDGET, plan=True):
        """budget: simulated card plays per card decision (0 = play by the playout policy
        alone); plan: bid by the scoresheet's rows and the hands left (else by the hand)."""
        self.seed = seed & 0x3FFFFFFF
        self.budget = budget
        self.plan = plan
        self.rng = Prng(self.seed)
        self.play = SteppingStonesPlay(self.rng)
        self.pimc = self.play.pimc
        self._action = -1

    def choose(self, obs):
        self.start(obs)
        while True:
            a = self.step(4000)
            if a is not None:
                return a

    def start(self, obs):
        """Begin a decision.  Cheap decisions are made here; card play sets up a search."""
        legal = obs["legal"]
        if not legal:
            raise ValueError("no legal action for seat %d" % obs["seat"])
        played = obs["played"]
        mix = (self.seed * 7 + obs["hand_no"] * 1031 + obs["trick_no"] * 37 + len(obs["trick"]) * 5
               + len(legal) + (played[0] ^ played[1] * 3 ^ played[2] * 5 ^ played[3] * 7)) & 0x3FFFFFFF
        self.rng.seed(mix)
        self._action = -1
        phase = obs["phase"]
        if phase == "play":
            self.play.tracker.update(obs)
        if len(legal) == 1:
            self._action = legal[0]
        elif phase == "bid":
            self._action = choice.bid(obs, legal, self.plan)
        elif phase == "rank":
            self._action = choice.rank(obs)
        elif phase == "trump":
            self._action = choice.trump(obs)
        else:
            cards = self.play.setup(obs, legal)
            if self.budget <= 0 or len(cards) == 1:
                self._action = cards[0] if len(cards) == 1 else self.play.sim.policy(obs["seat"])
            else:
                # Early in a hand, fewer candidates so that each gets two sampled deals.
                self.pimc.start(shortlist(self.play.sim, obs["seat"], cards, self.budget // 2), self.budget)

    def step(self, units):
        """Think for about `units` simulated card plays; the action when decided."""
        if self._action >= 0:
            return self._action
        if self.pimc.step(units):
            self._action = self.pimc.best()
            return self._action
        return None
