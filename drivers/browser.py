"""The web page's hardware (boards/browser.py): every driver talks to the page through
its `pocket` object (tools/web/pocket.js), handing it addresses in the WebAssembly
memory (uctypes.addressof) rather than copies, so a loop pass allocates nothing here.

Display   show(screen, lut): the app's own 4-bit palette framebuffer (what the ST7789
          driver expands for the panel) and the bounds of its dirty rectangles go to the
          page, which expands them through the same RGB565 lut onto a canvas.
Backlight set(percent): the page dims the canvas.
Storage   core.save.DeviceFs on the in-memory folder /flash, which the page fills from
          localStorage before the boot; sync() (the save store's flush, after every
          write and rename) has the page copy the folder back.  A refused or full
          storage is the page's message; the app goes on with saves for this visit only.
Link      two UART-like ports (port A, port B), cables to the neighbouring windows over a
          BroadcastChannel (the page orders the windows into a chain, as cables would).
"""
import js
from uctypes import addressof

from core.save import DeviceFs


class Display:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self._lut = None

    def show(self, screen, lut):
        d = screen.dirty
        if not d.count:
            return
        if lut is not self._lut:
            self._lut = lut
            js.pocket.palette(addressof(lut), len(lut))
        x0 = y0 = 1 << 16
        x1 = y1 = 0
        for i in range(d.count):
            x, y, w, h = d.rect(i)
            x0 = min(x0, x)
            y0 = min(y0, y)
            x1 = max(x1, x + w)
            y1 = max(y1, y + h)
        d.clear()
        js.pocket.draw(addressof(screen.buf), screen.width, screen.height, x0, y0, x1, y1)


class Backlight:
    """The backlight's level, 0..100 % (as drivers.st7789.PwmBacklight's set())."""

    def __init__(self):
        self.level = 100

    def set(self, percent):
        self.level = max(0, min(100, percent))
        js.pocket.backlight(self.level)


class Storage(DeviceFs):
    """The saves' folder, kept in the browser's localStorage by the page."""

    def sync(self):
        js.pocket.persist()

    def remove(self, name):
        DeviceFs.remove(self, name)
        js.pocket.persist()

    def rename(self, old, new):
        DeviceFs.rename(self, old, new)
        js.pocket.persist()


class LinkPort:
    """One end of a cable to the next window: write(buf), readinto(buf) -> count or None."""

    def __init__(self, port):
        self.port = port
        self._tx = bytearray(256)

    def write(self, buf):
        n = len(buf)
        if n > len(self._tx):
            self._tx = bytearray(n)
        self._tx[:n] = buf
        js.pocket.link_write(self.port, addressof(self._tx), n)
        return n

    def readinto(self, buf):
        return js.pocket.link_read(self.port, addressof(buf), len(buf)) or None


def link_ports():
    """Port A and port B (Hardware.open_link() opens them when a linked game starts)."""
    js.pocket.link_open()
    return [LinkPort(0), LinkPort(1)]
