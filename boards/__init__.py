"""One module per board: pins, display size, button mapping.  The only place naming pins.

Every board module provides the same names:
    NAME, WIDTH, HEIGHT, HAS_JOYSTICK
    BUTTONS   physical button names, in bit order of the raw button mask
    KEYMAP    logical key (core.ui.keys) of each physical button
    CHORDS    ((bit mask of two buttons, logical key), ...)
    HINTS     labels of the buttons for on-screen hints ("ok", "back", "move")
    make()    -> Hardware with .display (ST7789), .lut, .buttons (drivers.buttons.Buttons),
                 .read_buttons() (raw mask), .backlight
"""
