"""Cards and hand rows at 320x240 (the Pimoroni layout).

The screen buffer is allocated before anything else is imported, as the device does at
boot: a 128 KB heap fragmented by compiling modules may no longer have 38.4 KB in one
piece.  (The full menu at 320x240 is compared with CPython in tests/host.)
"""
from core.ui.screen import Screen

_SCREEN = Screen(320, 240)

from core.cards import SPEED_DECK, make_card  # noqa: E402
from core.ui import carddraw, hand  # noqa: E402
from core.ui.palette import CARD, FELT, GOLD, RED  # noqa: E402


def test_thirteen_full_cards_fit_320():
    size, step = hand.layout(13, 316)
    assert size == carddraw.FULL and step >= hand.MIN_STEP[size]
    assert hand.span(13, size, step) <= 316


def test_hand_row_draws_every_card_corner_320():
    s = _SCREEN
    s.fb.fill(FELT)
    s.dirty.clear()
    row = hand.HandRow(s, 2, 100, 316, FELT)
    cards = bytearray([make_card(1, r) for r in range(13)])   # hearts A..K
    assert row.show(SPEED_DECK, cards, 13, cursor=4)
    assert s.dirty.count == 1
    top = 100 + carddraw.raise_px(carddraw.FULL)
    for i in range(13):
        x = row.card_x(i)
        assert s.pixel(x + 1, top + 1) in (CARD, GOLD)
        # the rank is drawn in red inside the visible corner
        reds = 0
        for yy in range(top + 4, top + 12):
            for xx in range(x + 3, x + 3 + hand.MIN_STEP[carddraw.FULL] - 4):
                reds += s.pixel(xx, yy) == RED
        assert reds > 4, i
    assert s.pixel(row.card_x(4) + 1, top + 5) == GOLD        # cursor frame
