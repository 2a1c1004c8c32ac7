"""Host twin of the ST7789 panel: an emulated controller behind the driver's bus.

It interprets the commands drivers/st7789.py sends (CASET, RASET, RAMWR, MADCTL and the
init commands) and keeps the panel's memory as RGB565, so the host shows exactly what
the driver transmitted: a region the dirty tracking forgot stays stale here too.  It
counts the bytes on the wire, commands included, for benchmarks.
"""

def rgb888_of_565(c):
    """The colour a panel shows for an RGB565 value (bits replicated into the low bits):
    the host's pictures of the screen (the device never needs it)."""
    r = (c >> 11) & 0x1F
    g = (c >> 5) & 0x3F
    b = c & 0x1F
    return ((r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2))

_CASET = 0x2A
_RASET = 0x2B
_RAMWR = 0x2C
_MADCTL = 0x36
_DISPON = 0x29
_SLPOUT = 0x11


class PanelBus:
    def __init__(self, width, height, offsets=(0, 0)):
        self.width = width
        self.height = height
        self.xoff, self.yoff = offsets
        self.ram = bytearray(2 * width * height)   # big-endian RGB565, row-major
        self.cmd_bytes = 0
        self.data_bytes = 0
        self.commands = []        # every command byte, in order (tests check the init)
        self.madctl = None
        self.awake = False
        self.on = False
        self._cmd = None
        self._args = bytearray()
        self._x0 = self._x1 = self._y0 = self._y1 = 0
        self._px = 0              # next pixel inside the window
        self._half = -1           # a high byte waiting for its low byte
        self.frames = 0           # RAMWR count

    def reset(self, _sleep=None):
        self.awake = False
        self.on = False

    def cmd(self, c):
        self.cmd_bytes += 1
        self.commands.append(c)
        self._cmd = c
        self._args = bytearray()
        if c == _RAMWR:
            self._px = 0
            self._half = -1
            self.frames += 1
        elif c == _SLPOUT:
            self.awake = True
        elif c == _DISPON:
            self.on = True

    def data(self, buf):
        n = len(buf)
        self.data_bytes += n
        c = self._cmd
        if c == _RAMWR:
            self._pixels(buf)
            return
        self._args += bytes(buf)
        if c in (_CASET, _RASET) and len(self._args) == 4:
            a = (self._args[0] << 8) | self._args[1]
            b = (self._args[2] << 8) | self._args[3]
            if c == _CASET:
                self._x0, self._x1 = a - self.xoff, b - self.xoff
            else:
                self._y0, self._y1 = a - self.yoff, b - self.yoff
            if not (0 <= (self._x0 if c == _CASET else self._y0)
                    and (self._x1 < self.width if c == _CASET else self._y1 < self.height)):
                raise ValueError("window outside the panel: %r" % ((self._x0, self._x1, self._y0, self._y1),))
        elif c == _MADCTL:
            self.madctl = self._args[0]

    def _pixels(self, buf):
        w = self._x1 - self._x0 + 1
        total = w * (self._y1 - self._y0 + 1)
        i = 0
        n = len(buf)
        if self._half >= 0 and n:
            self._put(self._half, buf[0])
            self._half = -1
            i = 1
        while i + 1 < n:
            if self._px >= total:
                raise ValueError("more pixel data than the window holds")
            y = self._y0 + self._px // w
            x = self._x0 + self._px % w
            # write whole runs of the current row at once
            run = min(w - (x - self._x0), (n - i) >> 1)
            o = 2 * (y * self.width + x)
            self.ram[o:o + 2 * run] = buf[i:i + 2 * run]
            self._px += run
            i += 2 * run
        if i < n:
            self._half = buf[i]

    def _put(self, hi, lo):
        w = self._x1 - self._x0 + 1
        y = self._y0 + self._px // w
        x = self._x0 + self._px % w
        o = 2 * (y * self.width + x)
        self.ram[o] = hi
        self.ram[o + 1] = lo
        self._px += 1

    @property
    def bytes_total(self):
        return self.cmd_bytes + self.data_bytes

    def rgb888(self):
        """The panel's picture as 8-bit RGB bytes (what a PNG or a window shows)."""
        out = bytearray(3 * self.width * self.height)
        cache = {}
        ram = self.ram
        for i in range(self.width * self.height):
            v = (ram[2 * i] << 8) | ram[2 * i + 1]
            rgb = cache.get(v)
            if rgb is None:
                rgb = cache[v] = bytes(rgb888_of_565(v))
            out[3 * i:3 * i + 3] = rgb
        return out
