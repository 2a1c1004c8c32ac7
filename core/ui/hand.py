"""A row of cards (a player's hand): layout for 1..13 cards at any width, and drawing.

`layout()` picks the full card size when the hand fits with every card's corner showing,
else the mini size, and the step between cards; the row is centred.  HandRow keeps what it
drew per card position (card, cursor/raised/dimmed flags) and marks dirty only the
positions that changed, each as its own rectangle (a card covered by its right-hand
neighbour changes only in its visible strip).  It redraws into the framebuffer only the
cards that meet the changed span, through a view of the screen buffer clipped at its end.

With `hold=True` a card leaving the hand leaves a gap: the other cards keep their places,
so playing a card sends one card's rectangle instead of the re-centred row.  The tables
hold the layout while a trick is on the table and re-flow (centre) between tricks.
"""
import framebuf
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


_GAP = const(0xFF)       # a position whose card has left the hand (held layout)


class HandRow:
    """The cards of one hand along a horizontal band of the screen.

    The band is (x, y, w) wide, with room above the cards for a raised card; its height
    is `height`.  `show()` takes cards as a sequence (bytearray or list) and per-card bit
    masks for raised and dimmed cards (dim=None keeps each card's drawn dimming: used
    while the layout is held, so cards do not flash when the turn passes on).
    """

    def __init__(self, screen, x, y, w, bg, max_cards=13):
        self.screen = screen
        self.x = x
        self.y = y
        self.w = w
        self.bg = bg
        self.height = carddraw.raise_px(FULL) + carddraw.height(FULL)
        self.max_cards = max_cards
        self.cards = bytearray(max_cards)      # per position: the card drawn, or _GAP
        self.flags = bytearray(max_cards)      # per position: the flags drawn
        self._nc = bytearray(max_cards)        # scratch: the new cards / flags
        self._nf = bytearray(max_cards)
        self.n = -1                    # positions in the drawn layout; -1 = nothing drawn
        self.size = FULL
        self.step = 0
        self.x0 = x

    def card_x(self, i):
        return self.x0 + i * self.step

    @staticmethod
    def _flags(i, cursor, raised, dim):
        f = 0
        if i == cursor:
            f |= F_CURSOR
        if (raised >> i) & 1:
            f |= F_RAISED
        if (dim >> i) & 1:
            f |= F_DIM
        return f

    def _held(self, cards, n):
        """Map the new cards onto the drawn positions (in order, gaps allowed) into _nc;
        False if they are not the drawn cards minus some."""
        nc = self._nc
        old = self.cards
        j = 0
        for i in range(self.n):
            c = old[i]
            if j < n and c != _GAP and c == cards[j]:
                nc[i] = c
                j += 1
            else:
                nc[i] = _GAP
        return j == n

    def show(self, deck, cards, n=None, cursor=-1, raised=0, dim=0, hold=False):
        """Draw what changed; mark the changed positions dirty; True if anything did."""
        if n is None:
            n = len(cards)
        nc = self._nc
        nf = self._nf
        if hold and self.n > 0 and n <= self.n and self._held(cards, n):
            m = self.n
            size, step, x0 = self.size, self.step, self.x0
        else:
            m = n
            size, step = layout(n, self.w) if n else (FULL, 0)
            x0 = self.x + (self.w - span(n, size, step)) // 2
            for i in range(n):
                nc[i] = cards[i]
        # flags per position: card index k counts the cards, not the gaps
        k = 0
        for i in range(m):
            if nc[i] == _GAP:
                nf[i] = 0
                continue
            f = self._flags(k, cursor, raised, 0 if dim is None else dim)
            if dim is None and i < self.n and self.cards[i] == nc[i]:
                f |= self.flags[i] & F_DIM
            nf[i] = f
            k += 1
        cw = carddraw.width(size)
        scr = self.screen
        if m != self.n or size != self.size or step != self.step or x0 != self.x0:
            # Layout changed: the old and the new span both change.
            lo = min(x0, self.x0) if self.n > 0 else x0
            hi = max(x0 + span(m, size, step), self.x0 + span(self.n, self.size, self.step)) \
                if self.n > 0 else x0 + span(m, size, step)
            if hi <= lo:
                lo = hi = x0
            else:
                scr.mark(lo, self.y, hi - lo, self.height)
        else:
            lo = hi = -1
            for i in range(m):
                if nc[i] == self.cards[i] and nf[i] == self.flags[i]:
                    continue
                cx = x0 + i * step
                right = cx + cw
                # covered on the right by an unchanged, unraised neighbour in both states?
                if (i + 1 < m and nc[i + 1] != _GAP and self.cards[i + 1] == nc[i + 1]
                        and not (nf[i] | self.flags[i] | nf[i + 1] | self.flags[i + 1]) & F_RAISED
                        and cx + step < right):
                    right = cx + step
                scr.mark(cx, self.y, right - cx, self.height)
                if lo < 0 or cx < lo:
                    lo = cx
                if right > hi:
                    hi = right
            if lo < 0:
                return False
        self.n, self.size, self.step, self.x0 = m, size, step, x0
        for i in range(m):
            self.cards[i] = nc[i]
            self.flags[i] = nf[i]
        self._draw(deck, lo, hi)
        return True

    def _draw(self, deck, lo, hi):
        """Redraw the band between x = lo and hi: clear it, then draw in order every card
        that meets it, through a view of the band's rows clipped on the right at hi.
        Left of lo a card redrawn in full repaints only its own pixels: the cards on top
        of it there meet the span too and are drawn after it."""
        if lo < self.x:
            lo = self.x
        if hi > self.x + self.w:
            hi = self.x + self.w
        if hi <= lo:
            return
        scr = self.screen
        W = scr.width
        fb = framebuf.FrameBuffer(memoryview(scr.buf)[(self.y * W) >> 1:], hi, self.height,
                                  framebuf.GS4_HMSB, W)
        fb.fill_rect(lo, 0, hi - lo, self.height, self.bg)
        top = carddraw.raise_px(FULL)
        cw = carddraw.width(self.size)
        for i in range(self.n):
            c = self.cards[i]
            cx = self.x0 + i * self.step
            if c == _GAP or cx + cw <= lo or cx >= hi:
                continue
            carddraw.draw_face(fb, deck, c, cx, top, self.size, self.flags[i])
