"""Stepping Stones: the rulebook's trick examples, May Trump and Must Beat, played through
the engine with hands set by a test hook.  Carol 0, David 1, Scott 2, clockwise."""
from core.cards import STEPPING_DECK
from core.trick import TrickResolver
from test_steppingstones_helpers import (CAROL, DAVID, SCOTT, assert_illegal, card, cards, deal, declare,
                                         labels, last_event, new_game, play, play_out, set_hands)


def _trick_winner(game):
    ev = last_event(game, "trick")
    assert ev is not None and ev[1] == game.trick_no - 1
    return ev[2]


def _resolver_winner(game, plays, trump, low):
    """The shared resolver's verdict on the same trick (seats and cards in play order)."""
    r = TrickResolver(3, 9)
    r.set_rules(trump, 0xFF, 0)
    r.start(low)
    for seat, label in plays:
        r.play(seat, card(label))
    return r.winner_seat()


def test_trick_example_1_nine_high_no_trump():
    # Carol leads 8C, David follows 9C, Scott (no clubs) plays 2S: David wins, leads next.
    g = new_game(CAROL)
    set_hands(g, deal({CAROL: "8C", DAVID: "9C", SCOTT: "2S"}, {SCOTT: "C"}))
    declare(g, CAROL, "bid:win_nt", "rank:9high")
    play(g, CAROL, "8C")
    assert all(c >> 4 == 3 for c in g.legal_actions(DAVID))   # must follow clubs
    play(g, DAVID, "9C")
    assert labels(g, g.legal_actions(SCOTT)) == labels(g, g.observation(SCOTT)["hand"])  # void: any
    play(g, SCOTT, "2S")
    assert _trick_winner(g) == DAVID
    assert _resolver_winner(g, ((CAROL, "8C"), (DAVID, "9C"), (SCOTT, "2S")), 0xFF, False) == DAVID
    assert g.to_move() == (DAVID,)     # ruling T-1: the winner leads


def test_trick_example_2_nine_high_no_trump():
    # Carol leads 7S, David 2S, Scott (no spades) plays 9H: Carol wins.
    g = new_game(CAROL)
    set_hands(g, deal({CAROL: "7S", DAVID: "2S", SCOTT: "9H"}, {SCOTT: "S"}))
    declare(g, CAROL, "bid:win_nt", "rank:9high")
    play(g, CAROL, "7S")
    play(g, DAVID, "2S")
    play(g, SCOTT, "9H")
    assert _trick_winner(g) == CAROL
    assert g.to_move() == (CAROL,)
    assert g.observation(DAVID)["tricks_won"] == [1, 0, 0]


def test_trick_example_3_one_high_clubs_trump():
    # David leads 9D, Scott 4D, Carol 3D; 1 is high: Carol wins.
    g = new_game(DAVID)
    set_hands(g, deal({DAVID: "9D", SCOTT: "4D", CAROL: "3D"}))
    declare(g, DAVID, "bid:win_pick", "rank:1high", "C")
    play(g, DAVID, "9D")
    play(g, SCOTT, "4D")
    play(g, CAROL, "3D")
    assert _trick_winner(g) == CAROL
    assert _resolver_winner(g, ((DAVID, "9D"), (SCOTT, "4D"), (CAROL, "3D")), 3, True) == CAROL


def test_trick_example_4_ruling_ss11():
    # Ruling SS-11: David leads 7H, Scott (no hearts) trumps with 8C, Carol follows with
    # 5H; 1 is high, clubs trump: Scott's lone trump wins.
    g = new_game(DAVID)
    set_hands(g, deal({DAVID: "7H", SCOTT: "8C", CAROL: "5H"}, {SCOTT: "H"}))
    declare(g, DAVID, "bid:win_pick", "rank:1high", "C")
    play(g, DAVID, "7H")
    play(g, SCOTT, "8C")
    assert all(c >> 4 == 1 for c in g.legal_actions(CAROL))   # Carol can follow hearts
    play(g, CAROL, "5H")
    assert _trick_winner(g) == SCOTT
    assert _resolver_winner(g, ((DAVID, "7H"), (SCOTT, "8C"), (CAROL, "5H")), 3, True) == SCOTT
    assert g.to_move() == (SCOTT,)


def test_may_trump_example():
    # 9 high, clubs trump: Carol leads 9S; David holds 5S, 8S and 2C (his only club) and
    # may trump with 2C though he holds spades (ruling SS-7); no other suit is allowed.
    g = new_game(CAROL, {"contracts": "advanced"})
    set_hands(g, deal({CAROL: "9S", DAVID: "5S 8S 2C 1H", SCOTT: "1S"}, {DAVID: "SC"}))
    declare(g, CAROL, "bid:win_may", "rank:9high", "C")
    play(g, CAROL, "9S")
    assert labels(g, g.legal_actions(DAVID)) == ["2C", "5S", "8S"]
    assert_illegal(g, DAVID, "1H", ["must follow S"])
    play(g, DAVID, "2C")
    play(g, SCOTT, "1S")
    assert _trick_winner(g) == DAVID


def test_may_trump_trump_led_must_follow():
    # Ruling SS-7: when trump is led, everyone follows as normal.
    g = new_game(CAROL, {"contracts": "advanced"})
    set_hands(g, deal({CAROL: "9C", DAVID: "5S 8S 2C"}, {DAVID: "C"}))
    declare(g, CAROL, "bid:win_may", "rank:9high", "C")
    play(g, CAROL, "9C")
    assert labels(g, g.legal_actions(DAVID)) == ["2C"]
    assert_illegal(g, DAVID, "5S", ["must follow C"])


def test_must_beat_example_1():
    # 9 high: Scott leads 5H; Carol (3H 8H) must play 8H; David (1H 2H 4H) cannot beat
    # 8H and may play any heart; he plays 2H.  Ruling SS-8.
    g = new_game(SCOTT, {"contracts": "advanced"})
    set_hands(g, deal({SCOTT: "5H", CAROL: "3H 8H", DAVID: "1H 2H 4H"}, {CAROL: "H", DAVID: "H"}))
    declare(g, SCOTT, "bid:lose_mustbeat", "rank:9high")
    play(g, SCOTT, "5H")
    assert labels(g, g.legal_actions(CAROL)) == ["8H"]
    assert_illegal(g, CAROL, "3H", ["must beat 5H", "8H"])
    play(g, CAROL, "8H")
    assert labels(g, g.legal_actions(DAVID)) == ["1H", "2H", "4H"]
    play(g, DAVID, "2H")
    assert _trick_winner(g) == CAROL


def test_must_beat_example_2():
    # 1 high: Scott leads 5C; Carol (3C 7C) must play 3C; David has no clubs (2S 3S 6S,
    # 1D 5D 8D 9D ...) and may play any card; he plays 1D.  Off-suit never beats.
    g = new_game(SCOTT, {"contracts": "advanced"})
    set_hands(g, deal({SCOTT: "5C", CAROL: "3C 7C", DAVID: "2S 3S 6S 1D 5D 8D 9D"},
                      {CAROL: "C", DAVID: "C"}))
    declare(g, SCOTT, "bid:lose_mustbeat", "rank:1high")
    play(g, SCOTT, "5C")
    assert labels(g, g.legal_actions(CAROL)) == ["3C"]
    assert_illegal(g, CAROL, "7C", ["must beat 5C"])
    play(g, CAROL, "3C")
    assert labels(g, g.legal_actions(DAVID)) == labels(g, g.observation(DAVID)["hand"])
    play(g, DAVID, "1D")
    assert _trick_winner(g) == CAROL


def test_must_follow_violation():
    g = new_game(CAROL)
    set_hands(g, deal({CAROL: "8C", DAVID: "9C 1S"}))
    declare(g, CAROL, "bid:win_nt", "rank:9high")
    play(g, CAROL, "8C")
    assert_illegal(g, DAVID, "1S", ["must follow C", "ruling T-2"])


def test_slalom_alternates_from_the_announced_ranking():
    # Ruling SS-2: 9 high first, then 1 high, 9 high, ...
    g = new_game(SCOTT, {"contracts": "advanced"})
    declare(g, SCOTT, "bid:win_slalom", "rank:9high")
    seen = []
    while g.trick_no < 12 and g.hand_no == 1:
        if not g.observation(0)["trick"]:
            seen.append(g.observation(0)["trick_low"])
        seat = g.to_move()[0]
        g.apply(seat, g.legal_actions(seat)[0])
    assert seen == [False, True] * 6


def test_slalom_one_high_start():
    g = new_game(SCOTT, {"contracts": "advanced"})
    declare(g, SCOTT, "bid:win_slalom", "rank:1high")
    assert g.observation(1)["trick_low"] is True
    for _ in range(3):
        seat = g.to_move()[0]
        g.apply(seat, g.legal_actions(seat)[0])
    assert g.observation(1)["trick_low"] is False


def test_declarer_leads_first_trick():
    g = new_game(DAVID)
    act_pass = g.parse_action("pass")
    g.apply(DAVID, act_pass)
    declare(g, SCOTT, "bid:lose_nt", "rank:9high")
    assert g.to_move() == (SCOTT,)
    assert g.observation(CAROL)["declarer"] == SCOTT


def test_win_last_6_counts_only_tricks_7_to_12():
    # Ruling SS-5: the declarer holds the 12 best cards and wins every trick; only 6 count.
    top = " ".join(["%d%s" % (r, s) for s in "SHDC" for r in (7, 8, 9)])
    g = new_game(CAROL)
    set_hands(g, deal({CAROL: top}))
    declare(g, CAROL, "bid:win_last6", "rank:9high")
    play_out(g)
    assert g.results[CAROL][2] == 6
    assert last_event(g, "result") == ("result", CAROL, 6, 6)
    g2 = new_game(CAROL)
    set_hands(g2, deal({CAROL: top}))
    declare(g2, CAROL, "bid:win_nt", "rank:9high")
    play_out(g2)
    assert g2.results[CAROL][1] == 12


def test_only_declarer_tricks_count():
    g = new_game(CAROL)
    declare(g, CAROL, "bid:win_nt", "rank:9high")
    play_out(g)
    ev = last_event(g, "result")
    wins = 0
    for e in g.events:
        if e[0] == "trick" and e[2] == CAROL:
            wins += 1
    assert ev == ("result", CAROL, wins, wins)
    assert g.results[DAVID] == [-1, -1, -1, -1] and g.results[SCOTT] == [-1, -1, -1, -1]


def test_every_card_dealt_once_each_hand():
    g = new_game(CAROL, seed=99)
    for _ in range(3):
        seen = []
        for s in range(3):
            h = g.observation(s)["hand"]
            assert len(h) == 12
            seen.extend(h)
        assert sorted(seen) == sorted(STEPPING_DECK.cards())
        seat = g.to_move()[0]
        g.apply(seat, [a for a in g.legal_actions(seat) if a != 64][0])
        while g.phase != 3:
            g.apply(g.to_move()[0], g.legal_actions(g.to_move()[0])[0])
        play_out(g)


def test_deck_card_helpers():
    assert cards("1S 9C") == [card("1S"), card("9C")]
