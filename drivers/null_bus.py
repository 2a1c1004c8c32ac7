"""A display bus with no panel behind it: counts the bytes a device would send.

The host board's `panel=False` mode (boards/host.py) puts the real ST7789 driver on this
bus, so a run on the MicroPython unix port does the device's display work (dirty
rectangles expanded to RGB565 by the viper routine) without an emulated panel's 115 KB
of picture memory.
"""


class NullBus:
    def __init__(self):
        self.cmd_bytes = 0
        self.data_bytes = 0

    def reset(self, _sleep=None):
        pass

    def cmd(self, c):
        self.cmd_bytes += 1

    def data(self, buf):
        self.data_bytes += len(buf)

    def bytes_total(self):
        return self.cmd_bytes + self.data_bytes
