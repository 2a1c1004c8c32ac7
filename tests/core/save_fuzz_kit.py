"""(A helper, no tests.)  Fuzzing game saves whose checksum is right.

A save file's CRC proves it is as written, not that the writer was right: these mutate
the JSON of real saves (tests/core/save_fuzz_samples.py: every game at several points,
written by core.save.GameSaver) - values to other types, huge and negative ints, dropped
and extra keys, shorter and longer lists, cut, dropped, doubled and swapped lines -
recompute the checksum, and push each file (1) through core.save_load.parse_game, which
must return a game or raise save.SaveCorrupt (any other exception is a bug: `strays`),
and (2) through the real boot (core.boot.boot on a fake flash), which must say "restored
save", "save damaged, starting fresh" or "saved by a newer firmware" and go on.

Seeded with core.prng (the same mutations on CPython and MicroPython).  Used by
tests/core/test_save_fuzz.py (short, every runtime; SAVE_FUZZ=N loads for the soak:
`make soak-saves`).  `python -m tests.core.save_fuzz_kit` (CPython, from the project
root, tools/hostshim on the path) writes the samples again.
"""
import binascii
import json

import sys

from core import save
from core.prng import Prng

_MICRO = sys.implementation.name == "micropython"

OUTCOMES = ("restored", "damaged", "newer", "finished")
NOTICE = {"restored": ["game: restored save"],
          "damaged": ["game: save damaged, starting fresh"],
          "newer": ["game: saved by a newer firmware"],
          "finished": []}


def save_file(gen, payload):
    """A save file around `payload` with a right checksum (core/save.py's layout)."""
    head = ("PCSAVE %d %d\n" % (save.FORMAT, gen)).encode()
    crc = binascii.crc32(payload, binascii.crc32(head)) & 0xFFFFFFFF
    return head + payload + ("\n#END %d %08x\n" % (len(payload), crc)).encode()


# -- mutations ---------------------------------------------------------------------------
def _other_values(r, v):
    """A value to put where `v` was: another type, or a near or far value of its own."""
    if isinstance(v, bool):
        return (1, 0, "true", None, not v, [v])[r.below(6)]
    if isinstance(v, int):
        k = r.below(13)
        if k == 0:
            return str(v)
        if k == 1:
            return v + 0.5
        if k == 2:
            return [v]
        if k == 3:
            return (1 << (31 + r.below(70))) + v
        if k == 4:
            return -v - 1
        if k == 5:
            return None
        if k == 6:
            return True
        if k == 7:
            return {"v": v}
        if k == 8:
            return float(v)
        if k == 9:
            return v * 256 + r.below(256)
        return v + r.below(5) - 2
    if isinstance(v, str):
        return (5, "", v + "x", v[:-1], v.upper(), [v], None, "0" * 32,
                "f" * 31 + "g")[r.below(9)]
    if isinstance(v, list):
        return ({}, "[]", None, 0, [], [v])[r.below(6)]
    if isinstance(v, dict):
        return ([], "{}", None, 0, {}, [v])[r.below(6)]
    return (0, "", [], {}, False)[r.below(5)]


def _nodes(obj, out):
    """Every (container, key) under obj (depth first)."""
    if isinstance(obj, dict):
        for k in sorted(obj):
            out.append((obj, k))
            _nodes(obj[k], out)
    elif isinstance(obj, list):
        for i in range(len(obj)):
            out.append((obj, i))
            _nodes(obj[i], out)
    return out


def _mutate_value(r, obj):
    """One change inside obj (a parsed line); obj itself if it has no inside."""
    nodes = _nodes(obj, [])
    if not nodes:
        return _other_values(r, obj)
    parent, key = nodes[r.below(len(nodes))]
    v = parent[key]
    k = r.below(8)
    if k == 0 and isinstance(parent, dict):
        del parent[key]                                     # a dropped key
    elif k == 1 and isinstance(parent, dict):
        parent[key + "_x"] = v                              # an extra key
    elif k == 2 and isinstance(parent, list):
        del parent[key]                                     # a shorter list
    elif k == 3 and isinstance(parent, list):
        parent.append(parent[r.below(len(parent))])         # a longer one
    elif k == 4 and isinstance(v, list) and len(v) > 1:
        del v[r.below(len(v)):]                             # cut short
    else:
        parent[key] = _other_values(r, v)
    return obj


def mutate(r, payload):
    """A mutated copy of a game save payload (bytes): one to three changes."""
    lines = payload.split(b"\n")
    for _ in range(1 + r.below(3)):
        if not lines:
            lines = [b""]
        i = r.below(len(lines))
        k = r.below(20)
        if k == 0:
            del lines[i]
        elif k == 1:
            lines.insert(i, lines[i])
        elif k == 2:
            j = r.below(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif k == 3:
            lines[i] = lines[i][:r.below(len(lines[i]) + 1)]
        else:
            try:
                obj = json.loads(lines[i])
            except ValueError:
                continue
            lines[i] = json.dumps(_mutate_value(r, obj)).encode()
    return b"\n".join(lines)


# -- one load, two ways ------------------------------------------------------------------
def parse_outcome(payload):
    """What core.save_load.parse_game makes of `payload`: "restored", "finished" (a game
    over), "damaged" or "newer" (SaveCorrupt, SaveNewer), or ("stray", TypeName, message)."""
    from core.save_load import parse_game
    try:
        meta, game = parse_game(payload)
    except save.SaveNewer:
        return "newer"
    except save.SaveCorrupt:
        return "damaged"
    except MemoryError:
        raise
    except Exception as exc:    # noqa: BLE001 (what the fuzz looks for)
        return ("stray", type(exc).__name__, str(exc)[:80])
    return "finished" if game.is_over() else "restored"


class _Hw:
    def link_busy(self):
        return False


def _load_board(name, config=None):
    return "board", _Hw()


def boot_outcome(data):
    """Boot (core.boot.boot, the real path) with `data` as game.sav on a fake flash:
    (notices, saved_game).  Any exception here escapes: the fuzz fails on it."""
    from core.boot import boot
    from test_save_fakefs import FakeFs
    fs = FakeFs({"board.json": b'{"board": "b"}', "game.sav": data})
    b = boot(fs, out=_quiet, load=_load_board, device=False)
    return b.notices, b.saved_game


def _quiet(line):
    pass


class Tally:
    """Counts of outcomes, and the stray exceptions by kind (with an example each)."""

    def __init__(self):
        self.loads = 0
        self.counts = {}
        self.strays = {}        # "TypeError: message" -> (count, sample label, case)
        self.mismatches = []    # (label, case, parse outcome, boot notices)

    def add(self, outcome):
        self.counts[outcome] = self.counts.get(outcome, 0) + 1

    def summary(self):
        parts = ["%s %d" % (k, self.counts[k]) for k in sorted(self.counts)]
        return "%d loads: %s; %d kinds of stray exception" % (
            self.loads, ", ".join(parts), len(self.strays))


def by_game(samples):
    """[(game name, [(label, data), ...])] in the samples' order."""
    out = []
    for label, data in samples:
        name = label.split()[0].rstrip(":")
        if not out or out[-1][0] != name:
            out.append((name, []))
        out[-1][1].append((label, data))
    return out


def one_game_at_a_time(samples, run):
    """run(game name, its samples) for each game, its modules dropped after it: four
    engines at once do not fit the small heap the suite gives a module on MicroPython."""
    import gc
    import sys
    for name, group in by_game(samples):
        before = set(sys.modules)
        run(name, group)
        import core
        for m in list(sys.modules):
            if m not in before:
                del sys.modules[m]
                if m.startswith("core.") and "." not in m[5:] and hasattr(core, m[5:]):
                    delattr(core, m[5:])        # the package holds its modules too
        gc.collect()


def fuzz(samples, n, seed=1, boot_every=1, tally=None):
    """`n` mutated loads spread over `samples` ((label, file bytes), ...), one game at a
    time; every `boot_every`-th one also goes through the boot.  Returns the Tally."""
    t = tally if tally is not None else Tally()
    r = Prng(seed)
    groups = len(by_game(samples))

    def run(name, group):
        for case in range(n // groups):
            _one(t, r, group[case % len(group)], case, boot_every)
    one_game_at_a_time(samples, run)
    return t


def _one(t, r, sample, case, boot_every):
    import gc
    label, data = sample
    gen, payload = save.parse_file(data)
    bad = mutate(r, payload)
    payload = None
    out = parse_outcome(bad)
    t.loads += 1
    if isinstance(out, tuple):
        kind = "%s: %s" % (out[1], out[2][:40])
        old = t.strays.get(kind)
        t.strays[kind] = (1 if old is None else old[0] + 1, label, case)
        t.add("stray")
        out = "damaged"         # what the boot must still say
    else:
        t.add(out)
    if case % boot_every == 0:
        notices, saved = boot_outcome(save_file(gen, bad))
        if notices != NOTICE[out] or (saved is not None) != (out == "restored"):
            t.mismatches.append((label, case, out, notices))
    bad = None
    if _MICRO:
        gc.collect()        # (a full collection per load would take most of CPython's time)


# -- the samples ---------------------------------------------------------------------------
# (game, options, seed, action counts to save at); Speed's rounds from 2 on start with
# their round start line, and a save of the whole match and one of record lines (the
# formats of earlier firmware) are added.
POINTS = (
    ("speedrun", None, 3, (0, 7, 40, 100)),
    ("steppingstones", None, 5, (1, 12, 45)),
    ("steppingstones", {"contracts": "advanced", "redo": True}, 8, (30,)),
    ("reds", None, 7, (0, 9, 60, 200)),
    ("reds", {"players": 3}, 4, (30,)),
    ("reds", {"players": 6, "partnership": True}, 2, (50,)),
    ("speed", {"target": 100}, 21, (5, 40, 75, 140)),
)
META = {"mode": "ai", "human": 0}


def make_samples():
    """[(label, file bytes)] of POINTS (CPython: writes the samples module)."""
    from core.bots import RandomBot
    from core.record_json import record_lines
    from core.registry import game_class
    from test_save_fakefs import FakeFs
    out = []
    for name, opts, seed, points in POINTS:
        game = game_class(name)(opts, seed)
        n = getattr(game, "n_players", 2)
        meta = dict(META, kinds=["you"] + ["club"] * (n - 1))
        bots = [RandomBot(seed * 8 + i) for i in range(n)]
        fs = FakeFs()
        saver = save.GameSaver(save.SaveStore(fs), game, meta)
        k = 0
        t = 0
        for stop in points:
            while k < stop and not game.is_over():
                seat = game.to_move()[0]
                a = bots[seat].choose(game.observation(seat))
                if name == "speed":
                    t += 150 + 40 * (k % 4)
                    if game.now > t:
                        t = game.now + 100
                    game.apply_at(t, seat, a)
                else:
                    game.apply(seat, a)
                k += 1
            assert not game.is_over(), (name, stop)
            saver.save_now()
            out.append(("%s %s @%d" % (name, opts or "", k), fs.files["game.sav"]))
        if name == "steppingstones" and opts is None:
            payload = "\n".join([json.dumps({"app": meta})] + record_lines(game))
            out.append(("steppingstones as record lines", save_file(3, payload.encode())))
    from speed_old_save import SAVE
    out.append(("speed: whole match (older firmware)", SAVE))
    return out


def write_samples(path):
    with open(path, "w") as f:
        f.write('"""Game saves for tests/core/save_fuzz_kit.py (every game at several points),\n'
                'written by `python -m tests.core.save_fuzz_kit`; they must load (test_save_fuzz.py)."""\n')
        f.write("SAMPLES = (\n")
        for label, data in make_samples():
            f.write("    (%r,\n" % label)
            for i in range(0, len(data), 72):
                f.write("     %r\n" % data[i:i + 72])
            f.write("     ),\n")
        f.write(")\n")


if __name__ == "__main__":
    import os
    write_samples(os.path.join(os.path.dirname(os.path.abspath(__file__)), "save_fuzz_samples.py"))
