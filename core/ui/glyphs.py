"""Small bitmaps drawn in any palette colour: suit symbols and a narrow rank font.

A bitmap is 7 bytes, one per row, the leftmost pixel in bit 7; the comment above each
shows its rows ('#' set).  Each set is one bytes literal, a glyph found by its place in
a string of letters: as dicts of one small bytes object (and a tuple) per glyph they cost
~1 KB more heap on the 32-bit port (docs/memory.md), and bytes, unlike strings, cost no
interned qstrs.  `draw()` turns each run of set pixels into one `fill_rect`, optionally
scaled.
"""
from micropython import const

SUIT_W = const(7)
SUIT_H = const(7)
RANK_H = const(7)


# Suit symbols, 7x7: the bitmap of SUIT_LETTERS[i] (the suit letters of core.cards decks)
# is SUIT_BITS[7 * i:7 * i + 7].
SUIT_LETTERS = "HDSC"
SUIT_BITS = (
    # H  .##.##.  #######  #######  #######  .#####.  ..###..  ...#...
    b"\x6c\xfe\xfe\xfe\x7c\x38\x10"
    # D  ...#...  ..###..  .#####.  #######  .#####.  ..###..  ...#...
    b"\x10\x38\x7c\xfe\x7c\x38\x10"
    # S  ...#...  ..###..  .#####.  #######  #######  ...#...  ..###..
    b"\x10\x38\x7c\xfe\xfe\x10\x38"
    # C  ..###..  ..###..  ##.#.##  #######  ##.#.##  ...#...  ..###..
    b"\x38\x38\xd6\xfe\xd6\x10\x38"
)

RED_SUITS = "HD"

# Narrow rank glyphs for mini cards ("10" fits in 8 pixels): RANK_CHARS[i] is
# RANK_WIDTHS[i] pixels wide, its bitmap RANK_BITS[7 * i:7 * i + 7].
RANK_CHARS = "A1234567890JQK"
RANK_WIDTHS = b"\x05\x03\x04\x04\x04\x04\x04\x04\x04\x04\x04\x04\x05\x04"
RANK_BITS = (
    # A  ..#..  .#.#.  #...#  #...#  #####  #...#  #...#
    b"\x20\x50\x88\x88\xf8\x88\x88"
    # 1  .#.  ##.  .#.  .#.  .#.  .#.  ###
    b"\x40\xc0\x40\x40\x40\x40\xe0"
    # 2  .##.  #..#  ...#  ..#.  .#..  #...  ####
    b"\x60\x90\x10\x20\x40\x80\xf0"
    # 3  ###.  ...#  ...#  .##.  ...#  ...#  ###.
    b"\xe0\x10\x10\x60\x10\x10\xe0"
    # 4  #..#  #..#  #..#  ####  ...#  ...#  ...#
    b"\x90\x90\x90\xf0\x10\x10\x10"
    # 5  ####  #...  ###.  ...#  ...#  #..#  .##.
    b"\xf0\x80\xe0\x10\x10\x90\x60"
    # 6  .##.  #...  #...  ###.  #..#  #..#  .##.
    b"\x60\x80\x80\xe0\x90\x90\x60"
    # 7  ####  ...#  ..#.  ..#.  .#..  .#..  .#..
    b"\xf0\x10\x20\x20\x40\x40\x40"
    # 8  .##.  #..#  #..#  .##.  #..#  #..#  .##.
    b"\x60\x90\x90\x60\x90\x90\x60"
    # 9  .##.  #..#  #..#  .###  ...#  ...#  .##.
    b"\x60\x90\x90\x70\x10\x10\x60"
    # 0  .##.  #..#  #..#  #..#  #..#  #..#  .##.
    b"\x60\x90\x90\x90\x90\x90\x60"
    # J  ..##  ...#  ...#  ...#  ...#  #..#  .##.
    b"\x30\x10\x10\x10\x10\x90\x60"
    # Q  .###.  #...#  #...#  #...#  #.#.#  #..#.  .##.#
    b"\x70\x88\x88\x88\xa8\x90\x68"
    # K  #..#  #..#  #.#.  ##..  #.#.  #..#  #..#
    b"\x90\x90\xa0\xc0\xa0\x90\x90"
)


def suit_at(letter):
    """Where the bitmap of suit `letter` starts in SUIT_BITS, or -1 if it has none."""
    i = SUIT_LETTERS.find(letter)
    return i if i < 0 else 7 * i


def rank_index(ch):
    """The narrow glyph of rank character `ch`: its index in RANK_CHARS."""
    i = RANK_CHARS.find(ch)
    if i < 0:
        raise ValueError("no narrow glyph for %r" % ch)
    return i


def draw(fb, rows, x, y, col, scale=1, at=0, h=-1):
    """Draw a packed bitmap with its top-left corner at (x, y): `h` rows of `rows` from
    index `at` (all of them by default)."""
    for gy in range(len(rows) if h < 0 else h):
        row = rows[at + gy]
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


def draw_suit(fb, letter, x, y, col):
    """The symbol of suit `letter` at (x, y); False (nothing drawn) for another letter."""
    at = suit_at(letter)
    if at < 0:
        return False
    draw(fb, SUIT_BITS, x, y, col, 1, at, SUIT_H)
    return True


def rank_width(label):
    """Pixel width of a rank label in the narrow font (1 px between glyphs)."""
    w = -1
    for ch in label:
        w += RANK_WIDTHS[rank_index(ch)] + 1
    return w


def draw_rank(fb, label, x, y, col):
    for ch in label:
        i = rank_index(ch)
        draw(fb, RANK_BITS, x, y, col, 1, 7 * i, RANK_H)
        x += RANK_WIDTHS[i] + 1
    return x


def suit_colour_is_red(suit_letter):
    return suit_letter in RED_SUITS
