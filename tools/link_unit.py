"""One unit as a process, for link tests and benchmarks: the real core link stack on a
serial port or pseudo-terminal, a bot in the human's chair, JSON lines on stdout.

Runs on CPython (ports opened with pyserial) and on the MicroPython unix port (ports opened
as files, polled with select.poll), from the project root:

    python tools/link_unit.py --node 257 --ports /dev/pts/3,- --host minitrick:3 --expect 3
    micropython tools/link_unit.py --node 274 --ports /dev/pts/4,/dev/pts/5 --join

Options: --node ID  --ports P0,P1 ('-' = no cable)  --host GAME:SEATS [--opt k=v ...]
--expect N (host: units to wait for)  --join  --think MS (bot's delay per decision)
--ai-level L (core.ai level for the AI seats and the stand-in human; default easy)
--record FILE (JSON Lines record at the end)  --linger MS (stay to serve others)
--limit S (give up)  --quiet.
Output lines: {"ev": "start"|"act"|"apply"|"status"|"over"|"stats", "t": ns, ...}.
The chair of this unit's human and the host's AI seats are played by
core.link.players.SeatAI (core.registry.make_ai where it offers the game, else the greedy baseline
bot; Speed's real-time bot), or a random bot for the link's small test game.
"""
import sys

for _p in ("", "tools/hostshim", "tests/core"):
    if _p not in sys.path:
        sys.path.insert(0, _p)
try:
    import micropython  # noqa: F401
except ImportError:
    sys.path.insert(0, "tools/hostshim")

import json
import time

from core.clock import ticks_ms, ticks_diff, ticks_add
from core.link.unit import LinkUnit

MPY = sys.implementation.name == "micropython"


def now_ns():
    return time.time_ns()


def emit(obj):
    obj["t"] = now_ns()
    sys.stdout.write(json.dumps(obj) + "\n")
    try:
        sys.stdout.flush()
    except AttributeError:
        pass


def entropy(n):
    import os
    return os.urandom(n)


class Port:
    """A serial port or pty: read_into(buf) -> n (0 if nothing), write(buf, n)."""

    def __init__(self, path):
        self.path = path
        if MPY:
            import select
            self.f = open(path, "r+b")
            self.poll = select.poll()
            self.poll.register(self.f, select.POLLIN)
            self._one = bytearray(1)
            self.ser = None
        else:
            import serial
            self.ser = serial.Serial(path, 115200, timeout=0, write_timeout=2)
            self.f = None

    def fileno(self):
        return self.ser.fileno() if self.ser is not None else self.f.fileno()

    def read_into(self, buf):
        if self.ser is not None:
            n = self.ser.in_waiting
            if not n:
                return 0
            data = self.ser.read(min(n, len(buf)))
            buf[:len(data)] = data
            return len(data)
        # MicroPython's readinto() waits for the whole buffer on a blocking file, so take
        # one byte at a time while poll() says one is there.
        one = self._one
        k = 0
        while k < len(buf) and self.poll.poll(0):
            if not self.f.readinto(one):
                break
            buf[k] = one[0]
            k += 1
        return k

    def write(self, buf, n):
        data = bytes(buf[:n])
        if self.ser is not None:
            self.ser.write(data)
        else:
            self.f.write(data)


def wait_input(ports, ms):
    """Sleep until a port has input or ms pass."""
    if not ports:
        time.sleep(ms / 1000)
        return
    if MPY:
        import select
        p = select.poll()
        for port in ports:
            p.register(port.f, select.POLLIN)
        p.poll(ms)
    else:
        import select
        select.select([p.fileno() for p in ports], [], [], ms / 1000)


def heap_figures():
    """Heap in use after a collection (MicroPython), with the game and the link stack."""
    try:
        import gc
        gc.collect()
        return {"alloc": gc.mem_alloc(), "free": gc.mem_free()}
    except AttributeError:
        return None


def hands_played(g):
    """Hands (deals) the finished game had: Reds rounds, Speed rounds, other games' hands."""
    r = g.result()
    if r.get("rounds"):
        return len(r["rounds"])
    for k in ("hands",):
        if r.get(k):
            return r[k]
    for attr in ("hand_no", "round_no"):
        v = getattr(g, attr, 0)
        if v:
            return v
    return g.options.get("hands", 1)


def parse(argv):
    a = {"node": 1, "ports": "-,-", "host": None, "opt": [], "expect": 0, "join": False,
         "think": 0, "record": None, "linger": 3000, "limit": 120, "quiet": False,
         "bot_seed": 0, "ai_level": "easy"}
    i = 1
    while i < len(argv):
        k = argv[i][2:].replace("-", "_")
        if k in ("join", "quiet"):
            a[k] = True
            i += 1
            continue
        v = argv[i + 1]
        if k == "opt":
            a["opt"].append(v)
        elif k in ("node", "expect", "think", "linger", "limit", "bot_seed"):
            a[k] = int(v)
        else:
            a[k] = v
        i += 2
    return a


def option_value(cls, key, text):
    for o in cls.OPTIONS:
        if o.key == key:
            for c in o.choices:
                if str(c) == text:
                    return c
    raise ValueError("no option %s=%s" % (key, text))


def main(argv):
    a = parse(argv)
    from test_link_trickgame import games
    from core.link.players import SeatAI
    deciders = []

    def decider(game):
        if not deciders:
            if game.NAME == "minitrick":
                from core.bots import RandomBot
                bots = {}

                def rnd(g, seat):
                    if seat not in bots:
                        bots[seat] = RandomBot(a["bot_seed"] * 31 + seat + 1)
                    return bots[seat].choose(g.observation(seat))
                deciders.append(rnd)
            else:
                deciders.append(SeatAI(game.NAME, a["ai_level"], a["bot_seed"]))
        return deciders[0]

    def ai(game, seat):
        return decider(game)(game, seat)

    ports = []
    writers = []
    for path in a["ports"].split(","):
        if path == "-":
            writers.append(lambda buf, n: None)
            ports.append(None)
        else:
            p = Port(path)
            ports.append(p)
            writers.append(p.write)
    # a record is the whole match: keep it (Speed: SpeedRecorded) only when one is written
    unit = LinkUnit(a["node"], writers, entropy, ticks_ms, games, ai,
                    keep_record=bool(a["record"]))
    live = [p for p in ports if p is not None]
    buf = bytearray(512)
    t0 = ticks_ms()
    if a["host"]:
        name, seats = a["host"].split(":")
        cls = games(name)
        opts = {}
        for kv in a["opt"]:
            k, v = kv.split("=")
            opts[k] = option_value(cls, k, v)
        unit.host_game(name, opts, int(seats))
    started = False
    joined = False
    last_n = 0
    last_status = None
    over_at = None
    next_move = None
    while True:
        for i in range(len(ports)):
            p = ports[i]
            if p is not None:
                n = p.read_into(buf)
                while n:
                    unit.receive(i, buf, 0, n)
                    n = p.read_into(buf)
        unit.poll()
        now = ticks_ms()
        s = unit.session
        if a["host"] and not started and s.phase == 0:
            if len(s.participants()) >= a["expect"]:
                unit.start()
                started = True
        if a["join"] and not joined:
            lob = unit.lobby()
            if lob:
                unit.join(lob[0][0])
                joined = True
        g = unit.game
        if g is not None:
            if not started:
                started = True
            k = len(g.history)
            if k != last_n:
                if k > last_n:
                    emit({"ev": "apply", "node": a["node"], "n": k})
                last_n = k
            st = unit.status()
            key = st["state"] + st.get("message", "")
            if key != last_status:
                last_status = key
                emit({"ev": "status", "node": a["node"], "state": st["state"],
                      "message": st.get("message", ""), "n": k})
            seat = unit.my_seat()
            cue = st.get("cue")
            if cue is not None:
                unit.lockstep.cue = None        # handled (the UI would show it a while)
                d = decider(g)
                if hasattr(d, "rejected"):
                    d.rejected(seat, cue)
            if (not g.is_over() and seat >= 0 and seat in g.to_move()
                    and not unit.lockstep.decided(seat) and not unit.lockstep.tentative
                    and not unit.paused()
                    and (next_move is None or ticks_diff(now, next_move) >= 0)):
                act = ai(g, seat)
                why = unit.submit(act) if act is not None else "waiting"
                if act is not None and why is not None:
                    d = decider(g)
                    if hasattr(d, "rejected"):
                        d.rejected(seat, why)
                if why is None:
                    k = len(g.history)
                    if k > last_n:              # applied at once (not sealed, not Speed)
                        emit({"ev": "apply", "node": a["node"], "n": k})
                        last_n = k
                    emit({"ev": "act", "node": a["node"], "n": k, "seat": seat})
                    next_move = ticks_add(now, a["think"])
            if g.is_over() and over_at is None:
                over_at = now
                if a["record"]:
                    # streamed, line by line: a list of every line fragments a MicroPython
                    # heap (a 6-player Reds record failed at 640 KB that way)
                    from core.record_json import write_record
                    write_record(g, a["record"])
                emit({"ev": "over", "node": a["node"], "n": k, "result": g.result(),
                      "hands": hands_played(g), "heap": heap_figures()})
        if over_at is not None and ticks_diff(now, over_at) > a["linger"]:
            break
        if ticks_diff(now, t0) > a["limit"] * 1000:
            emit({"ev": "timeout", "node": a["node"], "status": unit.status()})
            break
        wait_input(live, 2)
    chans = unit.node.channels
    emit({"ev": "stats", "node": a["node"],
          "frames_tx": sum([c.frames_tx for c in chans]),
          "bytes_tx": sum([c.bytes_tx for c in chans]),
          "retransmits": sum([c.retransmits for c in chans]),
          "timeouts": sum([c.timeouts for c in chans]),
          "srtt_ms": [c.srtt_ms() for c in chans], "rto_ms": [c.rto for c in chans],
          "crc_errors": sum([c._dec.crc_errors for c in chans]),
          "link_downs": sum([c.link_downs for c in chans]),
          "rejected": unit.lockstep.rejected if unit.lockstep else 0,
          "resyncs": unit.lockstep.resyncs if unit.lockstep else 0})


if __name__ == "__main__":
    main(sys.argv)
