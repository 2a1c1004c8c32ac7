"""Writing game records as canonical JSON lines (the format: core/record.py, docs/records.md).

Lines are written in a canonical form (object keys sorted, ", " and ": " separators) by
our own small encoder, because MicroPython's json orders keys by its hash table: with it,
a record is byte-for-byte the same on CPython, the unix port and the device.  Not
needed while a game is played (core/record.py holds the header that saves use).
"""
import io
import json

from core.record import header


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
    """Canonical JSON text of `obj` (see encode), built in one growing buffer rather
    than a list of small strings (lighter on a fragmented heap)."""
    buf = io.StringIO()
    encode(obj, buf.write)
    return buf.getvalue()


# Records written here carry the public facts after each action (core/record_facts.py);
# version 1 (options, seed, actions, result) is what game saves still hold.
FACTS_VERSION = 2


def iter_plain_record(game):
    """The record of `game` without its facts (version 1: header, actions, the result if
    the game is over), as dicts: what a game save holds, and what the small-heap
    MicroPython scripts print."""
    timed = getattr(game, "timed_history", None)
    if timed is not None and not getattr(game, "WHOLE_MATCH", True) and game.round_start():
        # Speed keeps the current round only (SP-7: a match runs to its target): the
        # record of a whole match is SpeedRecorded's (tools and replay keep it)
        raise ValueError("this Speed game keeps round %d only, not the whole match's record "
                         "(play it as core.games.speed.rules.SpeedRecorded)" % game.round_no)
    yield header(game)
    if timed is not None:
        for t, seat, action in timed:
            yield action_line(game, seat, action, t)
    else:
        for seat, action in game.history:
            yield action_line(game, seat, action)
    if game.is_over():
        yield {"result": game.result()}


def iter_record(game, refusals=None):
    """The record of `game` as dicts, one per line: iter_plain_record's lines with the
    public facts after each action.  Speed: `refusals` (a SpeedArbiter's, see there) puts
    the refused plays in their place.

    The facts are gathered by playing the record again from its seed in a game that notes
    them (`tracked`): the game played may have forgotten earlier deals.  ValueError if
    the game cannot be rebuilt from its seed (a game set up by hand, not dealt)."""
    from core.record_facts import tracked
    again = None
    refused = 0
    n_refused = len(refusals) if refusals else 0
    k = 0
    for obj in iter_plain_record(game):
        if again is None:
            obj["record"] = FACTS_VERSION
            yield obj
            again = tracked(type(game))(game.options, game.seed)
            for kind, value in again.take_facts():
                yield {kind: value}
            continue
        while refused < n_refused and refusals[refused][0] <= k:
            yield _refusal_line(again, refusals[refused])
            refused += 1
        if "result" in obj:
            yield obj
            continue
        yield obj
        k += 1
        try:
            if "t" in obj:
                again.apply_at(obj["t"], obj["seat"], obj["action"])
            else:
                again.apply(obj["seat"], obj["action"])
        except ValueError as exc:
            raise ValueError("action %d does not replay from the seed (%s): a game set up "
                             "by hand has no record" % (k, exc))
        for kind, value in again.take_facts():
            yield {kind: value}
    while refused < n_refused:
        yield _refusal_line(again, refusals[refused])
        refused += 1


def _refusal_line(game, refusal):
    """A Speed play the arbiter refused (SP-9), with the time it was judged at."""
    t, seat, action, why = refusal[1:]
    line = action_line(game, seat, action, t)
    line["why"] = why
    return {"rejected": line}


def record_lines(game):
    """The whole record as canonical JSON strings (host convenience; the device streams
    with write_record so that no list of every line is ever built)."""
    return [dumps(obj) for obj in iter_record(game)]


def write_record(game, target, refusals=None):
    """Stream the record to a path or to an open text file (anything with write())."""
    if isinstance(target, str):
        with open(target, "w") as f:
            write_record(game, f, refusals)
        return
    for obj in iter_record(game, refusals):
        encode(obj, target.write)
        target.write("\n")
