"""Perfect-information Monte Carlo (PIMC) card choice with a deterministic work budget.

Repeat: deal the unseen cards consistently with the observation (HandSampler), let the
game adapter fill in what the sampled world implies (e.g. the other seats' goals), then
for every legal card play it and finish the hand with the simulator's playout policy;
add the adapter's utility for the deciding seat.  After every complete round (one sample,
all cards) the search stops once `budget` simulated card plays are spent.  The card with
the highest utility sum wins; ties go to the earlier card.

The search is sliced: `start()` sets it up, `step(units)` does at most about `units` card
plays and returns True when the decision is ready (`best()`).  Slicing never changes the
decision, because the stopping rule counts total work, not slices.  `step` allocates
nothing (tests/core/test_ai_alloc.py).

Late in a hand (at most `exact_cards` cards left to play, a game's setting) each
candidate of each sample is scored by solving the sampled deal exactly to the end of the
hand (core/ai/exact.py, alpha-beta on the same utility) instead of one playout: fewer
samples, each exact (issue #17).  The adapter then sets `pimc.exact.side` per seat.

The adapter provides:
    determinize(sim, sampler)  put sampler.out into sim's hands, set goals; no allocation
    utility(sim)               int, higher is better for the deciding seat; no allocation
"""
from array import array

from micropython import const

MAX_CANDIDATES = const(16)
ROOT = const(0)
DET = const(1)


class Pimc:
    def __init__(self, sim, sampler, adapter, max_cards=MAX_CANDIDATES, exact_cards=0, suits=4):
        """max_cards: the most candidate cards a decision can have (a game passes its
        hand size, so the buffers fit its hands); exact_cards: solve sampled deals
        exactly from this many cards left to play (0: never); suits: in the deck."""
        self.sim = sim
        self.sampler = sampler
        self.adapter = adapter
        self.cards = bytearray(max_cards)
        self.sums = array("i", range(max_cards))
        self.n = 0
        self.j = 0
        self.samples = 0
        self.budget = 0
        self.spent = 0
        self.done = True
        self.exact_cards = exact_cards
        self.exact = None
        if exact_cards:     # loaded only when a game solves endings (all three: 0 today)
            from core.ai.exact import Exact
            self.exact = Exact(sim, adapter, exact_cards, max_cards, suits)
        self.exact_on = False
        self.solving = False
        self.before = 0

    def start(self, cards, budget):
        """Set up a decision among `cards` (legal card ints) from the position the sim
        holds now (it is saved as the root); `budget` in simulated card plays."""
        n = len(cards)
        if not 0 < n <= len(self.cards):
            raise ValueError("PIMC needs 1..%d candidate cards, got %d" % (len(self.cards), n))
        for i in range(n):
            self.cards[i] = cards[i]
            self.sums[i] = 0
        self.n = n
        self.j = 0
        self.samples = 0
        self.budget = budget
        self.spent = 0
        self.done = n == 1
        sim = self.sim
        left = sim.n * (sim.n_tricks - sim.trick_no) - sim.res.count
        self.exact_on = self.exact is not None and left <= self.exact_cards
        self.solving = False
        sim.save(ROOT)

    def step(self, units):
        """Work for about `units` card plays; True when the decision is ready."""
        if self.done:
            return True
        sim = self.sim
        adapter = self.adapter
        n = self.n
        exact = self.exact
        start_nodes = sim.nodes
        while sim.nodes - start_nodes < units:
            if self.solving:
                if not exact.step(units - (sim.nodes - start_nodes)):
                    return False
                self.solving = False
                u = exact.value
            else:
                if self.j == 0:
                    sim.load(ROOT)
                    self.sampler.sample()
                    adapter.determinize(sim, self.sampler)
                    sim.save(DET)
                    if self.exact_on:
                        exact.new_deal()
                else:
                    sim.load(DET)
                self.before = sim.nodes
                sim.play(self.cards[self.j])
                if self.exact_on:
                    exact.begin()
                    self.solving = True
                    continue
                sim.playout()
                u = adapter.utility(sim)
            self.sums[self.j] += u
            self.spent += sim.nodes - self.before
            self.j += 1
            if self.j == n:
                self.j = 0
                self.samples += 1
                if self.spent >= self.budget:
                    self.done = True
                    sim.load(ROOT)
                    return True
        return False

    def best(self):
        """The chosen card (valid once step() returned True)."""
        b = 0
        for i in range(1, self.n):
            if self.sums[i] > self.sums[b]:
                b = i
        return self.cards[b]


def plays_for(sim, n_cards, budget, sample_cost, min_samples=1):
    """The PIMC budget in simulated card plays for `n_cards` candidates when `budget`
    also pays for dealing each sample (`sample_cost` card plays' worth, measured per
    game): late in a hand, with short playouts, dealing and modelling a sample costs
    more than its playouts, so a budget of card plays alone made the last tricks the
    slowest decisions.  At least `min_samples` samples."""
    per = n_cards * (sim.n * (sim.n_tricks - sim.trick_no) - sim.res.count)
    samples = budget // (per + sample_cost)
    if samples < min_samples:
        samples = min_samples
    return samples * per


def start_search(pimc, seat, cards, budget, spread, sample_cost, cand_cost):
    """Start `pimc` on `cards` for `seat`: shortlisted so that each candidate gets at
    least `spread` samples, and as many samples as `budget` pays for at `sample_cost` +
    `cand_cost` per candidate card plays' worth each (plays_for)."""
    sim = pimc.sim
    cards = shortlist(sim, seat, cards, budget // spread)
    n = len(cards)
    pimc.start(cards, plays_for(sim, n, budget, sample_cost + cand_cost * n, spread))


def shortlist(sim, seat, cards, budget):
    """Cap the candidates so that one sample round fits `budget`: keep at most
    budget // (card plays left in the hand) cards (at least 2): the playout policy's own
    choice first, then each suit's two extreme cards, then the rest in order.  Early in a
    hand on a small budget this trades breadth for at least one sample per card."""
    per = sim.n * (sim.n_tricks - sim.trick_no) - sim.res.count
    k = budget // per if per > 0 else len(cards)
    if k < 2:
        k = 2
    if len(cards) <= k:
        return cards
    first = sim.policy(seat)
    out = [first]
    for c in cards:   # extremes: no kept card of the suit below or above it
        if c == first:
            continue
        lower = higher = False
        for d in cards:
            if d >> 4 == c >> 4 and d != c:
                if d < c:
                    lower = True
                else:
                    higher = True
        if not (lower and higher):
            out.append(c)
    for c in cards:
        if c not in out:
            out.append(c)
    return sorted(out[:k])


def distinct(cards, seen, trick):
    """Keep one card of each run of equivalent candidates.  cards: legal card ints in card
    order; seen: per-suit masks of the cards the seat has seen (its hand, every card
    played, the current trick's too, any known out of play); trick: the cards lying in
    the trick in progress.  Two cards of a suit with every card ranked between them ours
    or out of play take and lose the same tricks (the higher one is dropped).
    A card in the current trick is not out of play yet: holding Q and A with K on the
    table, Q loses to it and A beats it, so a trick card between them keeps both.  Every
    ranking (high, low, Slalom, Bell: SR-3, SS-2) orders a suit by rank index one way or the
    other, so "between" is the same in all of them."""
    out = []
    for c in cards:
        if out:
            p = out[-1]
            s = c >> 4
            if p >> 4 == s:
                gap = ((1 << (c & 15)) - 1) & ~((2 << (p & 15)) - 1)
                live = gap & ~seen[s]
                for t in trick:
                    if t >> 4 == s:
                        live |= gap & (1 << (t & 15))
                if not live:
                    continue
        out.append(c)
    return out
