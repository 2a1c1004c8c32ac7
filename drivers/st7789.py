"""ST7789 SPI display driver: init sequence as data, rotation, address window, partial
updates from the 4-bit palette screen, backlight by PWM.

The driver talks to a *bus* object with two methods: `cmd(c)` (a command byte, DC low)
and `data(buf)` (bytes, DC high).  SpiBus implements them on `machine.SPI` and pins;
drivers/host_panel.py implements them as an emulated panel, so everything above the bus
runs and is tested on the host too.

Commands (ST7789 datasheet, "System Function Command Table 1"): SWRESET 0x01,
SLPOUT 0x11, NORON 0x13, INVON 0x21, DISPON 0x29, CASET 0x2A, RASET 0x2B, RAMWR 0x2C,
MADCTL 0x36, COLMOD 0x3A.
"""
from micropython import const

from drivers.expand import expand, expand_rows, pair_lut

SWRESET = const(0x01)
SLPOUT = const(0x11)
NORON = const(0x13)
INVOFF = const(0x20)
INVON = const(0x21)
DISPON = const(0x29)
CASET = const(0x2A)
RASET = const(0x2B)
RAMWR = const(0x2C)
MADCTL = const(0x36)
COLMOD = const(0x3A)

# MADCTL bits: row/column order swaps and mirrors give the four rotations.
MADCTL_MY = const(0x80)
MADCTL_MX = const(0x40)
MADCTL_MV = const(0x20)
MADCTL_BGR = const(0x08)
ROTATIONS = (0x00, MADCTL_MX | MADCTL_MV, MADCTL_MX | MADCTL_MY, MADCTL_MY | MADCTL_MV)

# Init sequence: command, number of data bytes, data..., delay in ms after it.
INIT = bytes((
    SWRESET, 0, 150,
    SLPOUT, 0, 120,
    COLMOD, 1, 0x55, 10,       # 16 bits per pixel, RGB565
    INVON, 0, 10,              # IPS panels show true colours with inversion on
    NORON, 0, 10,
    DISPON, 0, 20,
))

# Rows expanded per SPI write (full-width rows; a narrower rectangle gets more per write):
# 4 x 320 x 2 = 2.5 KB of line buffer.  8 rows cost 1.9 KB more heap (240 wide) for a full
# redraw's driver time ~20% shorter (tools.bench_screens: 0.092 vs 0.112 ms on the unix
# port, ~3 ms on the device, against ~15 ms of SPI wire time).
_LINES = const(4)


class ST7789:
    """A panel of `width` x `height` pixels as seen after rotation.

    offsets: (x, y) of the visible area inside the controller's 240x320 memory for this
    rotation (boards know them: a 240x240 glass needs (0, 80) or (80, 0) when flipped).
    sleep_ms: delay function (time.sleep_ms on the device, a no-op or a recorder on host).
    """

    def __init__(self, bus, width, height, rotation=0, offsets=(0, 0), bgr=False,
                 backlight=None, sleep_ms=None):
        self.bus = bus
        self.width = width
        self.height = height
        self.xoff, self.yoff = offsets
        self.madctl = ROTATIONS[rotation & 3] | (MADCTL_BGR if bgr else 0)
        self.backlight = backlight
        self._sleep = sleep_ms
        self._line = bytearray(2 * width * _LINES)
        self._mv = memoryview(self._line)
        self._lut_src = bytearray(32)   # the lut the pair table was built from
        self._lut2 = bytearray(1024)     # pair table: pixel pair byte -> 4 RGB565 bytes
        self._arg4 = bytearray(4)
        self._arg1 = bytearray(1)
        self.bytes_sent = 0         # pixel bytes sent since creation (for benchmarks)
        self.windows = 0

    def init(self):
        if hasattr(self.bus, "reset"):
            self.bus.reset(self._sleep)
        seq = INIT
        i = 0
        while i < len(seq):
            c = seq[i]
            n = seq[i + 1]
            self.bus.cmd(c)
            if n:
                self.bus.data(seq[i + 2:i + 2 + n])
            delay = seq[i + 2 + n]
            if delay and self._sleep:
                self._sleep(delay)
            i += 3 + n
        self._arg1[0] = self.madctl
        self.bus.cmd(MADCTL)
        self.bus.data(self._arg1)
        if self.backlight is not None:
            self.backlight.set(100)

    def _pair(self, c, a, b):
        buf = self._arg4
        buf[0] = a >> 8
        buf[1] = a & 0xFF
        buf[2] = b >> 8
        buf[3] = b & 0xFF
        self.bus.cmd(c)
        self.bus.data(buf)

    def window(self, x, y, w, h):
        """Select the rectangle the next RAMWR fills, row by row."""
        self._pair(CASET, self.xoff + x, self.xoff + x + w - 1)
        self._pair(RASET, self.yoff + y, self.yoff + y + h - 1)
        self.bus.cmd(RAMWR)
        self.windows += 1

    def _pairs(self, lut):
        """The pair table for `lut`, rebuilt only when the lut's bytes change."""
        if self._lut_src != lut:
            pair_lut(lut, self._lut2)
            src = self._lut_src
            for i in range(32):
                src[i] = lut[i]
        return self._lut2

    def blit_gs4(self, buf, stride, x, y, w, h, lut):
        """Send the rectangle (x, y, w, h) of a GS4_HMSB buffer, expanding through `lut`.

        With even x, w and stride every row is whole bytes and the pair table path
        (drivers.expand.expand_rows) expands a chunk of rows per call; otherwise pixel
        by pixel, row by row."""
        self.window(x, y, w, h)
        line = self._line
        rows = len(line) // (2 * w)
        if rows > h:
            rows = h
        mv = self._mv
        row = 0
        if not ((x | w | stride) & 1):
            lut2 = self._pairs(lut)
            nb = w >> 1
            ss = stride >> 1
            sb = (x >> 1) + y * ss
            while row < h:
                k = rows if row + rows <= h else h - row
                expand_rows(buf, sb, ss, nb, k, line, lut2)
                sb += ss * k
                o = 2 * w * k
                self.bus.data(mv[:o])
                self.bytes_sent += o
                row += k
            return
        while row < h:
            k = rows if row + rows <= h else h - row
            o = 0
            for r in range(k):
                expand(buf, x + (y + row + r) * stride, w, line, o, lut)
                o += 2 * w
            self.bus.data(mv[:o])
            self.bytes_sent += o
            row += k

    def show(self, screen, lut):
        """Send every dirty rectangle of a core.ui Screen, then clear its dirty list.

        Rectangles are widened to even x and width (at most one pixel column each side,
        sent from the framebuffer as it is): whole bytes take the fast expansion."""
        d = screen.dirty
        sw = screen.width
        for i in range(d.count):
            x, y, w, h = d.rect(i)
            x1 = x + w
            x &= ~1
            x1 += x1 & 1
            if x1 > sw:
                x1 = sw
            self.blit_gs4(screen.buf, sw, x, y, x1 - x, h, lut)
        d.clear()

    def fill(self, rgb565):
        """Fill the whole panel with one colour (used once at start-up)."""
        hi = rgb565 >> 8
        lo = rgb565 & 0xFF
        for i in range(0, len(self._line), 2):
            self._line[i] = hi
            self._line[i + 1] = lo
        self.window(0, 0, self.width, self.height)
        left = 2 * self.width * self.height
        while left:
            n = left if left < len(self._line) else len(self._line)
            self.bus.data(self._mv[:n])
            self.bytes_sent += n
            left -= n


class SpiBus:
    """The ST7789's 4-wire SPI: chip select, data/command pin, optional reset pin."""

    def __init__(self, spi, cs, dc, rst=None):
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.rst = rst
        self._c = bytearray(1)
        cs(1)

    def reset(self, sleep_ms):
        if self.rst is None:
            return
        self.rst(1)
        sleep_ms(5)
        self.rst(0)
        sleep_ms(20)
        self.rst(1)
        sleep_ms(150)

    def cmd(self, c):
        self._c[0] = c
        self.dc(0)
        self.cs(0)
        self.spi.write(self._c)
        self.cs(1)

    def data(self, buf):
        self.dc(1)
        self.cs(0)
        self.spi.write(buf)
        self.cs(1)


class PwmBacklight:
    """Backlight brightness 0..100 % on a PWM pin (machine.PWM made by the board)."""

    def __init__(self, pwm, freq=1000):
        self.pwm = pwm
        pwm.freq(freq)
        self.level = 0

    def set(self, percent):
        if percent < 0:
            percent = 0
        elif percent > 100:
            percent = 100
        self.level = percent
        self.pwm.duty_u16(percent * 65535 // 100)
