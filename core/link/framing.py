"""Framing on a byte stream: COBS-stuffed frames, a CRC-16 on each, 0x00 as delimiter.

Wire format of one frame:  [0x00]? COBS(body + ~CRC16-big-endian) 0x00

COBS (consistent overhead byte stuffing) removes every 0x00 from the frame, so a 0x00 on
the wire always means "frame boundary": after garbage, truncation or a noise burst the
decoder is back in step at the next 0x00, whatever state it was in.  The CRC rejects the
damaged frame.  Bodies are bounded (MAX_BODY); a longer run of bytes is dropped whole.
Encoder and decoder work in preallocated buffers and allocate nothing per byte or frame
(tests/core/test_link_framing.py proves it under micropython.heap_lock()).
"""
from micropython import const

from core.link.crc16 import crc16, INIT

MAX_BODY = const(128)    # largest body (the channel header + payload), CRC excluded
# The CRC is sent inverted (CRC-16/GENIBUS).  Without the final inversion, CRC(m + crc(m))
# is 0, and a frame whose delimiter is damaged into a COBS code byte (which adds a 0x00)
# passes the check once in 256 times; fuzzing found it (tests/host/test_link_fuzz.py).
_XOROUT = const(0xFFFF)


def encoded_max(body_max=MAX_BODY):
    """Worst-case wire size of a frame whose body has `body_max` bytes."""
    n = body_max + 2
    return n + n // 254 + 1 + 2  # code bytes, trailing and optional leading delimiter


class FrameEncoder:
    """Encodes one body at a time into `self.out` (reused)."""

    def __init__(self, body_max=MAX_BODY):
        self.body_max = body_max
        self.out = bytearray(encoded_max(body_max))

    def encode(self, body, n, lead=False):
        """Encode body[0:n]; `body` must have 2 spare bytes after n for the CRC.

        Returns the number of bytes of self.out to send.  `lead` adds a 0x00 before the
        frame, which flushes any garbage the receiver may hold from a floating line.
        """
        if n > self.body_max or n < 1:
            raise ValueError("frame body of %d bytes (1..%d)" % (n, self.body_max))
        c = crc16(body, 0, n, INIT) ^ _XOROUT
        body[n] = c >> 8
        body[n + 1] = c & 0xFF
        out = self.out
        o = 0
        if lead:
            out[0] = 0
            o = 1
        code_at = o
        o += 1
        code = 1
        end = n + 2
        i = 0
        while i < end:
            b = body[i]
            i += 1
            if b == 0:
                out[code_at] = code
                code_at = o
                o += 1
                code = 1
            else:
                out[o] = b
                o += 1
                code += 1
                if code == 0xFF:
                    out[code_at] = code
                    code_at = o
                    o += 1
                    code = 1
        out[code_at] = code
        out[o] = 0
        return o + 1


class FrameDecoder:
    """Feeds on raw bytes; a good frame's body lands in `self.body[0:self.length]`.

    Counters: frames (good), crc_errors, overflows (too long), broken (bad stuffing or
    truncated), and bytes_in.
    """

    def __init__(self, body_max=MAX_BODY):
        self.body = bytearray(body_max + 2)
        self._cap = body_max + 2
        self.length = 0
        self.frames = 0
        self.crc_errors = 0
        self.overflows = 0
        self.broken = 0
        self.bytes_in = 0
        self._n = 0
        self._left = 0
        self._code = 0xFF
        self._skip = False
        self._seen = False

    def feed(self, data, start, end):
        """Consume data[start:end] up to the end of the first good frame.

        Returns the index of the first unconsumed byte.  self.length is the body length
        of the frame just completed (valid until the next call), or 0 if none.
        """
        self.length = 0
        buf = self.body
        cap = self._cap
        i = start
        while i < end:
            b = data[i]
            i += 1
            if b == 0:
                n = self._n
                good = self._seen and not self._skip and self._left == 0 and n >= 3
                if not good:
                    if self._skip:
                        self.overflows += 1
                    elif self._seen:
                        self.broken += 1
                self._n = 0
                self._left = 0
                self._code = 0xFF
                self._skip = False
                self._seen = False
                if good:
                    c = crc16(buf, 0, n - 2, INIT) ^ _XOROUT
                    if c == (buf[n - 2] << 8 | buf[n - 1]):
                        self.frames += 1
                        self.length = n - 2
                        self.bytes_in += i - start
                        return i
                    self.crc_errors += 1
                continue
            if self._skip:
                continue
            self._seen = True
            if self._left == 0:
                if self._code != 0xFF:
                    if self._n >= cap:
                        self._skip = True
                        continue
                    buf[self._n] = 0
                    self._n += 1
                self._code = b
                self._left = b - 1
            else:
                if self._n >= cap:
                    self._skip = True
                    continue
                buf[self._n] = b
                self._n += 1
                self._left -= 1
        self.bytes_in += end - start
        return end

    def pending(self):
        """Bytes held for an unfinished frame (bounded by the body buffer)."""
        return self._n
