"""Drawing one card: face up (full or mini), face down, empty slot; cursor, raised, dimmed.

A card's rank and suit sit in its top-left corner so that an overlapped card still shows
them: the full size uses the 8x8 font, the mini size the narrow rank font of
core.ui.glyphs (so "10" needs 8 px and a 13-card hand fits 240 px).  Hearts and diamonds
are red, spades and clubs ink-dark.  Corners are rounded by one pixel, so the background
shows through them.

Suit pips and mini rank labels are blitted from a small 1-bit framebuffer that each
core.ui.glyphs bitmap is copied into (one C call per glyph through a 2-entry palette whose
background entry is the transparent key), the same pixels as glyphs.draw's runs of fill_rect.
"""
import framebuf
from micropython import const

from core.cards import rank_of, suit_of
from core.ui import glyphs
from core.ui.palette import (BACK, BACK_LIGHT, CARD, DIM_CARD, FELT_DARK, GOLD, GREY, INK,
                             RED, WHITE)

FULL = const(0)
MINI = const(1)
# (width, height, how far a raised card moves up)
SIZES = ((34, 48, 6), (24, 34, 5))

F_CURSOR = const(1)   # the card the cursor is on: gold frame
F_RAISED = const(2)   # chosen (e.g. to play or pass): drawn higher
F_DIM = const(4)      # not playable now: greyed face


def width(size):
    return SIZES[size][0]


def height(size):
    return SIZES[size][1]


def raise_px(size):
    return SIZES[size][2]


_PAL_BUF = bytearray(1)
_PAL = framebuf.FrameBuffer(_PAL_BUF, 2, 1, framebuf.GS4_HMSB)
# A rank glyph is copied into a scratch 1-bit framebuffer just before its blit: 7 bytes
# of buffer instead of a framebuffer kept per rank character (the suit pips, drawn on
# every face, are kept: _PIPS).  MONO_HLSB, all 8 bits of each glyph row: columns past a
# glyph's width are clear, so transparent.
_GLYPH_H = const(7)                     # glyphs.SUIT_H == glyphs.RANK_H
_BITS1 = bytearray(_GLYPH_H)            # the glyph's rows as they are (ranks: scale 1 only)
_GLYPH1 = framebuf.FrameBuffer(_BITS1, 8, _GLYPH_H, framebuf.MONO_HLSB)
# Each 4-bit nibble with every bit doubled (0b1010 -> 0b11001100): a row at scale 2.
_DOUBLED = b"\x00\x03\x0c\x0f\x30\x33\x3c\x3f\xc0\xc3\xcc\xcf\xf0\xf3\xfc\xff"


def _fill(bits, rows, at, scale):
    """The glyphs bitmap at `rows[at:]` into `bits`, a glyph buffer of `scale`."""
    if scale == 1:
        for gy in range(_GLYPH_H):
            bits[gy] = rows[at + gy]
        return
    for gy in range(_GLYPH_H):
        r = rows[at + gy]
        hi = _DOUBLED[r >> 4]
        lo = _DOUBLED[r & 15]
        i = 4 * gy
        bits[i] = bits[i + 2] = hi
        bits[i + 1] = bits[i + 3] = lo


def _glyph(rows, at):
    """The scratch framebuffer holding the glyphs bitmap at `rows[at:]`, at scale 1."""
    _fill(_BITS1, rows, at, 1)
    return _GLYPH1


# The suit pips, kept per scale once drawn (at most 4 suits x 2 scales, ~0.6 KB on a
# 32-bit port): every card face draws two, and copying them into the scratch buffer was
# a third of a face's time (issue #19: Speed's card played redraws six faces).
_PIPS = ({}, {})


def _pip(suit, scale):
    cache = _PIPS[scale - 1]
    g = cache.get(suit)
    if g is None:
        bits = bytearray(_GLYPH_H if scale == 1 else 4 * _GLYPH_H)
        _fill(bits, glyphs.SUIT_BITS, glyphs.suit_at(suit), scale)
        g = cache[suit] = framebuf.FrameBuffer(bits, 8 * scale, scale * _GLYPH_H, framebuf.MONO_HLSB)
    return g


def _blit(fb, glyph, x, y, col):
    key = col ^ 1
    _PAL_BUF[0] = (key << 4) | col     # palette: 0 -> the key (not drawn), 1 -> col
    fb.blit(glyph, x, y, key, _PAL)


def draw_pip(fb, suit, x, y, col, scale=1):
    """A suit symbol (glyphs.draw_suit's) at (x, y): glyphs.draw's pixels, one blit."""
    _blit(fb, _pip(suit, scale), x, y, col)


def _rank(fb, label, x, y, col):
    """glyphs.draw_rank by blits."""
    for ch in label:
        i = glyphs.rank_index(ch)
        _blit(fb, _glyph(glyphs.RANK_BITS, 7 * i), x, y, col)
        x += glyphs.RANK_WIDTHS[i] + 1


def _body(fb, x, y, w, h, face, edge):
    fb.fill_rect(x + 1, y + 1, w - 2, h - 2, face)
    fb.hline(x + 1, y, w - 2, edge)
    fb.hline(x + 1, y + h - 1, w - 2, edge)
    fb.vline(x, y + 1, h - 2, edge)
    fb.vline(x + w - 1, y + 1, h - 2, edge)


def suit_colour(deck, card):
    return RED if deck.suits[suit_of(card)] in glyphs.RED_SUITS else INK


def draw_face(fb, deck, card, x, y, size=FULL, flags=0):
    """A face-up card with its top-left corner at (x, y) (raised cards go higher)."""
    w, h, up = SIZES[size]
    if flags & F_RAISED:
        y -= up
    _body(fb, x, y, w, h, DIM_CARD if flags & F_DIM else CARD, GOLD if flags & F_CURSOR else GREY)
    if flags & F_CURSOR:
        fb.rect(x + 1, y + 1, w - 2, h - 2, GOLD)
    suit = deck.suits[suit_of(card)]
    label = deck.ranks[rank_of(card)]
    col = RED if suit in glyphs.RED_SUITS else INK
    if size == FULL:
        fb.text(label, x + 3, y + 4, col)
        _blit(fb, _pip(suit, 1), x + 3, y + 14, col)
        _blit(fb, _pip(suit, 2), x + w - 17, y + h - 18, col)
    else:
        _rank(fb, label, x + 3, y + 3, col)
        _blit(fb, _pip(suit, 1), x + 3, y + 12, col)


def draw_frame(fb, x, y, size, on):
    """Only the cursor frame of a face-up card drawn before at (x, y), on or off: the
    pixels draw_face gives with or without F_CURSOR (an undimmed, unraised card), without
    drawing its face again."""
    w, h, _ = SIZES[size]
    edge = GOLD if on else GREY
    fb.hline(x + 1, y, w - 2, edge)
    fb.hline(x + 1, y + h - 1, w - 2, edge)
    fb.vline(x, y + 1, h - 2, edge)
    fb.vline(x + w - 1, y + 1, h - 2, edge)
    fb.rect(x + 1, y + 1, w - 2, h - 2, GOLD if on else CARD)


def draw_back(fb, x, y, size=FULL, flags=0):
    """A face-down card."""
    w, h, up = SIZES[size]
    if flags & F_RAISED:
        y -= up
    _body(fb, x, y, w, h, BACK, GOLD if flags & F_CURSOR else WHITE)
    fb.rect(x + 3, y + 3, w - 6, h - 6, BACK_LIGHT)
    scale = 2 if size == FULL else 1
    _blit(fb, _pip("D", scale), x + (w - 7 * scale) // 2, y + (h - 7 * scale) // 2, BACK_LIGHT)


def draw_slot(fb, x, y, size=FULL):
    """An empty place where a card will go (e.g. a seat's spot in the trick)."""
    w, h, _ = SIZES[size]
    _body(fb, x, y, w, h, FELT_DARK, FELT_DARK)
