"""Trick resolver: every trick example of the rulebooks, and Reds' anti-trump cases (R-1)."""
from core.cards import REDS_DECK, SPEEDRUN_DECK, STEPPING_DECK, hand_from_cards, hand_cards, new_hand
from core.trick import (FOLLOW, MAY_TRUMP, MUST_BEAT, NO_SUIT, RANK_BELL, RANK_HIGH, RANK_LOW,
                        RANK_SLALOM, TrickResolver, trick_is_low)

S, H, D, C = 0, 1, 2, 3  # suit indices of the four-suit decks ("SHDC")


def _trick(deck, n, plays, trump=NO_SUIT, anti=NO_SUIT, low=False, mode=FOLLOW):
    r = TrickResolver(n, deck.n_ranks)
    r.set_rules(trump, anti, mode)
    r.start(low)
    for seat, label in plays:
        r.play(seat, deck.parse(label))
    return r


def _legal_labels(deck, r, held):
    hand = hand_from_cards([deck.parse(t) for t in held])
    out = new_hand()
    r.legal_masks(hand, out)
    return sorted([deck.label(c) for c in hand_cards(out)])


# Speed Run (seats: Emmy 0, Neil 1, Melanie 2).  Ruling SR-12: "9 is high" reads 10 High.
def test_speedrun_example_1_follow_and_off_suit():
    r = _trick(SPEEDRUN_DECK, 3, ((0, "8C"), (1, "9C"), (2, "2S")))
    assert r.winner_seat() == 1


def test_speedrun_example_2_off_suit_high_card_loses():
    r = _trick(SPEEDRUN_DECK, 3, ((0, "7S"), (1, "2S"), (2, "9H")))
    assert r.winner_seat() == 0


def test_speedrun_example_3_trump_wins_under_1_high():
    r = _trick(SPEEDRUN_DECK, 3, ((1, "7H"),), trump=C, low=True)
    # Melanie has no hearts: any card; Emmy holds a heart: must follow.
    assert _legal_labels(SPEEDRUN_DECK, r, ("8C", "3S")) == ["3S", "8C"]
    r.play(2, SPEEDRUN_DECK.parse("8C"))
    assert _legal_labels(SPEEDRUN_DECK, r, ("5H", "2C", "10S")) == ["5H"]
    r.play(0, SPEEDRUN_DECK.parse("5H"))
    assert r.winner_seat() == 2


def test_speedrun_may_beat_example():
    # Emmy leads 5H; Neil holds 3H and 7H: either is legal (may beat, T-2).
    r = _trick(SPEEDRUN_DECK, 3, ((0, "5H"),))
    assert _legal_labels(SPEEDRUN_DECK, r, ("3H", "7H", "8S")) == ["3H", "7H"]


# Stepping Stones (seats: Carol 0, David 1, Scott 2).
def test_stepping_example_1():
    r = _trick(STEPPING_DECK, 3, ((0, "8C"), (1, "9C"), (2, "2S")))
    assert r.winner_seat() == 1


def test_stepping_example_2():
    r = _trick(STEPPING_DECK, 3, ((0, "7S"), (1, "2S"), (2, "9H")))
    assert r.winner_seat() == 0


def test_stepping_example_3_one_high():
    r = _trick(STEPPING_DECK, 3, ((1, "9D"), (2, "4D"), (0, "3D")), trump=C, low=True)
    assert r.winner_seat() == 0


def test_stepping_example_4_lone_trump_wins():
    # Ruling SS-11: David leads, Scott trumps, Carol follows; Scott wins.
    r = _trick(STEPPING_DECK, 3, ((1, "7H"), (2, "8C"), (0, "5H")), trump=C, low=True)
    assert r.winner_seat() == 2


def test_stepping_may_trump_example():
    # Ruling SS-7: 9 High, clubs trump; Carol leads 9S; David may play 5S, 8S or 2C.
    r = _trick(STEPPING_DECK, 3, ((0, "9S"),), trump=C, mode=MAY_TRUMP)
    assert _legal_labels(STEPPING_DECK, r, ("5S", "8S", "2C", "4H")) == ["2C", "5S", "8S"]
    r.play(1, STEPPING_DECK.parse("2C"))
    assert r.winner_seat() == 1


def test_may_trump_when_trump_led_must_follow():
    r = _trick(STEPPING_DECK, 3, ((0, "4C"),), trump=C, mode=MAY_TRUMP)
    assert _legal_labels(STEPPING_DECK, r, ("5S", "2C")) == ["2C"]


def test_stepping_must_beat_example_1():
    # Ruling SS-8, 9 High: Scott leads 5H; Carol must play 8H; David cannot beat 8H.
    r = _trick(STEPPING_DECK, 3, ((2, "5H"),), mode=MUST_BEAT)
    assert _legal_labels(STEPPING_DECK, r, ("3H", "8H")) == ["8H"]
    r.play(0, STEPPING_DECK.parse("8H"))
    assert _legal_labels(STEPPING_DECK, r, ("1H", "2H", "4H")) == ["1H", "2H", "4H"]
    r.play(1, STEPPING_DECK.parse("2H"))
    assert r.winner_seat() == 0


def test_stepping_must_beat_example_2():
    # 1 High: Scott leads 5C; Carol holds 3C and 7C and must play 3C; David is void.
    r = _trick(STEPPING_DECK, 3, ((2, "5C"),), low=True, mode=MUST_BEAT)
    assert _legal_labels(STEPPING_DECK, r, ("3C", "7C")) == ["3C"]
    r.play(0, STEPPING_DECK.parse("3C"))
    held = ("2S", "3S", "6S", "1D", "5D", "8D", "9D")
    assert _legal_labels(STEPPING_DECK, r, held) == sorted(held)
    r.play(1, STEPPING_DECK.parse("1D"))
    assert r.winner_seat() == 0


# Reds (suits "DSC": diamonds trump; anti-trump spades in these cases unless said).
RD, RS, RC = 0, 1, 2


def test_reds_anti_trump_led_won_by_anti_trump():
    r = _trick(REDS_DECK, 3, ((0, "5S"), (1, "KS"), (2, "9S")), trump=RD, anti=RS)
    assert r.winner_seat() == 1


def test_reds_anti_trump_led_won_by_neutral():
    # Ruling R-1: a neutral card beats every anti-trump card when anti-trump is led.
    r = _trick(REDS_DECK, 4, ((0, "AS"), (1, "2C"), (2, "KS"), (3, "QS")), trump=RD, anti=RS)
    assert r.winner_seat() == 1


def test_reds_anti_trump_led_highest_neutral_wins():
    r = _trick(REDS_DECK, 3, ((0, "AS"), (1, "4C"), (2, "9C")), trump=RD, anti=RS)
    assert r.winner_seat() == 2


def test_reds_anti_trump_led_won_by_trump():
    r = _trick(REDS_DECK, 3, ((0, "AS"), (1, "AC"), (2, "2D")), trump=RD, anti=RS)
    assert r.winner_seat() == 2


def test_reds_neutral_led_anti_trump_discards_never_win():
    r = _trick(REDS_DECK, 3, ((0, "3C"), (1, "AS"), (2, "KS")), trump=RD, anti=RS)
    assert r.winner_seat() == 0


def test_reds_trump_led():
    r = _trick(REDS_DECK, 3, ((0, "3D"), (1, "AC"), (2, "5D")), trump=RD, anti=RS)
    assert r.winner_seat() == 2


def test_reds_no_anti_trump_round():
    # Ruling R-2: both black suits plain; the led suit wins over the other black suit.
    r = _trick(REDS_DECK, 3, ((0, "3S"), (1, "AC"), (2, "2S")), trump=RD, anti=NO_SUIT)
    assert r.winner_seat() == 0
    r = _trick(REDS_DECK, 2, ((0, "3C"), (1, "AS")), trump=RD, anti=NO_SUIT)
    assert r.winner_seat() == 0


def test_reds_plain_follow_for_six_players():
    r = _trick(REDS_DECK, 6, ((0, "3C"), (1, "5C"), (2, "AS"), (3, "4D"), (4, "KC"), (5, "2D")),
               trump=RD, anti=RS)
    assert r.winner_seat() == 3
    assert r.is_complete()


def test_ranking_per_trick():
    assert [trick_is_low(RANK_HIGH, 0, k) for k in range(3)] == [False] * 3
    assert [trick_is_low(RANK_LOW, 0, k) for k in range(3)] == [True] * 3
    assert [trick_is_low(RANK_SLALOM, 0, k) for k in range(4)] == [False, True, False, True]
    assert [trick_is_low(RANK_SLALOM, 1, k) for k in range(3)] == [True, False, True]
    # Ruling SR-3: Bell Curve switches every four tricks.
    bell = [trick_is_low(RANK_BELL, 0, k) for k in range(12)]
    assert bell == [False] * 4 + [True] * 4 + [False] * 4
    assert [trick_is_low(RANK_BELL, 1, k) for k in (0, 3, 4, 8)] == [True, True, False, True]


def test_leader_any_card_and_void_any_card():
    r = _trick(SPEEDRUN_DECK, 3, ())
    assert _legal_labels(SPEEDRUN_DECK, r, ("1S", "10H")) == ["10H", "1S"]


def test_constructor_limits():
    for n, ranks in ((1, 10), (7, 10), (3, 14), (3, 0)):
        try:
            TrickResolver(n, ranks)
        except ValueError:
            continue
        assert False, (n, ranks)
