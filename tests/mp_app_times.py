"""The AI's decision times for tests/mp_app_memory.py --times N (issue #19 item 4).

A module of its own so that the memory run without --times does not hold this code (the
measuring script's bytecode is on the heap it measures).  On a board copy it next to
the script's working directory (`mpremote cp tests/mp_app_times.py :`; tools/app_memory.py
--device does).  Not available on the WebAssembly port's runs.
"""
import sys


# Decision kinds by the engine's phase number (Reds names its phases; Speed's bot is
# ticked by its table: "act" when a tick plays, "perceive" when it sees a new view)
PHASES = {"speedrun": ("select", "bid", "reveal", "play"),
          "steppingstones": ("bid", "rank", "trump", "play")}


class Timer:
    """time.ticks_us() of each AI decision, by kind (--times N).  The AI seats' start /
    step / choose (Speed: tick) are wrapped on the instance, so the app and the table
    call them as before; a sliced decision's time is the sum of its slices.  Samples
    go to one array allocated at start: kind << 26 | microseconds."""

    def __init__(self, n):
        from array import array
        import time
        self.us = time.ticks_us
        self.diff = time.ticks_diff
        self.app = None         # set once the app runs
        self.samples = array("I", bytes(4 * n))
        self.n = 0
        self.kinds = []
        self.kind = 0
        self.acc = 0

    def add(self, kind, us):
        if self.n < len(self.samples):
            self.samples[self.n] = kind << 26 | min(us, (1 << 26) - 1)
            self.n += 1

    def kind_of(self, name):
        if name not in self.kinds:
            self.kinds.append(name)
        return self.kinds.index(name)

    def phase(self):
        g = self.app.game
        ph = g.phase
        if isinstance(ph, int):
            names = PHASES.get(self.app.game_name)
            ph = names[ph] if names is not None and ph < len(names) else "phase"
        return self.kind_of(ph)

    def watch(self):
        """Wrap the AI seats the app has now (called after every loop pass)."""
        ps = getattr(self.app, "players", None)
        if ps is None:
            return
        for p in ps:
            if p is not None and not hasattr(p, "_timed"):
                self.wrap(p)

    def wrap(self, p):
        t = self
        p._timed = True
        if hasattr(p, "tick"):                  # Speed's bot
            tick = p.tick

            def timed_tick(now, view):
                seen = p.seen_version
                t0 = t.us()
                a = tick(now, view)
                dt = t.diff(t.us(), t0)
                if a >= 0:
                    t.add(t.kind_of("act"), dt)
                elif p.seen_version != seen:        # idle ticks (nothing new) not kept
                    t.add(t.kind_of("perceive"), dt)
                return a
            p.tick = timed_tick
            return
        if hasattr(p, "start"):                 # sliced: start(obs), step(units) until done
            start = p.start
            step = p.step

            def timed_start(obs):
                t.kind = t.phase()
                t0 = t.us()
                start(obs)
                t.acc = t.diff(t.us(), t0)

            def timed_step(units):
                t0 = t.us()
                a = step(units)
                t.acc += t.diff(t.us(), t0)
                if a is not None:
                    t.add(t.kind, t.acc)
                return a
            p.start = timed_start
            p.step = timed_step
            return
        choose = p.choose

        def timed_choose(obs):
            k = t.phase()
            t0 = t.us()
            a = choose(obs)
            t.add(k, t.diff(t.us(), t0))
            return a
        p.choose = timed_choose

    def report(self, game):
        """{"what": "ai_times", "game": ..., "kind": ..., "n", "p50_us", "p95_us",
        "max_us"} per kind, then the samples start again."""
        for k in range(len(self.kinds)):
            xs = sorted(self.samples[i] & 0x3FFFFFF for i in range(self.n)
                        if self.samples[i] >> 26 == k)
            if xs:
                sys.stdout.write('{"what": "ai_times", "game": "%s", "kind": "%s", "n": %d, '
                                 '"p50_us": %d, "p95_us": %d, "max_us": %d}\n'
                                 % (game, self.kinds[k], len(xs), xs[len(xs) // 2],
                                    xs[min(len(xs) - 1, len(xs) * 95 // 100)], xs[-1]))
        self.n = 0
