"""Checks shared by the AI tests (tests/core/test_ai_*.py): hidden cards dealt again and
the same decision on that twin deal, sliced against whole decisions, a search that
allocates nothing, the heap working set.  `name` is the game's name for core.registry.make_ai.

Also: AI seats sharing one set of search machinery (core/ai/sliced.py), searching in
turn and interleaved, and what an extra AI seat costs.

No tests here, and not named test_*.py, so neither pytest nor tools/mp_suite.py collects
it; the test modules import it from tests/core, which every runtime puts on sys.path
(tests/conftest.py, tests/mprun.py, tools/wasm_run.mjs).  CPython and MicroPython.
"""
import gc
import sys

import micropython

from core.registry import make_ai
from core.ai import sliced
from core.ai.sampler import HandSampler
from core.cards import hand_cards

HEAP_LIMIT = 24 * 1024   # the AI object plus one decision's allocations
# Whether the heap a test holds can be measured: MicroPython's gc.mem_alloc() after a
# collection, but not on the WebAssembly port, which collects only when JS calls into
# Python (gc.collect() inside a call only asks for one).
MEASURES_HELD = hasattr(gc, "mem_alloc") and sys.platform != "webassembly"


def redeal(rng, held, voids, rest=None):
    """A fresh deal of the cards hidden from the seat deciding, as the AI's own sampler
    makes it: `held[i]` (a list of cards) is what the i-th other seat holds now, and
    gets as many cards back, none of a suit in its mask `voids[i]`; `rest` (cards no
    seat holds, or None where the game has none) is dealt too.  Returns a list of cards
    per seat, then one for `rest` where given, each in card order."""
    pool = []
    caps = []
    for cards in held:
        pool.extend(cards)
        caps.append(len(cards))
    voids = list(voids)
    if rest is not None:
        pool.extend(rest)
        caps.append(len(rest))
        voids.append(0)
    smp = HandSampler(rng)
    smp.setup(pool, caps, voids)
    smp.sample()
    return [hand_cards(smp.out[i]) for i in range(len(caps))]


def check_same_decision(name, game, twin, seat, level="default"):
    """`twin` (the game with the cards hidden from `seat` dealt again) looks the same to
    `seat` as `game`, and the AI (same seed) decides the same on both; returns
    (decision, observation)."""
    o1 = game.observation(seat)
    o2 = twin.observation(seat)
    assert o1 == o2, "the twin deal must look the same to seat %d" % seat
    a1 = make_ai(name, level, 77).choose(o1)
    a2 = make_ai(name, level, 77).choose(o2)
    assert a1 == a2, "decision changed with hidden cards: %r vs %r" % (a1, a2)
    return a1, o1


def check_sliced_decision(name, obs):
    """The `default` AI's decision on `obs` taken in slices of 7 units equals the one
    taken whole (same seed), and the work really was spread over more than 3 calls.
    False, with nothing checked, when the AI decides at the start without a search."""
    whole = make_ai(name, "default", 11).choose(obs)
    ai = make_ai(name, "default", 11)
    ai.start(obs)
    if ai._action >= 0:
        return False
    slices = 0
    action = None
    while action is None:
        action = ai.step(7)
        slices += 1
    assert action == whole
    assert slices > 3   # the work really was spread over several calls
    return True


def check_search_allocates_nothing(name, obs):
    """Start the `hard` AI on `obs`; unless it decides at the start, run its PIMC search
    (sampling, determinizing, playouts, utilities) to the end under heap_lock, where any
    allocation raises MemoryError on MicroPython.  Then its decision must be legal.
    Returns whether there was a search."""
    ai = make_ai(name, "hard", 5)
    ai.start(obs)
    searched = ai._action < 0
    if searched:
        done = False
        micropython.heap_lock()
        try:
            for _ in range(400):
                if ai._search.pimc.step(50):
                    done = True
                    break
        finally:
            micropython.heap_unlock()
        assert done
    assert ai.step(1) in obs["legal"]
    return searched


def check_seats_share_the_machinery(name, observations):
    """`default` AI seats deciding one after the other on `observations` search with
    one and the same set of machinery, and hold none once decided.  Returns how many
    of them searched."""
    shared = None
    searched = 0
    for i in range(len(observations)):
        ai = make_ai(name, "default", 30 + i)
        ai.start(observations[i])
        if ai._search is not None:
            searched += 1
            if shared is None:
                shared = ai._search
            assert ai._search is shared, "seat %d searched with a set of its own" % i
        while ai.step(50) is None:
            pass
        assert ai._search is None, "a decided seat still holds the machinery"
    return searched


def check_interleaved_searches(name, observations):
    """`default` AI seats whose sliced searches on `observations` run at the same time
    (each seat starts while the earlier ones are mid-search, then all take slices in
    turn, and the first seat starts its search again half-way) decide exactly as each
    does alone.  Returns how many of them were still searching when the next started."""
    alone = [make_ai(name, "default", 40 + i).choose(observations[i]) for i in range(len(observations))]
    ais = [make_ai(name, "default", 40 + i) for i in range(len(observations))]
    got = [None] * len(ais)
    overlapped = 0
    for i in range(len(ais)):
        ais[i].start(observations[i])
        got[i] = ais[i].step(3)
        if got[i] is None:
            overlapped += 1
    ais[0].start(observations[0])   # abandons its search: a fresh start, same decision
    got[0] = None
    while None in got:
        for i in range(len(ais)):
            if got[i] is None:
                got[i] = ais[i].step(5)
    assert got == alone, "interleaved %r, apart %r" % (got, alone)
    return overlapped


def extra_seat_bytes(name, observations):
    """Bytes the heap holds for every `default` AI seat after the first, once each has
    decided on its observation (one seat per observation; the search machinery they
    share counts once).  Only where MEASURES_HELD."""
    held = []
    for k in (1, len(observations)):
        sliced.drop_idle()
        gc.collect()
        a0 = gc.mem_alloc()
        ais = [make_ai(name, "default", 50 + i) for i in range(k)]
        for i in range(k):
            ais[i].choose(observations[i])
        gc.collect()
        held.append(gc.mem_alloc() - a0)
        ais = None
    return (held[1] - held[0]) // (len(observations) - 1)


def working_set(name, positions):
    """(bytes a fresh `default` AI holds, most bytes one of its decisions allocates with
    the collector paused, so that nothing allocated is reclaimed) over the (game, seat)
    pairs `positions` yields; the AI is made before the first position is reached, with
    no idle search machinery, so its first search allocates that too.  MicroPython only
    (gc.mem_alloc)."""
    sliced.drop_idle()
    gc.collect()
    a0 = gc.mem_alloc()
    ai = make_ai(name, "default", 3)
    gc.collect()
    size = gc.mem_alloc() - a0
    worst = 0
    for game, seat in positions:
        obs = game.observation(seat)
        gc.collect()
        gc.disable()
        try:
            b0 = gc.mem_alloc()
            ai.choose(obs)
            used = gc.mem_alloc() - b0
        finally:
            gc.enable()
        if used > worst:
            worst = used
        obs = None
    return size, worst


def check_merge(legal, kept, gone, trick):
    """The candidate merge (core.ai.pimc.distinct) on one position: a legal card is
    dropped exactly when a lower legal card of its suit exists and every card ranked
    between the two is in `gone` (our hand or out of play) and none lies in `trick`
    (the trick in progress); each dropped card then has a kept card of its suit below
    it with only such cards between.  Returns (dropped, split): how many cards were
    merged away, and how many pairs of neighbouring legal cards a trick card kept apart
    (the case the merge once got wrong, issue #17)."""
    legal = sorted(legal)
    dropped = 0
    split = 0
    for i in range(len(legal)):
        c = legal[i]
        p = legal[i - 1] if i else -1
        if p < 0 or p >> 4 != c >> 4:
            assert c in kept, "the lowest legal card of its suit was dropped: %d" % c
            continue
        between = range(p + 1, c)
        dead = True
        for x in between:
            if x not in gone or x in trick:
                dead = False
        if dead:
            assert c not in kept, "%d and %d are equivalent but both kept" % (p, c)
            k = max(x for x in kept if x >> 4 == c >> 4 and x < c)
            for x in range(k + 1, c):
                assert x in gone and x not in trick, "%d merged into %d across %d" % (c, k, x)
            dropped += 1
        else:
            assert c in kept, "%d merged into %d with a live card between" % (c, p)
            only_trick = True
            for x in between:
                if x not in gone and x not in trick:
                    only_trick = False
            if only_trick:
                split += 1
    for c in kept:
        assert c in legal
    return dropped, split
