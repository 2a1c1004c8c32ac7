"""The Speed Run AI: every decision of the game, from the seat's observation only.

Decisions before play are in speedrun_choice (table-driven, instant; imported for each
and dropped after it); card play is PIMC through speedrun_play.  Sliced: `start(obs)`
then `step(units)` until it returns an action; `choose(obs)` loops.  The PRNG is reseeded
per decision from the bot's seed and the position, so a decision depends only on (seed,
observation, level).
"""
from micropython import const

from core.prng import Prng
from core.ai import level_budget
from core.ai.sliced import SlicedAI, drop_idle
from core.loop import drop_modules

# Imported for each decision before play (the idle search set dropped first) and dropped
# after it, so that it and the card-play search are never on the heap together, nor is it
# while a player thinks (docs/memory.md).
CHOICE = ("core.games.speedrun.choice",)

# Work units (simulated card plays) per card decision at the default level, fixed by the
# device-time bench (docs/ai.md, "Speed Run"); hard 4x; the reference's fixed budget.
SR_BUDGET = const(1000)
SR_REFERENCE_BUDGET = const(10000)
# What dealing one sample and modelling the other seats' contracts costs, in card plays
# (unix port: ~35 us against ~1.6 us a playout card), plus CAND_COST per candidate
# (restoring the deal, the utility): the budget pays for them too.
SAMPLE_COST = const(22)
CAND_COST = const(2)
# Candidates are shortlisted so that each gets at least this many samples (3 gained
# nothing at this budget: docs/ai.md, "Cheaper playouts and the device budget").
SPREAD = const(1)


class SpeedRunAI(SlicedAI):
    def __init__(self, seed=0, budget=SR_BUDGET, plan=True, harm=0):
        """budget: simulated card plays per card decision (0 = play by the playout
        policy alone); plan: weigh the contract cards kept for later hands; harm: weight
        of the other seats' modelled scores in the utility (0 = own score only)."""
        self.seed = seed & 0x3FFFFFFF
        self.budget = budget
        self.plan = plan
        self.harm = harm
        self.rng = Prng(self.seed)

    def _mix(self, obs, legal):
        played = obs.get("played") or []
        return (self.seed * 7 + obs["hand_no"] * 1031 + len(played) * 37 + len(obs["trick"]) * 5
                + len(legal))

    def _decide(self, obs, legal):
        """Cheap decisions are made here; card play sets up a search (-1)."""
        phase = obs["phase"]
        if len(legal) == 1:
            return legal[0]
        if phase == "select" or phase == "bid" or phase == "reveal":
            drop_idle()
            from core.games.speedrun import choice
            if phase == "select":
                a = choice.select(obs, legal)
            elif phase == "bid":
                a = choice.bid(obs, legal, self.plan)
            else:
                a = choice.reveal(obs)
            drop_modules(CHOICE)
            return a
        # The card-play search is imported at the first card decision, not with the AI,
        # so the set-up and the rules page after the deal do not hold it (docs/memory.md).
        from core.games.speedrun.play import SpeedRunPlay, N_PLAYERS
        from core.ai.pimc import start_search
        play = self._borrow(SpeedRunPlay, N_PLAYERS)
        cards = play.setup(obs, legal, self.harm)
        if self.budget <= 0:
            return play.sim.policy(obs["seat"])
        start_search(play.pimc, obs["seat"], cards, self.budget, SPREAD, SAMPLE_COST, CAND_COST)
        return -1


def make_ai(level, seed):
    """The Speed Run AI at a level of core.ai.LEVELS (core.registry.make_ai)."""
    return SpeedRunAI(seed, level_budget(level, SR_BUDGET, SR_REFERENCE_BUDGET), plan=level != "easy")
