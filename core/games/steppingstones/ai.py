"""The Stepping Stones AI: every decision of the game, from the seat's observation only.

Bidding, ranking and trump are in steppingstones_choice (table-driven, instant; imported
for each and dropped after it); card play is PIMC through steppingstones_play.
Sliced: `start(obs)` then `step(units)` until it returns an action; `choose(obs)` loops.
The PRNG is reseeded per decision from the bot's seed and the position, so a decision
depends only on (seed, level, the observations this seat has had during the hand).
"""
from micropython import const

from core.prng import Prng
from core.ai import level_budget
from core.ai.sliced import SlicedAI, drop_idle
from core.loop import drop_modules

# Imported for each decision before play (the idle search set dropped first) and dropped
# after it, so that they and the card-play search are never on the heap together, nor are
# they while a player thinks (docs/memory.md): the choice and its hand histograms.
CHOICE = ("core.games.steppingstones.choice", "core.games.steppingstones.hist")

# Simulated card plays per card decision at the default level (docs/ai.md: the device
# time measurement that fixes it); hard 4x; the reference's fixed budget (host only).
SS_DEFAULT_BUDGET = const(1200)
SS_REFERENCE_BUDGET = const(15000)
# What dealing one sample costs, in card plays (unix port: ~16 us against ~1.6 us a
# playout card), plus CAND_COST per candidate (restoring the deal, the utility): the
# budget pays for them too.
SAMPLE_COST = const(10)
CAND_COST = const(2)
# Early in a hand, fewer candidates so that each gets this many sampled deals.
SPREAD = const(2)


def ss_budget(level):
    return level_budget(level, SS_DEFAULT_BUDGET, SS_REFERENCE_BUDGET)


class SteppingStonesAI(SlicedAI):
    def __init__(self, seed=0, budget=SS_DEFAULT_BUDGET, plan=True):
        """budget: simulated card plays per card decision (0 = play by the playout policy
        alone); plan: bid by the scoresheet's rows and the hands left (else by the hand)."""
        self.seed = seed & 0x3FFFFFFF
        self.budget = budget
        self.plan = plan
        self.rng = Prng(self.seed)
        self.memory = None      # play.SeatMemory, made at the first card observation

    def _mix(self, obs, legal):
        played = obs["played"]
        return (self.seed * 7 + obs["hand_no"] * 1031 + obs["trick_no"] * 37 + len(obs["trick"]) * 5
                + len(legal) + (played[0] ^ played[1] * 3 ^ played[2] * 5 ^ played[3] * 7))

    def _decide(self, obs, legal):
        """Cheap decisions are made here; card play sets up a search (-1)."""
        phase = obs["phase"]
        if phase == "play":
            if self.memory is None:
                from core.games.steppingstones.play import SeatMemory
                self.memory = SeatMemory()
            self.memory.update(obs)
        if len(legal) == 1:
            return legal[0]
        if phase == "bid" or phase == "rank" or phase == "trump":
            drop_idle()
            from core.games.steppingstones import choice
            if phase == "bid":
                a = choice.bid(obs, legal, self.plan)
            elif phase == "rank":
                a = choice.rank(obs)
            else:
                a = choice.trump(obs)
            drop_modules(CHOICE)
            return a
        # The card-play search is imported at the first card decision, not with the AI,
        # so the set-up and the rules page after the deal do not hold it (docs/memory.md).
        from core.games.steppingstones.play import SteppingStonesPlay, N_PLAYERS
        from core.ai.pimc import start_search
        play = self._borrow(SteppingStonesPlay, N_PLAYERS)
        cards = play.setup(obs, legal, self.memory)
        if self.budget <= 0 or len(cards) == 1:
            return cards[0] if len(cards) == 1 else play.sim.policy(obs["seat"])
        start_search(play.pimc, obs["seat"], cards, self.budget, SPREAD, SAMPLE_COST, CAND_COST)
        return -1


def make_ai(level, seed):
    """The Stepping Stones AI at a level of core.ai.LEVELS (core.registry.make_ai)."""
    return SteppingStonesAI(seed, ss_budget(level), plan=level != "easy")
