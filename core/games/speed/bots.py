"""Baseline Speed bots and the virtual table that runs bots against the engine.

GreedyBot plays the first card that fits, after a fixed reaction: the baseline for the
benchmark.  RandomBot plays at a random speed, picks among legal plays at random and,
with a chosen chance, sends an arbitrary action instead (most of them illegal): the
property tests use it to hammer the arbiter.

VirtualTable plays a whole match on a virtual clock: it jumps straight to the next time
some bot is due, fills each seat's SpeedView, ticks both bots and sends their actions
through the SpeedArbiter.  When both bots act at the same instant, their arrival order at
the arbiter is drawn from the table's own PRNG (SP-9).
"""
from micropython import const

from core.cards import RANK_MASK
from core.prng import MAX_SEED
from core.games.speed.defs import FITS, N_RANKS, SPIT, NO_ACTION, SpeedView
from core.games.speed.ai import RealTimeBot, SpeedBot, NEVER
from core.games.speed.arbiter import SpeedArbiter
from core.prng import Prng

MAX_ROUND_MS = const(1200000)   # 20 virtual minutes: a bot round that long is a bug


def derive_seed(seed, k):
    """A seed for sub-stream k (bots, arrival order) of a game seeded with `seed`."""
    return (seed ^ (0x1234567 * (k + 1))) & MAX_SEED


class GreedyBot(RealTimeBot):
    """First fitting card, first fitting pile, after a fixed reaction time."""

    def __init__(self, seed=0, reaction_ms=700):
        RealTimeBot.__init__(self, seed)
        self.reaction_ms = reaction_ms

    def _delay(self, kind):
        return self.reaction_ms

    def _choose(self, view):
        f = FITS[1 if view.count_down else 0]
        t0 = view.tops[0] & RANK_MASK
        t1 = view.tops[1] & RANK_MASK
        self.chaining = False
        for k in range(view.n_hand):
            c = view.hand[k]
            base = (c & RANK_MASK) * N_RANKS
            if f[base + t0]:
                return c << 1
            if f[base + t1]:
                return (c << 1) | 1
        return SPIT if self._spit_wanted(view) else NO_ACTION


class RandomBot(RealTimeBot):
    """Random speed (delays in [lo_ms, hi_ms] in steps of step_ms), random choices.

    With probability fuzz_pm per mille an action is any action id at all (a card it may not
    hold, a pile it does not fit, Spit at the wrong time), to test that the arbiter refuses
    everything illegal.  Coarse steps make two plays at the same instant common.
    """

    def __init__(self, seed=0, lo_ms=0, hi_ms=1000, step_ms=50, fuzz_pm=0):
        RealTimeBot.__init__(self, seed)
        self.lo_ms = lo_ms
        self.steps = (hi_ms - lo_ms) // step_ms + 1
        self.step_ms = step_ms
        self.fuzz_pm = fuzz_pm

    def _delay(self, kind):
        return self.lo_ms + self.rng.below(self.steps) * self.step_ms

    def _choose(self, view):
        rng = self.rng
        self.chaining = False
        if self.fuzz_pm and rng.below(1000) < self.fuzz_pm:
            pick = rng.below(105)      # 52 cards x 2 piles, or Spit
            if pick == 104:
                return SPIT
            card = ((pick >> 1) // 13) << 4 | (pick >> 1) % 13
            return card << 1 | (pick & 1)
        f = FITS[1 if view.count_down else 0]
        t0 = view.tops[0] & RANK_MASK
        t1 = view.tops[1] & RANK_MASK
        count = 0
        for k in range(view.n_hand):
            base = (view.hand[k] & RANK_MASK) * N_RANKS
            count += f[base + t0] + f[base + t1]
        if count == 0:
            return SPIT if self._spit_wanted(view) else NO_ACTION
        pick = rng.below(count)
        for k in range(view.n_hand):
            base = (view.hand[k] & RANK_MASK) * N_RANKS
            for pile in (0, 1):
                if f[base + (t0 if pile == 0 else t1)]:
                    if pick == 0:
                        return (view.hand[k] << 1) | pile
                    pick -= 1
        return NO_ACTION


def make_bots(levels, seed):
    """SpeedBots for the two seats, seeded from the game seed."""
    return [SpeedBot(levels[s], derive_seed(seed, s)) for s in (0, 1)]


class VirtualTable:
    """Runs `bots` (one per seat) against `game` until the match is over."""

    def __init__(self, game, bots, seed=0):
        self.game = game
        self.bots = bots
        self.arbiter = SpeedArbiter(game)
        self.views = (SpeedView(), SpeedView())
        self.rng = Prng(derive_seed(seed, 7))
        self.collisions = 0       # same-instant actions that were refused (SP-9)

    def submit(self, now, seat, action):
        """One action to the arbiter: None or the reason it was refused."""
        return self.arbiter.submit(now, seat, action)

    def _pass(self, now):
        """Tick both bots once at `now`, in a random arrival order; True if one acted."""
        game = self.game
        acted = False
        accepted = False
        first = self.rng.below(2)
        for k in (0, 1):
            seat = first ^ k
            bot = self.bots[seat]
            view = self.views[seat]
            game.fill_view(seat, view)
            action = bot.tick(now, view)
            if action == NO_ACTION:
                continue
            acted = True
            round_no = game.round_no
            why = self.submit(now, seat, action)
            if why is None:
                accepted = True
            else:
                if accepted:
                    self.collisions += 1   # refused right after the other seat's play
                bot.rejected(now, why)
            if game.is_over() or game.round_no != round_no:
                return True
        return acted

    def run(self):
        game = self.game
        now = 0
        while not game.is_over():
            round_no = game.round_no
            if self._pass(now):
                if game.round_no != round_no:
                    now = 0                 # a new round: its clock starts at 0
                continue
            nxt = NEVER
            for bot in self.bots:
                if bot.due < nxt:
                    nxt = bot.due
            if nxt == NEVER:
                raise RuntimeError("Speed: no bot will act and the round is not over (t=%d)" % now)
            if nxt > MAX_ROUND_MS:
                raise RuntimeError("Speed: round %d ran past %d ms" % (round_no, MAX_ROUND_MS))
            now = nxt
        return game
