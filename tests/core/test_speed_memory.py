"""Speed's memory does not grow with the rounds (ruling SP-7: a match is played to its
target; with 1 Point Score that is hundreds of rounds).

Each round is a fresh deal of all 52 cards, so only the scores, the rounds won, the round
number and the PRNG state carry over: the game keeps the current round's timed actions
and events and the last round's summary.  Measured with RandomBots at a virtual table:
the heap in use (after a collection) at the first action of round 5 and of round 60 of
the same match.  On MicroPython gc.mem_alloc(); on CPython tracemalloc; not on the WebAssembly
port, whose collector does not see its roots on the wasm stack (tests/core/ai_test_kit.py
MEASURES_HELD): there the match is played and the kept log checked, the heap not.  SpeedRecorded (the link's
Speed, keeping the whole match) is measured the same way, to show that the measure sees a
log that grows.
"""
import gc
import sys

from core.games.speed.rules import Speed, SpeedRecorded
from core.games.speed.bots import VirtualTable, RandomBot

try:
    from gc import mem_alloc
except ImportError:
    mem_alloc = None
MEASURES = sys.platform != "webassembly"

# Bytes the heap may differ by between round 5 and round 60: a round longer than any
# before it may take one more 64-entry chunk of the timed log (384 bytes), the event list
# may keep a larger capacity; nothing may be proportional to the 55 rounds between.
MARGIN = 1536


def _in_use():
    gc.collect()
    if not MEASURES:
        return 0
    if mem_alloc is not None:
        return mem_alloc()
    import tracemalloc
    return tracemalloc.get_traced_memory()[0]


class _Stop(Exception):
    pass


class _MeasuredTable(VirtualTable):
    """A VirtualTable that measures the heap as rounds `at` begin, and stops the match at
    the last of them."""

    def __init__(self, game, bots, seed, at):
        VirtualTable.__init__(self, game, bots, seed)
        self.at = at
        self.heap = {}
        self.seen = game.round_no

    def submit(self, now, seat, action):
        why = VirtualTable.submit(self, now, seat, action)
        g = self.game
        r = g.round_no
        if why is None and r != self.seen and g.round_actions()[1] == 1:
            # the round's first action: the round before is let go (its actions and
            # events stay readable until then, for the results page)
            self.seen = r
            if r in self.at:
                self.heap[r] = _in_use()
                if r == self.at[-1]:
                    raise _Stop()
        return why


def _measure(cls, at):
    if mem_alloc is None:
        import tracemalloc
        tracemalloc.start()
    try:
        g = cls({"scoring": "one_point", "target": 500}, 3)
        table = _MeasuredTable(g, [RandomBot(31, 100, 900), RandomBot(32, 100, 900)], 3, at)
        try:
            table.run()
        except _Stop:
            pass
        assert not g.is_over() and g.round_no == at[-1], (g.round_no, g.result()["scores"])
        return table.heap, g
    finally:
        if mem_alloc is None:
            import tracemalloc
            tracemalloc.stop()


def test_the_heap_does_not_grow_with_the_rounds():
    heap, g = _measure(Speed, (5, 60))
    assert g.actions_dropped > 1500 and len(g.rounds) == 1
    assert len(g.timed_history) < 100 and len(g.timed_history.times) <= 2
    grew = heap[60] - heap[5]
    print("speed heap at round 5: %d, at round 60: %d (%+d bytes); %d actions dropped" % (
        heap[5], heap[60], grew, g.actions_dropped))
    assert grew < MARGIN, heap


def test_the_whole_match_log_grows_and_the_measure_sees_it():
    heap, g = _measure(SpeedRecorded, (5, 45))
    assert g.actions_dropped == 0 and len(g.rounds) == 44
    grew = heap[45] - heap[5]
    print("speed (whole match) heap at round 5: %d, at round 45: %d (%+d bytes)" % (
        heap[5], heap[45], grew))
    assert grew > 2 * MARGIN or not MEASURES, heap
