"""Reading saves back: the newest usable copy of a save in a SaveStore (load_copy),
and the game save (written by core/save.py: game_chunks, GameSaver).

Only the boot reads saves (core/boot.py restore(), also after a crash; the link key when
the player hosts or joins), so it is a module of
its own that the app drops once it runs (core.loop BOOT_ONLY), this code with it.

A save's checksum proves only that the file is as written, not that what wrote it was
right (an older firmware, an edit, a bug): every line is checked for its shape here,
types and ranges of every field (the options against the game's OPTIONS, the seed, the
seats, Speed's round start), before anything reaches an engine, and every action goes
through the rules.  Whatever is wrong raises save.SaveCorrupt naming the line (SaveNewer
for a record of a newer version); any other exception out of parse_game is a bug
(tests/core/test_save_fuzz*.py push mutated saves through it and the boot).
"""
import json

from core import save
from core.save import SaveCorrupt

_PACKED = (b'{"t": [', b'{"m": [')  # how a packed line starts (a record line never does)
_ROUND_START = b'{"round_start": '     # Speed: where the saved round began (core/save.py)
_HEADER_KEYS = ("record", "game", "seed", "options")
_ACTION_KEYS = ("seat", "action", "label", "t")
_START_KEYS = ("round", "scores", "won", "rng", "actions", "events", "last")
_MAX_T = 0x3FFFFFFF         # core.games.speed.defs MAX_T_MS, without importing Speed's tables


class Loaded:
    """The outcome of load_copy(): value, status (NONE/OK/PREVIOUS/DAMAGED),
    message."""

    def __init__(self, value, status, message, problems, bad=()):
        self.value = value
        self.status = status
        self.message = message
        self.problems = problems    # ["NAME.sav: checksum mismatch", ...]
        self.bad = bad              # the damaged files ["NAME.sav", ...] (not a newer one's)

    def __repr__(self):
        return "Loaded(%s, %r)" % (self.status, self.message)


def load_copy(store, name, parse=None, what="save"):
    """Find the newest usable copy of `name`; `parse(payload)` may reject it
    (SaveCorrupt, or SaveNewer for a payload of a newer version; any ValueError).

    `what` names the save in messages ("game", "settings").  Any other exception from
    `parse` (a bug) is reported as damage too, so no save can stop the boot; but a
    MemoryError goes to the caller (core/boot.py: "save too big").
    """
    candidates = []     # (generation, suffix) of intact files; payloads are re-read
    problems = []       # one at a time so a big game save is not in memory 3 times
    bad = []
    present = 0
    newer = 0
    top = store._gen.get(name, 0)
    for suffix in save._SUFFIXES:
        fname = name + suffix
        data = store.fs.read(fname)
        if data is None:
            continue
        present += 1
        ok = False
        try:
            gen = save.parse_file(data)[0]
            candidates.append((gen, suffix))
            ok = True
        except save.SaveNewer as exc:
            gen = save._header(data)[1]
            store._newer[fname] = gen
            newer += 1
            problems.append("%s: %s" % (fname, exc))
        except SaveCorrupt as exc:
            gen = 0
            problems.append("%s: %s" % (fname, exc))
            bad.append(fname)
        top = max(top, gen)
        if suffix == ".sav":
            store._cur_ok[name] = ok
        data = None
    store._gen[name] = top
    candidates.sort()
    while candidates:       # newest first
        gen, suffix = candidates.pop()
        fname = name + suffix
        try:
            payload = save.parse_file(store.fs.read(fname))[1]
            value = parse(payload) if parse is not None else payload
        except MemoryError:
            raise
        except Exception as exc:    # noqa: BLE001 (SaveCorrupt; anything else: a bug)
            if isinstance(exc, save.SaveNewer):
                store._newer[fname] = gen
                newer += 1
            else:
                bad.append(fname)
            if isinstance(exc, ValueError):
                problems.append("%s: %s" % (fname, exc))
            else:
                problems.append("%s: %s %s" % (fname, type(exc).__name__, exc))
            if suffix == ".sav":
                store._cur_ok[name] = False
            continue
        if suffix == ".bak":
            return Loaded(value, save.PREVIOUS, "%s: restored previous save" % what, problems, bad)
        return Loaded(value, save.OK, "%s: restored save" % what, problems, bad)
    if newer:
        return Loaded(None, save.NEWER, "%s: saved by a newer firmware" % what, problems, bad)
    if present:
        return Loaded(None, save.DAMAGED, "%s: save damaged, starting fresh" % what, problems, bad)
    return Loaded(None, save.NONE, None, problems)


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


def _int(v, lo, hi):
    """True if v is an int (not a bool: JSON's true is 1 to Python) in lo..hi."""
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _json(raw, n):
    try:
        return json.loads(raw)
    except ValueError:      # (UnicodeError is one, on CPython and MicroPython)
        raise SaveCorrupt("line %d: not JSON" % n)


def _only(obj, keys, n, what):
    """obj is a dict whose keys are all among `keys`."""
    if not isinstance(obj, dict):
        raise SaveCorrupt("line %d: not %s" % (n, what))
    for k in obj:
        if k not in keys:
            raise SaveCorrupt("line %d: %s has no %r" % (n, what, k))


def check_seed(seed):
    """A deal seed as saved: an int 0..MAX_SEED, or a wide seed (32 lowercase hex
    digits, core.prng_wide); SaveCorrupt otherwise."""
    from core.prng import MAX_SEED
    if isinstance(seed, str):
        from core.prng_wide import check_wide_seed
        try:
            check_wide_seed(seed)
            return
        except ValueError as exc:
            raise SaveCorrupt("line 2: seed: %s" % exc)
    if not _int(seed, 0, MAX_SEED):
        raise SaveCorrupt("line 2: seed %r is not in 0..2**30-1" % (seed,))


def check_options(name, options):
    """The options of a save's header against game `name`'s OPTIONS (core.gameinfo: no
    engine): known keys, each value one of its choices and of the same type."""
    from core.gameinfo import info
    from core.game import is_choice
    if not isinstance(options, dict):
        raise SaveCorrupt("line 2: options are not a dict")
    spec = info(name).OPTIONS
    for key in options:
        value = options[key]
        opt = None
        for o in spec:
            if o.key == key:
                opt = o
        if opt is None:
            raise SaveCorrupt("line 2: %s has no option %r" % (name, key))
        if not is_choice(value, opt.choices):
            raise SaveCorrupt("line 2: option %s=%r is not one of %r" % (key, value, opt.choices))


def _header(raw):
    """The game (as dealt) of a save's record header line, checked field by field."""
    from core.gameinfo import GAME_NAMES
    from core.registry import game_class
    head = _json(raw, 2)
    _only(head, _HEADER_KEYS, 2, "a record header")
    name = head.get("game")
    if name not in GAME_NAMES or not isinstance(name, str):
        raise SaveCorrupt("line 2: no game %r" % (name,))
    cls = game_class(name)
    version = head.get("record")
    if not _int(version, 1, cls.RECORD_VERSION):
        if _int(version, cls.RECORD_VERSION + 1, 0x3FFFFFFF):
            raise save.SaveNewer("line 2: record version %d is from newer firmware" % version)
        raise SaveCorrupt("line 2: not a record header")
    seed = head.get("seed", 0)
    check_seed(seed)
    options = head.get("options", {})
    check_options(name, options)
    try:
        return cls(options, seed)
    except ValueError as exc:       # options that do not go together
        raise SaveCorrupt("line 2: %s" % exc)


def check_meta(meta, game):
    """The app line's dict: what the app reads of it (core/app_resume.py), of the right
    type, the player's seat one of the game's.  Other keys are app state no reader uses."""
    n = getattr(game, "n_players", 2)       # (Speed is two seats and has no n_players)
    mode = meta.get("mode")
    human = meta.get("human")
    kinds = meta.get("kinds")
    level = meta.get("ai_level")
    if mode is not None and not isinstance(mode, str):
        raise SaveCorrupt("line 1: mode %r" % (mode,))
    if human is not None and not _int(human, 0, n - 1):
        raise SaveCorrupt("line 1: no seat %r for the player" % (human,))
    if kinds is not None:
        # (that they are the game's seats, core.app_resume.resumable asks: a save the app
        # did not write is a game all the same)
        if not isinstance(kinds, list):
            raise SaveCorrupt("line 1: seats are not a list")
        for k in kinds:
            if not isinstance(k, str):
                raise SaveCorrupt("line 1: seat %r is not a name" % (k,))
    if level is not None and not _int(level, 1, 4):
        raise SaveCorrupt("line 1: AI level %r" % (level,))


def check_round_start(start):
    """Speed's round start line (core.games.speed.rules round_start()): its keys and the summary of
    the round before; Speed.resume_round checks the numbers against the options."""
    _only(start, _START_KEYS, 3, "a round start")
    last = start.get("last")
    if not isinstance(last, dict):
        raise SaveCorrupt("line 3: no summary of the round before")
    ints = ("round", "points", "t_ms", "respits", "standstills")
    for k in last:
        v = last[k]
        if k in ints:
            ok = _int(v, 0, _MAX_T)
        elif k == "winner":
            ok = v is None or _int(v, 0, 1)
        elif k == "reason":
            ok = isinstance(v, str)
        elif k == "cards_left":
            ok = isinstance(v, list) and len(v) == 2 and _int(v[0], 0, 52) and _int(v[1], 0, 52)
        else:
            ok = False
        if not ok:
            raise SaveCorrupt("line 3: summary %s=%r" % (k, v))
    for k in ints + ("winner", "reason", "cards_left"):
        if k not in last:
            raise SaveCorrupt("line 3: summary without %s" % k)


def parse_game(payload):
    """(meta, game) from a game save payload (core.save.game_chunks); SaveCorrupt naming
    the line if it is not one or does not replay."""
    from core.game import IllegalAction
    lines = _lines(payload)
    first = _json(next(lines, b""), 1)
    if not isinstance(first, dict) or not isinstance(first.get("app"), dict) or len(first) != 1:
        raise SaveCorrupt("line 1: no app line")
    meta = first["app"]
    game = _header(next(lines, b""))
    nxt = next(lines, None)
    n = 3
    if nxt is not None and nxt.startswith(_ROUND_START):
        start = _json(nxt, 3)
        _only(start, ("round_start",), 3, "a round start")
        start = start["round_start"]
        check_round_start(start)
        if getattr(game, "resume_round", None) is None:
            raise SaveCorrupt("line 3: %s has no rounds to resume" % game.NAME)
        try:
            game.resume_round(start)        # Speed: on to the saved round's deal (SP-7)
        except ValueError as exc:           # (a PRNG state out of range too)
            raise SaveCorrupt("line 3: %s" % exc)
        nxt = next(lines, None)
        n = 4
    if nxt is not None:
        if nxt.startswith(_PACKED[0]) or nxt.startswith(_PACKED[1]):
            _replay_packed(game, _chain(nxt, lines), n, IllegalAction)
        elif n == 3:
            # record lines (saves from before packing): a game that keeps one round (Speed)
            # replays them all the same, as it does the whole-match packed saves
            _replay_record_lines(game, _chain(nxt, lines), n, IllegalAction)
        else:
            raise SaveCorrupt("line %d: not a line of packed actions" % n)
    check_meta(meta, game)
    return meta, game


def _chain(a, rest):
    yield a
    for x in rest:
        yield x


def _result_line(obj, n, lines):
    """True for a result line: the last line of a finished game's save (skipped: such a
    save is removed, never restored: load_game)."""
    if isinstance(obj, dict) and "result" in obj:
        if len(obj) != 1 or next(lines, None) is not None:
            raise SaveCorrupt("line %d: a result line is the last and alone" % n)
        return True
    return False


def _act(game, timed, t, seat, action, n, k, illegal):
    try:
        if timed:
            game.apply_at(t, seat, action)
        else:
            game.apply(seat, action)
    except illegal as exc:
        raise SaveCorrupt("line %d, action %d: %s" % (n, k, exc))


def _replay_packed(game, lines, n, illegal):
    """Apply packed actions (the first of `lines` is line `n`) through the rules;
    SaveCorrupt naming the save's line if one is malformed or illegal."""
    timed = getattr(game, "timed_history", None) is not None
    keys = ("t", "m") if timed else ("m",)
    n -= 1
    for raw in lines:
        n += 1
        obj = _json(raw, n)
        if _result_line(obj, n, lines):
            return
        _only(obj, keys, n, "a line of packed actions")
        ms = obj.get("m")
        ts = obj.get("t") if timed else ms
        if not (isinstance(ts, list) and isinstance(ms, list) and len(ts) == len(ms) and
                0 < len(ms) <= save.PACK):
            raise SaveCorrupt("line %d: not a line of packed actions" % n)
        for k in range(len(ms)):
            m = ms[k]
            if not _int(m, 0, 0xFFFF) or (timed and not _int(ts[k], 0, _MAX_T)):
                raise SaveCorrupt("line %d: action %d is not an integer" % (n, k))
            _act(game, timed, ts[k], m >> 8, m & 0xFF, n, k, illegal)


def _replay_record_lines(game, lines, n, illegal):
    """Apply record lines ({"seat", "action", "label", "t"}: core/record.py) through the
    rules, as _replay_packed does."""
    timed = getattr(game, "timed_history", None) is not None
    n -= 1
    for raw in lines:
        n += 1
        obj = _json(raw, n)
        if _result_line(obj, n, lines):
            return
        _only(obj, _ACTION_KEYS, n, "an action line")
        seat = obj.get("seat")
        action = obj.get("action")
        t = obj.get("t")
        label = obj.get("label")
        if (not _int(seat, 0, 255) or not _int(action, 0, 255) or
                (timed and not _int(t, 0, _MAX_T)) or (not timed and "t" in obj) or
                (label is not None and not isinstance(label, str))):
            raise SaveCorrupt("line %d: not an action line" % n)
        _act(game, timed, t, seat, action, n, 0, illegal)
        if label is not None and label != game.action_label(action):
            raise SaveCorrupt("line %d: action %d is %s, not %s" % (
                n, action, game.action_label(action), label))


def load_game(store):
    """Loaded whose value is (meta, game) of an unfinished game, or None."""
    loaded = load_copy(store, save.GAME_SAVE, parse_game, "game")
    if loaded.value is not None and loaded.value[1].is_over():
        store.discard(save.GAME_SAVE)
        return Loaded(None, save.NONE, None, loaded.problems)
    return loaded
