"""UI toolkit shared by every screen: palette, screen buffer, text, cards, widgets, menu.

Everything draws through MicroPython's `framebuf` API into one 4-bit palette framebuffer
(core.ui.screen.Screen); drivers expand it to RGB565 only for the regions marked dirty.
"""
