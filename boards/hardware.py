"""The bundle a board's make() returns: display, buttons and how to sample them."""
from core.ui.palette import lut565
from drivers.buttons import Buttons


class Hardware:
    def __init__(self, board, display, read_buttons, backlight=None, extra=None):
        self.board = board
        self.display = display
        self.lut = lut565()
        self.buttons = Buttons(board.KEYMAP, board.CHORDS)
        self.read_buttons = read_buttons
        self.backlight = backlight
        self.extra = extra

    def poll(self, now_ms):
        """Sample the buttons once; events then come from self.buttons.get()."""
        self.buttons.update(self.read_buttons(), now_ms)
