"""The desktop simulator's board: either layout, on an emulated panel and the keyboard.

`make(layout, panel)` with layout "lcd13" (240x240, joystick and A/B/X/Y, as the Waveshare
board) or "display2" (320x240, four buttons and chords, as the Pimoroni pack).  With
panel=True (the simulator) the display is the real ST7789 driver on an emulated panel
(drivers/host_panel.py, which can show and save the picture); with panel=False on a bus
that only counts bytes (drivers/null_bus.py), small enough for the MicroPython unix port
at the device's heap (board.json {"board": "host", "panel": false}).  `node`: the link
address (default: random).  The host board has no link cables (open_link() -> []).  Buttons
are the same physical buttons as on the real board, in the same bit order, so the same
KEYMAP and CHORDS apply; the simulator sets the raw mask from the keyboard or a script.
With the panel, the board has a backlight and a buzzer that only remember the settings
(drivers/host_display.py: the simulator's window dims the picture and shows "sound
off"), so that brightness and sound take effect here as on a device.
"""
# layout -> the board module it copies (imported by make(): only the one in use)
LAYOUTS = {"lcd13": "pico_lcd_1_3", "display2": "pico_display_2"}

# Keyboard keys for each physical button (pygame key names), per layout.
KEYS = {
    "lcd13": {"UP": ("up",), "DOWN": ("down",), "LEFT": ("left",), "RIGHT": ("right",),
              "PRESS": ("return",), "A": ("a", "space"), "B": ("b", "backspace", "escape"),
              "X": ("x", "m"), "Y": ("y",)},
    "display2": {"A": ("a", "up"), "B": ("b", "down"), "X": ("x", "return", "space"),
                 "Y": ("y", "backspace", "escape")},
}


def make(layout="lcd13", panel=True, node=None):
    from boards.hardware import Hardware, MaskInput

    if layout not in LAYOUTS:
        raise ValueError("no layout %r (known: %s)" % (layout, ", ".join(sorted(LAYOUTS))))
    board = __import__("boards." + LAYOUTS[layout], None, None, ("NAME",))
    extras = None
    if panel:
        from drivers.host_display import HostBacklight, HostBuzzer, HostDisplay
        display = HostDisplay(board.WIDTH, board.HEIGHT)
        extras = HostBacklight(), HostBuzzer()
    else:
        from drivers.null_bus import NullBus
        from drivers.st7789 import ST7789
        display = ST7789(NullBus(), board.WIDTH, board.HEIGHT)
        display.init()
    inp = MaskInput()
    hw = Hardware(board, display, inp.read, node=node)
    if extras is not None:
        hw.backlight, hw.buzzer = extras
    hw.input = inp
    hw.layout = layout
    return hw
