"""GS4 palette pixels -> RGB565 bytes for the display.

`expand(src, start, n, dst, doff, lut)`: pixels start..start+n-1 of the GS4_HMSB buffer
`src` (pixel index = x + y * stride; even index = high nibble) become 2n bytes in `dst`
from offset `doff`, through `lut` (32 bytes: colour i -> bytes 2i, 2i+1, high byte first).
Any start and length; one row at a time.

`expand_rows(src, sbyte, sstride, nb, rows, dst, lut2)`: the fast path for whole bytes.
`rows` rows of `nb` source bytes each (the first at byte `sbyte`, the next `sstride`
bytes further on) become 4 * nb * rows bytes at the start of `dst`, through `lut2`, the
pair table (1 KB) that `pair_lut(lut, lut2)` builds: byte b -> the four bytes of its two
pixels (high nibble first).  One table load and one word store per two pixels; `dst` and
`lut2` must be word-aligned buffers (bytearrays are).

On the device viper routines (drivers/_expand_viper.py) do this; where viper is missing
(CPython, the WebAssembly port) the pure-Python versions below are used.  Tests check
that both give identical bytes.  IMPL names the one in use.
"""


def expand_py(src, start, n, dst, doff, lut):
    p = start
    end = start + n
    o = doff
    while p < end:
        b = src[p >> 1]
        c = (b & 0x0F) if p & 1 else (b >> 4)
        c <<= 1
        dst[o] = lut[c]
        dst[o + 1] = lut[c + 1]
        o += 2
        p += 1


def expand_rows_py(src, sbyte, sstride, nb, rows, dst, lut2):
    o = 0
    for _ in range(rows):
        for s in range(sbyte, sbyte + nb):
            k = src[s] << 2
            dst[o] = lut2[k]
            dst[o + 1] = lut2[k + 1]
            dst[o + 2] = lut2[k + 2]
            dst[o + 3] = lut2[k + 3]
            o += 4
        sbyte += sstride


def pair_lut(lut, lut2):
    """Fill lut2 (bytearray(1024)) from lut (32 bytes): the pair table of expand_rows."""
    for b in range(256):
        hi = (b >> 4) << 1
        lo = (b & 0x0F) << 1
        k = b << 2
        lut2[k] = lut[hi]
        lut2[k + 1] = lut[hi + 1]
        lut2[k + 2] = lut[lo]
        lut2[k + 3] = lut[lo + 1]


try:
    import sys
    if sys.implementation.name != "micropython":
        raise ImportError("viper needs MicroPython")
    from drivers._expand_viper import expand, expand_rows
    IMPL = "viper"
except (ImportError, SyntaxError, NameError, ValueError):
    expand = expand_py
    expand_rows = expand_rows_py
    IMPL = "python"
