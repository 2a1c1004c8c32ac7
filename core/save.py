"""Save files that survive power loss, and never touch flash while the link is busy.

Each named save ("settings", "game") lives in up to three files (four):

    NAME.sav   the current save          NAME.bak   the one before it
    NAME.new   a save being written (left behind only if power failed mid-save)
    NAME.fut   a newer firmware's save, kept aside (see below)

A file is   b"PCSAVE <format> <generation>\\n" + payload + b"\\n#END <length> <crc32>\\n"
(the CRC covers the header line and the payload).  The trailer comes last so a payload
can be streamed line by line without holding it in memory; a file cut short has no
trailer and is rejected.

Saving writes NAME.new completely (flush, close, sync) before anything is removed or
renamed, then: remove NAME.bak, rename NAME.sav -> NAME.bak, rename NAME.new -> NAME.sav.
Power can fail between any two steps and at least one complete copy (usually two) is
always on flash.  Loading reads every file that exists, keeps the ones whose header,
length and checksum are right (and that the caller's `parse` accepts), and takes the
highest generation; it reports what it found in words for the screen:
"restored save", "restored previous save", "save damaged, starting fresh", or "saved by
a newer firmware" when no copy was usable and one is an intact file of a newer format.

A damaged file stays where it is until the boot has told the player (core/boot.py
restore()); then it is set aside as NAME.sav.bad (NAME.bak.bad, NAME.new.bad; Loaded.bad
names them), out of the way of the next start but on flash for a bug report: one per
copy, a later damaged copy replacing an earlier one, so they cannot fill the flash.

A newer firmware's file (after a downgrade) is never removed: where this firmware would
remove it (the previous copy making room, a game's save forgotten), it is kept as
NAME.fut instead, so upgrading again finds it (the newest such copy is kept; an older
copy of that same save goes).  Loading reads NAME.fut like the others, by generation, and
generations go on from the highest of any format, so the most recent save wins.

Flash writes on the RP2040 stall interrupts long enough for the UART to lose bytes, so
the store takes a `link_busy()` predicate: while it is true, a save is kept in memory
and written by a later `poll()` when the link is idle.
"""
import binascii

FORMAT = 1
_MAGIC = b"PCSAVE "
_TRAILER = b"\n#END "

# What load_copy() (core/save_load.py) found.
NONE = "none"             # no save of that name: a first boot
OK = "ok"                 # the latest save
PREVIOUS = "previous"     # the latest was damaged; the one before it was restored
DAMAGED = "damaged"       # files were there but none was usable
NEWER = "newer"           # none was usable, and one was written by a newer firmware


_DISCARD = object()        # a pending job: remove the save
_SUFFIXES = (".sav", ".new", ".bak", ".fut")


class SaveCorrupt(ValueError):
    """A save file that fails its checks; the message says which.  Every check of a save,
    the file's and its payload's (core/save_load.py, core/settings.py), raises this (or
    SaveNewer): any other exception out of a load is a bug (the boot still survives it)."""


class SaveNewer(SaveCorrupt):
    """An intact save that a newer firmware wrote (its format, or its payload's version,
    is above this firmware's): reported as such, and never removed (SaveStore._drop)."""


class DeviceFs:
    """The real filesystem through `os` (flash on the board, a directory on a host).

    Tests pass a fake with the same methods to stop or fail the save at every step.
    """

    def __init__(self, root=""):
        self.root = root

    def path(self, name):
        return self.root + "/" + name if self.root else name

    def read(self, name):
        """The file's bytes, or None if it does not exist."""
        try:
            f = open(self.path(name), "rb")
        except OSError:
            return None
        try:
            return f.read()
        finally:
            f.close()

    def open_write(self, name):
        return open(self.path(name), "wb")

    def exists(self, name):
        import os
        try:
            os.stat(self.path(name))
            return True
        except OSError:
            return False

    def remove(self, name):
        import os
        os.remove(self.path(name))

    def rename(self, old, new):
        import os
        os.rename(self.path(old), self.path(new))

    def sync(self):
        import os
        if hasattr(os, "sync"):
            os.sync()


def _as_bytes(chunk):
    """A chunk as something to write: str is encoded, bytes and buffers go as they are."""
    return chunk.encode() if isinstance(chunk, str) else chunk


def _snapshot(chunks):
    """The chunks as a list that stays valid: a producer may refill one bytearray for all
    its chunks (game_chunks does), so those are copied."""
    return [c if isinstance(c, (str, bytes)) else bytes(c) for c in chunks]


def _header(data):
    """(format, generation) from a save file's first line; SaveCorrupt if it has none."""
    if not data.startswith(_MAGIC):
        raise SaveCorrupt("not a save file")
    eol = data.find(b"\n")
    if eol < 0:
        raise SaveCorrupt("truncated header")
    fields = data[len(_MAGIC):eol].split()
    try:
        return int(fields[0]), int(fields[1]), eol
    except (IndexError, ValueError):
        raise SaveCorrupt("bad header")


def parse_file(data):
    """(generation, payload bytes) of a save file, or SaveCorrupt naming the fault:
    SaveNewer for an intact file of a format newer than this firmware's.  The header line,
    the trailer and its CRC are the same in every format (the format says how to read the
    payload), so a newer firmware's file is told apart from a damaged one."""
    fmt, gen, eol = _header(data)
    if not data.endswith(b"\n"):
        raise SaveCorrupt("truncated")
    tpos = data.rfind(_TRAILER)
    if tpos < eol:
        raise SaveCorrupt("truncated")
    tail = data[tpos + len(_TRAILER):-1].split()
    try:
        length = int(tail[0])
        crc = int(tail[1], 16)
    except (IndexError, ValueError):
        raise SaveCorrupt("bad trailer")
    payload = data[eol + 1:tpos]
    if len(payload) != length:
        raise SaveCorrupt("length %d, expected %d" % (len(payload), length))
    if binascii.crc32(payload, binascii.crc32(data[:eol + 1])) & 0xFFFFFFFF != crc:
        raise SaveCorrupt("checksum mismatch")
    if fmt != FORMAT:
        if fmt > FORMAT:
            raise SaveNewer("format %d is from newer firmware (this one reads %d)" % (fmt, FORMAT))
        raise SaveCorrupt("unknown format %d" % fmt)
    return gen, payload


class SaveStore:
    """Named saves on a filesystem `fs` (DeviceFs or a fake).

    `link_busy()` -> True defers writes; `notice` holds the last thing worth telling the
    player ("save deferred: link busy", "save failed: ..."), or None.
    """

    def __init__(self, fs, link_busy=None):
        self.fs = fs
        self.link_busy = link_busy
        self.notice = None
        self._gen = {}          # name -> highest generation seen or written
        self._cur_ok = {}       # name -> is NAME.sav intact and usable (None: not known)
        self._newer = {}        # file name -> generation: a newer firmware's files seen
        self._pending = {}

    # -- loading -------------------------------------------------------------------------
    def exists(self, name):
        """True if a copy of `name` is on flash (current, new or previous): one that
        load_copy() (core/save_load.py) may restore."""
        for suffix in (".sav", ".new", ".bak"):
            if self.fs.exists(name + suffix):
                return True
        return False

    def intact(self, name):
        """True if a copy of `name` that load_copy() (core/save_load.py) may restore
        passes its checks (header, length, checksum; not its contents): the crash page's
        "your game is safe"."""
        for suffix in (".sav", ".new", ".bak"):
            if self._gen_of(name + suffix) is not None:
                return True
        return False

    # -- saving --------------------------------------------------------------------------
    def save(self, name, chunks):
        """Save `chunks` (str, bytes or buffer pieces of the payload) as `name`.

        A buffer chunk may be refilled by the producer for its next chunk: each chunk is
        written (or copied, when deferred) before the next one is taken.

        Returns True when written now, False when deferred (link busy) or failed; either
        way the previous copies are intact.  A deferred save is written by poll().
        """
        if self._defer(name, chunks):
            return False
        try:
            self._write(name, chunks)
        except OSError as exc:
            self.notice = "save failed: %s" % (exc,)
            return False
        self.notice = None
        return True

    def discard(self, name):
        """Forget `name` (a game that ended): remove its files, the current copy last
        (a newer firmware's file stays, as NAME.fut)."""
        if self._defer(name, _DISCARD):
            return False
        try:
            self._scan(name)
            for suffix in (".fut", ".new", ".bak", ".sav"):
                if self.fs.exists(name + suffix):
                    self._drop(name, suffix)
        except OSError as exc:
            self.notice = "save failed: %s" % (exc,)
            return False
        return True

    def _defer(self, name, job):
        """Keep `job` for poll() if the link is busy (True); else drop any older job."""
        if self.link_busy is not None and self.link_busy():
            if job is not _DISCARD:
                job = _snapshot(job)    # the game moves on meanwhile
            self._pending[name] = job
            self.notice = "save deferred: link busy"
            return True
        self._pending.pop(name, None)
        return False

    def pending(self):
        """Names of saves waiting for the link to go idle."""
        return list(self._pending)

    def poll(self):
        """Write deferred saves if the link is idle now; True if something was written."""
        if not self._pending or (self.link_busy is not None and self.link_busy()):
            return False
        wrote = False
        for name in list(self._pending):
            job = self._pending[name]
            if job is _DISCARD:
                wrote = self.discard(name) or wrote
            else:
                wrote = self.save(name, job) or wrote
        return wrote

    def _gen_of(self, fname):
        """The generation of a complete, intact file of this format, else None."""
        data = self.fs.read(fname)
        if data is None:
            return None
        try:
            return parse_file(data)[0]
        except SaveCorrupt:
            return None

    def _scan(self, name):
        """Once per name: the highest generation on flash, of any format, and which files
        a newer firmware wrote (load_copy() does the same as it reads them)."""
        if name in self._gen:
            return
        best = 0
        for suffix in _SUFFIXES:
            fname = name + suffix
            data = self.fs.read(fname)
            if data is None:
                continue
            try:
                gen = parse_file(data)[0]
            except SaveNewer:
                gen = self._newer[fname] = _header(data)[1]
            except SaveCorrupt:
                gen = 0
            data = None
            best = max(best, gen)
        self._gen[name] = best

    def _next_gen(self, name):
        self._scan(name)
        self._gen[name] += 1
        return self._gen[name]

    def _drop(self, name, suffix):
        """Remove NAME+suffix; but a newer firmware's file is kept as NAME.fut (unless
        NAME.fut is a newer one's copy of at least its generation: then it goes)."""
        fname = name + suffix
        fut = name + ".fut"
        gen = self._newer.get(fname)
        if gen is None:
            self.fs.remove(fname)
            return
        if fname == fut:
            return                              # kept aside already
        del self._newer[fname]
        kept = self._newer.get(fut)
        if kept is not None and kept >= gen:
            self.fs.remove(fname)               # an older copy of the save kept aside
            return
        if self.fs.exists(fut):
            self.fs.remove(fut)
        self.fs.rename(fname, fut)
        self._newer[fut] = gen

    def _write(self, name, chunks):
        self._scan(name)
        if self.fs.exists(name + ".new"):
            self._finish_interrupted(name)
        gen = self._next_gen(name)
        f = self.fs.open_write(name + ".new")
        try:
            head = ("PCSAVE %d %d\n" % (FORMAT, gen)).encode()
            f.write(head)
            crc = binascii.crc32(head)
            length = 0
            for chunk in chunks:
                chunk = _as_bytes(chunk)
                f.write(chunk)
                crc = binascii.crc32(chunk, crc)
                length += len(chunk)
            f.write(_TRAILER + ("%d %08x\n" % (length, crc & 0xFFFFFFFF)).encode())
            f.flush()
        finally:
            f.close()
        self.fs.sync()
        self._commit(name)

    def _finish_interrupted(self, name):
        """A .new left by a power cut or error: commit it if complete and newest, else drop it."""
        new_gen = self._gen_of(name + ".new")
        cur_gen = self._gen_of(name + ".sav")
        if new_gen is not None and (cur_gen is None or new_gen > cur_gen):
            self._cur_ok[name] = cur_gen is not None
            self._commit(name)
        else:
            self._drop(name, ".new")

    def _commit(self, name):
        """NAME.new is complete: make it current, keeping the current one as NAME.bak.

        A current copy known to be damaged is removed instead, so a good NAME.bak stays.
        A newer firmware's current copy is kept as NAME.bak (then NAME.fut: _drop).
        """
        new, cur, bak = name + ".new", name + ".sav", name + ".bak"
        if self.fs.exists(cur):
            good = self._cur_ok.get(name)
            if good is None:
                good = self._gen_of(cur) is not None
            if good or cur in self._newer:
                if self.fs.exists(bak):
                    self._drop(name, ".bak")
                self.fs.rename(cur, bak)
                if cur in self._newer:
                    self._newer[bak] = self._newer.pop(cur)
            else:
                self._drop(name, ".sav")
        self.fs.rename(new, cur)
        self.fs.sync()
        self._cur_ok[name] = True


# -- the game in progress ------------------------------------------------------------------
# A game is fully described by its record (options, seed, actions), so the save holds one
# line of app state (who plays which seat, the AI level...), the record's header line and
# then the actions packed, PACK to a line (see _packed_lines): a 300-action Reds game is
# 13.6 KB as record lines, which cost ~155 KB of garbage on the unix port to write at every
# trick, and ~1.3 KB packed.  A timed game (Speed) packs its time stamps too.  Speed keeps
# one round (a match runs to its target, ruling SP-7: hundreds of rounds with 1 Point
# Score), so from its second round on its save is the app line, the header, a line saying
# where the round began ({"round_start": {...}}: Speed.round_start()) and the round's
# actions packed: about 0.6 KB whatever the round, where the whole match was ~0.55 KB a
# round.  Saves written as record lines (before packing) and saves of the whole match so
# far (before the round start line) still load.

GAME_SAVE = "game"

# Events that end a trick or a hand in one of the four games: the safe points to save at.
SAFE_POINT_EVENTS = ("trick", "trick_won", "hand_end", "result", "score", "round_end",
                     "game_over")

PACK = 64                       # actions per packed line
# The game save is read back by core/boot.py (load_game), at boot only: the app does not
# keep that code (core.loop BOOT_ONLY).

# Bytes of a packed line per action: up to 5 digits of the word (below 65536) and ", "; a
# timed action adds a time stamp of up to 11 characters and ", ".  Plus the keys.
_WORD_BYTES = 7
_STAMP_BYTES = 13
_KEYS_BYTES = 24


def game_chunks(game, meta):
    """The game save's payload, one line at a time: the app line, the record's header,
    the packed actions (and the result line of a finished game), generated as they are
    written: no list of lines on the device's heap.  The packed lines come out of one
    bytearray refilled for each (see SaveStore.save)."""
    import json
    from core.record import header
    yield json.dumps({"app": meta})
    yield "\n"
    yield json.dumps(header(game))
    timed = getattr(game, "timed_history", None)
    if timed is None:
        lines = _packed_lines(len(game.history), _words(game.history), None)
    else:
        first = 0
        n = len(timed)
        start = None if getattr(game, "WHOLE_MATCH", True) else game.round_start()
        if start is not None:                       # Speed: the round, from its start
            yield "\n"
            yield json.dumps({"round_start": start})
            first, n = game.round_actions()
        lines = _packed_lines(n, timed.pair_words(first), timed.time_stamps(first))
    for line in lines:
        yield line
    if game.is_over():
        yield "\n"
        yield json.dumps({"result": game.result()})


def _words(log):
    """The log's actions as ints seat << 8 | action (every game's action ids are below
    256).  The games' compact logs give them straight from their bytes (pair_words()):
    decoding a tuple per action made most of a save's garbage, 45 KB late in a Reds game
    on the unix port.  Any other log is read as (seat, action) entries.  (Speed's timed
    log gives its words and time stamps itself: game_chunks.)"""
    if hasattr(log, "pair_words"):
        return log.pair_words()
    return (a[-2] << 8 | a[-1] for a in log)


def _packed_lines(n, words, stamps):
    """The `n` actions, PACK to a line, each line starting with its newline:
    {"m": [m, ...]} or, with `stamps`, {"t": [t, ...], "m": [m, ...]} with m taken from
    `words` (seat << 8 | action); a timed round's clock starts at 0, as in the record.
    The text is what json.dumps writes, but put digit by digit into one bytearray that is
    refilled for every line: building a list of ints and its JSON per line made 1-2 KB of
    garbage per line on the unix port."""
    per_action = _WORD_BYTES if stamps is None else _WORD_BYTES + _STAMP_BYTES
    buf = bytearray(PACK * per_action + _KEYS_BYTES)
    view = memoryview(buf)
    for start in range(0, n, PACK):
        k = min(PACK, n - start)
        if stamps is None:
            pos = _put(buf, 0, b'\n{"m": [')
        else:
            pos = _put(buf, 0, b'\n{"t": [')
            pos = _put(buf, _put_ints(buf, pos, stamps, k), b'], "m": [')
        pos = _put(buf, _put_ints(buf, pos, words, k), b"]}")
        yield view[:pos]


def _put(buf, pos, text):
    """Copy the bytes `text` into buf at pos; the position after them."""
    end = pos + len(text)
    buf[pos:end] = text
    return end


def _put_ints(buf, pos, ints, k):
    """The next `k` ints of the iterator `ints`, written "1, 22, 333" at buf[pos]."""
    for i in range(k):
        if i:
            pos = _put(buf, pos, b", ")
        pos = _put_int(buf, pos, next(ints))
    return pos


def _put_int(buf, pos, v):
    """The decimal digits of v (a "-" first if negative) at buf[pos], without making a
    string; the position after them."""
    if v < 0:
        buf[pos] = 45       # "-"
        pos += 1
        v = -v
    end = pos
    x = v
    while True:             # count the digits
        end += 1
        x //= 10
        if not x:
            break
    i = end
    while i > pos:          # and write them from the last
        i -= 1
        buf[i] = 48 + v % 10
        v //= 10
    return end


class GameSaver:
    """Saves `game` at safe points: call after_action() after every applied action."""

    def __init__(self, store, game, meta):
        self.store = store
        self.game = game
        self.meta = meta
        self._seen = self._event_count()
        self.saves = 0

    def _event_count(self):
        return getattr(self.game, "events_dropped", 0) + len(self.game.events)

    def at_safe_point(self):
        """True if an event since the last call ended a trick or a hand (consumes them)."""
        game = self.game
        dropped = getattr(game, "events_dropped", 0)
        end = dropped + len(game.events)
        start = max(self._seen, dropped)
        self._seen = end
        for i in range(start, end):
            if game.events[i - dropped][0] in SAFE_POINT_EVENTS:
                return True
        return False

    def after_action(self):
        """Save if a trick or hand just ended; forget the save once the game is over."""
        if self.game.is_over():
            self.finish()
            return False
        if self.at_safe_point():
            return self.save_now()
        return False

    def save_now(self):
        self.saves += 1
        return self.store.save(GAME_SAVE, game_chunks(self.game, self.meta))

    def finish(self):
        self.store.discard(GAME_SAVE)
