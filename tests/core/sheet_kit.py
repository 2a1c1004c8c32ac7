"""The strings a table's scoresheet page draws, for tests/core/test_table_scores.py and
test_speed_sheet.py (CPython and both MicroPython ports)."""


class Recorder:
    """A framebuffer stand-in that remembers the strings drawn (and draws them)."""

    def __init__(self, fb):
        self.fb = fb
        self.texts = []

    def text(self, s, x, y, c=1):
        self.texts.append(s)
        self.fb.text(s, x, y, c)

    def __getattr__(self, name):
        return getattr(self.fb, name)


def sheet_texts(screen, table, obs):
    """Every string draw_sheet() draws, in drawing order."""
    rec = Recorder(screen.fb)
    real = screen.fb
    screen.fb = rec
    try:
        table.draw_sheet(screen, obs)
    finally:
        screen.fb = real
    return rec.texts
