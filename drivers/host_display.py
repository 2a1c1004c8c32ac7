"""Headless host twin of the display: the real ST7789 driver on an emulated panel.

`HostDisplay(width, height)` accepts what the device display accepts (`show(screen, lut)`)
and can write the panel's picture to a PNG.  Its counters tell how many bytes a device
would have sent over SPI.  The host board's backlight and buzzer (the settings' hardware,
core.settings.apply) only remember what they were set to, for the simulator's window.
"""
from drivers import host_png
from drivers.host_panel import PanelBus
from drivers.st7789 import ST7789


class HostDisplay(ST7789):
    def __init__(self, width, height):
        self.panel = PanelBus(width, height)
        ST7789.__init__(self, self.panel, width, height)
        self.init()

    def rgb888(self):
        return self.panel.rgb888()

    def save_png(self, path):
        host_png.write_rgb(path, self.panel.rgb888(), self.width, self.height)
        return path


class HostBacklight:
    """The backlight's level, 0..100 % (as drivers.st7789.PwmBacklight's set())."""

    def __init__(self):
        self.level = 100

    def set(self, percent):
        self.level = max(0, min(100, percent))


class HostBuzzer:
    """A buzzer's switch (the "sound" setting; no device board has a buzzer yet)."""
    enabled = True
