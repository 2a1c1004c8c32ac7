"""Reading the game save back (written by core/save.py: game_chunks, GameSaver).

Only the boot reads it (core/boot.py restore(), also after a crash), so it is a module of
its own that the app drops once it runs (core.app BOOT_ONLY), this code with it.
"""
import json

from core import save

_PACKED = (b'{"t": [', b'{"m": [')  # how a packed line starts (a record line never does)
_ROUND_START = b'{"round_start": '     # Speed: where the saved round began (core/save.py)


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
    start = None
    if nxt is not None and nxt.startswith(_ROUND_START):
        try:
            start = json.loads(nxt)["round_start"]
        except (ValueError, KeyError, TypeError):
            raise ValueError("line 3: not a round start")
        nxt = next(lines, None)
    elif nxt is None or not (nxt.startswith(_PACKED[0]) or nxt.startswith(_PACKED[1])):
        # record lines (saves from before packing): a game that keeps one round (Speed)
        # replays them all the same, as it does the whole-match packed saves below
        return first["app"], replay_lines(_chain(head, nxt, lines), False)
    game = replay_lines((head,), False)     # the header alone: the game as dealt
    if start is not None:
        try:
            game.resume_round(start)        # Speed: on to the saved round's deal (SP-7)
        except (ValueError, AttributeError) as exc:
            raise ValueError("line 3: %s" % exc)
    if nxt is not None:                     # (none: saved at the round's deal)
        _replay_packed(game, _chain(nxt, None, lines), 3 if start is not None else 2)
    return first["app"], game


def _chain(a, b, rest):
    yield a
    if b is not None:
        yield b
    for x in rest:
        yield x


def _replay_packed(game, lines, n):
    """Apply packed actions (the lines after line `n`) through the rules; RecordError naming
    the save's line if one is malformed or illegal.  A result line is skipped: the save of
    a finished game is removed, never restored (load_game)."""
    from core.replay import RecordError
    timed = getattr(game, "timed_history", None) is not None
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
