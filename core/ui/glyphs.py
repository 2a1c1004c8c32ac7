"""Small bitmaps drawn in any palette colour: suit symbols and a narrow rank font.

Bitmaps are written as rows of '#' and '.' for readability and packed once at import
into bytes (one byte per row, the leftmost pixel in bit 7).  `draw()` turns each run of
set pixels into one `fill_rect`, optionally scaled.
"""
from micropython import const

SUIT_W = const(7)
SUIT_H = const(7)
RANK_H = const(7)


def _pack(rows):
    out = bytearray(len(rows))
    for i in range(len(rows)):
        v = 0
        r = rows[i]
        for j in range(len(r)):
            if r[j] == "#":
                v |= 0x80 >> j
        out[i] = v
    return bytes(out)


# Suit symbols, 7x7, keyed by the suit letter used in core.cards decks.
SUITS = {
    "H": _pack((".##.##.", "#######", "#######", "#######", ".#####.", "..###..", "...#...")),
    "D": _pack(("...#...", "..###..", ".#####.", "#######", ".#####.", "..###..", "...#...")),
    "S": _pack(("...#...", "..###..", ".#####.", "#######", "#######", "...#...", "..###..")),
    "C": _pack(("..###..", "..###..", "##.#.##", "#######", "##.#.##", "...#...", "..###..")),
}

RED_SUITS = "HD"

# Narrow rank glyphs (width, rows) for mini cards: "10" fits in 8 pixels.
RANKS = {
    "A": (5, _pack(("..#..", ".#.#.", "#...#", "#...#", "#####", "#...#", "#...#"))),
    "1": (3, _pack((".#.", "##.", ".#.", ".#.", ".#.", ".#.", "###"))),
    "2": (4, _pack((".##.", "#..#", "...#", "..#.", ".#..", "#...", "####"))),
    "3": (4, _pack(("###.", "...#", "...#", ".##.", "...#", "...#", "###."))),
    "4": (4, _pack(("#..#", "#..#", "#..#", "####", "...#", "...#", "...#"))),
    "5": (4, _pack(("####", "#...", "###.", "...#", "...#", "#..#", ".##."))),
    "6": (4, _pack((".##.", "#...", "#...", "###.", "#..#", "#..#", ".##."))),
    "7": (4, _pack(("####", "...#", "..#.", "..#.", ".#..", ".#..", ".#.."))),
    "8": (4, _pack((".##.", "#..#", "#..#", ".##.", "#..#", "#..#", ".##."))),
    "9": (4, _pack((".##.", "#..#", "#..#", ".###", "...#", "...#", ".##."))),
    "0": (4, _pack((".##.", "#..#", "#..#", "#..#", "#..#", "#..#", ".##."))),
    "J": (4, _pack(("..##", "...#", "...#", "...#", "...#", "#..#", ".##."))),
    "Q": (5, _pack((".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"))),
    "K": (4, _pack(("#..#", "#..#", "#.#.", "##..", "#.#.", "#..#", "#..#"))),
}


def draw(fb, rows, x, y, col, scale=1):
    """Draw a packed bitmap with its top-left corner at (x, y)."""
    for gy in range(len(rows)):
        row = rows[gy]
        gx = 0
        while row:
            if row & 0x80:
                run = 1
                while (row << run) & 0x80:
                    run += 1
                fb.fill_rect(x + gx * scale, y + gy * scale, run * scale, scale, col)
                row = (row << run) & 0xFF
                gx += run
            else:
                row = (row << 1) & 0xFF
                gx += 1


def rank_width(label):
    """Pixel width of a rank label in the narrow font (1 px between glyphs)."""
    w = -1
    for ch in label:
        w += RANKS[ch][0] + 1
    return w


def draw_rank(fb, label, x, y, col):
    for ch in label:
        gw, rows = RANKS[ch]
        draw(fb, rows, x, y, col)
        x += gw + 1
    return x


def suit_colour_is_red(suit_letter):
    return suit_letter in RED_SUITS
