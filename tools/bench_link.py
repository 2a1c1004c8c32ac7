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
           mpy_heap="512K", stall_s=None):
    """Run one linked game; returns a dict with every unit's events, records and stats.

    unplugs: (cable, after_n_actions, seconds): pull that cable once the host has applied
    that many actions.  stall_s: stop the run when no unit applied a new action for that
    long (a stuck game), instead of waiting for `limit`."""
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
        progress = [0, t0]
        while time.time() - t0 < limit + 10:
            if all(u.proc.poll() is not None for u in units):
                break
            if stall_s is not None:
                most = max(u.applied() for u in units)
                if most > progress[0]:
                    progress[:] = [most, time.time()]
                elif time.time() - progress[1] > stall_s:
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
    from core.record_json import record_lines
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


# The fault matrix of issue 15 (docs/link.md "Fault matrix"): name -> what happens.
# Wire faults apply to every cable for the whole game; `unplug`: the middle cable is pulled
# for that many ms once the host has applied ~1.5 hands of actions; `restart`: that unit
# (the far end of the chain, the one in the middle, the host) is switched off at the same
# point (mid-hand), stays off RESTART_OFF_MS and boots again with its flash secret.
MATRIX = [
    ("clean", {}),
    ("ber1e-3", {"ber": 1e-3}),
    ("drop5%", {"drop": 0.05}),
    ("dup1%", {"dup": 0.01}),
    ("ber+drop+dup", {"ber": 1e-3, "drop": 0.05, "dup": 0.01}),
    ("unplug10s", {"unplug": 10000}),
    ("restart-end", {"restart": "end"}),
    ("restart-middle", {"restart": "middle"}),
    ("restart-host", {"restart": "host"}),
]
MATRIX_CONFIGS = dict(MATRIX)
# The older benchmark's faults (the figures tables above the fault matrix in docs/link.md)
LEGACY_FAULTS = {"ber": 1e-4, "drop": 0.01, "unplugs": ((8, 0, 2000), (24, -1, 2000))}
RESTART_OFF_MS = 3000
STALL_MS = 300000          # no action applied anywhere for this long (virtual): stuck


def _secure_supported():
    """Whether this tree's LinkUnit takes `secure=` (the encrypted link; False = clear)."""
    import inspect
    from core.link.unit import LinkUnit
    return "secure" in inspect.signature(LinkUnit.__init__).parameters


def _restart_unit(which, n):
    return {"end": n - 1, "middle": n // 2, "host": 0}[which]


def _hist(u):
    g = u.game
    return list(g.history) if g is not None else None


def _consistent(units):
    """No two units' histories disagree on an index both have (a divergence otherwise)."""
    hs = [h for h in (_hist(u) for u in units) if h is not None]
    for h in hs[1:]:
        k = min(len(h), len(hs[0]))
        if h[:k] != hs[0][:k]:
            return False
    return True


def sim_run(game, n, opts=(), config="clean", faults=None, seed=3, level="easy", think=20,
            mid=None, secure=None, limit_ms=1800000, stall_ms=STALL_MS, on_chain=None):
    """One real game over the in-memory chain (virtual clock, exact line pacing): units'
    humans and the host's AI seats are core.link.players.SeatAI.  `faults`: ber, drop, dup
    (every wire), unplugs ((after host actions, cable, ms), ...; cable -1 = the last),
    unplug (ms, the middle cable at `mid` host actions), restart ("end", "middle" or
    "host" at `mid`).  `secure`: passed to LinkUnit when not None.  `on_chain(c)` is called
    with the chain before anything happens (a test taps the cables).  Latency: first unit
    applying action k -> last unit applying it.  Never raises for a game that fails: the
    result says how (stuck in seeding, stuck paused, diverged, ...)."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "core"))
    from core.link.sim import SimChain
    from core.link.players import SeatAI
    from core.registry import game_class
    from core.record_json import record_lines
    from test_link_trickgame import games
    from tools.link_unit import hands_played
    faults = MATRIX_CONFIGS.get(config, {}) if faults is None else faults
    cls = game_class(game)
    keys = [bytes([(31 * i + k) & 255 for k in range(16)]) for i in range(n)]
    ais = []
    chans = []                      # every channel of every boot, for retransmissions

    def on_boot(i, u):
        u.secret = keys[i]          # kept in flash across a restart
        if ais:
            u.ai = ais[i]
        chans.extend(u.node.channels)
    kw = {"secure": secure} if secure is not None else {}
    kw["keep_record"] = True        # the records are compared (Speed: SpeedRecorded)
    c = SimChain(n, games, None, seed=seed, ber=faults.get("ber", 0.0),
                 drop=faults.get("drop", 0.0), dup=faults.get("dup", 0.0), unit_kw=kw,
                 on_boot=on_boot)
    if on_chain is not None:
        on_chain(c)
    ais.extend([SeatAI(game, level, seed * 10 + i, c.clock) for i in range(n)])
    for i in range(n):
        c.units[i].ai = ais[i]
    h = c.units[0]
    h.host_game(game, _opts(cls, opts), n)
    out = {"bench": "sim_game", "game": game, "options": list(opts), "units": n,
           "config": config, "seed": seed}
    if secure is not None:
        out["secure"] = secure
    for what, cond in (("saw the lobby", lambda c: all(u.lobby() for u in c.units[1:])),
                       ("got a seat", lambda c: all(u.my_seat() >= 0 for u in c.units))):
        if c.run_until(cond, stall_ms) < 0:
            out.update({"over": False, "identical_records": False,
                        "failure": "stuck in the lobby: not every guest %s in %d s" % (
                            what, stall_ms // 1000)})
            return out
        if what == "saw the lobby":
            for u in c.units[1:]:
                u.join(u.lobby()[0][0])
    h.start()
    t_start = c.now()
    b_start = c.line_bytes()
    plan = []                       # (host actions, what, argument)
    for after, cable, ms in faults.get("unplugs", ()):
        plan.append((after, "unplug", (cable % (n - 1) if cable < 0 else cable, ms)))
    k_mid = mid if mid is not None else 8
    if faults.get("unplug"):
        plan.append((k_mid, "unplug", ((n - 2) // 2, faults["unplug"])))
    if faults.get("restart"):
        if faults["restart"] == "middle" and n < 3:
            out.update({"over": None, "failure": "n/a: no middle unit with 2 units"})
            return out
        plan.append((k_mid, "off", _restart_unit(faults["restart"], n)))
    plan.sort(key=lambda p: p[0])
    events = []                     # (virtual ms, what), for the report
    replugs = []
    boots = []                      # (ms, unit): switch on again then
    arr = {}
    nxt = [0] * n
    seen = [0, t_start]             # most actions applied on any unit, and when
    host_n = [0]
    shown = []

    def tick(c):
        now = c.now()
        for t, i in list(boots):
            if now >= t:
                c.boot(i)
                boots.remove((t, i))
                events.append((now - t_start, "unit %d on" % i))
        if c.units[0].game is not None:
            host_n[0] = len(c.units[0].game.history)
        while plan and host_n[0] >= plan[0][0] and not boots:
            _, what, arg = plan.pop(0)
            if what == "unplug":
                c.unplug(arg[0], now, arg[1])
                replugs.append(now + arg[1])
                events.append((now - t_start, "cable %d out for %d ms" % arg))
            else:
                c.power_off(arg)
                boots.append((now + RESTART_OFF_MS, arg))
                events.append((now - t_start, "unit %d off at action %d" % (arg, host_n[0])))
        for i, u in enumerate(c.units):
            g = u.game
            if now % 100 == 0 and hasattr(u, "status"):    # what the screens said (sampled)
                m = u.status().get("message")
                if m and m not in shown:
                    shown.append(m)
            if g is None:
                continue
            k = len(g.history)
            if k > seen[0]:
                seen[0] = k
                seen[1] = now
            for j in range(1, k + 1):
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

    def done(c):
        if all(u.game is not None and u.game.is_over() for u in c.units) and not boots:
            return True
        return c.now() - seen[1] > stall_ms
    c.run_until(lambda c: all(u.game is not None for u in c.units) or done(c), limit_ms, tick)
    seeding_ms = c.now() - t_start
    b0 = c.line_bytes()
    f0 = sum(ch.frames_tx for ch in chans)
    c.run_until(done, limit_ms, tick)
    total_ms = c.now() - t_start
    over = all(u.game is not None and u.game.is_over() for u in c.units)
    hist = [_hist(u) for u in c.units]
    k = min(len(x) if x is not None else 0 for x in hist)
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
    recs = [record_lines(u.game) if over else None for u in c.units]
    identical = over and all(r == recs[0] for r in recs)
    consistent = _consistent(c.units)
    hands = hands_played(c.units[0].game) if over else 1
    live = [ch for ch in chans if ch.ever_up]
    states = []
    for u in c.units:
        st = u.status()
        states.append(st.get("message") or st["state"])
    reports = []
    for u in c.units:
        for r in u.session.reports:
            if r not in reports:
                reports.append(r)
    failure = None
    if not over and consistent and c.now() - seen[1] <= stall_ms:
        failure = "too slow: not over at the %d s limit (%d/%d actions)" % (
            limit_ms // 1000, k, seen[0])
    elif not over:
        if not consistent:
            failure = "diverged"
        elif any(u.game is None for u in c.units):
            failure = "stuck in seeding"
        elif any(u.status()["state"] == "paused" for u in c.units):
            failure = "stuck paused"
        else:
            failure = "stuck playing"
        failure += " (%d/%d actions, no progress for %d s)" % (
            k, seen[0], (c.now() - seen[1]) // 1000)
    elif not identical:
        failure = "diverged: different records"
    out.update({
        "over": over, "identical_records": identical, "failure": failure,
        "total_ms": total_ms, "seeding_ms": seeding_ms, "game_ms": total_ms - seeding_ms,
        "actions": k, "hands": hands,
        "latency_ms_median": spread[len(spread) // 2] if spread else None,
        "latency_ms_p95": spread[int(len(spread) * 0.95)] if spread else None,
        "latency_ms_max": spread[-1] if spread else None,
        "bytes_per_hand": (c.line_bytes() - b0) // hands, "seeding_bytes": b0 - b_start,
        "frames_per_hand": (sum(ch.frames_tx for ch in chans) - f0) // hands,
        "recovery_after_unplug_ms": recov,
        "retransmits": sum(ch.retransmits for ch in live),
        "timeouts": sum(ch.timeouts for ch in live),
        "link_downs": sum(ch.link_downs for ch in live),
        "srtt_ms_max": max([ch.srtt_ms() for ch in live] or [0]),
        "rejected": sum(u.lockstep.rejected for u in c.units if u.lockstep is not None),
        "resyncs": sum(u.lockstep.resyncs for u in c.units if u.lockstep is not None),
        "states": states, "messages": shown[:12], "reports": reports[-8:],
        "events": ["%d ms: %s" % e for e in events]})
    return out


def sim_real_game(game, n, opts=(), faults=False, seed=3, level="easy", think=20,
                  secure=True, on_chain=None):
    """The figures tables' runs: clean, or the older faults (BER 1e-4, 1 % dropped bytes,
    two 2-second unplugs: cable 0 after 8 host actions, the last cable after 24).
    `secure` False: the clear link of before (the figures' "before")."""
    return sim_run(game, n, opts, "faults" if faults else "clean",
                   LEGACY_FAULTS if faults else {}, seed, level, think, secure=secure,
                   on_chain=on_chain)


# Full games everywhere but where the matrix would take too long: Speed plays its one
# round (the link's Speed ends the match at the round limit anyway).
MATRIX_GAMES = GAMES


def _mid(clean):
    """Host actions ~1.5 hands in (the middle of the second hand of the clean game), or half
    the actions of a one-hand game."""
    if not clean.get("over"):
        return 8
    if clean["hands"] <= 1:
        return max(4, clean["actions"] // 2)
    return max(4, (3 * clean["actions"]) // (2 * clean["hands"]))


def sim_matrix(games=None, configs=None, seed=3, secure=None, emit=None):
    """Every (game, units, options) x fault configuration in memory: one dict per run, with
    `time_ratio` = total time / the clean game's (same seed, same bots)."""
    out = []
    for game, n, opts in games or MATRIX_GAMES:
        t = time.time()
        clean = sim_run(game, n, opts, "clean", seed=seed, secure=secure)
        clean["wall_s"] = round(time.time() - t, 1)
        mid = _mid(clean)
        for name, f in MATRIX:
            if configs is not None and name not in configs:
                continue
            t = time.time()
            r = clean if name == "clean" else sim_run(game, n, opts, name, f, seed=seed,
                                                      mid=mid, secure=secure)
            if r is not clean:
                r["wall_s"] = round(time.time() - t, 1)
            r["matrix"] = True
            if r.get("over") and clean.get("over"):
                r["time_ratio"] = round(r["total_ms"] / clean["total_ms"], 2)
            if emit is not None:
                emit(r)
            out.append(r)
    return out


def secure_comparison(n=6, game="reds", opts=("players=6",),
                      configs=("clean", "ber1e-3", "ber+drop+dup"), seed=3):
    """Bytes on the wire and latency with the clear link and with the encrypted one (when
    this tree's LinkUnit takes `secure=`), the same games, seeds and bots."""
    rows = []
    for name in configs:
        cols = {}
        for sec in ((False, True) if _secure_supported() else (None,)):
            r = sim_run(game, n, list(opts), name, seed=seed, secure=sec)
            cols["secure" if sec else ("clear" if sec is False else "this tree")] = {
                k: r.get(k) for k in ("over", "identical_records", "total_ms", "bytes_per_hand",
                                      "seeding_bytes", "latency_ms_median", "latency_ms_p95",
                                      "latency_ms_max", "retransmits")}
        rows.append({"bench": "secure_comparison", "game": game, "options": list(opts),
                     "units": n, "config": name, "secure_supported": _secure_supported(),
                     "columns": cols})
    return rows


# The multi-process subset of the fault matrix: (game, units, options, configuration).
PTY_MATRIX = [
    ("reds", 3, ["players=3"], "clean"), ("speed", 2, [], "clean"),
    ("reds", 3, ["players=3"], "ber+drop+dup"), ("speed", 2, [], "ber+drop+dup"),
    ("reds", 3, ["players=3"], "unplug10s"), ("speed", 2, [], "unplug10s"),
]
PTY_STALL_S = 180


def _pty_outcome(run):
    """over / failure of a multi-process run, from each unit's events (as sim_run says)."""
    units = run["units"]
    over = all(any(e["ev"] == "over" for e in u["events"]) for u in units)
    if over:
        return True, None
    last = []
    crashed = []
    for u in units:
        st = [e for e in u["events"] if e["ev"] == "status"]
        last.append(st[-1]["state"] if st else "no game")
        text = u["stderr"] + "\n".join(e["text"] for e in u["events"] if e["ev"] == "text")
        if "Traceback" in text and "KeyboardInterrupt" not in text:    # (ours: the stop)
            crashed.append(u["node"])
    if crashed:
        return False, "crashed (unit %s)" % crashed
    if "no game" in last:
        return False, "stuck before the game (lobby or seeding: %s)" % ", ".join(last)
    if "paused" in last:
        return False, "stuck paused (%s)" % ", ".join(last)
    return False, "stuck playing (%s)" % ", ".join(last)


def pty_run(game, n, opts, config, limit=900, stall_s=PTY_STALL_S, seed=1):
    """One game of the fault matrix as separate processes over the relay (unit 1 on the
    MicroPython unix port); faults as MATRIX (the unplug at ~1.5 hands of host actions)."""
    f = MATRIX_CONFIGS[config]
    mid = _mid(sim_run(game, n, opts, "clean"))
    unplugs = ((max(0, (n - 2) // 2), mid, f["unplug"] / 1000.0),) if f.get("unplug") else ()
    t = time.time()
    run = launch(n, game, n, opts, mpy_units=(1,), ber=f.get("ber", 0.0),
                 drop=f.get("drop", 0.0), dup=f.get("dup", 0.0), unplugs=unplugs, think=20,
                 limit=limit, seed=seed, stall_s=stall_s)
    over, failure = _pty_outcome(run)
    if not over and run["wall_s"] >= limit:
        failure = "too slow: not over at the %d s limit, %s" % (limit, failure)
    out = figures(run, hands_of(run))
    ts = [e["t"] for u in run["units"] for e in u["events"] if "t" in e]
    ends = [e["t"] for u in run["units"] for e in u["events"] if e["ev"] == "over"]
    out["game_s"] = round((max(ends) - min(ts)) / 1e9, 2) if over else None
    out.update({"bench": "pty_game", "game": game, "options": list(opts), "units": n,
                "config": config, "baud": 115200, "over": over, "failure": failure,
                "relay": run["relay"], "wall_s": round(time.time() - t, 1),
                "runtimes": [u["runtime"] for u in run["units"]],
                "statuses": [[e.get("message") or e["state"] for e in u["events"]
                              if e["ev"] == "status"][-3:] for u in run["units"]]})
    return out, run


def pty_matrix(emit=None):
    """PTY_MATRIX's runs; `time_ratio` against the clean run of the same game."""
    out = []
    clean = {}
    for game, n, opts, config in PTY_MATRIX:
        r = pty_run(game, n, opts, config)[0]
        key = (game, n, tuple(opts))
        if config == "clean":
            clean[key] = r
        base = clean.get(key)
        r["matrix"] = True
        if r["over"] and base is not None and base["over"]:
            r["time_ratio"] = round(r["game_s"] / base["game_s"], 2)
        if emit is not None:
            emit(r)
        out.append(r)
    return out


def _cell(v):
    if v is None:
        return "-"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, int) and v >= 10000:
        return "{:,}".format(v).replace(",", " ")
    return str(v)


def _grid(runs):
    """Game x configuration: `ok` and the time vs the clean game, or how it failed."""
    configs = []
    games = []
    cells = {}
    for r in runs:
        g = "%s, %s, %d" % ("memory" if r["bench"] == "sim_game" else "ptys", r["game"] + (
            " partnership" if "partnership=True" in r.get("options", []) else ""), r["units"])
        if g not in games:
            games.append(g)
        if r["config"] not in configs:
            configs.append(r["config"])
        if r.get("over") is None:
            c = "n/a"
        elif r.get("over") and r.get("identical_records"):
            c = "ok %sx" % r.get("time_ratio", "?")
        else:
            why = r.get("failure") or "different records"
            c = "**FAIL**: " + why.split(" (")[0].split(":")[0]
        cells[(g, r["config"])] = c
    out = ["| where, game, units | %s |" % " | ".join(configs),
           "|---|%s" % ("---|" * len(configs))]
    for g in games:
        out.append("| %s | %s |" % (g, " | ".join(cells.get((g, c), "") for c in configs)))
    return out


def summarize(lines):
    """The fault matrix from bench_link's JSON lines as markdown (docs/link.md): a grid of
    what finished (and the time vs the clean game), then every run's figures."""
    runs = []
    for line in lines:
        try:
            r = json.loads(line)
        except ValueError:
            continue
        if r.get("matrix"):
            runs.append(r)
    rows = _grid(runs) + [""]
    rows += ["| where | game | units | config | finished | identical | time vs clean | "
             "bytes / hand | latency median / p95 / max (ms) | retransmits | failure, reports |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in runs:
        name = r["game"] + (" partnership" if "partnership=True" in r.get("options", []) else "")
        note = r.get("failure") or ""
        reps = r.get("reports") or []
        if reps:
            note += (" " if note else "") + "[%d reports, last: %s]" % (len(reps), reps[-1])
        lat = " / ".join(_cell(r.get(k)) for k in ("latency_ms_median", "latency_ms_p95",
                                                   "latency_ms_max"))
        rows.append("| %s |" % " | ".join([
            "memory" if r["bench"] == "sim_game" else "ptys", name, str(r["units"]), r["config"],
            _cell(r.get("over")), _cell(r.get("identical_records")),
            _cell(r.get("time_ratio")), _cell(r.get("bytes_per_hand")), lat,
            _cell(r.get("retransmits")), note.replace("|", "/")]))
    return "\n".join(rows)


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description="link figures as JSON lines")
    ap.add_argument("--units", type=int, default=3)
    ap.add_argument("--hands", type=int, default=3)
    ap.add_argument("--limit", type=int, default=240)
    ap.add_argument("--games", action="store_true",
                    help="every real game (GAMES) in memory and over ptys, clean and faulty")
    ap.add_argument("--sim-only", action="store_true", help="in-memory figures only")
    ap.add_argument("--only", default=None, help="with --games/--matrix: one game name")
    ap.add_argument("--matrix", action="store_true",
                    help="the fault matrix: every game x MATRIX in memory, the PTY_MATRIX "
                         "subset over ptys, and the clear/secure link comparison")
    ap.add_argument("--summarize", metavar="JSONL", default=None,
                    help="print the fault matrix of saved JSON lines as a markdown table")
    ap.add_argument("--secure-compare", action="store_true",
                    help="Reds with 2, 3 and 6 units in memory, clear link (secure=False) "
                    "and secure link in the same run, clean and faulty")
    a = ap.parse_args(argv[1:])
    if a.summarize:
        with open(a.summarize) as f:
            print(summarize(f.read().splitlines()))
        return
    if a.matrix:
        def emit(r):
            print(json.dumps(r), flush=True)
        t0 = time.time()
        todo = [g for g in MATRIX_GAMES if a.only is None or g[0] == a.only]
        sim_matrix(todo, emit=emit)
        for r in secure_comparison():
            emit(r)
        if not a.sim_only:
            pty_matrix(emit)
        emit({"bench": "matrix_wall", "seconds": round(time.time() - t0, 1)})
        return
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
