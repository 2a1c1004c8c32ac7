"""Speed Run tricks through the engine: the rulebook's trick examples, must follow / may
beat, the selection order and the card rankings (rulings SR-3, SR-8, SR-12, T-1, T-2)."""
from core.trick import TrickResolver, NO_SUIT, trick_is_low, RANK_BELL, RANK_SLALOM
from test_speedrun_util import (EMMY, NEIL, MELANIE, card, act, select, bid_all,
                                expect_illegal, example_game, new_game)


def resolver_winner(trump, low, plays):
    """The shared resolver's winner for (seat, card text) plays."""
    r = TrickResolver(3, 10)
    r.set_rules(trump)
    r.start(low)
    for seat, t in plays:
        r.play(seat, card(t))
    return r.winner_seat()


def test_trick_example_1_ten_high_no_trump():
    # ruling SR-12: "9 is high" read as 10 High.  Neil starts, so Emmy leads.
    g = example_game(NEIL, {EMMY: ["8C"], NEIL: ["9C"], MELANIE: ["2S"]}, {MELANIE: "C"},
                     "trump:none", "rank:10-high")
    assert g.to_move() == (EMMY,)
    act(g, EMMY, "8C")
    # Neil holds clubs: must follow (T-2); a spade is refused.
    other = [c for c in g.observation(NEIL)["hand"] if c >> 4 != 3][0]
    expect_illegal(g, NEIL, other, ["must follow", "C was led"])
    act(g, NEIL, "9C")
    assert card("2S") in g.legal_actions(MELANIE)   # no clubs: any card
    act(g, MELANIE, "2S")
    assert g.events[-1] == ("trick_won", NEIL, 1)
    assert resolver_winner(NO_SUIT, False, ((EMMY, "8C"), (NEIL, "9C"), (MELANIE, "2S"))) == NEIL
    assert g.to_move() == (NEIL,)   # ruling T-1: the winner leads


def test_trick_example_2_ten_high_no_trump():
    g = example_game(NEIL, {EMMY: ["7S"], NEIL: ["2S"], MELANIE: ["9H"]}, {MELANIE: "S"},
                     "trump:none", "rank:10-high")
    act(g, EMMY, "7S")
    act(g, NEIL, "2S")
    act(g, MELANIE, "9H")
    assert g.events[-1] == ("trick_won", EMMY, 1)
    assert resolver_winner(NO_SUIT, False, ((EMMY, "7S"), (NEIL, "2S"), (MELANIE, "9H"))) == EMMY
    assert g.to_move() == (EMMY,)


def test_trick_example_3_one_high_clubs_trump():
    # Melanie starts and picks Clubs, Emmy picks 1 High, Neil leads.
    g = example_game(MELANIE, {NEIL: ["7H"], MELANIE: ["8C"], EMMY: ["5H"]}, {MELANIE: "H"},
                     "trump:C", "rank:1-high")
    assert g.to_move() == (NEIL,)
    act(g, NEIL, "7H")
    act(g, MELANIE, "8C")
    # Emmy can still follow hearts, so she must (any other suit is refused).
    other = [c for c in g.observation(EMMY)["hand"] if c >> 4 != 1][0]
    expect_illegal(g, EMMY, other, ["must follow", "H was led"])
    act(g, EMMY, "5H")
    assert g.events[-1] == ("trick_won", MELANIE, 1)
    assert resolver_winner(3, True, ((NEIL, "7H"), (MELANIE, "8C"), (EMMY, "5H"))) == MELANIE


def test_may_beat_any_card_of_the_led_suit():
    # The rulebook's "May Beat" example: Neil may play his 3 or his 7 of Hearts on a 5.
    g = example_game(NEIL, {EMMY: ["5H"], NEIL: ["3H", "7H"]}, {NEIL: "", MELANIE: ""},
                     "trump:none", "rank:10-high")
    act(g, EMMY, "5H")
    legal = g.legal_actions(NEIL)
    assert card("3H") in legal and card("7H") in legal
    assert all([c >> 4 == 1 for c in legal])


def test_selection_order_and_first_leader():
    # ruling SR-8: start player picks one, next player the other, third player leads.
    for start in range(3):
        g = new_game(first_start=start)
        assert g.to_move() == (start,)
        assert g.legal_actions(start) == list(range(64, 75))
        act(g, start, "rank:slalom-low")
        nxt = (start + 1) % 3
        assert g.to_move() == (nxt,)
        assert g.legal_actions(nxt) == list(range(64, 69))   # only trump choices left
        expect_illegal(g, nxt, g.parse_action("rank:1-high"), ["card ranking was already chosen", "SR-8"])
        act(g, nxt, "trump:H")
        assert g.observation(0)["phase"] == "bid"
        bid_all(g, ["contract:win0", "contract:win0", "contract:win0"])
        assert g.to_move() == ((start + 2) % 3,)
        obs = g.observation(0)
        assert obs["trump"] == "H" and obs["trump_by"] == nxt
        assert obs["ranking"] == "slalom-low" and obs["ranking_by"] == start


def test_trump_first_then_ranking():
    g = new_game(first_start=2)
    act(g, 2, "trump:none")
    assert g.legal_actions(0) == list(range(69, 75))
    expect_illegal(g, 0, g.parse_action("trump:S"), ["trump suit was already chosen"])


def _hand_trick_lows(ranking_label):
    g = new_game(seed=9)
    select(g, "trump:none", ranking_label)
    bid_all(g, ["contract:win0", "contract:win0", "contract:win0"])
    lows = []
    while g.phase == 3 and g.hand_no == 0:
        seat = g.to_move()[0]
        obs = g.observation(seat)
        if not obs["trick"]:
            lows.append(obs["trick_low"])
        g.apply(seat, obs["legal"][0])
    return lows


def test_rankings_through_a_whole_hand():
    # ruling SR-3: Bell Curve switches every four tricks; Slalom every trick; the chooser
    # picks the starting direction.
    t, f = True, False
    assert _hand_trick_lows("rank:10-high") == [f] * 12
    assert _hand_trick_lows("rank:1-high") == [t] * 12
    assert _hand_trick_lows("rank:slalom-high") == [f, t] * 6
    assert _hand_trick_lows("rank:slalom-low") == [t, f] * 6
    assert _hand_trick_lows("rank:bell-high") == [f] * 4 + [t] * 4 + [f] * 4
    assert _hand_trick_lows("rank:bell-low") == [t] * 4 + [f] * 4 + [t] * 4
    assert [trick_is_low(RANK_BELL, False, k) for k in range(12)] == [f] * 4 + [t] * 4 + [f] * 4
    assert trick_is_low(RANK_SLALOM, True, 0)
