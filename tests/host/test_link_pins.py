"""boards/link_pins.py: the link's UART pins are valid RP2040 UART pins and free on both boards."""
from boards import link_pins as P

# RP2040 GPIO functions (datasheet 2.19.2): UART0 TX/RX and UART1 TX/RX pins.
UART_TX = {0: (0, 12, 16, 28), 1: (4, 8, 20, 24)}
UART_RX = {0: (1, 13, 17, 29), 1: (5, 9, 21, 25)}
# The display and button pins the issue lists for each board.
WAVESHARE = (10, 11, 9, 8, 12, 13, 15, 17, 19, 21, 2, 18, 16, 20, 3)
PIMORONI = (17, 18, 19, 16, 20, 12, 13, 14, 15, 6, 7, 8)


def test_ports_are_real_uart_pins():
    assert len(P.PORTS) == 2 and P.PORTS[0][0] != P.PORTS[1][0]
    for uid, tx, rx in P.PORTS:
        assert tx in UART_TX[uid] and rx in UART_RX[uid]


def test_no_conflict_with_either_board():
    assert sorted(P.USED["waveshare_pico_lcd_1_3"]) == sorted(WAVESHARE)
    assert sorted(P.USED["pimoroni_pico_display_2"]) == sorted(PIMORONI)
    for board in P.USED:
        assert P.conflicts(board) == []


def test_open_ports_with_a_fake_machine():
    made = []

    class Pin:
        IN, PULL_UP = 0, 1

        def __init__(self, n, *mode):
            self.n, self.mode = n, mode

    class UART:
        def __init__(self, uid, **kw):
            made.append((uid, kw["tx"].n, kw["rx"].n, kw["rx"].mode, kw["baudrate"], kw["rxbuf"]))

    class machine:
        pass
    machine.Pin, machine.UART = Pin, UART
    assert len(P.open_ports(machine)) == 2
    assert made == [(0, 0, 1, (0, 1), 115200, 1024), (1, 4, 5, (0, 1), 115200, 1024)]
