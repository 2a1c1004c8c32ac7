"""Card encoding, deck sizes, readable names and per-suit hand masks."""
from core import cards
from core.cards import REDS_DECK, SPEED_DECK, SPEEDRUN_DECK, STEPPING_DECK


def test_deck_sizes():
    assert SPEEDRUN_DECK.size == 40
    assert STEPPING_DECK.size == 36
    assert REDS_DECK.size == 39
    assert SPEED_DECK.size == 52
    for d in (SPEEDRUN_DECK, STEPPING_DECK, REDS_DECK, SPEED_DECK):
        c = d.cards()
        assert len(c) == d.size and len(set(c)) == d.size
        assert max(c) < 64


def test_readable_names():
    assert SPEEDRUN_DECK.label(cards.make_card(1, 6)) == "7H"
    assert SPEEDRUN_DECK.label(cards.make_card(0, 9)) == "10S"
    assert REDS_DECK.label(cards.make_card(0, 12)) == "AD"
    assert SPEED_DECK.label(cards.make_card(3, 12)) == "KC"
    assert SPEED_DECK.label(cards.make_card(2, 0)) == "AD"


def test_parse_round_trip_every_card():
    for d in (SPEEDRUN_DECK, STEPPING_DECK, REDS_DECK, SPEED_DECK):
        for c in d.cards():
            assert d.parse(d.label(c)) == c


def test_parse_is_lenient_on_case_and_spaces():
    assert SPEEDRUN_DECK.parse(" 10s ") == cards.make_card(0, 9)
    assert REDS_DECK.parse("qd") == cards.make_card(0, 10)


def test_parse_rejects_unknown():
    for d, bad in ((REDS_DECK, "5H"), (STEPPING_DECK, "10S"), (SPEED_DECK, "1S"), (SPEEDRUN_DECK, "X")):
        try:
            d.parse(bad)
        except ValueError as exc:
            assert bad in str(exc)
            continue
        assert False, "accepted %s in %s" % (bad, d.name)


def test_label_rejects_non_card():
    try:
        REDS_DECK.label(cards.make_card(3, 0))
    except ValueError:
        return
    assert False


def test_hand_masks():
    h = cards.new_hand()
    deck = SPEED_DECK
    picked = [deck.parse(t) for t in ("AS", "KS", "7H", "2D", "QC")]
    for c in picked:
        cards.hand_add(h, c)
    assert cards.hand_size(h) == 5
    for c in picked:
        assert cards.hand_has(h, c)
    assert not cards.hand_has(h, deck.parse("3S"))
    assert sorted(cards.hand_cards(h)) == sorted(picked)
    cards.hand_remove(h, deck.parse("KS"))
    assert cards.hand_size(h) == 4 and not cards.hand_has(h, deck.parse("KS"))
    assert h[0] == 1 and h[0] < (1 << 13)


def test_bit_helpers():
    assert cards.popcount(0) == 0 and cards.popcount(0x1FFF) == 13
    assert cards.lowest_rank(0b101000) == 3
    assert cards.highest_rank(0b101000) == 5
    assert cards.highest_rank(1 << 12) == 12
