"""Waveshare Pico-LCD-1.3: ST7789 240x240 IPS on SPI1, a 5-way joystick and keys A/B/X/Y.

Source of the pins: Waveshare's product wiki page "Pico-LCD-1.3" and its schematic
(Pico-LCD-1.3_SchDoc.pdf).  Those pages could not be opened from the machine this file
was written on; the pins below were checked against two independent code bases that
follow the vendor demo: the display pins (DC 8, CS 9, CLK 10, DIN 11, RST 12, BL 13) in
Serialcomms/Raspberry-Pico-Waveshare-LCD-Demo (README pin table) and russhughes/
st7789py_mpy tft_configs/waveshare_13 (SPI1, sck 10, mosi 11, reset 12, cs 9, dc 8,
backlight 13; keys A = GP15, joystick left 16 / right 20).  The remaining keys (B GP17,
X GP19, Y GP21; joystick up GP2, down GP18, press GP3) are as given in the project brief
and match a third-party board config seen in the same search, not the vendor page itself.
All inputs are active low with the RP2040's internal pull-ups.

Mapping: joystick = UP/DOWN/LEFT/RIGHT, joystick press and A = OK, B = BACK,
X = MENU, Y = AUX.  No chords needed.
"""
from core.ui import keys

NAME = "Waveshare Pico-LCD-1.3"
WIDTH = 240
HEIGHT = 240
HAS_JOYSTICK = True

SPI_ID = 1
PIN_SCK = 10
PIN_MOSI = 11
PIN_CS = 9
PIN_DC = 8
PIN_RST = 12
PIN_BL = 13
SPI_BAUD = 62_500_000    # the RP2040's fastest SPI clock (clk_peri / 2)
ROTATION = 0
OFFSETS = (0, 0)         # 240x240 glass at the top of the controller's 240x320 memory

BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "PRESS", "A", "B", "X", "Y")
PINS = (2, 18, 16, 20, 3, 15, 17, 19, 21)
KEYMAP = (keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT, keys.OK, keys.OK, keys.BACK, keys.MENU,
          keys.AUX)
CHORDS = ()
HINTS = {"ok": "A", "back": "B", "move": "stick"}


def _link_ports():
    import machine

    from boards.link_pins import open_ports
    return open_ports(machine)


def make():
    import sys
    import time
    from machine import PWM, SPI, Pin

    from boards.hardware import Hardware
    from drivers.buttons import PinReader
    from drivers.st7789 import ST7789, PwmBacklight, SpiBus

    spi = SPI(SPI_ID, baudrate=SPI_BAUD, polarity=0, phase=0, sck=Pin(PIN_SCK), mosi=Pin(PIN_MOSI))
    bus = SpiBus(spi, Pin(PIN_CS, Pin.OUT), Pin(PIN_DC, Pin.OUT), Pin(PIN_RST, Pin.OUT))
    bl = PwmBacklight(PWM(Pin(PIN_BL)))
    display = ST7789(bus, WIDTH, HEIGHT, ROTATION, OFFSETS, backlight=bl, sleep_ms=time.sleep_ms)
    display.init()
    reader = PinReader([Pin(p, Pin.IN, Pin.PULL_UP) for p in PINS])
    return Hardware(sys.modules[__name__], display, reader.read, bl, None, _link_ports)
