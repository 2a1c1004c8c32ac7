"""Game-save garbage benchmark, runnable unchanged on CPython, the unix port and WebAssembly.

The app saves the game in progress at every trick or hand end (core/save.py GameSaver), so
whatever one save allocates is garbage the device collects at every trick.  For a late
safe point of Reds (4 players), Speed Run, a Speed match and Stepping Stones this prints one JSON line per
game: bytes allocated by one GameSaver.save_now() (MicroPython: gc.mem_alloc() with the
collector off; CPython: null), with what producing the payload costs (iterating
core.save.game_chunks alone), what the header line costs, and what iterating the history
as tuples costs (the save's way before the logs' pair_words(): 83% of its garbage in
Reds), plus the payload size and the time of a save.  The filesystem keeps no bytes
(SinkFs), so the figures are the save's own garbage, not a fake file's.
Usage: <runtime> tests/perf/save_bench.py RUNTIME_NAME [all|reds|speedrun|speed|steppingstones]
"""
import gc
import json
import sys
import time

for _p in ("tests/core", ""):
    if _p not in sys.path:
        sys.path.insert(0, _p)
try:
    import micropython  # noqa: F401
except ImportError:  # CPython: the project's stand-in
    sys.path.insert(0, "tools/hostshim")

from core.registry import game_class, make_bot  # noqa: E402
from core.save import GameSaver, SaveStore, game_chunks  # noqa: E402

META = {"mode": "ai", "human": 0, "ai_level": 2}
# (bench name, game, options, seed): the long games the app saves most often
GAMES = (
    ("save_reds4", "reds", {"players": 4}, 13),
    ("save_speedrun", "speedrun", {}, 11),
    ("save_speed", "speed", {"target": 50}, 14),
    ("save_steppingstones", "steppingstones", {}, 12),
)

from perf_clock import elapsed_us, now_us  # noqa: E402


class SinkFile:
    def __init__(self):
        self.n = 0

    def write(self, data):
        self.n += len(data)
        return len(data)

    def flush(self):
        pass

    def close(self):
        pass


class SinkFs:
    """A filesystem that remembers names and sizes, not bytes: writing costs nothing, so
    the allocation measured is the save's.  read() finds nothing, which the store only
    asks before its first save (the bench warms up with one)."""

    def __init__(self):
        self.names = {}
        self.file = SinkFile()

    def read(self, name):
        return None

    def open_write(self, name):
        self.file.n = 0
        self.names[name] = self.file
        return self.file

    def exists(self, name):
        return name in self.names

    def remove(self, name):
        del self.names[name]

    def rename(self, old, new):
        self.names[new] = self.names.pop(old)

    def sync(self):
        pass


def _safe_point_actions(name, options, seed):
    """The actions of a bot game up to its last safe point before the end: [(seat,
    action)] or, for Speed, [(t_ms, seat, action)].  Played once, then replayed by
    late_game(), so the bench's game carries none of the bots' garbage."""
    game = game_class(name)(options, seed)
    n = getattr(game, "n_players", None) or game.PLAYERS[0]
    bots = [make_bot(name, "random", seed * 8 + s) for s in range(n)]
    saver = GameSaver(None, game, META)
    timed = getattr(game, "timed_history", None) is not None
    played = []     # our own list: a Speed match keeps only the current round's log
    last = 0
    t = k = 0
    while not game.is_over():
        movers = game.to_move()
        seat = movers[k % len(movers)]
        k += 1
        action = bots[seat].choose(game.observation(seat))
        if timed:
            t += 180 + 40 * (k % 7)
            game.apply_at(t, seat, action)
            played.append((t, seat, action))
        else:
            game.apply(seat, action)
            played.append((seat, action))
        if saver.at_safe_point() and not game.is_over():
            last = len(played)
    return played[:last]


def late_game(name, options, seed):
    actions = _safe_point_actions(name, options, seed)
    game = game_class(name)(options, seed)
    for a in actions:
        if len(a) == 3:
            game.apply_at(a[0], a[1], a[2])
        else:
            game.apply(a[0], a[1])
    return game


def allocated(fn):
    """Bytes `fn()` allocates with the collector off (None on CPython)."""
    if not hasattr(gc, "mem_alloc"):
        fn()
        return None
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    fn()
    a = gc.mem_alloc() - a0
    gc.enable()
    return a


def measure(bench, runtime, name, options, seed):
    game = late_game(name, options, seed)
    gc.collect()
    fs = SinkFs()
    saver = GameSaver(SaveStore(fs), game, META)
    saver.save_now()                # warm-up: imports, the store's first look at flash
    payload = fs.file.n
    us = None
    for _ in range(3):
        t0 = now_us()
        saver.save_now()
        t = elapsed_us(t0)
        us = t if us is None or t < us else us

    def chunks_only():
        for _ in game_chunks(game, META):
            pass

    def history_only():
        log = getattr(game, "timed_history", None) or game.history
        for _ in log:
            pass

    def header_only():
        from core.record import header
        json.dumps(header(game))

    return {"runtime": runtime, "bench": bench, "actions": len(game.history),
            "payload_bytes": payload,
            "alloc_bytes_per_op": allocated(saver.save_now),
            "alloc_chunks": allocated(chunks_only),
            "alloc_history_iter": allocated(history_only),
            "alloc_header": allocated(header_only),
            "ms_per_save": round(us / 1000.0, 2)}


def main(argv):
    runtime = argv[1] if len(argv) > 1 else "cpython"
    only = argv[2] if len(argv) > 2 else "all"
    for bench, name, options, seed in GAMES:
        if only not in ("all", name):
            continue
        print(json.dumps(measure(bench, runtime, name, options, seed)))
        gc.collect()


if __name__ == "__main__":
    main(globals().get("ARGV") or sys.argv)
