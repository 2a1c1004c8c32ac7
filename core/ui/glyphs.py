"""Small bitmaps drawn in any palette colour: suit symbols and a narrow rank font.

Bitmaps are bytes, one byte per row, the leftmost pixel in bit 7; the comment above each
shows its rows ('#' set).  Bytes literals, unlike strings, cost no interned qstrs.
`draw()` turns each run of set pixels into one `fill_rect`, optionally scaled.
"""
from micropython import const

SUIT_W = const(7)
SUIT_H = const(7)
RANK_H = const(7)


# Suit symbols, 7x7, keyed by the suit letter used in core.cards decks.
SUITS = {
    # .##.##.  #######  #######  #######  .#####.  ..###..  ...#...
    "H": b"\x6c\xfe\xfe\xfe\x7c\x38\x10",
    # ...#...  ..###..  .#####.  #######  .#####.  ..###..  ...#...
    "D": b"\x10\x38\x7c\xfe\x7c\x38\x10",
    # ...#...  ..###..  .#####.  #######  #######  ...#...  ..###..
    "S": b"\x10\x38\x7c\xfe\xfe\x10\x38",
    # ..###..  ..###..  ##.#.##  #######  ##.#.##  ...#...  ..###..
    "C": b"\x38\x38\xd6\xfe\xd6\x10\x38",
}

RED_SUITS = "HD"

# Narrow rank glyphs (width, rows) for mini cards: "10" fits in 8 pixels.
RANKS = {
    # ..#..  .#.#.  #...#  #...#  #####  #...#  #...#
    "A": (5, b"\x20\x50\x88\x88\xf8\x88\x88"),
    # .#.  ##.  .#.  .#.  .#.  .#.  ###
    "1": (3, b"\x40\xc0\x40\x40\x40\x40\xe0"),
    # .##.  #..#  ...#  ..#.  .#..  #...  ####
    "2": (4, b"\x60\x90\x10\x20\x40\x80\xf0"),
    # ###.  ...#  ...#  .##.  ...#  ...#  ###.
    "3": (4, b"\xe0\x10\x10\x60\x10\x10\xe0"),
    # #..#  #..#  #..#  ####  ...#  ...#  ...#
    "4": (4, b"\x90\x90\x90\xf0\x10\x10\x10"),
    # ####  #...  ###.  ...#  ...#  #..#  .##.
    "5": (4, b"\xf0\x80\xe0\x10\x10\x90\x60"),
    # .##.  #...  #...  ###.  #..#  #..#  .##.
    "6": (4, b"\x60\x80\x80\xe0\x90\x90\x60"),
    # ####  ...#  ..#.  ..#.  .#..  .#..  .#..
    "7": (4, b"\xf0\x10\x20\x20\x40\x40\x40"),
    # .##.  #..#  #..#  .##.  #..#  #..#  .##.
    "8": (4, b"\x60\x90\x90\x60\x90\x90\x60"),
    # .##.  #..#  #..#  .###  ...#  ...#  .##.
    "9": (4, b"\x60\x90\x90\x70\x10\x10\x60"),
    # .##.  #..#  #..#  #..#  #..#  #..#  .##.
    "0": (4, b"\x60\x90\x90\x90\x90\x90\x60"),
    # ..##  ...#  ...#  ...#  ...#  #..#  .##.
    "J": (4, b"\x30\x10\x10\x10\x10\x90\x60"),
    # .###.  #...#  #...#  #...#  #.#.#  #..#.  .##.#
    "Q": (5, b"\x70\x88\x88\x88\xa8\x90\x68"),
    # #..#  #..#  #.#.  ##..  #.#.  #..#  #..#
    "K": (4, b"\x90\x90\xa0\xc0\xa0\x90\x90"),
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
