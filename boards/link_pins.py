"""Link UART pins on each board (docs/link.md has the wiring diagram).

Every unit has two link ports, A and B, so units form a chain: a cable joins port B of one
unit to port A of the next (either way round works: the link finds its neighbours by
itself).  Port A is UART0 on GP0 (TX) / GP1 (RX), port B is UART1 on GP4 (TX) / GP5 (RX).
These four pins are free on both supported boards:

  Waveshare Pico-LCD-1.3 uses GP2, GP3, GP8-GP13, GP15-GP21 (SPI1 display, keys, joystick).
  Pimoroni Pico Display Pack 2.0 uses GP6-GP8 (LED), GP12-GP15 (buttons), GP16-GP20 (SPI0).

A cable has three wires: TX -> RX, RX <- TX, GND - GND (3.3 V logic, no power line).  The
RX pins get the internal pull-up so an unplugged port idles high instead of floating.
"""
from micropython import const

BAUD = const(115200)
RX_BUFFER = const(1024)   # >= WINDOW * largest frame (4 * 135 bytes): no overrun on a burst
TX_BUFFER = const(256)

# port -> (uart id, tx pin, rx pin); physical Pico pins in the comments
PORT_A = (0, 0, 1)        # UART0: GP0 = pin 1, GP1 = pin 2, GND = pin 3
PORT_B = (1, 4, 5)        # UART1: GP4 = pin 6, GP5 = pin 7, GND = pin 8
PORTS = (PORT_A, PORT_B)

# Pins each board's display and buttons use (documentation and a self-check).
USED = {
    "waveshare_pico_lcd_1_3": (2, 3, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 19, 20, 21),
    "pimoroni_pico_display_2": (6, 7, 8, 12, 13, 14, 15, 16, 17, 18, 19, 20),
}


def link_pins():
    """Every GPIO the link uses."""
    out = []
    for _, tx, rx in PORTS:
        out.append(tx)
        out.append(rx)
    return out


def conflicts(board):
    """Link pins that `board` also uses (empty for the supported boards)."""
    used = USED[board]
    return [p for p in link_pins() if p in used]


def open_ports(machine):
    """Open both link UARTs on the device: a list of machine.UART (rx pulled up)."""
    out = []
    for uid, tx, rx in PORTS:
        pin_rx = machine.Pin(rx, machine.Pin.IN, machine.Pin.PULL_UP)  # pull kept by the UART
        out.append(machine.UART(uid, baudrate=BAUD, tx=machine.Pin(tx), rx=pin_rx,
                                rxbuf=RX_BUFFER, txbuf=TX_BUFFER))
    return out
