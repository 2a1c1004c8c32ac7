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

NAMES = ("BLACK", "WHITE", "FELT", "FELT_DARK", "CARD", "INK", "RED", "BACK", "BACK_LIGHT",
         "GOLD", "GREY", "DARK", "TEXT", "ACCENT", "DIM_CARD", "ORANGE")

RGB = (
    (0, 0, 0), (255, 255, 255), (22, 104, 60), (10, 62, 36),
    (250, 248, 238), (24, 24, 36), (214, 32, 44), (38, 70, 168),
    (112, 150, 228), (252, 200, 40), (150, 150, 150), (44, 50, 62),
    (236, 236, 236), (64, 192, 232), (196, 196, 186), (242, 132, 32),
)


def rgb565(r, g, b):
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


def rgb888_of_565(c):
    """The colour a panel shows for an RGB565 value (bits replicated into the low bits)."""
    r = (c >> 11) & 0x1F
    g = (c >> 5) & 0x3F
    b = c & 0x1F
    return ((r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2))


def lut565(rgb=RGB):
    """32 bytes: for index i, bytes 2i and 2i+1 are its RGB565 value, high byte first."""
    out = bytearray(32)
    for i in range(16):
        c = rgb565(*rgb[i])
        out[2 * i] = c >> 8
        out[2 * i + 1] = c & 0xFF
    return out


def index_of(name):
    return NAMES.index(name)
