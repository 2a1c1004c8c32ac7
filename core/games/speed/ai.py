"""The real-time Speed opponent: reaction times, look-ahead, hesitation.

A bot sees only a SpeedView (its own hand, the centre tops, public counts and signals) and
is driven by `tick(now_ms, view)`, called as often as the app loop likes; `due` says when
it next wants a tick.  It behaves like a player at a table:

* it notices a change of the table (`view.version`), decides what to do, and acts after
  a reaction delay drawn per decision from its own PRNG (shorter at harder levels), with
  occasional hesitation at easy levels;
* once it has reached for a card it is committed: if the pile changed meanwhile, the play
  goes to the arbiter anyway and may be refused (SP-9).  The two hard levels look again
  before letting go and re-aim instead;
* it picks the card and pile by a look-ahead over its own hand: longest chain of
  follow-up plays (a node budget per level), then the number of cards left playable, then
  keeping cards that have neighbours in hand (useful later).  A foreseen follow-up in a
  chain is played after a short "chain" delay instead of a full reaction;
* hard levels are primed for a stand-still: right after the flip they react faster
  (racing the other player to the fresh cards), and with Stand Still Spit or Winner Yells
  Spit they press Spit sooner.

Nothing in `tick` allocates (tests/core/test_speed_ai.py proves it under heap_lock), and
every decision costs a bounded number of look-ahead nodes.
"""
from micropython import const

from core.cards import RANK_MASK
from core.prng import Prng
from core.games.speed.defs import FITS, N_RANKS, HAND_MAX, SPIT, NO_ACTION

NEVER = const(0x3FFFFFFF)

# Per level: reaction base and spread (ms), chain delay, hesitation chance (per mille) and
# length, look-ahead depth and node budget, look-again-before-playing, Spit delay, primed
# reaction after a stand-still flip.
_REACT = const(0)
_SPREAD = const(1)
_CHAIN = const(2)
_HES_PM = const(3)
_HES_MS = const(4)
_DEPTH = const(5)
_NODES = const(6)
_RECHECK = const(7)
_SPIT_MS = const(8)
_PRIMED = const(9)
LEVEL_PARAMS = (
    (1150, 900, 1150, 220, 1400, 0, 0, 0, 1400, 1150),   # 1 casual: random card, slow
    (800, 600, 550, 80, 900, 3, 60, 0, 900, 800),        # 2 club: sees short chains (#17)
    (560, 380, 330, 20, 600, 3, 60, 1, 600, 420),        # 3 quick: chains, looks again
    (400, 240, 200, 0, 0, 5, 150, 1, 380, 260),          # 4 expert: long chains, primed
)
LEVELS = (1, 2, 3, 4)

# What the bot is waiting to do.
_IDLE = const(0)
_PLAY = const(1)


class RealTimeBot:
    """Perceive-decide-act timing shared by every Speed bot; subclasses choose actions.

    `_choose(view)` returns an action (or NO_ACTION) and sets `self.kind` to the delay
    class ("react", "chain", "spit"); `_delay(kind)` turns it into milliseconds.
    """

    def __init__(self, seed):
        self.rng = Prng(seed)
        self.due = NEVER
        self.plan = NO_ACTION
        self.state = _IDLE
        self.seen_version = -1
        self.seen_round = -1
        self.seen_standstills = 0
        self.last_card = -1
        self.chaining = False
        self.primed = False
        self.kind = 0

    def new_round(self, view):
        self.plan = NO_ACTION
        self.state = _IDLE
        self.due = NEVER
        self.seen_version = -1
        self.seen_round = view.round_no
        self.seen_standstills = view.standstills
        self.last_card = -1

    def tick(self, now, view):
        """Called by the app loop; returns an action to submit now, or NO_ACTION."""
        if view.over:
            self.due = NEVER
            return NO_ACTION
        if view.round_no != self.seen_round:
            self.new_round(view)
        if view.version != self.seen_version:
            self.seen_version = view.version
            self._perceive(now, view)
        if self.state == _PLAY and now >= self.due:
            return self._act(now, view)
        return NO_ACTION

    def rejected(self, now, reason):
        """The arbiter refused our action: look at the table again."""
        self.seen_version = -1
        self.last_card = -1

    def _perceive(self, now, view):
        # Did our own last play land?  (It left our hand and lies on a centre top.)
        own = False
        c = self.last_card
        if c >= 0 and (view.tops[0] == c or view.tops[1] == c):
            own = True
            for k in range(view.n_hand):
                if view.hand[k] == c:
                    own = False
        self.last_card = -1
        flipped = view.standstills != self.seen_standstills
        self.seen_standstills = view.standstills
        if self.state == _PLAY:
            return                      # already reaching for a card: committed
        action = self._choose(view)
        if action == NO_ACTION:
            self.due = NEVER
            return
        if action == SPIT:
            delay = self._delay(2)
        elif own and self.chaining:
            delay = self._delay(1)      # a foreseen follow-up
        elif flipped:
            delay = self._delay(3)      # primed for the stand-still
        else:
            delay = self._delay(0)
        self.plan = action
        self.state = _PLAY
        self.due = now + delay

    def _act(self, now, view):
        action = self.plan
        if self._recheck() and not self._still_legal(view, action):
            self.state = _IDLE          # the table changed under our hand: re-aim
            self.plan = NO_ACTION
            self._perceive(now, view)
            return NO_ACTION
        self.state = _IDLE
        self.plan = NO_ACTION
        self.due = NEVER
        self.last_card = action >> 1 if action != SPIT else -1
        return action

    @staticmethod
    def _still_legal(view, action):
        if action == SPIT:
            return True
        f = FITS[1 if view.count_down else 0]
        card = action >> 1
        held = False
        for k in range(view.n_hand):
            if view.hand[k] == card:
                held = True
        return held and f[(card & RANK_MASK) * N_RANKS + (view.tops[action & 1] & RANK_MASK)] == 1

    @staticmethod
    def _spit_wanted(view):
        if view.emptied:
            return view.winner_yells
        return view.stand_still_spit and not view.called

    # -- for subclasses ------------------------------------------------------------------
    def _choose(self, view):
        raise NotImplementedError

    def _delay(self, kind):
        raise NotImplementedError

    def _recheck(self):
        return False


class SpeedBot(RealTimeBot):
    """The device's opponent at a difficulty level 1 (casual) to 4 (expert)."""

    def __init__(self, level=2, seed=0):
        if level not in LEVELS:
            raise ValueError("Speed AI level must be one of %r, got %r" % (LEVELS, level))
        RealTimeBot.__init__(self, seed)
        self.level = level
        self.p = LEVEL_PARAMS[level - 1]
        self.ranks = bytearray(HAND_MAX)
        self.n = 0
        self.f = FITS[0]
        self.nodes = 0
        self.chain_seen = 0

    def _recheck(self):
        return self.p[_RECHECK] == 1

    def _delay(self, kind):
        p = self.p
        rng = self.rng
        if kind == 1:
            base = p[_CHAIN]
        elif kind == 2:
            base = p[_SPIT_MS]
        elif kind == 3:
            base = p[_PRIMED]
        else:
            base = p[_REACT]
        spread = p[_SPREAD]
        # A bell-shaped spread: the mean of three uniform draws.
        delay = base + (rng.below(spread) + rng.below(spread) + rng.below(spread)) // 3
        if p[_HES_PM] and rng.below(1000) < p[_HES_PM]:
            delay += (p[_HES_MS] >> 1) + rng.below(p[_HES_MS])
        return delay

    def _choose(self, view):
        n = view.n_hand
        self.n = n
        self.f = f = FITS[1 if view.count_down else 0]
        ranks = self.ranks
        for k in range(n):
            ranks[k] = view.hand[k] & RANK_MASK
        t0 = view.tops[0] & RANK_MASK
        t1 = view.tops[1] & RANK_MASK
        depth = self.p[_DEPTH]
        if depth == 0:
            return self._choose_random(view, t0, t1)
        self.nodes = self.p[_NODES]
        best_score = -1
        best = NO_ACTION
        best_chain = 0
        for k in range(n):
            r = ranks[k]
            base = r * N_RANKS
            for pile in (0, 1):
                top = t0 if pile == 0 else t1
                if not f[base + top]:
                    continue
                if pile == 1 and t1 == t0:
                    continue            # both tops of one rank: the same play twice
                n0 = r if pile == 0 else t0
                n1 = t1 if pile == 0 else r
                chain = 1
                if depth > 1:
                    chain += self._chain(1 << k, n0, n1, depth - 1)
                score = chain * 256 + self._options(1 << k, n0, n1) * 16 + (8 - self._neighbours(k)) * 2
                if score > best_score:
                    best_score = score
                    best = (view.hand[k] << 1) | pile
                    best_chain = chain
        if best == NO_ACTION:
            return SPIT if self._spit_wanted(view) else NO_ACTION
        self.chaining = best_chain > 1
        return best

    def _choose_random(self, view, t0, t1):
        f = self.f
        ranks = self.ranks
        count = 0
        for k in range(self.n):
            base = ranks[k] * N_RANKS
            count += f[base + t0] + f[base + t1]
        if count == 0:
            return SPIT if self._spit_wanted(view) else NO_ACTION
        pick = self.rng.below(count)
        self.chaining = False
        for k in range(self.n):
            base = ranks[k] * N_RANKS
            for pile in (0, 1):
                if f[base + (t0 if pile == 0 else t1)]:
                    if pick == 0:
                        return (view.hand[k] << 1) | pile
                    pick -= 1
        return NO_ACTION

    def _chain(self, used, t0, t1, depth):
        """Longest run of further plays from the unused cards (bounded by the node budget)."""
        best = 0
        f = self.f
        ranks = self.ranks
        for k in range(self.n):
            if (used >> k) & 1 or self.nodes <= 0:
                continue
            r = ranks[k]
            base = r * N_RANKS
            for pile in (0, 1):
                if not f[base + (t0 if pile == 0 else t1)]:
                    continue
                self.nodes -= 1
                v = 1
                if depth > 1 and self.nodes > 0:
                    if pile == 0:
                        v += self._chain(used | (1 << k), r, t1, depth - 1)
                    else:
                        v += self._chain(used | (1 << k), t0, r, depth - 1)
                if v > best:
                    best = v
        return best

    def _options(self, used, t0, t1):
        """How many unused cards would fit a top afterwards."""
        f = self.f
        ranks = self.ranks
        count = 0
        for k in range(self.n):
            if not (used >> k) & 1:
                base = ranks[k] * N_RANKS
                if f[base + t0] or f[base + t1]:
                    count += 1
        return count

    def _neighbours(self, i):
        """Cards in hand that share a rank with, or sit next to, card i: worth keeping."""
        f = FITS[0]
        ranks = self.ranks
        r = ranks[i]
        count = 0
        for k in range(self.n):
            if k != i and (ranks[k] == r or f[ranks[k] * N_RANKS + r]):
                count += 1
        return count
