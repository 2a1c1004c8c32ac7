"""A stand-in `machine` module for the MicroPython unix port, so that a real board module
(boards/pico_lcd_1_3.py, boards/pico_display_2.py) can boot there: pins that read high
(no button pressed: the inputs are active low), an SPI that counts the bytes written,
PWM.  tests/host/test_app_memory_board.py runs tests/mp_app_memory.py --board NAME with
this folder as its working directory (the script puts "" on sys.path)."""


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, pin_id, mode=-1, pull=-1, value=None):
        self.id = pin_id
        self.v = 1 if value is None else value

    def __call__(self, v=None):
        if v is None:
            return self.v
        self.v = v

    def value(self, v=None):
        return self(v)


class SPI:
    def __init__(self, spi_id, baudrate=1000000, polarity=0, phase=0, sck=None, mosi=None,
                 miso=None):
        self.bytes = 0

    def write(self, buf):
        self.bytes += len(buf)


class PWM:
    def __init__(self, pin, freq=0, duty_u16=0):
        self.f = freq
        self.d = duty_u16

    def freq(self, f=None):
        if f is None:
            return self.f
        self.f = f

    def duty_u16(self, d=None):
        if d is None:
            return self.d
        self.d = d


def unique_id():
    return b"\x01\x02\x03\x04\x05\x06\x07\x08"


def reset():
    raise SystemExit("machine.reset()")
