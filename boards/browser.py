"""The web page's board (tools/web/, `make web`): the app on MicroPython's WebAssembly port.

`make(layout, node, storage)`: layout "lcd13" (240x240, joystick and A/B/X/Y) or
"display2" (320x240, four buttons and chords) copies that board's buttons, keymap and
hints (boards/pico_lcd_1_3.py, boards/pico_display_2.py), as boards/host.py does, so the
page's buttons have the device's bit order.  The drivers (drivers/browser.py) talk to the
page only through its `pocket` object (tools/web/pocket.js): the display pushes the
palette framebuffer to a canvas, the buttons are a mask the page sets (hw.input), the
backlight dims the canvas, the two link ports are cables over a BroadcastChannel to the
neighbouring windows.  `node`: the link address the page keeps per unit (1..0xFFFE).
Not a Pico board: tools/gen_mip and tools/deploy leave it and its drivers out of a
Pico's install (gen_mip.BROWSER_ONLY).
"""
LAYOUTS = {"lcd13": "pico_lcd_1_3", "display2": "pico_display_2"}


def make(layout="lcd13", node=None):
    from boards.hardware import Hardware, MaskInput
    from drivers.browser import Backlight, Display, link_ports

    if layout not in LAYOUTS:
        raise ValueError("no layout %r (known: %s)" % (layout, ", ".join(sorted(LAYOUTS))))
    board = __import__("boards." + LAYOUTS[layout], None, None, ("NAME",))
    inp = MaskInput()
    bl = Backlight()
    hw = Hardware(board, Display(board.WIDTH, board.HEIGHT), inp.read, bl, None, link_ports, node)
    hw.input = inp
    hw.layout = layout
    return hw
