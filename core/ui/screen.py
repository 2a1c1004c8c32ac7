"""The screen: one 4-bit palette framebuffer (width*height/2 bytes) plus its dirty rects.

At 240x240 the buffer is 28.8 KB, at 320x240 38.4 KB, instead of 115/154 KB of RGB565.
Drawing code draws into `fb` and calls `mark()` for what it changed; the display driver
sends only the marked rectangles (`Display.show(screen)`).
"""
import framebuf

from core.ui.dirty import DirtyRects


class Screen:
    def __init__(self, width, height):
        if width & 1:
            raise ValueError("screen width must be even (two pixels per byte)")
        self.width = width
        self.height = height
        self.buf = bytearray((width * height) >> 1)
        self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.GS4_HMSB)
        self.dirty = DirtyRects(width, height)

    def mark(self, x, y, w, h):
        self.dirty.add(x, y, w, h)

    def mark_all(self):
        self.dirty.add_all()

    def clear(self, colour):
        self.fb.fill(colour)
        self.dirty.add_all()

    def pixel(self, x, y):
        return self.fb.pixel(x, y)
