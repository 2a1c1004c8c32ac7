"""The bundle a board's make() returns: display, buttons and how to sample them.

This is the whole contract between a board and the rest of the firmware (core/boot.py
and core/app.py read nothing else):
    board         the board module (NAME, WIDTH, HEIGHT, BUTTONS, KEYMAP, CHORDS, HINTS)
    display       has width, height and show(screen, lut) (drivers/st7789.py ST7789)
    lut           the palette as RGB565 bytes for show()
    buttons       drivers.buttons.Buttons: logical key events from get()
    poll(now_ms)  samples the buttons once (events then come from buttons.get())
    backlight     set(percent), or None
    open_link()   the link ports, opened on first use: a list of machine.UART-like
                  objects (write(buf), readinto(buf) -> count or None); [] for none
    node_id()     this unit's link address, 1..0xFFFE, stable across restarts
    entropy(n)    n random bytes (the link's commit-reveal seeds)
    extra         anything board-specific (the Display Pack's RGB LED pins)
"""
from core.ui.palette import lut565
from drivers.buttons import Buttons


class MaskInput:
    """Buttons read from a mask set from outside instead of the pins: the host board's
    keyboard and scripts, and a board under test (tests/mp_app_memory.py --board NAME
    sets `hw.read_buttons = MaskInput().read`)."""

    def __init__(self):
        self.mask = 0

    def read(self):
        return self.mask


class Hardware:
    def __init__(self, board, display, read_buttons, backlight=None, extra=None,
                 link_ports=None, node=None):
        self.board = board
        self.display = display
        self.lut = lut565()
        self.buttons = Buttons(board.KEYMAP, board.CHORDS)
        self.read_buttons = read_buttons
        self.backlight = backlight
        self.extra = extra
        self._link_ports = link_ports
        self._node = node

    def poll(self, now_ms):
        """Sample the buttons once; events then come from self.buttons.get()."""
        self.buttons.update(self.read_buttons(), now_ms)

    def open_link(self):
        """The link ports (opened on first use): see the module docstring."""
        p = self._link_ports
        if p is None:
            return []
        if callable(p):
            p = self._link_ports = p()
        return p

    def node_id(self):
        """The board's `node` setting (the host board), else core.link.ident's id (from
        machine.unique_id() on the device)."""
        if self._node is None:
            from core.link.ident import node_id
            self._node = node_id()
        return self._node

    def entropy(self, n):
        from core.link.ident import entropy
        return entropy(n)
