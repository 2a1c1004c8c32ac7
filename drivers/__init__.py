"""Hardware drivers (ST7789 display, buttons, backlight) and their host twins."""
