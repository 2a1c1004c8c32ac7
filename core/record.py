"""Game records as JSON Lines: options, seed and the actions (see docs/records.md).

    {"record": 1, "game": "speedrun", "seed": 42, "options": {...}}
    {"seat": 0, "action": 23, "label": "7H"}               one line per action
    {"seat": 1, "action": 5, "label": "5S", "t": 1830}      Speed: ms since round start
    {"result": {...}}                                       optional, checked on replay

Replaying applies every action through the rules, so an edited or corrupt record fails
with RecordError naming the line, instead of producing a different game.

Lines are written in a canonical form (object keys sorted, ", " and ": " separators) by
our own small encoder, because MicroPython's json orders keys by its hash table: with it,
a record is byte-for-byte the same on CPython, the unix port and the device.
"""
import json

from core.registry import game_class


class RecordError(ValueError):
    """A record that cannot be replayed; the message names the line and the reason."""


def header(game):
    return {"record": game.RECORD_VERSION, "game": game.NAME, "seed": game.seed,
            "options": game.options}


def action_line(game, seat, action, t=None):
    line = {"seat": seat, "action": action, "label": game.action_label(action)}
    if t is not None:
        line["t"] = t
    return line


def encode(obj, write):
    """Write `obj` as canonical JSON through `write(str)`, piece by piece."""
    if isinstance(obj, dict):
        write("{")
        first = True
        for key in sorted(obj):
            if not first:
                write(", ")
            first = False
            write(json.dumps(str(key)))
            write(": ")
            encode(obj[key], write)
        write("}")
    elif isinstance(obj, (list, tuple)):
        write("[")
        for i in range(len(obj)):
            if i:
                write(", ")
            encode(obj[i], write)
        write("]")
    elif obj is True:
        write("true")
    elif obj is False:
        write("false")
    elif obj is None:
        write("null")
    elif isinstance(obj, int):
        write(str(obj))
    elif isinstance(obj, str):
        write(json.dumps(obj))
    else:
        raise ValueError("cannot put %r in a record" % (obj,))


def dumps(obj):
    """Canonical JSON text of `obj` (see encode)."""
    parts = []
    encode(obj, parts.append)
    return "".join(parts)


def iter_record(game):
    """The record of `game` as dicts, one per line, the result last if the game is over."""
    yield header(game)
    timed = getattr(game, "timed_history", None)
    if timed is not None:
        for t, seat, action in timed:
            yield action_line(game, seat, action, t)
    else:
        for seat, action in game.history:
            yield action_line(game, seat, action)
    if game.is_over():
        yield {"result": game.result()}


def record_lines(game):
    """The whole record as canonical JSON strings (host convenience; the device streams
    with write_record so that no list of every line is ever built)."""
    return [dumps(obj) for obj in iter_record(game)]


def write_record(game, target):
    """Stream the record to a path or to an open text file (anything with write())."""
    if isinstance(target, str):
        with open(target, "w") as f:
            write_record(game, f)
        return
    for obj in iter_record(game):
        encode(obj, target.write)
        target.write("\n")


def replay_lines(lines):
    """Rebuild a game from record lines; raises RecordError on any inconsistency."""
    game = None
    expected_result = None
    n = 0
    for raw in lines:
        n += 1
        raw = raw.strip()
        if not raw:
            continue
        try:
            obj = json.loads(raw)
        except ValueError:
            raise RecordError("line %d: not JSON" % n)
        if not isinstance(obj, dict):
            raise RecordError("line %d: expected a JSON object" % n)
        if game is None:
            if obj.get("record") != 1 or "game" not in obj:
                raise RecordError("line %d: not a record header" % n)
            try:
                cls = game_class(obj["game"])
                game = cls(obj.get("options"), obj.get("seed", 0))
            except ValueError as exc:
                raise RecordError("line %d: %s" % (n, exc))
            continue
        if "result" in obj:
            expected_result = obj["result"]
            continue
        seat = obj.get("seat")
        action = obj.get("action")
        if not isinstance(seat, int) or not isinstance(action, int):
            raise RecordError("line %d: seat and action must be integers" % n)
        label = obj.get("label")
        if label is not None and label != game.action_label(action):
            raise RecordError("line %d: action %d is %s, not %s" % (n, action, game.action_label(action), label))
        try:
            if "t" in obj:
                game.apply_at(obj["t"], seat, action)
            else:
                game.apply(seat, action)
        except ValueError as exc:
            raise RecordError("line %d: %s" % (n, exc))
    if game is None:
        raise RecordError("empty record")
    if expected_result is not None:
        if not game.is_over():
            raise RecordError("the record has a result but its actions do not finish the game")
        where = first_difference(game.result(), expected_result, "result")
        if where is not None:
            raise RecordError("replayed result differs from the recorded one at %s" % where)
    return game


def first_difference(a, b, path):
    """Path of the first place where two JSON-like values differ (tuples equal lists), or
    None; walks the values instead of rendering them, to stay light on the heap."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        if len(a) != len(b):
            return path + " (length)"
        for i in range(len(a)):
            d = first_difference(a[i], b[i], "%s[%d]" % (path, i))
            if d is not None:
                return d
        return None
    if isinstance(a, dict) and isinstance(b, dict):
        for k in a:
            if k not in b:
                return "%s.%s (missing)" % (path, k)
            d = first_difference(a[k], b[k], "%s.%s" % (path, k))
            if d is not None:
                return d
        for k in b:
            if k not in a:
                return "%s.%s (unexpected)" % (path, k)
        return None
    return None if (a == b and type(a) is type(b)) else path


def read_record(path):
    with open(path) as f:
        return replay_lines(f)
