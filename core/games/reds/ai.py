"""The Reds AI: every decision of the game, from the seat's observation only.

Bids and passes are in core/games/reds/choice.py (the host-made tables, looking through
the exchange that follows; instant, imported for each and dropped after it); card play is
PIMC through core/games/reds/play.py.  Sliced: `start(obs)` then `step(units)` until it
returns an action; `choose(obs)` loops.  The PRNG is reseeded per decision from the seed
and the position, so a decision depends only on (seed, observation, level).
"""
from core.prng import Prng
from core.games.reds.defs import BID_BASE
from core.ai.sliced import SlicedAI, drop_idle
from core.loop import drop_modules

# Imported for each decision before play (the idle search set dropped first) and dropped
# after it, so that it and the card-play search are never on the heap together, nor is it
# while a player thinks (docs/memory.md); with it its table of received cards' values and
# the hand estimates it reads (eval.py, table.py), which the card play loads again only
# while a bid is hidden (core/games/reds/play.py).
CHOICE = ("core.games.reds.choice", "core.games.reds.recv", "core.games.reds.eval",
          "core.games.reds.table")

# Weight (quarters of our own points) of the receiver's expected loss when passing: 0
# since issue #17 (with 2, a nil bidder kept its riskiest cards to spoil the receiver;
# 0 scores +0.29 [0.15, 0.43] points per game against greedy, 500 deals; docs/ai.md).
SPOIL = 0
MIN_SAMPLES = 2
# Card plays' worth of a sample beyond RedsPlay.sample_cost (which prices the placing of
# constrained cards): the shuffle and dealing of the whole unseen pack (unix port, ~26 us
# a sample against ~2 us a playout card), and CAND_COST per candidate (restoring the
# deal, the utility).  Without them the budget bought 20-36 samples in the last tricks,
# the slowest decisions of the game.
DEAL_COST = 14
CAND_COST = 2


class RedsAI(SlicedAI):
    def __init__(self, seed=0, budget=600, spoil=SPOIL):
        """budget: simulated card plays per card decision (0 = play by the playout policy
        alone); spoil: weight of the receiver's loss in the choice of the pass."""
        self.seed = seed & 0x3FFFFFFF
        self.budget = budget
        self.spoil = spoil
        self.rng = Prng(self.seed)

    def _mix(self, obs, legal):
        mix = self.seed * 7 + obs["round"] * 1031 + len(obs["played"]) * 37 + len(obs["trick"]) * 5
        for c in obs["hand"]:
            mix = mix * 3 + c
            mix &= 0xFFFFFF
        return mix

    def _decide(self, obs, legal):
        """Bids and passes are decided here; card play sets up a search (-1)."""
        phase = obs["phase"]
        if len(legal) == 1:
            return legal[0]
        # reveal: only a VOID seal's stand-in
        if phase == "bid" or phase == "reveal" or phase == "exchange":
            drop_idle()
            from core.games.reds import choice
            if phase == "exchange":
                a = choice.give(obs, self.spoil)
            else:
                a = BID_BASE + choice.bid(obs, self.spoil)
            drop_modules(CHOICE)
            return a
        # The card-play search is imported at the first card decision, not with the AI,
        # so the set-up and the rules page after the deal do not hold it (docs/memory.md).
        from core.games.reds.play import RedsPlay
        play = self._borrow(RedsPlay, obs["n_players"])
        cards = play.setup(obs)
        if self.budget <= 0 or len(cards) == 1:
            return cards[0] if len(cards) == 1 else play.sim.policy(obs["seat"])
        play.pimc.start(cards, self._search_plays(play, len(cards)))
        return -1

    def _search_plays(self, play, n_cards):
        """The PIMC budget in simulated card plays for this position: `budget` also
        pays for dealing the samples (late in a round, with short playouts, dealing
        dominates), and at least MIN_SAMPLES deals are looked at."""
        from core.ai.pimc import plays_for
        cost = play.sample_cost() + DEAL_COST + CAND_COST * n_cards
        return plays_for(play.sim, n_cards, self.budget, cost, MIN_SAMPLES)


# Simulated card plays per card decision at the default level (docs/ai.md, "Reds": fixed
# by the device-time bench), hard 4x; the reference's fixed budget (host only).
REDS_BUDGET = 750
REDS_REFERENCE_BUDGET = 15000


def make_reds_ai(level, seed):
    """The Reds AI at a level of core.ai.LEVELS: easy plays by the playout policy and
    passes for its own hand only; the others search with the level's budget."""
    from core.ai import level_budget
    budget = level_budget(level, REDS_BUDGET, REDS_REFERENCE_BUDGET)
    return RedsAI(seed, budget, SPOIL if budget else 0)


make_ai = make_reds_ai      # core.registry.make_ai
