"""The Reds AI: every decision of the game, from the seat's observation only.

Bids and passes are instant (core/games/reds/eval.py: the host-made tables, looking through
the exchange that follows); card play is PIMC through core/games/reds/play.py.  The pass is
chosen as a whole set and emitted one `give` at a time: every call recomputes the set
from the observation (the hand still holds the chosen cards until delivery) and gives
its next card, or takes back a chosen card that is not in it.  Sliced: `start(obs)` then
`step(units)` until it returns an action; `choose(obs)` loops.  The PRNG is reseeded per
decision from the seed and the position, so a decision depends only on (seed,
observation, level).
"""
from core.prng import Prng
from core.games.reds import eval as ev
from core.games.reds.play import RedsPlay
from core.ai.sliced import SlicedAI, drop_idle
from core.ai.pimc import plays_for

BID_BASE = 64
GIVE_BASE = 128
UNGIVE_BASE = 192
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
        if phase == "bid" or phase == "reveal":     # reveal: only a VOID seal's stand-in
            drop_idle()
            return BID_BASE + ev.choose_bid(self._plan(obs))
        if phase == "exchange":
            drop_idle()
            return self._give(obs)
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
        cost = play.sample_cost() + DEAL_COST + CAND_COST * n_cards
        return plays_for(play.sim, n_cards, self.budget, cost, MIN_SAMPLES)

    # -- bidding and passing ------------------------------------------------------------
    def _plan(self, obs):
        n = obs["n_players"]
        seat = obs["seat"]
        k = obs["pass_count"]
        anti = ev.anti_of(obs)
        bids = obs["bids"]
        to = obs["pass_to"]
        giver_bid = ev.UNKNOWN_BID
        receiver_bid = None
        if k:
            giver = (2 * seat - to) % n      # passes come from the other direction
            if bids[giver] is not None and giver != seat:
                giver_bid = bids[giver]
            receiver_bid = bids[to]
        return ev.make_plan(n, sorted(obs["hand"]), anti, k, giver_bid, receiver_bid, self.spoil,
                            ev.bid_shift(n, bids, seat))

    def _give(self, obs):
        plan = self._plan(obs)
        own = obs["bids"][obs["seat"]]
        if own is None:     # a linked unit that has not got its sealed bid back yet
            own = ev.choose_bid(plan)
        _, m = plan.best(own)
        want = [plan.cards[i] for i in range(len(plan.cards)) if (m >> i) & 1]
        chosen = obs["pass_chosen"]
        for c in chosen:
            if c not in want:
                return UNGIVE_BASE + c
        for c in want:
            if c not in chosen:
                return GIVE_BASE + c
        return obs["legal"][0]


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
