"""Stepping Stones card play: the PIMC adapter (core/ai/pimc.py) for the seat deciding.

`setup(obs, legal, memory)` reads the position from the observation: own hand, the cards
played this hand (per-suit masks), the current and last trick, the declarer's counted
tricks.  Suits a seat is known to lack come from the deciding seat's `SeatMemory`,
which remembers the tricks this seat has seen during the hand (every trick appears as
the current or the last trick of one of its observations).  The contract's rules go
into the simulator: trump, May Trump (SS-7), Must Beat (SS-8), Slalom (SS-2) and Win
Last 6 counting only tricks 7-12 (SS-5).

`DefenceSim` is the simulator with Stepping Stones' sides: the declarer against two
defenders who work together.  Its playout policy: the declarer of a Win contract wants
every counted trick, of a Lose contract none; a defender wants the declarer to do badly,
so against a Win contract it takes the trick unless its partner already beats the
declarer's card, and against a Lose contract it never takes the trick itself.  In Win
Last 6's first six tricks the declarer keeps its strength (ducks) and the defenders
fight for the lead.

The utility is the deciding seat's own game points in this contract's row (SS-6) for the
declarer's counted tricks, averaged over the results still to come (`row_value`), so a
defender whose rank cannot change stops caring, and a declarer plays for its rank.
`determinize` and `utility` allocate nothing.
"""
from array import array

from micropython import const

from core.trick import NO_SUIT, FOLLOW, MAY_TRUMP, MUST_BEAT, RANK_HIGH, RANK_LOW, RANK_SLALOM
from core.ai.sim import TrickSim
from core.ai.sampler import HandSampler
from core.ai.pimc import Pimc, distinct
from core.games.steppingstones import eval as ev

N_PLAYERS = const(3)
N_RANKS = const(9)
N_TRICKS = const(12)
LAST6_FROM = const(6)
# Sampled deals solved exactly (core/ai/exact.py) from this many cards left to play
# (0: never).  Off: from EXACT_MEASURED cards, the best setting tried, it gained no
# points against greedy and cost 3.5-6 KB of peak heap and ~200 ms of p95 device time
# (docs/ai.md, "Exact endings"); tests/core/test_ai_exact.py keeps the solver right.
EXACT_CARDS = const(0)
EXACT_MEASURED = const(10)


class DefenceSim(TrickSim):
    """TrickSim whose playout policy plays declarer against the defenders."""

    def __init__(self):
        TrickSim.__init__(self, N_PLAYERS, N_RANKS, N_TRICKS)
        self.declarer = 0
        self.lose = False

    def want_win(self, seat):
        d = self.declarer
        if self.trick_no < self.count_from:
            # Win Last 6, tricks 1-6: the declarer saves its winners for later; the
            # defenders take the lead when they can.
            return seat != d
        if seat == d:
            return not self.lose
        if self.lose:
            return False
        res = self.res
        if res.count and self.best_seat != d:
            for i in range(res.count):
                if res.seats[i] == d:
                    return False      # partner already beats the declarer's card
        return True


class SeatMemory:
    """What one seat carries from decision to decision during a hand (the search
    machinery is shared, this is not): the suits each seat has shown it lacks, from this
    seat's own observations, and this seat's utility table for the hand (`values`)."""

    def __init__(self):
        self.hand_no = -1
        self.voids = bytearray(N_PLAYERS)
        self.value = array("i", range(ev.N_RESULTS))   # utility per declarer result
        self.value_key = -1

    def update(self, obs):
        if obs["hand_no"] != self.hand_no:
            self.hand_no = obs["hand_no"]
            for s in range(N_PLAYERS):
                self.voids[s] = 0
        # May Trump (SS-7): a trump played to another suit proves no void.
        free = obs["trump"] if obs["contract"] == "win_may" else NO_SUIT
        self._note(obs["last_trick"], free)
        if obs["phase"] == "play":
            self._note(obs["trick"], free)

    def _note(self, trick, free):
        if not trick:
            return
        led = trick[0][1] >> 4
        for seat, c in trick:
            s = c >> 4
            if s != led and s != free:
                self.voids[seat] |= 1 << led

    def values(self, obs, kind):
        """The seat's utility table for this hand (computed at its first decision)."""
        me = obs["seat"]
        d = obs["declarer"]
        key = obs["hand_no"] * 4 + me
        value = self.value
        if key == self.value_key:
            return value
        self.value_key = key
        row = None
        for entry in obs["scoresheet"]:
            if entry["contract"] == obs["contract"]:
                row = entry["tricks"]
        old = row[d] if obs["redo_hand"] else None
        ev.row_value(value, me, d, row, kind, old, ev.typical_table(), kind * ev.N_RESULTS)
        # Break exact ties by the trick count: more for our side, fewer for the other.
        lose = ev.KIND_PROPS[kind] & ev.K_LOSE
        sign = 1 if (me == d) != bool(lose) else -1
        for x in range(ev.N_RESULTS):
            value[x] = value[x] // 2 + sign * x
        return value


def _mode_of(kind):
    props = ev.KIND_PROPS[kind]
    if props & ev.K_MUSTBEAT:
        return MUST_BEAT
    if props & ev.K_MAY:
        return MAY_TRUMP
    return FOLLOW


def rules_of(kind, rank_label):
    """(mode, ranking, start_low, count_from) for the simulator."""
    low = rank_label == "1high"
    props = ev.KIND_PROPS[kind]
    if props & ev.K_SLALOM:
        ranking = RANK_SLALOM
    else:
        ranking = RANK_LOW if low else RANK_HIGH
    return _mode_of(kind), ranking, low, (LAST6_FROM if props & ev.K_LAST6 else 0)


class SteppingStonesPlay:
    """The search machinery, shared by a game's AI seats (core/ai/sliced.py)."""
    n = N_PLAYERS

    def __init__(self, n=N_PLAYERS, exact_cards=EXACT_CARDS):
        self.sim = DefenceSim()
        # Sized to the deal: the two other seats hold the unseen cards (of 36), and a
        # hand has at most 12 candidate cards.
        self.sampler = HandSampler(None, 2, 36)   # the borrowing seat's PRNG
        self.pimc = Pimc(self.sim, self.sampler, self, N_TRICKS, exact_cards)
        self.opps = bytearray(2)
        self.value = None                   # the deciding seat's SeatMemory.value
        self.declarer = 0

    def setup(self, obs, legal, memory):
        """Load the position into the simulator; return the candidate cards.  `memory`
        is the deciding seat's SeatMemory; it must have seen this observation
        (SteppingStonesAI.start does it)."""
        me = obs["seat"]
        d = obs["declarer"]
        kind = ev.kind_of(obs["contract"])
        self.declarer = d
        sim = self.sim
        mode, ranking, low, count_from = rules_of(kind, obs["rank"])
        trump = obs["trump"]
        sim.set_rules(NO_SUIT if trump is None else trump, NO_SUIT, mode, ranking, low)
        sim.count_from = count_from
        sim.declarer = d
        sim.lose = bool(ev.KIND_PROPS[kind] & ev.K_LOSE)
        seen = array("H", obs["played"])
        for s in range(N_PLAYERS):
            h = sim.hands[s]
            for i in range(4):
                h[i] = 0
            sim.won[s] = 0
        sim.won[d] = obs["declarer_tricks"]
        mine = sim.hands[me]
        for c in obs["hand"]:
            mine[c >> 4] |= 1 << (c & 15)
            seen[c >> 4] |= 1 << (c & 15)
        trick = obs["trick"]
        trick_no = obs["trick_no"]
        leader = trick[0][0] if trick else me
        cur = [c for _, c in trick]
        sim.begin(trick_no, leader, cur)
        unknown = []
        for s in range(4):
            for r in range(N_RANKS):
                if not (seen[s] >> r) & 1:
                    unknown.append(s << 4 | r)
        self.opps[0] = (me + 1) % N_PLAYERS
        self.opps[1] = (me + 2) % N_PLAYERS
        if self.pimc.exact:
            for s in range(N_PLAYERS):
                self.pimc.exact.ally(s, (s == d) == (me == d))
        caps = []
        voids = []
        for o in self.opps:
            n = N_TRICKS - trick_no
            for s, _ in trick:
                if s == o:
                    n -= 1
            caps.append(n)
            voids.append(memory.voids[o])
        self.sampler.setup(unknown, caps, voids)
        self.value = memory.values(obs, kind)
        return distinct(sorted(legal), seen, cur)

    # -- the PIMC adapter (no allocation below) ---------------------------------------------
    def determinize(self, sim, sampler):
        for i in range(2):
            h = sim.hands[self.opps[i]]
            src = sampler.out[i]
            h[0] = src[0]
            h[1] = src[1]
            h[2] = src[2]
            h[3] = src[3]

    def utility(self, sim):
        return self.value[sim.won[self.declarer]]

