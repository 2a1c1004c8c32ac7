"""Text with suit symbols, and word-wrapped paragraphs, on the 8x8 font.

In a string, "^" followed by a suit letter (S H D C) draws that suit's symbol in one
character cell: red for hearts and diamonds, the text colour for the black suits (so a
spade stays visible on a dark bar).  Everything else is plain text.
"""
from core.ui import glyphs, text
from core.ui.palette import RED


def length(s):
    """Character cells that `s` takes (a "^X" pair takes one)."""
    n = 0
    i = 0
    k = len(s)
    while True:
        j = s.find("^", i)
        if j < 0 or j == k - 1:          # no more marks (a final "^" is plain text)
            return n + k - i
        n += j - i + 1
        i = j + 2


def draw(fb, s, x, y, col, max_w=10000):
    """Draw `s` from (x, y) in at most max_w pixels; text that does not fit ends in an
    ellipsis (text.ellipsis) in its last cell.  Plain characters go to fb.text a run at
    a time (the tables redraw their lines often)."""
    cut = False
    if max_w < 10000:
        need = length(s) << 3
        cut = need > max_w
        if text.watch is not None:
            text.watch(s, x, y, need, max_w, True)
    elif text.watch is not None:
        text.watch(s, x, y, length(s) << 3, max_w, True)
    end = x + max_w - (8 if cut else 0)
    i = 0
    k = len(s)
    while i < k and x + 8 <= end:
        j = s.find("^", i)
        if j < 0 or j == k - 1:          # no more marks (a final "^" is plain text)
            j = k
        if j > i:
            n = (end - x) >> 3
            if j - i > n:
                j = i + n
            fb.text(s if (i == 0 and j == k) else s[i:j], x, y, col)
            x += (j - i) << 3
            i = j
            continue
        suit = s[i + 1]
        glyphs.draw_suit(fb, suit, x, y, RED if suit in glyphs.RED_SUITS else col)
        i += 2
        x += 8
    if cut and x <= end:
        text.ellipsis(fb, x, y, col)
        x += 8
    return x


def draw_right(fb, s, right, y, col):
    draw(fb, s, right - 8 * length(s), y, col)


def draw_centred(fb, s, x, y, w, col):
    tw = 8 * length(s)
    if tw > w:
        draw(fb, s, x, y, col, w)
    else:
        draw(fb, s, x + (w - tw) // 2, y, col)


def _cells(s, i, j):
    """length(s[i:j]) without making the slice."""
    n = 0
    while True:
        m = s.find("^", i, j)
        if m < 0 or m == j - 1:
            return n + j - i
        n += m - i + 1
        i = m + 2


def wrap(s, cols):
    """Lines of at most `cols` cells, broken at spaces (long words are cut), as a list."""
    return list(lines(s, cols))


def lines(s, cols):
    """wrap()'s lines one at a time.  Each line is one slice of `s`, with no string per
    word or per join, and no list: the rules page, which opens while a game's table and
    AI are loaded (the game's heap peak), makes only the slices of the page it shows."""
    for para in s.split("\n"):
        a = b = n = i = 0           # the line so far is para[a:b], n cells
        k = len(para)
        while i <= k:               # the word para[i:j]
            j = para.find(" ", i)
            if j < 0:
                j = k
            wl = _cells(para, i, j)
            if n and n + 1 + wl > cols:
                yield para[a:b]
                n = 0
            while wl > cols:
                yield para[i:i + cols]
                i += cols
                wl = _cells(para, i, j)
            if n:
                n += 1 + wl
            else:
                a = i
                n = wl
            b = j
            i = j + 1
        yield para[a:b]


def draw_para(fb, s, x, y, w, col, line_h=10, max_lines=100):
    """Word-wrap `s` into the width `w` from (x, y); returns the y below the last line.
    Lines past `max_lines` are not drawn (the test hook hears of them as given no room)."""
    lines = wrap(s, w // 8)
    for i in range(len(lines)):
        if i >= max_lines:
            if text.watch is not None:
                text.watch(lines[i], x, y, 8 * length(lines[i]), 0, False)
            continue
        draw(fb, lines[i], x, y, col, w)
        y += line_h
    return y


def line(screen, y, s, col, bg, prev_cells):
    """One line of rich text at (4, y), 12 px high; fills and marks only the span that the
    old or the new text covers (a short message costs a short rectangle, not the width).
    Returns the cells drawn, to pass back as prev_cells next time."""
    n = length(s)
    w = 8 * (n if n > prev_cells else prev_cells) + 8
    if w > screen.width:
        w = screen.width
    screen.fb.fill_rect(0, y, w, 12, bg)
    draw(screen.fb, s, 4, y + 2, col, screen.width - 8)
    screen.mark(0, y, w, 12)
    return n
