"""One module per board: pins, display size, button mapping.  The only place naming pins.

Every board module provides the same names:
    NAME, WIDTH, HEIGHT, HAS_JOYSTICK
    BUTTONS   physical button names, in bit order of the raw button mask
    KEYMAP    logical key (core.ui.keys) of each physical button
    CHORDS    ((bit mask of two buttons, logical key), ...)
    HINTS     labels of the buttons for on-screen hints ("ok", "back", "move")
    make(**config) -> boards.hardware.Hardware (display, lut, buttons, poll(now),
              backlight, open_link()); `config` is board.json without its "board" key
              (the device boards take none; boards/host.py takes layout and panel)

core/boot.py imports boards/<name>.py and calls make(); core/app.py run(boot) drives
the Hardware.  Helper modules here that are not boards (hardware.py, link_pins.py) have
no make(); tools/deploy.py copies them with the chosen board.
"""
