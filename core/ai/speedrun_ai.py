"""The Speed Run AI: every decision of the game, from the seat's observation only.

Decisions before play are in speedrun_choice (table-driven, instant); card play is PIMC
through speedrun_play.  Sliced: `start(obs)` then `step(units)` until it returns an
action; `choose(obs)` loops.  The PRNG is reseeded per decision from the bot's seed and
the position, so a decision depends only on (seed, observation, level).
"""
from core.prng import Prng
from core.ai import speedrun_choice as choice
from core.ai.speedrun_play import SpeedRunPlay
from core.ai.pimc import shortlist


class SpeedRunAI:
    def __init__(self, seed=0, budget=400, plan=True, harm=0):
        """budget: simulated card plays per card decision (0 = play by the playout
        policy alone); plan: weigh the contract cards kept for later hands; harm: weight
        of the other seats' modelled scores in the utility (0 = own score only)."""
        self.seed = seed & 0x3FFFFFFF
        self.budget = budget
        self.plan = plan
        self.rng = Prng(self.seed)
        self.play = SpeedRunPlay(self.rng, harm)
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
        played = obs.get("played") or []
        mix = (self.seed * 7 + obs["hand_no"] * 1031 + len(played) * 37 + len(obs["trick"]) * 5
               + len(legal)) & 0x3FFFFFFF
        self.rng.seed(mix)
        self._action = -1
        phase = obs["phase"]
        if len(legal) == 1:
            self._action = legal[0]
        elif phase == "select":
            self._action = choice.select(obs, legal)
        elif phase == "bid":
            self._action = choice.bid(obs, legal, self.plan)
        elif phase == "reveal":
            self._action = choice.reveal(obs)
        else:
            cards = self.play.setup(obs, legal)
            if self.budget <= 0:
                self._action = self.play.sim.policy(obs["seat"])
            else:
                self.pimc.start(shortlist(self.play.sim, obs["seat"], cards, self.budget), self.budget)

    def step(self, units):
        """Think for about `units` simulated card plays; the action when decided."""
        if self._action >= 0:
            return self._action
        if self.pimc.step(units):
            self._action = self.pimc.best()
            return self._action
        return None
