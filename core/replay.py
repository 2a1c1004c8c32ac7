"""Reading game records back (the format is in core/record.py and docs/records.md).

Replaying applies every action through the rules, so an edited or corrupt record fails
with RecordError naming the line, instead of producing a different game.
"""
import json

from core.registry import game_class


class RecordError(ValueError):
    """A record that cannot be replayed; the message names the line and the reason."""


def replay_lines(lines, whole=True):
    """Rebuild a game from record lines; raises RecordError on any inconsistency.

    A record is a whole game, so a game class with a variant that keeps the whole of it
    (`RECORDED`: Speed's SpeedRecorded, whose result lists every round) replays it, unless
    `whole` is False (a game save: core/save_load.py, played on as the app plays it)."""
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
                if whole:
                    cls = getattr(cls, "RECORDED", cls)
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
