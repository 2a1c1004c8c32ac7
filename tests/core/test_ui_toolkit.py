"""UI toolkit pieces: dirty rectangles, text fitting, hand layout, card pixels, spinner."""
from core.ui.screen import Screen

_SCREEN = Screen(240, 240)   # first: one contiguous buffer, as at boot

from core.cards import REDS_DECK, SPEED_DECK, SPEEDRUN_DECK, make_card  # noqa: E402
from core.ui import carddraw, hand, text  # noqa: E402
from core.ui.dirty import MAX_RECTS, DirtyRects  # noqa: E402
from core.ui.palette import (BACK, CARD, DIM_CARD, FELT, GOLD, INK, ORANGE,  # noqa: E402
                             RED, lut565)
from core.ui.widgets import ListView, Thinking  # noqa: E402


def fresh(colour=FELT):
    s = _SCREEN
    s.fb.fill(colour)
    s.dirty.clear()
    return s


def test_dirty_rects_clip_merge_and_stay_bounded():
    d = DirtyRects(240, 240)
    d.add(-10, -5, 20, 10)
    assert d.count == 1 and d.rect(0) == (0, 0, 10, 5)
    d.add(300, 10, 5, 5)           # off screen: ignored
    d.add(10, 0, 0, 50)            # empty: ignored
    assert d.count == 1
    d.add(12, 2, 10, 10)           # within the merge gap of the first
    assert d.count == 1 and d.rect(0) == (0, 0, 22, 12)
    for i in range(20):
        d.add(30 + 10 * (i % 5), 30 + 40 * (i // 5), 3, 3)
    assert d.count <= MAX_RECTS
    # every added pixel is still covered
    for i in range(20):
        x, y = 30 + 10 * (i % 5), 30 + 40 * (i // 5)
        assert any(d.rect(k)[0] <= x < d.rect(k)[0] + d.rect(k)[2]
                   and d.rect(k)[1] <= y < d.rect(k)[1] + d.rect(k)[3] for k in range(d.count))
    d.add_all()
    assert d.count == 1 and d.area() == 240 * 240


def test_text_fit_truncate_centre():
    assert text.width("abc") == 24 and text.fits("abc", 24) and not text.fits("abcd", 24)
    assert text.truncate("Stepping Stones", 64) == ("Steppin", True)
    assert text.truncate("Reds", 64) == ("Reds", False)
    s = fresh(0)
    text.draw_centred(s.fb, "Hi", 0, 0, 40, 1)
    cols = [x for x in range(40) for y in range(8) if s.pixel(x, y) == 1]
    assert min(cols) >= 12 and max(cols) < 28        # centred: 16 px of text at x=12
    assert text.draw_fit(s.fb, "a long label", 0, 10, 40, 1)
    text.draw(s.fb, "A", 50, 0, 3, 2)                  # double size
    assert s.pixel(50 + 2, 0 + 2) in (0, 3)
    assert sum(1 for x in range(50, 66) for y in range(16) if s.pixel(x, y) == 3) > 30


def test_hand_layout_fits_5_to_13_cards_at_both_widths():
    for width in (240, 320):
        avail = width - 4
        for n in range(1, 14):
            size, step = hand.layout(n, avail)
            assert hand.span(n, size, step) <= avail
            if n > 1:
                assert step >= hand.MIN_STEP[size]
    assert hand.layout(12, 236)[0] == carddraw.MINI       # 12 cards at 240: mini cards
    assert hand.layout(10, 236)[0] == carddraw.FULL


def test_card_colours_face_back_dim_cursor():
    s = fresh()
    fb = s.fb
    heart = make_card(1, 9)                              # 10 of hearts
    spade = make_card(0, 0)
    carddraw.draw_face(fb, SPEEDRUN_DECK, heart, 10, 10)
    carddraw.draw_face(fb, SPEEDRUN_DECK, spade, 60, 10, carddraw.FULL, carddraw.F_CURSOR)
    carddraw.draw_face(fb, REDS_DECK, make_card(1, 12), 110, 10, carddraw.MINI, carddraw.F_DIM)
    carddraw.draw_back(fb, 160, 10)

    def count(x, y, w, h, c):
        return sum(1 for yy in range(y, y + h) for xx in range(x, x + w) if s.pixel(xx, yy) == c)
    assert count(10, 10, 34, 48, RED) > 40 and count(10, 10, 34, 48, INK) == 0
    assert count(60, 10, 34, 48, INK) > 30 and count(60, 10, 34, 48, RED) == 0
    assert s.pixel(60, 10) == FELT                      # rounded corner
    assert s.pixel(61, 10) == GOLD and s.pixel(61, 11) == GOLD
    assert count(110, 10, 24, 34, DIM_CARD) > 300 and count(110, 10, 24, 34, CARD) == 0
    assert count(160, 10, 34, 48, BACK) > 500


def test_hand_row_marks_only_changed_cards():
    s = fresh()
    row = hand.HandRow(s, 2, 150, 236, FELT)
    cards = SPEED_DECK.cards()[:12]
    assert row.show(SPEED_DECK, cards, 12, cursor=0)
    s.dirty.clear()
    assert not row.show(SPEED_DECK, cards, 12, cursor=0)    # nothing changed
    assert s.dirty.count == 0
    row.show(SPEED_DECK, cards, 12, cursor=1)               # cursor moves one card
    x, y, w, h = s.dirty.rect(0)
    assert s.dirty.count == 1 and w <= row.step + carddraw.width(row.size) and h == row.height
    s.dirty.clear()
    row.show(SPEED_DECK, cards[1:], 11, cursor=1)           # a card is played
    assert s.dirty.area() <= 236 * row.height


def test_list_view_scrolls_and_marks():
    s = fresh()
    lv = ListView(6, 30, 228, 90)                           # 5 rows of 18 px
    lv.reset(12)
    labels = ["item %d" % i for i in range(12)]

    def label(i):
        return labels[i], ("%d" % i) if i % 2 else None, i != 3
    lv.draw(s, label, FELT, True)
    assert lv.rows == 5
    for _ in range(6):
        lv.move(1)
    assert lv.sel == 6 and lv.top == 2
    lv.move(-7)
    assert lv.sel == 11 and lv.top == 7                     # wrapped to the end
    s.dirty.clear()
    lv.draw(s, label, FELT)
    assert s.dirty.count == 1 and s.dirty.rect(0) == (6, 30, 228, 90)   # scrolled: all
    assert s.pixel(10, lv.row_y(11) + 1) == GOLD


def test_thinking_spinner_redraws_only_on_new_frame():
    s = fresh()
    t = Thinking(s, 100, 100, FELT, 100)
    assert t.tick(0)
    assert not t.tick(50)
    s.dirty.clear()
    assert t.tick(130)
    assert s.dirty.count == 1 and s.dirty.rect(0) == (100, 100, 14, 14)
    assert any(s.pixel(100 + x, 100 + y) == ORANGE for x in range(14) for y in range(14))


def test_lut_is_big_endian_rgb565():
    lut = lut565()
    assert len(lut) == 32
    assert lut[0] == 0 and lut[1] == 0                       # black
    assert lut[2] == 0xFF and lut[3] == 0xFF                 # white
    assert (lut[2 * RED] << 8 | lut[2 * RED + 1]) >> 11 > 20  # red has a large R field


def test_expand_routine_matches_reference_bytes():
    """drivers.expand (viper on MicroPython unix, Python elsewhere) gives the same bytes
    as the pure-Python routine and as a framebuf pixel lookup, at odd starts too."""
    try:
        from drivers import expand
    except ImportError as exc:
        print("skip test_expand_routine_matches_reference_bytes: no drivers/ here (%s)" % exc)
        return
    s = fresh()
    carddraw.draw_face(s.fb, SPEED_DECK, make_card(2, 11), 3, 5)
    for i in range(0, 240, 7):
        s.fb.pixel(i, 7, i & 15)
    lut = bytearray(32)
    for i in range(32):
        lut[i] = (i * 29 + 7) & 0xFF
    a = bytearray(2 * 240 + 6)
    b = bytearray(2 * 240 + 6)
    for y, x, n, off in ((7, 0, 240, 0), (7, 1, 239, 2), (10, 3, 34, 6), (20, 5, 1, 0)):
        expand.expand(s.buf, x + y * 240, n, a, off, lut)
        expand.expand_py(s.buf, x + y * 240, n, b, off, lut)
        assert a == b, (expand.IMPL, y, x)
        for k in range(n):
            c = s.pixel(x + k, y)
            assert a[off + 2 * k] == lut[2 * c] and a[off + 2 * k + 1] == lut[2 * c + 1]


def test_expand_rows_pair_table_matches_pixel_routine():
    """The pair-table path (viper on MicroPython unix) gives the bytes of the per-pixel
    routine for chunks of rows, and allocates nothing (heap locked)."""
    try:
        from drivers import expand
    except ImportError as exc:
        print("skip test_expand_rows_pair_table_matches_pixel_routine: no drivers/ (%s)" % exc)
        return
    import micropython
    s = fresh()
    carddraw.draw_face(s.fb, SPEED_DECK, make_card(1, 9), 7, 3)
    for i in range(0, 240, 5):
        s.fb.pixel(i, 9, i & 15)
    lut = bytearray(32)
    for i in range(32):
        lut[i] = (i * 37 + 11) & 0xFF
    lut2 = bytearray(1024)
    expand.pair_lut(lut, lut2)
    got = bytearray(2 * 240 * 4)
    want = bytearray(2 * 240 * 4)
    for x, y, w, rows in ((0, 0, 240, 4), (6, 5, 34, 3), (100, 9, 2, 1), (238, 20, 2, 4)):
        micropython.heap_lock()
        try:
            expand.expand_rows(s.buf, (x + y * 240) >> 1, 120, w >> 1, rows, got, lut2)
        finally:
            micropython.heap_unlock()
        for r in range(rows):
            expand.expand_py(s.buf, x + (y + r) * 240, w, want, 2 * w * r, lut)
        assert got[:2 * w * rows] == want[:2 * w * rows], (expand.IMPL, x, y, w)


def _rich_by_char(fb, s, x, y, col, max_w=10000):
    """The reference for core.ui.rich.draw: one cell at a time, "^X" a suit symbol drawn
    by glyphs.draw_suit (nothing for an unknown X), a final "^" plain text; text that does
    not fit max_w gives up its last cell to an ellipsis."""
    from core.ui import glyphs, text
    from core.ui.palette import RED
    cut = 8 * _cells_by_char(s) > max_w
    end = x + max_w - (8 if cut else 0)
    i = 0
    k = len(s)
    while i < k and x + 8 <= end:
        if s[i] == "^" and i + 1 < k:
            glyphs.draw_suit(fb, s[i + 1], x, y, RED if s[i + 1] in glyphs.RED_SUITS else col)
            i += 2
        else:
            fb.text(s[i], x, y, col)
            i += 1
        x += 8
    if cut and x <= end:
        text.ellipsis(fb, x, y, col)
        x += 8
    return x


def _cells_by_char(s):
    n = 0
    i = 0
    while i < len(s):
        i += 2 if s[i] == "^" and i + 1 < len(s) else 1
        n += 1
    return n


def test_rich_text_matches_drawing_by_char():
    """core.ui.rich draws plain text a run at a time (the tables' text lines): the same
    pixels, cells and returned x as drawing one cell at a time, trailing and doubled marks
    and clipping included; rich.line fills and marks the span of the old or new text."""
    from core.ui import rich
    s = fresh()
    band = memoryview(s.buf)[120 * 20:120 * 54]     # rows 20..53: all that is drawn
    samples = ("Trump ^H  Anti ^C", "plain text only", "^S^D^C^H", "ends in ^", "^^X", "^Zq 7^D",
               "", "a long line that runs well past the clip width of the box", "10^H x")
    for t in samples:
        assert rich.length(t) == _cells_by_char(t), t
        for max_w in (10000, 77, 8, 5):
            s.fb.fill(FELT)
            x1 = _rich_by_char(s.fb, t, 3, 20, INK, max_w)
            want = bytes(band)
            s.fb.fill(FELT)
            x2 = rich.draw(s.fb, t, 3, 20, INK, max_w)
            assert bytes(band) == want and x1 == x2, (t, max_w)
        s.fb.fill(FELT)
        s.dirty.clear()
        n = rich.line(s, 40, t, GOLD, FELT, 6)
        cells = _cells_by_char(t)
        w = min(8 * max(cells, 6) + 8, 240)
        assert n == cells and s.dirty.rect(0) == (0, 40, w, 12), t
        want = bytes(band)
        s.fb.fill(FELT)
        s.fb.fill_rect(0, 40, w, 12, FELT)
        _rich_by_char(s.fb, t, 4, 42, GOLD, 240 - 8)
        assert bytes(band) == want, t
