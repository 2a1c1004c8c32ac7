"""Viper versions of drivers.expand's routines (same arguments, same bytes).

Kept in its own module: a port without the native emitter rejects the whole file at
compile time, and drivers.expand then falls back to the pure-Python routines.
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


@micropython.viper
def expand_rows(src: ptr8, sbyte: int, sstride: int, nb: int, rows: int, dst: ptr32,
                lut2: ptr32):
    # One source byte (two pixels) -> one 32-bit word of the pair table: a load, a
    # table load and a word store per two pixels; all rows of a chunk in one call.
    o = 0
    while rows > 0:
        s = sbyte
        e = sbyte + nb
        while s < e:
            dst[o] = lut2[src[s]]
            o += 1
            s += 1
        sbyte += sstride
        rows -= 1
