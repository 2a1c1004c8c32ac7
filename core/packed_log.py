"""An append-only list of small tuples packed into fixed-size byte chunks.

Used by Reds (`history`, `events`, the round table).  Why: a Reds game appends a
(seat, action) pair to `history` and an event tuple to `events` for most actions, 600 of
each in a six-player game.  As Python tuples they cost 32-48
bytes each and, living among the garbage every observation leaves behind, they fragment
the heap until a growing list finds no contiguous block (measured on the unix port: 75 KB
free, largest free block under 1 KB).  Packed here an entry costs 3-7 bytes, in 256-byte
chunks that never need a large block.  Reading an entry decodes a fresh tuple, so callers
see an ordinary sequence of tuples: len(), iteration, indexing, slices, ==.

Entries are tuples whose items are None, bools, ints with |v| < 2**16, strings (kept once
in a table: event names repeat) or tuples of these.  Encoding of an item: a byte >= 0x80
is the int 0..127 itself; otherwise a tag byte (below) and its payload.  An entry is its
item count followed by its items.
"""
from micropython import const

_CHUNK = const(256)
_NONE = const(0)
_FALSE = const(1)
_TRUE = const(2)
_U8 = const(3)
_U16 = const(4)
_NEG = const(5)
_STR = const(6)
_TUPLE = const(7)
_SMALL = const(0x80)

_scratch = bytearray(_CHUNK)    # one entry being encoded (logs are used by one thread)


def _put(pos, byte):
    if pos >= _CHUNK:
        raise ValueError("log entry longer than %d bytes" % _CHUNK)
    _scratch[pos] = byte
    return pos + 1


def _byte_item(chunk, pos):
    """The int 0..255 encoded at chunk[pos] (0..127 in one byte, else _U8 and a byte),
    or -1 if the item there is anything else."""
    tag = chunk[pos]
    if tag >= _SMALL:
        return tag - _SMALL
    if tag == _U8:
        return chunk[pos + 1]
    return -1


def _pair_word(chunk, pos):
    """a << 8 | b of the entry at chunk[pos] if it is a pair (a, b) of ints 0..255, read
    from its bytes; else -1."""
    if chunk[pos] != 2:
        return -1
    a = _byte_item(chunk, pos + 1)
    if a < 0:
        return -1
    b = _byte_item(chunk, pos + 2 if chunk[pos + 1] >= _SMALL else pos + 3)
    if b < 0:
        return -1
    return a << 8 | b


class PackedLog:
    def __init__(self):
        self._chunks = []      # bytearray(_CHUNK) each
        self._fill = []        # bytes used in each chunk
        self._counts = []      # entries in each chunk (an entry never spans chunks)
        self._len = 0
        self._strings = []
        # where the last entry read by index is: its chunk, its index in the chunk, its
        # position there, the chunk's first entry's index (see __getitem__)
        self._at = [0, 0, 0, 0]

    def _encode_items(self, items, pos):
        if len(items) > 0xFF:
            raise ValueError("log tuples hold at most 255 items")
        pos = _put(pos, len(items))
        for x in items:
            pos = self._encode(x, pos)
        return pos

    def _encode(self, obj, pos):
        if obj is None:
            return _put(pos, _NONE)
        if obj is False:
            return _put(pos, _FALSE)
        if obj is True:
            return _put(pos, _TRUE)
        if isinstance(obj, int):
            if obj < 0:
                pos = _put(pos, _NEG)
                obj = -obj
            if obj < _SMALL:
                return _put(pos, _SMALL | obj)
            if obj < 0x100:
                return _put(_put(pos, _U8), obj)
            if obj >= 0x10000:
                raise ValueError("log ints must stay below 2**16")
            return _put(_put(_put(pos, _U16), obj & 0xFF), obj >> 8)
        if isinstance(obj, str):
            strings = self._strings
            if obj in strings:
                k = strings.index(obj)
            else:
                k = len(strings)
                if k > 0xFF:
                    raise ValueError("more than 256 distinct strings in a log")
                strings.append(obj)
            return _put(_put(pos, _STR), k)
        if isinstance(obj, (tuple, list)):
            return self._encode_items(obj, _put(pos, _TUPLE))
        raise TypeError("cannot log %r" % (obj,))

    def append(self, entry):
        n = self._encode_items(entry, 0)
        chunks = self._chunks
        if not chunks or self._fill[-1] + n > _CHUNK:
            chunks.append(bytearray(_CHUNK))
            self._fill.append(0)
            self._counts.append(0)
        chunk = chunks[-1]
        start = self._fill[-1]
        for i in range(n):
            chunk[start + i] = _scratch[i]
        self._fill[-1] = start + n
        self._counts[-1] += 1
        self._len += 1

    def clear(self):
        """Forget every entry (the app drops a finished hand's events once shown:
        core.app.forget_shown_events); the chunks go back to the heap."""
        self._chunks = []
        self._fill = []
        self._counts = []
        self._len = 0
        self._strings = []
        self._at = [0, 0, 0, 0]

    # -- decoding ----------------------------------------------------------------------
    def _decode_items(self, chunk, pos):
        n = chunk[pos]
        pos += 1
        if n == 2 and chunk[pos] >= _SMALL and chunk[pos + 1] >= _SMALL:
            # a (seat, action) pair, the common entry: no list and no per-item tuples
            return (chunk[pos] - _SMALL, chunk[pos + 1] - _SMALL), pos + 2
        items = []
        for _ in range(n):
            x, pos = self._decode(chunk, pos)
            items.append(x)
        return tuple(items), pos

    def _decode(self, chunk, pos):
        """(object, next position) for the item starting at chunk[pos]."""
        tag = chunk[pos]
        pos += 1
        if tag >= _SMALL:
            return tag - _SMALL, pos
        if tag == _STR:
            return self._strings[chunk[pos]], pos + 1
        if tag == _TUPLE:
            return self._decode_items(chunk, pos)
        if tag == _U8:
            return chunk[pos], pos + 1
        if tag == _U16:
            return chunk[pos] | chunk[pos + 1] << 8, pos + 2
        if tag == _NEG:
            v, pos = self._decode(chunk, pos)
            return -v, pos
        if tag == _NONE:
            return None, pos
        if tag == _FALSE:
            return False, pos
        if tag == _TRUE:
            return True, pos
        raise ValueError("corrupt log")

    def _skip_items(self, chunk, pos):
        """The position after the entry (or tuple) starting at chunk[pos], found without
        decoding it: indexing walks past the entries before the one it wants, and
        decoding them all made ~50 KB of garbage per Reds action (unix port)."""
        n = chunk[pos]
        pos += 1
        for _ in range(n):
            tag = chunk[pos]
            pos += 1
            while tag == _NEG:          # a sign, then the item it applies to
                tag = chunk[pos]
                pos += 1
            if tag == _TUPLE:
                pos = self._skip_items(chunk, pos)
            elif tag == _STR or tag == _U8:
                pos += 1
            elif tag == _U16:
                pos += 2
        return pos

    def __len__(self):
        return self._len

    def __iter__(self):
        for c in range(len(self._chunks)):
            chunk = self._chunks[c]
            pos = 0
            for _ in range(self._counts[c]):
                entry, pos = self._decode_items(chunk, pos)
                yield entry

    def pair_words(self):
        """Each entry (a, b) as the int a << 8 | b (a, b < 256), in order, read from the
        bytes without a tuple per entry (other entries are decoded): a game save writes
        Reds' history this way at every trick (core/save.py), and a tuple per action was
        45 KB of garbage per save late in a 4-player game on the unix port."""
        for c in range(len(self._chunks)):
            chunk = self._chunks[c]
            pos = 0
            for _ in range(self._counts[c]):
                w = _pair_word(chunk, pos)
                if w < 0:
                    entry = self._decode_items(chunk, pos)[0]
                    w = entry[0] << 8 | entry[1]
                yield w
                pos = self._skip_items(chunk, pos)

    def __getitem__(self, index):
        if not isinstance(index, int):
            return list(self)[index]     # slices: rare, so simply through a list
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("log index out of range")
        # The app reads a game's new events one after the other after every action: an
        # entry at or after the last one read in the same chunk is found from there, not
        # by skipping from the chunk's start (a Reds card played: ~40 of its ~200 us on
        # the unix port).  Entries never move, so the place stays right.
        at = self._at
        c, k, pos, base = at
        if not (base + k <= index < base + self._counts[c]):
            c = k = pos = base = 0
            while index - base >= self._counts[c]:
                base += self._counts[c]
                c += 1
        chunk = self._chunks[c]
        index -= base
        while k < index:
            pos = self._skip_items(chunk, pos)
            k += 1
        at[0] = c
        at[1] = k
        at[2] = pos
        at[3] = base
        return self._decode_items(chunk, pos)[0]

    def __eq__(self, other):
        """Entry by entry, without building lists (other: any sequence of tuples)."""
        if len(self) != len(other):
            return False
        theirs = iter(other)
        for entry in self:
            if entry != tuple(next(theirs)):
                return False
        return True
