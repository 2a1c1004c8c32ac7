"""GS4 palette pixels -> RGB565 bytes for the display, one run of pixels at a time.

`expand(src, start, n, dst, doff, lut)`: pixels start..start+n-1 of the GS4_HMSB buffer
`src` (pixel index = x + y * stride; even index = high nibble) become 2n bytes in `dst`
from offset `doff`, through `lut` (32 bytes: colour i -> bytes 2i, 2i+1, high byte first).

On the device a viper routine (drivers/_expand_viper.py) does this; where viper is
missing (CPython, the WebAssembly port) the pure-Python version below is used.  Tests
check that both give identical bytes.  IMPL names the one in use.
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


try:
    import sys
    if sys.implementation.name != "micropython":
        raise ImportError("viper needs MicroPython")
    from drivers._expand_viper import expand
    IMPL = "viper"
except (ImportError, SyntaxError, NameError, ValueError):
    expand = expand_py
    IMPL = "python"
