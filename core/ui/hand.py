"""A row of cards (a player's hand): layout for 1..13 cards at any width, and drawing.

`layout()` picks the full card size when the hand fits with every card's corner showing,
else the mini size, and the step between cards; the row is centred.  HandRow redraws the
whole row into the framebuffer (cheap: framebuf calls in C) but marks dirty only the span
of cards that changed, so moving the cursor or playing a card sends a small region.
"""
from micropython import const

from core.ui import carddraw
from core.ui.carddraw import F_CURSOR, F_DIM, F_RAISED, FULL, MINI

# The least horizontal step that keeps a card's corner (rank and suit) readable.
MIN_STEP = (19, 15)


def layout(n, avail_w):
    """(size, step) for n cards in avail_w pixels, or raises ValueError if impossible."""
    for size in (FULL, MINI):
        w = carddraw.width(size)
        if n <= 1:
            if w <= avail_w:
                return size, w
            continue
        step = (avail_w - w) // (n - 1)
        if step >= MIN_STEP[size]:
            gap = w + 2
            return size, step if step < gap else gap
    raise ValueError("%d cards do not fit in %d px" % (n, avail_w))


def span(n, size, step):
    return 0 if n == 0 else step * (n - 1) + carddraw.width(size)


class HandRow:
    """The cards of one hand along a horizontal band of the screen.

    The band is (x, y, w) wide, with room above the cards for a raised card; its height
    is `height`.  `show()` takes cards as a sequence (bytearray or list) and per-position
    bit masks for raised and dimmed cards.
    """

    def __init__(self, screen, x, y, w, bg, max_cards=13):
        self.screen = screen
        self.x = x
        self.y = y
        self.w = w
        self.bg = bg
        self.height = carddraw.raise_px(FULL) + carddraw.height(FULL)
        self.cards = bytearray(max_cards)
        self.n = -1                    # nothing drawn yet
        self.cursor = -1
        self.raised = 0
        self.dim = 0
        self.size = FULL
        self.step = 0
        self.x0 = x

    def card_x(self, i):
        return self.x0 + i * self.step

    def _flags(self, i, cursor, raised, dim):
        f = 0
        if i == cursor:
            f |= F_CURSOR
        if (raised >> i) & 1:
            f |= F_RAISED
        if (dim >> i) & 1:
            f |= F_DIM
        return f

    def show(self, deck, cards, n=None, cursor=-1, raised=0, dim=0):
        """Draw the hand if anything changed; mark the changed span dirty."""
        if n is None:
            n = len(cards)
        size, step = layout(n, self.w) if n else (FULL, 0)
        x0 = self.x + (self.w - span(n, size, step)) // 2
        cw = carddraw.width(size)
        if n != self.n or size != self.size or step != self.step or x0 != self.x0:
            # Layout changed: the old and the new span both change.
            lo = min(x0, self.x0) if self.n > 0 else x0
            hi = max(x0 + span(n, size, step), self.x0 + span(self.n, self.size, self.step)) \
                if self.n > 0 else x0 + span(n, size, step)
        else:
            lo = hi = -1
            for i in range(n):
                if (cards[i] != self.cards[i]
                        or self._flags(i, cursor, raised, dim)
                        != self._flags(i, self.cursor, self.raised, self.dim)):
                    cx = x0 + i * step
                    if lo < 0:
                        lo = cx
                    hi = cx + cw
            if lo < 0:
                return False
        self.n, self.size, self.step, self.x0 = n, size, step, x0
        self.cursor, self.raised, self.dim = cursor, raised, dim
        for i in range(n):
            self.cards[i] = cards[i]
        self._draw(deck)
        self.screen.mark(lo, self.y, hi - lo, self.height)
        return True

    def _draw(self, deck):
        fb = self.screen.fb
        fb.fill_rect(self.x, self.y, self.w, self.height, self.bg)
        top = self.y + carddraw.raise_px(FULL)
        for i in range(self.n):
            carddraw.draw_face(fb, deck, self.cards[i], self.x0 + i * self.step, top, self.size,
                               self._flags(i, self.cursor, self.raised, self.dim))
