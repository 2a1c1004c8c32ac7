"""Byte-packed stand-ins for Game.history and Game.events.

A list of tuples costs 32-56 bytes per entry on the 64-bit unix port (16-28 on the device);
a 15-hand Stepping Stones game makes ~580 actions and ~800 events, which alone would fill
a 64 KB heap.  These logs keep each entry in a few bytes, in fixed-size chunks added as
the log grows (so it never needs a large contiguous block, even on a fragmented heap;
`reserve` allocates chunks up front), and hand
back the same tuples: readers (core/record.py, tools, tests) see no difference.  They
support append, len, indexing, iteration and comparison with a list of tuples.
"""
from micropython import const

_CHUNK = const(240)     # bytes per chunk: a multiple of both record widths (2, 4)
_ABSENT = const(0xFF)
_STR_BASE = const(0x80)  # an argument byte >= this is an index into the string table


class _Packed:
    """Fixed-width byte records in chunks; subclasses encode and decode one record."""

    def __init__(self, width, reserve):
        self._w = width
        self._n = 0
        self._per = _CHUNK // width
        self._chunks = [bytearray(_CHUNK) for _ in range((reserve + self._per - 1) // self._per)]

    def _slot(self):
        """Chunk and offset for the next record (a new chunk when the last is full)."""
        n = self._n
        c = n // self._per
        if c == len(self._chunks):
            self._chunks.append(bytearray(_CHUNK))
        self._n = n + 1
        return self._chunks[c], (n % self._per) * self._w

    def __len__(self):
        return self._n

    def __getitem__(self, i):
        n = self._n
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("log index out of range")
        return self._decode(self._chunks[i // self._per], (i % self._per) * self._w)

    def __iter__(self):
        for i in range(self._n):
            yield self._decode(self._chunks[i // self._per], (i % self._per) * self._w)

    def __eq__(self, other):
        return list(self) == list(other)


class PairLog(_Packed):
    """(seat, action) pairs with both values in 0..255, two bytes each (Game.history);
    room for `reserve` pairs is allocated at once."""

    def __init__(self, reserve=0):
        _Packed.__init__(self, 2, reserve)

    def append(self, pair):
        b, o = self._slot()
        b[o] = pair[0]
        b[o + 1] = pair[1]

    def _decode(self, b, o):
        return (b[o], b[o + 1])

    def pair_words(self):
        """Each pair as seat << 8 | action: what a game save writes, without a tuple per
        entry (core/save.py)."""
        for i in range(self._n):
            b = self._chunks[i // self._per]
            o = (i % self._per) * 2
            yield b[o] << 8 | b[o + 1]


class EventLog(_Packed):
    """Events (name, arg, ...) with at most 3 arguments, each an int in 0..127 or one of
    `strings`; `names` lists the event names.  Four bytes per event (Game.events); room
    for `reserve` events is allocated at once."""

    def __init__(self, names, strings, reserve=0):
        _Packed.__init__(self, 4, reserve)
        self._names = names
        self._strings = strings

    def append(self, event):
        if len(event) > self._w:
            raise ValueError("event %r has more than %d arguments" % (event, self._w - 1))
        for a in event[1:]:
            if not isinstance(a, str) and not 0 <= a < _STR_BASE:
                raise ValueError("event argument %r out of range" % (a,))
        code = self._names.index(event[0])
        b, o = self._slot()
        b[o] = code
        for i in range(1, self._w):
            if i < len(event):
                a = event[i]
                b[o + i] = _STR_BASE + self._strings.index(a) if isinstance(a, str) else a
            else:
                b[o + i] = _ABSENT

    def _decode(self, b, o):
        out = [self._names[b[o]]]
        for i in range(o + 1, o + self._w):
            a = b[i]
            if a == _ABSENT:
                break
            out.append(self._strings[a - _STR_BASE] if a >= _STR_BASE else a)
        return tuple(out)
