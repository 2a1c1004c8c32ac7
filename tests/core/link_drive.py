"""Full linked games of the real engines over the in-memory chain (core/link/sim.py), for
the resync sweep and the fuzzing of live units (tests/host/test_link_resync.py,
tests/host/test_link_live_fuzz.py, and the MicroPython run of link_fuzz_mp.py).

Every unit's human and the host's AI seats are core.link.players.SeatAI, as in
tools/bench_link.py's sim_real_game; `Drive(...).run(hook)` plays to the end.  Runs on
CPython and the MicroPython unix port."""
from core.link.sim import SimChain
from core.link.players import SeatAI
from core.record_json import dumps, iter_plain_record
from test_link_trickgame import games

# (game, units, options): every game of the issue, with the smaller unit counts
GAMES = [
    ("reds", 2, {"players": 2}),
    ("reds", 3, {"players": 3}),
    ("reds", 4, {"players": 4, "partnership": True}),
    ("reds", 3, {"players": 3, "hidden_bids": True}),
    ("speedrun", 3, {}),
    ("steppingstones", 3, {}),
    ("speed", 2, {}),
]


class Drive:
    """One linked game: `units` units, every seat a unit's stand-in human or the host's
    AI, `think` ms between a unit's decisions."""

    def __init__(self, game, units, opts, seed=3, think=20, short=False):
        self.name = game
        self.n = units
        c = self.c = SimChain(units, games, None, seed=seed)
        self.ais = [SeatAI(game, "easy", seed * 10 + i, c.clock) for i in range(units)]
        for i in range(units):
            c.units[i].ai = self.ais[i]
        self.think = think
        self.nxt = [0] * units
        self.decided_at = [{} for _ in range(units)]    # unit -> {index: times decided}
        self.twice = 0
        self.host = h = c.units[0]
        o = dict(opts)
        if short:
            o["short_game"] = True
        h.host_game(game, o, units)
        assert c.run_until(lambda c: all([u.lobby() for u in c.units[1:]]), 20000) >= 0
        for u in c.units[1:]:
            u.join(u.lobby()[0][0])
        assert c.run_until(lambda c: all([u.my_seat() >= 0 for u in c.units]), 20000) >= 0
        h.start()
        assert c.run_until(lambda c: all([u.game is not None for u in c.units]), 60000) >= 0

    def decide(self, c):
        """Every unit's stand-in human decides when its seat is to move."""
        now = c.now()
        for i in range(self.n):
            u = c.units[i]
            g = u.game
            s = u.my_seat()
            ls = u.lockstep
            if (g is None or g.is_over() or u.paused() or s not in g.to_move() or
                    ls.decided(s) or ls.tentative or now < self.nxt[i]):
                continue
            if ls.cue:
                self.ais[i].rejected(s, ls.cue)
                ls.cue = None
            a = self.ais[i](g, s)
            if a is None:
                continue
            k = len(g.history)
            seen = self.decided_at[i]
            if not ls.timed and k in seen:
                # asked again at an index it decided already (the bug of issue #15 item
                # 1): a person may well choose differently the second time
                la = g.legal_actions(s)
                a = la[-1] if la[-1] != a else la[0]
            why = u.submit(a)
            if why is not None:
                self.ais[i].rejected(s, why)
            else:
                if k in seen and not ls.timed:
                    self.twice += 1         # a second decision at one index: a bug
                seen[k] = seen.get(k, 0) + 1
                self.nxt[i] = now + self.think

    def run(self, hook=None, limit=1800000):
        """Play to the end (every unit's game over): the ms it took, -1 at the limit."""
        def step(c):
            if hook is not None:
                hook(self)
            self.decide(c)
        return self.c.run_until(lambda c: all([u.game.is_over() for u in c.units]), limit, step)

    def records(self):
        """Each unit's record without its facts (iter_plain_record): the facts follow from
        the actions, and a whole game's facts on every unit at once would not fit the
        MicroPython runs' heap (tests/core/test_record_facts.py checks the facts)."""
        return [[dumps(o) for o in iter_plain_record(u.game)] for u in self.c.units]

    def same_records(self):
        r = self.records()
        for x in r[1:]:
            if x != r[0]:
                return False
        return True

    def over(self):
        return all([u.game.is_over() for u in self.c.units])

    def unhandled(self):
        return sum([getattr(u, "unhandled", 0) for u in self.c.units])
