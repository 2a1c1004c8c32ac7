"""Viper version of drivers.expand.expand_py (same arguments, same bytes).

Kept in its own module: a port without the native emitter rejects the whole file at
compile time, and drivers.expand then falls back to the pure-Python routine.
"""
import micropython


@micropython.viper
def expand(src: ptr8, start: int, n: int, dst: ptr8, doff: int, lut: ptr8):
    p = start
    end = start + n
    o = doff
    while p < end:
        b = src[p >> 1]
        if p & 1:
            c = (b & 0x0F) << 1
        else:
            c = (b >> 4) << 1
        dst[o] = lut[c]
        dst[o + 1] = lut[c + 1]
        o += 2
        p += 1
