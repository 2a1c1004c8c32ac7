"""Widgets shared by screens: a scrolling list with a selected row, a title bar, a hint
line, and a "thinking" indicator.

Widgets draw into a Screen and mark what they changed; redrawing a list after the cursor
moved touches only the two rows involved unless the list scrolled.
"""
from micropython import const

from core.ui import text
from core.ui.palette import DARK, GOLD, GREY, INK, ORANGE, TEXT, ACCENT

ROW_H = const(18)


class ListView:
    """Rows 0..n-1 in a box; `sel` is the selected row, `top` the first row shown.

    `label(i)` returns (text, value, enabled): value (or None) is drawn right-aligned.
    """

    def __init__(self, x, y, w, h, row_h=ROW_H):
        self.x = x
        self.y = y
        self.w = w
        self.h = h
        self.row_h = row_h
        self.rows = h // row_h
        self.n = 0
        self.sel = 0
        self.top = 0
        self._drawn_sel = -1
        self._drawn_top = -1

    def reset(self, n, sel=0):
        self.n = n
        self.sel = sel if 0 <= sel < n else 0
        self.top = 0
        self._scroll_to_sel()
        self._drawn_sel = -1
        self._drawn_top = -1

    def move(self, delta):
        """Move the selection, wrapping at the ends; scroll to keep it in view."""
        if self.n:
            self.sel = (self.sel + delta) % self.n
            self._scroll_to_sel()

    def _scroll_to_sel(self):
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + self.rows:
            self.top = self.sel - self.rows + 1

    def row_y(self, i):
        return self.y + (i - self.top) * self.row_h

    def draw(self, screen, label, bg, full=False):
        """Draw what changed since the last draw (everything if `full`)."""
        if full or self.top != self._drawn_top or self._drawn_sel < 0:
            screen.fb.fill_rect(self.x, self.y, self.w, self.h, bg)
            for i in range(self.top, min(self.n, self.top + self.rows)):
                self._draw_row(screen.fb, i, label, bg)
            self._draw_scroll_marks(screen.fb, bg)
            screen.mark(self.x, self.y, self.w, self.h)
        else:
            for i in (self._drawn_sel, self.sel):
                if self.top <= i < self.top + self.rows and i < self.n:
                    self._draw_row(screen.fb, i, label, bg)
                    screen.mark(self.x, self.row_y(i), self.w, self.row_h)
        self._drawn_sel = self.sel
        self._drawn_top = self.top

    def redraw_row(self, screen, i, label, bg):
        if self.top <= i < self.top + self.rows and i < self.n:
            self._draw_row(screen.fb, i, label, bg)
            screen.mark(self.x, self.row_y(i), self.w, self.row_h)

    def _draw_row(self, fb, i, label, bg):
        y = self.row_y(i)
        s, value, enabled = label(i)
        selected = i == self.sel
        fb.fill_rect(self.x, y, self.w - 6, self.row_h - 2, GOLD if selected else bg)
        if selected:
            col = INK
        else:
            col = TEXT if enabled else GREY
        ty = y + (self.row_h - 2 - 8) // 2
        avail = self.w - 6 - 8
        if value is not None:
            vw = text.width(value)
            text.draw_right(fb, value, self.x + self.w - 6 - 4, ty, col)
            avail -= vw + 8
        text.draw_fit(fb, s, self.x + 4, ty, avail, col)

    def _draw_scroll_marks(self, fb, bg):
        # Small triangles in the right margin when rows are hidden above or below.
        mx = self.x + self.w - 5
        fb.fill_rect(mx, self.y, 5, self.h, bg)
        if self.top > 0:
            for k in range(3):
                fb.hline(mx + 2 - k, self.y + 1 + k, 2 * k + 1, ACCENT)
        if self.top + self.rows < self.n:
            yb = self.y + self.rows * self.row_h - 4
            for k in range(3):
                fb.hline(mx + k, yb + k, 5 - 2 * k, ACCENT)


def value_text(opt, v):
    """Value `v` of Option `opt` as an options page shows it: the option's name for it if
    it names its choices, a seat counted from 1 for a first-player option ("first_start",
    "first_forehand": seats 0-2 in the engine and its records), "on"/"off" for a flag, an
    engine word without its "_" ("one point"), else str(v).  The seat naming lives here, not
    in the options tables: the engines load those on a 64 KB heap (test_speedrun_mp)."""
    if opt.key.startswith("first_") and v != "random":
        return "seat %d" % (int(v) + 1)
    if opt.names:
        ch = opt.choices
        for i in range(len(ch)):
            if ch[i] == v:
                return opt.names[i]
    if v is True:
        return "on"
    if v is False:
        return "off"
    if isinstance(v, str):
        return v.replace("_", " ")
    return str(v)


def title_bar(screen, s, h=24):
    """A dark band across the top with `s` centred in double-size text."""
    fb = screen.fb
    fb.fill_rect(0, 0, screen.width, h, DARK)
    scale = 2 if text.fits(s, screen.width - 8, 2) else 1
    text.draw_centred(fb, s, 0, (h - 8 * scale) // 2, screen.width, ACCENT, scale)
    screen.mark(0, 0, screen.width, h)


def hint_line(screen, s, bg, h=14):
    """The bottom line: which buttons do what on this screen."""
    fb = screen.fb
    y = screen.height - h
    fb.fill_rect(0, y, screen.width, h, bg)
    text.draw_centred(fb, s, 0, y + (h - 8) // 2, screen.width, GREY)
    screen.mark(0, y, screen.width, h)


# Eight dots around a circle of radius 5 (offsets from the box's top-left corner).
_SPIN = (6, 1, 9, 2, 11, 6, 9, 10, 6, 11, 2, 10, 1, 6, 2, 2)


class Thinking:
    """A spinner of eight dots, one lit: shows that the AI (or the link) is busy.

    `tick(now_ms)` redraws only when the lit dot moves, marking a 14x14 box dirty.
    """

    SIZE = 14

    def __init__(self, screen, x, y, bg, period_ms=120):
        self.screen = screen
        self.x = x
        self.y = y
        self.bg = bg
        self.period = period_ms
        self.frame = -1

    def tick(self, now_ms):
        frame = (now_ms // self.period) & 7
        if frame == self.frame:
            return False
        self.frame = frame
        fb = self.screen.fb
        fb.fill_rect(self.x, self.y, self.SIZE, self.SIZE, self.bg)
        for k in range(8):
            # the lit dot and a fading tail behind it
            age = (frame - k) & 7
            col = ORANGE if age == 0 else (GOLD if age == 1 else (GREY if age < 4 else DARK))
            fb.fill_rect(self.x + _SPIN[2 * k] - 1, self.y + _SPIN[2 * k + 1] - 1, 3, 3, col)
        self.screen.mark(self.x, self.y, self.SIZE, self.SIZE)
        return True

    def clear(self):
        self.screen.fb.fill_rect(self.x, self.y, self.SIZE, self.SIZE, self.bg)
        self.screen.mark(self.x, self.y, self.SIZE, self.SIZE)
        self.frame = -1
