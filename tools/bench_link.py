"""Link figures, one JSON object per line (docs/link.md quotes them).

    python -m tools.bench_link            # 3 units over ptys + the in-memory figures
    python -m tools.bench_link --units 6  # the 6-unit chain (slower)

Multi-process runs: units are tools/link_unit.py processes (unit 1 on the MicroPython unix
port, the others on CPython) joined by tools/link_relay.py, which paces bytes at 115200 baud.
Each run prints: bytes and frames per hand, the time from an action's first application
(on the unit that made it, or the first to settle a sealed round) to its application on
every unit (median, p95, max), and, under faults, the recovery time after each unplug
(replug -> every unit applies a new action).  In-memory runs (core/link/sim.py, exact line
pacing) print goodput as a fraction of the line rate and the recovery time after one
dropped frame.  `launch()` is also the harness of tests/host/test_link_pty.py.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

from tools.link_relay import Relay

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")


class UnitProc:
    """A running tools/link_unit.py, its JSON events collected by a thread."""

    def __init__(self, index, node, cmd, record):
        self.index = index
        self.node = node
        self.record = record
        self.events = []
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self._t = threading.Thread(target=self._read, daemon=True)
        self._t.start()

    def _read(self):
        for line in self.proc.stdout:
            try:
                self.events.append(json.loads(line))
            except ValueError:
                self.events.append({"ev": "text", "text": line.rstrip()})

    def applied(self):
        n = 0
        for e in self.events:
            if e["ev"] == "apply":
                n = max(n, e["n"])
        return n

    def over(self):
        return any(e["ev"] == "over" for e in self.events)


def launch(n_units=3, game="minitrick", seats=None, opts=(), mpy_units=(1,), ber=0.0,
           drop=0.0, dup=0.0, unplugs=(), think=0, limit=120, seed=1, node_base=0x100,
           mpy_heap="512K"):
    """Run one linked game; returns a dict with every unit's events, records and stats.

    unplugs: (cable, after_n_actions, seconds): pull that cable once the host has applied
    that many actions."""
    seats = seats or n_units
    relay = Relay(n_units, 115200, ber, drop, dup, 0, seed).start()
    tmp = tempfile.mkdtemp(prefix="link-")
    units = []
    try:
        for i in range(n_units):
            exe = [MPY, "-X", "heapsize=%s" % mpy_heap] if i in mpy_units else [sys.executable]
            rec = os.path.join(tmp, "unit%d.jsonl" % i)
            cmd = exe + ["tools/link_unit.py", "--node", str(node_base + 17 * i + 1),
                         "--ports", relay.port_args(i), "--record", rec, "--limit", str(limit),
                         "--think", str(think), "--bot-seed", str(seed * 10 + i)]
            if i == 0:
                cmd += ["--host", "%s:%d" % (game, seats), "--expect", str(n_units)]
                for kv in opts:
                    cmd += ["--opt", kv]
            else:
                cmd += ["--join"]
            units.append(UnitProc(i, node_base + 17 * i + 1, cmd, rec))
        pending = list(unplugs)
        replugs = []
        t0 = time.time()
        while time.time() - t0 < limit + 10:
            if all(u.proc.poll() is not None for u in units):
                break
            host_n = units[0].applied()
            for p in list(pending):
                cable, after, secs = p
                if host_n >= after:
                    relay.unplug(cable, secs)
                    replugs.append((time.time_ns() + int(secs * 1e9), cable, host_n))
                    pending.remove(p)
            time.sleep(0.02)
        for u in units:
            if u.proc.poll() is None:       # stuck: ask for a traceback, then kill
                u.proc.send_signal(signal.SIGINT)
                try:
                    u.proc.wait(2)
                except subprocess.TimeoutExpired:
                    u.proc.kill()
            u.proc.wait()
            u._t.join(2)
        out = {"units": [], "relay": relay.stats(), "replugs": replugs,
               "wall_s": round(time.time() - t0, 2)}
        for u in units:
            rec = None
            if os.path.exists(u.record):
                with open(u.record) as f:
                    rec = f.read().splitlines()
            out["units"].append({"node": u.node, "events": u.events, "record": rec,
                                 "stderr": u.proc.stderr.read()[-2000:],
                                 "runtime": "micropython" if u.index in mpy_units else "cpython"})
        return out
    finally:
        relay.stop()


def hands_of(run):
    """Hands the game had, from the host's `over` event (1 if it never ended)."""
    for e in run["units"][0]["events"]:
        if e["ev"] == "over" and e.get("hands"):
            return e["hands"]
    return 1


def _arrivals(unit):
    """history length -> first time (ns) the unit had at least that many actions."""
    out = {}
    for e in unit["events"]:
        if e["ev"] == "apply":
            for k in range(1, e["n"] + 1):
                if k not in out:
                    out[k] = e["t"]
    return out


def _pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))] if xs else None


def figures(run, hands):
    arr = [_arrivals(u) for u in run["units"]]
    n = min([max(a) if a else 0 for a in arr])
    spread = []
    for k in range(1, n + 1):
        ts = [a[k] for a in arr]
        spread.append((max(ts) - min(ts)) / 1e6)
    stats = [e for u in run["units"] for e in u["events"] if e["ev"] == "stats"]
    frames = sum(s["frames_tx"] for s in stats)
    nbytes = sum(s["bytes_tx"] for s in stats)
    rec = [u["record"] for u in run["units"]]
    rec_ok = all(r is not None and r == rec[0] for r in rec)
    recov = []
    for t_replug, cable, _ in run["replugs"]:
        # first action index applied after the replug on every unit
        after = [min([t for t in a.values() if t > t_replug] or [None]) for a in arr]
        if None not in after:
            recov.append(round((max(after) - t_replug) / 1e6, 1))
    return {"actions": n, "hands": hands, "identical_records": rec_ok,
            "frames_per_hand": round(frames / hands, 1), "bytes_per_hand": round(nbytes / hands),
            "latency_ms_median": round(_pct(spread, 0.5), 2) if spread else None,
            "latency_ms_p95": round(_pct(spread, 0.95), 2) if spread else None,
            "latency_ms_max": round(max(spread), 2) if spread else None,
            "recovery_after_unplug_ms": recov,
            "retransmits": sum(s["retransmits"] for s in stats),
            "crc_errors": sum(s["crc_errors"] for s in stats),
            "rejected": sum(s["rejected"] for s in stats), "wall_s": run["wall_s"]}


def sim_goodput(ber=0.0, drop=0.0, seconds=5):
    """Bulk reliable transfer a -> b over one in-memory cable: payload bytes / line capacity."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "core"))
    from test_link_channel import Pair
    from core.link.channel import MAX_PAYLOAD
    p = Pair(seed=7, ber=ber, drop=drop)
    p.step(50)
    msg = bytes(range(MAX_PAYLOAD))
    t = 0
    while t < seconds * 1000:
        while p.a.send(msg, 0, len(msg)):
            pass
        p.step(1)
        t += 1
    got = sum(len(m) for m in p.got["b"])
    capacity = 115200 / 10 * seconds
    return {"bench": "goodput", "ber": ber, "drop": drop, "payload_bytes": got,
            "fraction_of_line_rate": round(got / capacity, 3),
            "retransmits": p.a.retransmits}


def sim_recovery_after_dropped_frame(trials=20):
    """One message whose first transmission is lost: ms until it is delivered."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "core"))
    from test_link_channel import Pair
    out = []
    for k in range(trials):
        p = Pair(seed=20 + k)
        p.step(50)
        p.ab.plugged = False             # swallow exactly the next frame
        p.a.send(b"x" * 20, 0, 20)
        p.ab.plugged = True
        p.a.send(b"y" * 20, 0, 20)       # the next frame reveals the gap (NAK)
        t = 0
        while len(p.got["b"]) < 2 and t < 5000:
            p.step(1)
            t += 1
        lone = []
        for warm in (0, 4):              # a lone lost frame: only the timeout helps
            q = Pair(seed=40 + k)
            q.step(50)
            for i in range(warm):        # a link that carried traffic has RTT samples
                q.a.send(b"w" * 20, 0, 20)
                q.step(20)
            q.got["b"].clear()
            q.ab.plugged = False
            q.a.send(b"z" * 20, 0, 20)
            q.ab.plugged = True
            u = 0
            while not q.got["b"] and u < 5000:
                q.step(1)
                u += 1
            lone.append(u)
        out.append((t, lone[0], lone[1]))
    return {"bench": "recovery_after_dropped_frame",
            "with_following_frame_ms_median": sorted(x[0] for x in out)[len(out) // 2],
            "lone_frame_fresh_link_ms_median": sorted(x[1] for x in out)[len(out) // 2],
            "lone_frame_ms_median": sorted(x[2] for x in out)[len(out) // 2]}


def sim_game(n, faults, hands=3, seed=3):
    """A whole MiniTrick game over the in-memory chain (exact line pacing, no OS noise)."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "core"))
    from core.link.sim import SimChain
    from core.record import record_lines
    from test_link_trickgame import games, first_legal_ai
    kw = {"ber": 1e-4, "drop": 0.01} if faults else {}
    c = SimChain(n, games, first_legal_ai, seed=seed, **kw)
    h = c.units[0]
    h.host_game("minitrick", {"seats": n, "hands": hands}, n)
    c.run_until(lambda c: all(u.lobby() for u in c.units[1:]), 20000)
    for u in c.units[1:]:
        u.join(u.lobby()[0][0])
    c.run_until(lambda c: all(u.my_seat() >= 0 for u in c.units), 20000)
    h.start()
    c.run_until(lambda c: all(u.game is not None for u in c.units), 30000)
    arr = {}

    def bot(c):
        for i, u in enumerate(c.units):
            g = u.game
            for j in range(1, len(g.history) + 1):
                arr.setdefault((i, j), c.now())
            s = u.my_seat()
            if not g.is_over() and not u.paused() and s in g.to_move() and not u.lockstep.decided(s):
                la = g.legal_actions(s)
                u.submit(la[(len(g.history) * 7 + s) % len(la)])
    b0 = c.line_bytes()
    f0 = sum(ch.frames_tx for u in c.units for ch in u.node.channels)
    if faults:
        c.unplug(0, c.now() + 500, 2000)
        c.unplug(n - 2, c.now() + 4000, 2000)
    ms = c.run_until(lambda c: all(u.game.is_over() for u in c.units), 600000, bot)
    k = len(h.game.history)
    spread = sorted(max(arr[(i, j)] for i in range(n)) - min(arr[(i, j)] for i in range(n))
                    for j in range(1, k + 1))
    recs = [record_lines(u.game) for u in c.units]
    frames = sum(ch.frames_tx for u in c.units for ch in u.node.channels) - f0
    return {"bench": "sim_game", "units": n, "config": "faults" if faults else "clean",
            "game_ms": ms, "actions": k, "identical_records": all(r == recs[0] for r in recs),
            "latency_ms_median": spread[len(spread) // 2],
            "latency_ms_p95": spread[int(len(spread) * 0.95)], "latency_ms_max": spread[-1],
            "bytes_per_hand": (c.line_bytes() - b0) // hands, "frames_per_hand": frames // hands}


# Every game and unit count of the issue: (game, units, options).
GAMES = [
    ("reds", 2, ["players=2"]), ("reds", 3, ["players=3"]), ("reds", 4, ["players=4"]),
    ("reds", 6, ["players=6"]), ("reds", 4, ["players=4", "partnership=True"]),
    ("speedrun", 3, []), ("steppingstones", 3, []), ("speed", 2, []),
]


def _opts(cls, kvs):
    from tools.link_unit import option_value
    out = {}
    for kv in kvs:
        k, v = kv.split("=")
        out[k] = option_value(cls, k, v)
    return out


def sim_real_game(game, n, opts=(), faults=False, seed=3, level="easy", think=20,
                  secure=True, on_chain=None):
    """A real game over the in-memory chain (virtual clock, exact line pacing): units'
    humans and the host's AI seats are core.link.players.SeatAI.  Faults: BER 1e-4, 1 %
    dropped bytes and two 2-second unplugs.  Latency: first unit applying action k ->
    last unit applying it.  Recovery: replug -> every unit applied a new action.
    `secure` False: the clear link of before (the figures' "before"); `on_chain(c)` is
    called with the chain before anything happens (a test taps the cables)."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "core"))
    from core.link.sim import SimChain
    from core.link.players import SeatAI
    from core.registry import game_class
    from core.record import record_lines
    from test_link_trickgame import games
    cls = game_class(game)
    kw = {"ber": 1e-4, "drop": 0.01} if faults else {}
    c = SimChain(n, games, None, seed=seed, secure=secure, **kw)
    if on_chain is not None:
        on_chain(c)
    ais = [SeatAI(game, level, seed * 10 + i, c.clock) for i in range(n)]
    for i in range(n):
        c.units[i].ai = ais[i]
    h = c.units[0]
    h.host_game(game, _opts(cls, opts), n)
    c.run_until(lambda c: all(u.lobby() for u in c.units[1:]), 20000)
    for u in c.units[1:]:
        u.join(u.lobby()[0][0])
    c.run_until(lambda c: all(u.my_seat() >= 0 for u in c.units), 20000)
    h.start()
    t_seed = c.now()
    c.run_until(lambda c: all(u.game is not None for u in c.units), 60000)
    seeding_ms = c.now() - t_seed
    arr = {}
    nxt = [0] * n

    plan = [(8, 0), (24, n - 2)] if faults else []     # (host actions, cable): unplug
    replugs = []

    def bot(c):
        now = c.now()
        if plan and len(h.game.history) >= plan[0][0]:
            c.unplug(plan[0][1], now, 2000)
            replugs.append(now + 2000)
            plan.pop(0)
        for i, u in enumerate(c.units):
            g = u.game
            for j in range(1, len(g.history) + 1):
                arr.setdefault((i, j), now)
            s = u.my_seat()
            if (g.is_over() or u.paused() or s not in g.to_move() or u.lockstep.decided(s)
                    or u.lockstep.tentative or now < nxt[i]):
                continue
            if u.lockstep.cue:
                ais[i].rejected(s, u.lockstep.cue)
                u.lockstep.cue = None
            a = ais[i](g, s)
            if a is None:
                continue
            why = u.submit(a)
            if why is not None:
                ais[i].rejected(s, why)
            else:
                nxt[i] = now + think
    b0 = c.line_bytes()
    f0 = sum(ch.frames_tx for u in c.units for ch in u.node.channels)
    ms = c.run_until(lambda c: all(u.game.is_over() for u in c.units), 1800000, bot)
    k = min(len(u.game.history) for u in c.units)
    spread = sorted(max(arr[(i, j)] for i in range(n)) - min(arr[(i, j)] for i in range(n))
                    for j in range(1, k + 1) if all((i, j) in arr for i in range(n)))
    recov = []
    for r in replugs:
        after = []
        for i in range(n):
            ts = [t for (ii, j), t in arr.items() if ii == i and t >= r]
            after.append(min(ts) if ts else None)
        if None not in after:
            recov.append(max(after) - r)
    recs = [record_lines(u.game) for u in c.units]
    frames = sum(ch.frames_tx for u in c.units for ch in u.node.channels) - f0
    from tools.link_unit import hands_played
    hands = hands_played(h.game) if h.game.is_over() else 1
    chans = [ch for u in c.units for ch in u.node.channels if ch.ever_up]
    return {"bench": "sim_game", "secure": secure, "game": game, "options": list(opts), "units": n,
            "config": "faults" if faults else "clean", "game_ms": ms, "seeding_ms": seeding_ms,
            "actions": k, "hands": hands,
            "over": all(u.game.is_over() for u in c.units),
            "identical_records": all(r == recs[0] for r in recs),
            "latency_ms_median": spread[len(spread) // 2] if spread else None,
            "latency_ms_p95": spread[int(len(spread) * 0.95)] if spread else None,
            "latency_ms_max": spread[-1] if spread else None,
            "bytes_per_hand": (c.line_bytes() - b0) // hands, "frames_per_hand": frames // hands,
            "recovery_after_unplug_ms": recov,
            "retransmits": sum(ch.retransmits for ch in chans),
            "timeouts": sum(ch.timeouts for ch in chans),
            "srtt_ms_max": max(ch.srtt_ms() for ch in chans)}


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description="link figures as JSON lines")
    ap.add_argument("--units", type=int, default=3)
    ap.add_argument("--hands", type=int, default=3)
    ap.add_argument("--limit", type=int, default=240)
    ap.add_argument("--games", action="store_true",
                    help="every real game (GAMES) in memory and over ptys, clean and faulty")
    ap.add_argument("--sim-only", action="store_true", help="in-memory figures only")
    ap.add_argument("--only", default=None, help="with --games: one game name")
    ap.add_argument("--secure-compare", action="store_true",
                    help="Reds with 2, 3 and 6 units in memory, clear link (secure=False) "
                    "and secure link in the same run, clean and faulty")
    a = ap.parse_args(argv[1:])
    if a.secure_compare:
        for n in (2, 3, 6):
            for faults in (False, True):
                for secure in (False, True):
                    r = sim_real_game("reds", n, ["players=%d" % n], faults, secure=secure)
                    print(json.dumps(r), flush=True)
        return
    print(json.dumps(sim_goodput()), flush=True)
    print(json.dumps(sim_goodput(1e-4, 0.01, 20)), flush=True)
    print(json.dumps(sim_goodput(0.0, 0.05, 20)), flush=True)
    print(json.dumps(sim_goodput(1e-3, 0.05, 20)), flush=True)
    print(json.dumps(sim_recovery_after_dropped_frame()), flush=True)
    if a.games:
        todo = [g for g in GAMES if a.only is None or g[0] == a.only]
        for game, n, opts in todo:
            for faults in (False, True):
                print(json.dumps(sim_real_game(game, n, opts, faults)), flush=True)
        if a.sim_only:
            return
        for game, n, opts in todo:
            for name, fk in (("clean", {}),
                             ("faults", {"ber": 1e-4, "drop": 0.01,
                                         "unplugs": ((0, 8, 2.0), (n - 2, 24, 2.0))})):
                run = launch(n, game, n, opts, mpy_units=(1,) if n < 6 else (1, 4),
                             limit=a.limit * 4, think=20, **fk)
                f = figures(run, hands_of(run))
                f.update({"bench": "pty_game", "game": game, "options": opts, "config": name,
                          "units": n, "baud": 115200})
                print(json.dumps(f), flush=True)
        return
    for faults in (False, True):
        print(json.dumps(sim_game(a.units, faults, a.hands)), flush=True)
    if a.sim_only:
        return
    opts = ["hands=%d" % a.hands, "seats=%d" % a.units]
    for name, faults in (("clean", {}),
                         ("faults", {"ber": 1e-4, "drop": 0.01,
                                     "unplugs": ((0, 8, 2.0), (a.units - 2, 30, 2.0))})):
        run = launch(a.units, "minitrick", a.units, opts, mpy_units=(1,), limit=a.limit,
                     think=20, **faults)
        f = figures(run, a.hands)
        f.update({"bench": "pty_game", "config": name, "units": a.units, "baud": 115200})
        print(json.dumps(f), flush=True)


if __name__ == "__main__":
    main(sys.argv)
