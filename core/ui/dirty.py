"""Dirty-rectangle tracking: which parts of the screen must be sent to the display.

Rectangles are kept in a preallocated array.  A new one is merged with a stored one when
their union wastes at most _SLACK pixels beyond what the two cover (overlaps count once):
every rectangle costs a window command and the driver's per-write calls, about as much as
sending that many extra pixels, while merging two distant rectangles (a trick slot and a
text line below it) would send all the felt between them.  When the table is full the new
one joins the stored rectangle whose area grows least.  So the list stays short and
updates stay small.
"""
from array import array

from micropython import const

MAX_RECTS = const(8)
_SLACK = const(1024)   # pixels a merge may add (~2 KB on the wire, ~260 us at 62.5 MHz)


class DirtyRects:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.r = array("h", bytes(2 * 4 * MAX_RECTS))   # x0, y0, x1, y1 (exclusive)
        self.count = 0

    def clear(self):
        self.count = 0

    def add_all(self):
        self.count = 0
        self.add(0, 0, self.width, self.height)

    def add(self, x, y, w, h):
        x0 = x if x > 0 else 0
        y0 = y if y > 0 else 0
        x1 = x + w
        y1 = y + h
        if x1 > self.width:
            x1 = self.width
        if y1 > self.height:
            y1 = self.height
        if x1 <= x0 or y1 <= y0:
            return
        self._insert(x0, y0, x1, y1)

    def _insert(self, x0, y0, x1, y1):
        r = self.r
        # Merge with any stored rectangle when the union wastes little; repeat since the
        # union may now be worth merging with others.
        i = 0
        while i < self.count:
            k = 4 * i
            a0 = r[k]
            b0 = r[k + 1]
            a1 = r[k + 2]
            b1 = r[k + 3]
            ux = (x1 if x1 > a1 else a1) - (x0 if x0 < a0 else a0)
            uy = (y1 if y1 > b1 else b1) - (y0 if y0 < b0 else b0)
            ix = (x1 if x1 < a1 else a1) - (x0 if x0 > a0 else a0)
            iy = (y1 if y1 < b1 else b1) - (y0 if y0 > b0 else b0)
            inter = ix * iy if ix > 0 and iy > 0 else 0
            if ux * uy - (x1 - x0) * (y1 - y0) - (a1 - a0) * (b1 - b0) + inter <= _SLACK:
                x0 = min(x0, r[k])
                y0 = min(y0, r[k + 1])
                x1 = max(x1, r[k + 2])
                y1 = max(y1, r[k + 3])
                self._remove(i)
                i = 0
                continue
            i += 1
        if self.count == MAX_RECTS:
            best = 0
            best_growth = -1
            for i in range(self.count):
                k = 4 * i
                ux0 = min(x0, r[k])
                uy0 = min(y0, r[k + 1])
                ux1 = max(x1, r[k + 2])
                uy1 = max(y1, r[k + 3])
                growth = (ux1 - ux0) * (uy1 - uy0) - (r[k + 2] - r[k]) * (r[k + 3] - r[k + 1])
                if best_growth < 0 or growth < best_growth:
                    best = i
                    best_growth = growth
            k = 4 * best
            x0 = min(x0, r[k])
            y0 = min(y0, r[k + 1])
            x1 = max(x1, r[k + 2])
            y1 = max(y1, r[k + 3])
            self._remove(best)
            self._insert(x0, y0, x1, y1)
            return
        k = 4 * self.count
        r[k] = x0
        r[k + 1] = y0
        r[k + 2] = x1
        r[k + 3] = y1
        self.count += 1

    def _remove(self, i):
        r = self.r
        last = 4 * (self.count - 1)
        k = 4 * i
        r[k] = r[last]
        r[k + 1] = r[last + 1]
        r[k + 2] = r[last + 2]
        r[k + 3] = r[last + 3]
        self.count -= 1

    def rect(self, i):
        """(x, y, w, h) of stored rectangle i."""
        k = 4 * i
        r = self.r
        return r[k], r[k + 1], r[k + 2] - r[k], r[k + 3] - r[k + 1]

    def area(self):
        a = 0
        r = self.r
        for i in range(self.count):
            k = 4 * i
            a += (r[k + 2] - r[k]) * (r[k + 3] - r[k + 1])
        return a
