"""Pimoroni Pico Display Pack 2.0: ST7789 320x240 IPS on SPI0, buttons A/B/X/Y, RGB LED.

Source of the pins: Pimoroni's own library, pimoroni/pimoroni-pico:
libraries/pico_display_2/pico_display_2.hpp (WIDTH 320, HEIGHT 240, A = 12, B = 13,
X = 14, Y = 15, LED_R/G/B = 6/7/8) and common/pimoroni_common.hpp, the "front" SPI slot
the pack uses (SPI_BG_FRONT_CS = 17, SPI_DEFAULT_SCK = 18, SPI_DEFAULT_MOSI = 19,
SPI_DEFAULT_DC = 16, SPI_BG_FRONT_PWM = 20 for the backlight).  Not checked against the
printed schematic.  The pack has no reset line wired for the display (software reset).
The rotation that shows 320 px across (MADCTL row/column exchange) is the usual landscape
setting for this glass; it was not tried on hardware here: if the picture is mirrored or
upside down, change ROTATION to 3.  The RGB LED is active low.

Four buttons, no joystick: A (top left) = UP, B (bottom left) = DOWN, X (top right) = OK,
Y (bottom right) = BACK.  Chords (press both within 60 ms): A+B = MENU, X+Y = AUX.
Screens treat UP/DOWN as "previous/next" wherever only one axis is needed (lists, the
hand row); where two are needed (an option's value) OK enters an edit mode in which
UP/DOWN change the value and OK or BACK leaves it.  See docs/ui.md.
"""
from core.ui import keys

NAME = "Pimoroni Pico Display Pack 2.0"
WIDTH = 320
HEIGHT = 240
HAS_JOYSTICK = False

SPI_ID = 0
PIN_SCK = 18
PIN_MOSI = 19
PIN_CS = 17
PIN_DC = 16
PIN_BL = 20
PIN_LED = (6, 7, 8)
SPI_BAUD = 62_500_000
ROTATION = 1
OFFSETS = (0, 0)

BUTTONS = ("A", "B", "X", "Y")
PINS = (12, 13, 14, 15)
KEYMAP = (keys.UP, keys.DOWN, keys.OK, keys.BACK)
CHORDS = ((0b0011, keys.MENU), (0b1100, keys.AUX))
HINTS = {"ok": "X", "back": "Y", "move": "A/B"}


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
    bus = SpiBus(spi, Pin(PIN_CS, Pin.OUT), Pin(PIN_DC, Pin.OUT))
    bl = PwmBacklight(PWM(Pin(PIN_BL)))
    display = ST7789(bus, WIDTH, HEIGHT, ROTATION, OFFSETS, backlight=bl, sleep_ms=time.sleep_ms)
    display.init()
    leds = [Pin(p, Pin.OUT, value=1) for p in PIN_LED]   # active low: 1 = off
    reader = PinReader([Pin(p, Pin.IN, Pin.PULL_UP) for p in PINS])
    return Hardware(sys.modules[__name__], display, reader.read, bl, leds, _link_ports)
