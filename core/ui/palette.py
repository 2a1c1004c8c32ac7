"""The 16 named colours of the 4-bit screen and their RGB565 lookup table.

Screens draw with these indices; the display driver expands each index to RGB565 through
`lut565()` (big-endian byte pairs, the order the ST7789 expects on the wire).
"""
from micropython import const

BLACK = const(0)
WHITE = const(1)
FELT = const(2)        # table green
FELT_DARK = const(3)
CARD = const(4)        # card face
INK = const(5)         # spades, clubs, dark text on cards
RED = const(6)         # hearts, diamonds
BACK = const(7)        # card back
BACK_LIGHT = const(8)  # card back pattern
GOLD = const(9)        # cursor, selection
GREY = const(10)       # disabled text, card edges
DARK = const(11)       # panels, title bar
TEXT = const(12)       # light text on dark
ACCENT = const(13)     # headings, indicators
DIM_CARD = const(14)   # face of a card that cannot be played now
ORANGE = const(15)     # warnings, "thinking"

# Each colour's r, g, b, in index order.  Bytes, not a tuple of 16 (r, g, b) tuples: those
# were ~1 KB of heap objects on the device (even with the code in flash), where only
# lut565() reads the colours; host tools and tests get the tuples as RGB (__getattr__).
_RGB = (b"\x00\x00\x00"  # BLACK (0, 0, 0)
        b"\xff\xff\xff"  # WHITE (255, 255, 255)
        b"\x16\x68\x3c"  # FELT (22, 104, 60)
        b"\x0a\x3e\x24"  # FELT_DARK (10, 62, 36)
        b"\xfa\xf8\xee"  # CARD (250, 248, 238)
        b"\x18\x18\x24"  # INK (24, 24, 36)
        b"\xd6\x20\x2c"  # RED (214, 32, 44)
        b"\x26\x46\xa8"  # BACK (38, 70, 168)
        b"\x70\x96\xe4"  # BACK_LIGHT (112, 150, 228)
        b"\xfc\xc8\x28"  # GOLD (252, 200, 40)
        b"\x96\x96\x96"  # GREY (150, 150, 150)
        b"\x2c\x32\x3e"  # DARK (44, 50, 62)
        b"\xec\xec\xec"  # TEXT (236, 236, 236)
        b"\x40\xc0\xe8"  # ACCENT (64, 192, 232)
        b"\xc4\xc4\xba"  # DIM_CARD (196, 196, 186)
        b"\xf2\x84\x20")  # ORANGE (242, 132, 32)


def rgb565(r, g, b):
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


def rgb(i):
    """Colour i as (r, g, b)."""
    return _RGB[3 * i], _RGB[3 * i + 1], _RGB[3 * i + 2]


def lut565():
    """32 bytes: for index i, bytes 2i and 2i+1 are its RGB565 value, high byte first."""
    out = bytearray(32)
    for i in range(16):
        c = rgb565(*rgb(i))
        out[2 * i] = c >> 8
        out[2 * i + 1] = c & 0xFF
    return out


def __getattr__(name):
    # RGB: the 16 colours as (r, g, b) tuples, made when asked for (host tools, tests)
    if name == "RGB":
        return tuple([rgb(i) for i in range(16)])
    raise AttributeError(name)
