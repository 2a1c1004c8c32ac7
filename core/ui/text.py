"""Text helpers on MicroPython's built-in 8x8 font: measure, fit, centre, truncate, scale.

The font is fixed-width (8 px per character, 8 px high), so measuring is arithmetic.
A truncated string ends in a small three-dot ellipsis drawn in its last cell.
"""
import framebuf
from micropython import const

from core.ui import glyphs

CHAR_W = const(8)
CHAR_H = const(8)

# Scratch for scaled text: one glyph rendered 1:1, then enlarged pixel by pixel.
_glyph_buf = bytearray(8)
_glyph = framebuf.FrameBuffer(_glyph_buf, 8, 8, framebuf.MONO_HLSB)


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
    shown, cut = truncate(s, w)
    fb.text(shown, x, y, col)
    if cut:
        ex = x + len(shown) * CHAR_W
        for i in range(3):
            fb.fill_rect(ex + 1 + 2 * i, y + 6, 1, 1, col)
    return cut


def draw_centred(fb, s, x, y, w, col, scale=1):
    """Centre `s` in the span x..x+w; text wider than the span is truncated."""
    tw = len(s) * CHAR_W * scale
    if tw > w:
        if scale == 1:
            draw_fit(fb, s, x, y, w, col)
            return
        s = s[:w // (CHAR_W * scale)]
        tw = len(s) * CHAR_W * scale
    draw(fb, s, x + (w - tw) // 2, y, col, scale)


def draw_right(fb, s, right, y, col):
    fb.text(s, right - len(s) * CHAR_W, y, col)
