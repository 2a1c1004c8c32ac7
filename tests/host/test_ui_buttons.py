"""Buttons: debounce, auto-repeat, chords, release events, queue overflow."""
from boards import pico_display_2, pico_lcd_1_3
from core.ui import keys
from drivers.buttons import Buttons, PinReader


def feed(b, samples):
    """samples: [(mask, ms)]: hold each mask for ms in 5 ms steps; returns the events."""
    t = feed.now
    out = []
    for mask, ms in samples:
        for _ in range(ms // 5):
            t += 5
            b.update(mask, t)
            while True:
                ev = b.get()
                if ev == keys.NO_EVENT:
                    break
                out.append(keys.describe(ev))
    feed.now = t
    return out


feed.now = 1000


def lcd():
    return Buttons(pico_lcd_1_3.KEYMAP, pico_lcd_1_3.CHORDS)


def bit(board, name):
    return 1 << board.BUTTONS.index(name)


def test_bounce_shorter_than_debounce_is_ignored():
    b = lcd()
    a = bit(pico_lcd_1_3, "A")
    ev = feed(b, [(a, 10), (0, 10), (a, 5), (0, 100)])
    assert ev == []
    ev = feed(b, [(a, 50), (0, 50)])
    assert ev == ["PRESS OK", "RELEASE OK"]


def test_auto_repeat_while_held():
    b = lcd()
    down = bit(pico_lcd_1_3, "DOWN")
    ev = feed(b, [(down, 800), (0, 50)])
    # pressed at ~20 ms; repeats from 420 ms every 120 ms: 420, 540, 660, 780
    assert ev[0] == "PRESS DOWN" and ev[-1] == "RELEASE DOWN"
    assert ev.count("REPEAT DOWN") == 4


def test_ok_does_not_repeat():
    b = lcd()
    ev = feed(b, [(bit(pico_lcd_1_3, "A"), 1000), (0, 50)])
    assert ev == ["PRESS OK", "RELEASE OK"]


def test_chord_gives_menu_and_no_single_presses():
    b = Buttons(pico_display_2.KEYMAP, pico_display_2.CHORDS)
    a = bit(pico_display_2, "A")
    bb = bit(pico_display_2, "B")
    ev = feed(b, [(a, 30), (a | bb, 100), (0, 50)])
    assert ev == ["PRESS MENU", "RELEASE MENU"]


def test_chord_member_alone_reports_after_window_or_release():
    b = Buttons(pico_display_2.KEYMAP, pico_display_2.CHORDS)
    a = bit(pico_display_2, "A")
    ev = feed(b, [(a, 50)])
    assert ev == []                                   # still inside the chord window
    ev = feed(b, [(a, 60)])
    assert ev == ["PRESS UP"]
    assert feed(b, [(0, 50)]) == ["RELEASE UP"]
    ev = feed(b, [(bit(pico_display_2, "X"), 40), (0, 50)])  # a quick tap of X alone
    assert ev == ["PRESS OK", "RELEASE OK"]


def test_queue_keeps_newest_sixteen():
    b = lcd()
    for i in range(20):
        b._push(keys.PRESS, keys.UP if i < 19 else keys.BACK)
    got = []
    while True:
        ev = b.get()
        if ev == keys.NO_EVENT:
            break
        got.append(ev)
    assert len(got) == 16 and keys.key_of(got[-1]) == keys.BACK


class FakePin:
    def __init__(self, level):
        self.level = level

    def value(self):
        return self.level


def test_pin_reader_active_low():
    r = PinReader([FakePin(1), FakePin(0), FakePin(1), FakePin(0)])
    assert r.read() == 0b1010


def test_boards_are_consistent():
    for board in (pico_lcd_1_3, pico_display_2):
        assert len(board.BUTTONS) == len(board.KEYMAP) == len(board.PINS)
        assert len(set(board.PINS)) == len(board.PINS)
        logical = set(board.KEYMAP) | set(k for _, k in board.CHORDS)
        for k in (keys.UP, keys.DOWN, keys.OK, keys.BACK, keys.MENU):
            assert k in logical, (board.NAME, keys.NAMES[k])
    assert pico_lcd_1_3.HAS_JOYSTICK and not pico_display_2.HAS_JOYSTICK
