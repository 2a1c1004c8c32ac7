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
    `whole` is False (a game save: core/save_load.py, played on as the app plays it).
    A record of version 2 carries the public facts after each action (`events`, `deal`:
    core/record_facts.py); each is checked against what the replay makes public."""
    game = None
    expected_result = None
    facts = None            # version 2: the facts the last action made, not yet read
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
            version = obj.get("record")
            if version not in (1, 2) or "game" not in obj:
                raise RecordError("line %d: not a record header" % n)
            try:
                cls = game_class(obj["game"])
                if whole:
                    cls = getattr(cls, "RECORDED", cls)
                if version == 2:
                    from core.record_facts import tracked
                    cls = tracked(cls)
                game = cls(obj.get("options"), obj.get("seed", 0))
            except ValueError as exc:
                raise RecordError("line %d: %s" % (n, exc))
            if version == 2:
                facts = game.take_facts()
            continue
        if facts is not None and len(obj) == 1 and ("events" in obj or "deal" in obj):
            _check_fact(n, obj, facts)
            continue
        if facts is not None and "rejected" in obj and not facts:
            _check_refusal(n, game, obj["rejected"])
            continue
        if facts:
            raise RecordError("line %d: the %s line of the action before is missing" % (
                n, facts[0][0]))
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
        if facts is not None:
            facts = game.take_facts()
    if game is None:
        raise RecordError("empty record")
    if facts:
        raise RecordError("the record ends without the %s line of its last action" % facts[0][0])
    if facts is not None:
        game.take_facts(True)       # the game may be played on: note nothing more
    if expected_result is not None:
        if not game.is_over():
            raise RecordError("the record has a result but its actions do not finish the game")
        where = first_difference(game.result(), expected_result, "result")
        if where is not None:
            raise RecordError("replayed result differs from the recorded one at %s" % where)
    return game


def _check_refusal(n, game, r):
    """Line `n`: a Speed play the arbiter refused (SP-9); it must be illegal there."""
    if not isinstance(r, dict) or not all(isinstance(r.get(k), int) for k in ("seat", "action", "t")):
        raise RecordError("line %d: a rejected play needs integer seat, action and t" % n)
    check_at = getattr(game, "check_at", None)
    if check_at is None:
        raise RecordError("line %d: only Speed records hold rejected plays" % n)
    if check_at(max(r["t"], game.now), r["seat"], r["action"]) is None:
        raise RecordError("line %d: %s is recorded as refused but is legal there" % (
            n, game.action_label(r["action"])))


def _check_fact(n, obj, facts):
    """Line `n` is a fact line: it must be the next fact the replay made public."""
    if not facts:
        raise RecordError("line %d: the replay made no such fact here" % n)
    kind, value = facts.pop(0)
    if kind not in obj:
        raise RecordError("line %d: a %s line was expected here" % (n, kind))
    where = first_difference(value, obj[kind], kind)
    if where is not None:
        raise RecordError("line %d: the replay differs at %s" % (n, where))


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
