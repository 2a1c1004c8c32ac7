"""ST7789 driver on the emulated panel: init sequence, windows, partial updates.

The panel keeps only what the driver sent, so "panel == full render" after a run of
partial updates proves the dirty tracking forgot nothing.
"""
import pytest

from core.cards import SPEED_DECK
from core.ui import hand, keys, palette
from core.ui.menu import MainMenu, MenuView
from core.ui.palette import FELT
from core.ui.screen import Screen
from drivers import st7789
from drivers.host_display import HostDisplay
from drivers.host_panel import PanelBus
from test_ui_menu import FAKE_NAMES, fake_loader

LUT = palette.lut565()


def full_picture(screen):
    """What the panel must show: the whole screen sent in one window."""
    d = HostDisplay(screen.width, screen.height)
    screen.mark_all()
    d.show(screen, LUT)
    return bytes(d.panel.ram)


def test_init_sequence_order_and_rotation():
    bus = PanelBus(320, 240)
    slept = []
    d = st7789.ST7789(bus, 320, 240, rotation=1, sleep_ms=slept.append)
    d.init()
    assert bus.commands[:6] == [st7789.SWRESET, st7789.SLPOUT, st7789.COLMOD, st7789.INVON,
                                st7789.NORON, st7789.DISPON]
    assert bus.commands[6] == st7789.MADCTL and bus.madctl == st7789.MADCTL_MX | st7789.MADCTL_MV
    assert slept[:2] == [150, 120] and bus.awake and bus.on


def test_window_offsets_and_bounds():
    bus = PanelBus(240, 240, offsets=(0, 80))
    d = st7789.ST7789(bus, 240, 240, rotation=2, offsets=(0, 80))
    d.init()
    buf = bytearray(240 * 240 // 2)
    d.blit_gs4(buf, 240, 230, 235, 10, 5, LUT)
    assert bus.data_bytes >= 2 * 10 * 5
    with pytest.raises(ValueError):
        d.blit_gs4(buf, 240, 235, 0, 10, 1, LUT)        # past the right edge


class FakePwm:
    def __init__(self):
        self.f = None
        self.duty = None

    def freq(self, f):
        self.f = f

    def duty_u16(self, d):
        self.duty = d


def test_backlight_pwm_levels():
    pwm = FakePwm()
    bl = st7789.PwmBacklight(pwm)
    bl.set(50)
    assert pwm.f == 1000 and pwm.duty == 32767
    bl.set(150)
    assert pwm.duty == 65535 and bl.level == 100
    bl.set(-3)
    assert pwm.duty == 0


@pytest.mark.parametrize("w,h", [(240, 240), (320, 240)])
def test_partial_updates_leave_panel_equal_to_full_render(w, h):
    s = Screen(w, h)
    d = HostDisplay(w, h)
    v = MenuView(s, MainMenu(FAKE_NAMES, fake_loader))
    v.draw()
    d.show(s, LUT)
    script = [keys.DOWN, keys.DOWN, keys.OK, keys.UP, keys.OK, keys.DOWN, keys.OK, keys.DOWN,
              keys.OK, keys.BACK, keys.UP, keys.OK, keys.RIGHT, keys.DOWN, keys.DOWN]
    for k in script:
        v.handle(keys.event(keys.PRESS, k))
        d.show(s, LUT)
        assert s.dirty.count == 0
        assert bytes(d.panel.ram) == full_picture(s), keys.NAMES[k]


def test_card_played_update_is_small():
    w = h = 240
    s = Screen(w, h)
    d = HostDisplay(w, h)
    s.clear(FELT)
    row = hand.HandRow(s, 2, 180, 236, FELT)
    cards = SPEED_DECK.cards()[:12]
    row.show(SPEED_DECK, cards, 12, cursor=5)
    d.show(s, LUT)
    before = d.panel.bytes_total
    row.show(SPEED_DECK, cards[:5] + cards[6:], 11, cursor=5)     # the 6th card is played
    d.show(s, LUT)
    partial = d.panel.bytes_total - before
    assert bytes(d.panel.ram) == full_picture(s)
    assert 0 < partial < (2 * w * h) // 3
