"""The sliced decision driver shared by the trick-taking games' AIs.

A decision is started with `start(obs)` and finished by `step(units)` calls, so the UI and
the link keep running while the device thinks; `choose(obs)` runs one to the end at once.
Decisions made from tables are ready after `start`; card play runs the game's PIMC search.

A subclass provides `self.rng` (core.prng.Prng), `self.pimc` (core.ai.pimc.Pimc, once a
search has been set up) and:
    _mix(obs, legal)     the int that reseeds the PRNG for this decision, so a decision
                         depends only on (seed, observation, level)
    _decide(obs, legal)  the action, or -1 after starting self.pimc on a search
"""
from micropython import const

from core.bots import legal_of

THINK_UNITS = const(4000)   # card plays per step() when choose() thinks in one go


class SlicedAI:
    _action = -1

    def choose(self, obs):
        self.start(obs)
        while True:
            a = self.step(THINK_UNITS)
            if a is not None:
                return a

    def start(self, obs):
        legal = legal_of(obs)
        self.rng.seed(self._mix(obs, legal) & 0x3FFFFFFF)
        self._action = -1
        self._action = self._decide(obs, legal)

    def step(self, units):
        """Think for about `units` simulated card plays; the action when decided."""
        if self._action >= 0:
            return self._action
        if self.pimc.step(units):
            self._action = self.pimc.best()
            return self._action
        return None
