"""Text helpers on MicroPython's built-in 8x8 font: measure, fit, centre, truncate, scale.

The font is fixed-width (8 px per character, 8 px high), so measuring is arithmetic.
A truncated string ends in a small three-dot ellipsis drawn in its last cell.

`watch` is a test hook, None on the device (where it costs one global load per string):
tests/host/test_text_fit.py sets it to hear of every string drawn, as
watch(s, x, y, need, avail, marked): `need` is the string's width in pixels, `avail` the
width it was given (10000 where none was: up to the screen edge), `marked` whether a cut
shows an ellipsis.  rich.py reports through the same hook.
"""
import framebuf
from micropython import const

from core.ui import glyphs

CHAR_W = const(8)
CHAR_H = const(8)

# Scratch for scaled text: one glyph rendered 1:1, then enlarged pixel by pixel.
_glyph_buf = bytearray(8)
_glyph = framebuf.FrameBuffer(_glyph_buf, 8, 8, framebuf.MONO_HLSB)

_NO_LIMIT = const(10000)
watch = None


def width(s, scale=1):
    return len(s) * CHAR_W * scale


def fits(s, w, scale=1):
    return len(s) * CHAR_W * scale <= w


def max_chars(w, scale=1):
    return w // (CHAR_W * scale)


def truncate(s, w):
    """(shown, cut): the longest prefix that fits `w` pixels with room for an ellipsis."""
    n = w // CHAR_W
    if len(s) <= n:
        return s, False
    if n <= 1:
        return "", n == 1
    return s[:n - 1], True


def draw(fb, s, x, y, col, scale=1):
    if watch is not None:
        watch(s, x, y, len(s) * CHAR_W * scale, _NO_LIMIT, False)
    if scale == 1:
        fb.text(s, x, y, col)
        return
    for ch in s:
        _glyph.fill(0)
        _glyph.text(ch, 0, 0, 1)
        glyphs.draw(fb, _glyph_buf, x, y, col, scale)
        x += 8 * scale


def draw_fit(fb, s, x, y, w, col):
    """Draw `s` in at most `w` pixels, ending in an ellipsis if it had to be cut."""
    if watch is not None:
        watch(s, x, y, len(s) * CHAR_W, w, True)
    shown, cut = truncate(s, w)
    fb.text(shown, x, y, col)
    if cut:
        ellipsis(fb, x + len(shown) * CHAR_W, y, col)
    return cut


def ellipsis(fb, x, y, col):
    """Three dots in the cell at (x, y): the mark of a cut string."""
    for i in range(3):
        fb.fill_rect(x + 1 + 2 * i, y + 6, 1, 1, col)


def draw_centred(fb, s, x, y, w, col, scale=1):
    """Centre `s` in the span x..x+w; text wider than the span is truncated."""
    tw = len(s) * CHAR_W * scale
    if tw > w:
        if scale == 1:
            draw_fit(fb, s, x, y, w, col)
            return
        if watch is not None:
            watch(s, x, y, tw, w, False)
        s = s[:w // (CHAR_W * scale)]
        tw = len(s) * CHAR_W * scale
    draw(fb, s, x + (w - tw) // 2, y, col, scale)


def draw_right(fb, s, right, y, col):
    draw(fb, s, right - len(s) * CHAR_W, y, col)
