"""Reading the game save back (written by core/save.py: game_chunks, GameSaver).

Only the boot reads it (core/boot.py restore(), also after a crash), so it is a module of
its own that the app drops once it runs (core.app BOOT_ONLY), this code with it.
"""
import json

from core import save

_PACKED = (b'{"t": [', b'{"m": [')  # how a packed line starts (a record line never does)


def _lines(payload):
    """The payload's lines (bytes), one at a time: no decoded copy, no list of them."""
    i = 0
    n = len(payload)
    while i < n:
        j = payload.find(b"\n", i)
        if j < 0:
            j = n
        yield payload[i:j]
        i = j + 1


def parse_game(payload):
    """(meta, game) from a game save payload (core.save.game_chunks); ValueError
    (RecordError) if it does not replay."""
    from core.replay import replay_lines
    lines = _lines(payload)
    try:
        first = json.loads(next(lines))
    except (ValueError, StopIteration):
        raise ValueError("no app line")
    if not isinstance(first, dict) or not isinstance(first.get("app"), dict):
        raise ValueError("no app line")
    head = next(lines, b"")
    nxt = next(lines, None)
    if nxt is None or not (nxt.startswith(_PACKED[0]) or nxt.startswith(_PACKED[1])):
        return first["app"], replay_lines(_chain(head, nxt, lines))    # record lines
    game = replay_lines((head,))        # the header alone: the game as dealt
    _replay_packed(game, _chain(nxt, None, lines))
    return first["app"], game


def _chain(a, b, rest):
    yield a
    if b is not None:
        yield b
    for x in rest:
        yield x


def _replay_packed(game, lines):
    """Apply packed actions (lines 3 on) through the rules; RecordError naming the save's
    line if one is malformed or illegal.  A result line is skipped: the save of a finished
    game is removed, never restored (load_game)."""
    from core.replay import RecordError
    timed = getattr(game, "timed_history", None) is not None
    n = 2
    for raw in lines:
        n += 1
        try:
            obj = json.loads(raw)
        except ValueError:
            raise RecordError("line %d: not JSON" % n)
        if isinstance(obj, dict) and "result" in obj:
            continue
        ms = obj.get("m") if isinstance(obj, dict) else None
        ts = obj.get("t") if isinstance(obj, dict) and timed else ms
        if not (isinstance(ts, list) and isinstance(ms, list) and len(ts) == len(ms)):
            raise RecordError("line %d: not a line of packed actions" % n)
        for k in range(len(ms)):
            m = ms[k]
            if not isinstance(m, int) or m < 0:
                raise RecordError("line %d: action %d is not an integer" % (n, k))
            try:
                if timed:
                    game.apply_at(ts[k], m >> 8, m & 0xFF)
                else:
                    game.apply(m >> 8, m & 0xFF)
            except ValueError as exc:
                raise RecordError("line %d, action %d: %s" % (n, k, exc))


def load_game(store):
    """Loaded whose value is (meta, game) of an unfinished game, or None."""
    loaded = store.load(save.GAME_SAVE, parse_game, "game")
    if loaded.value is not None and loaded.value[1].is_over():
        store.discard(save.GAME_SAVE)
        return save.Loaded(None, save.NONE, None, loaded.problems)
    return loaded
