"""Speed rules SP-1 to SP-4, SP-6 and the action interface, one named test per point."""
from core.cards import SPEED_DECK
from core.game import IllegalAction
from core.games.speed.rules import Speed, SPIT, PILE_L, PILE_R, OWN_PILE, fits, play_action
from test_speed_support import (card, position, hand_labels, top_labels,
                                assert_all_cards_accounted, snapshot)


def refused(game, t, seat, text):
    """Apply a labelled action that must be refused; return the message."""
    before = snapshot(game)
    try:
        game.apply_at(t, seat, game.parse_action(text) if isinstance(text, str) else text)
    except IllegalAction as exc:
        assert snapshot(game) == before, "a refused action changed the state"
        return str(exc)
    assert False, "%s by seat %d was accepted" % (text, seat)


def play(game, t, seat, text):
    game.apply_at(t, seat, game.parse_action(text))


# -- SP-1 layout and deal --------------------------------------------------------------
def test_sp1_deal_layout():
    g = Speed(None, 12345)
    for seat in (0, 1):
        assert g.n_hand[seat] == 5 and g.n_draw[seat] == 15 and g.n_spit[seat] == 5
    assert g.n_centre[PILE_L] >= 1 and g.n_centre[PILE_R] >= 1
    assert_all_cards_accounted(g)
    # ruling SP-1: seat 0 (player 1) owns the right pile, seat 1 the left one.
    assert OWN_PILE == (PILE_R, PILE_L)
    assert g.events[0][0] == "deal"


def test_sp1_deal_is_deterministic_per_seed():
    a = Speed(None, 99)
    b = Speed(None, 99)
    c = Speed(None, 100)
    from test_speed_support import every_card
    assert every_card(a) == every_card(b)
    assert every_card(a) != every_card(c)


# -- SP-2 legal plays ---------------------------------------------------------------------
def test_sp2_adjacent_on_either_pile_suits_ignored():
    g = position(("6C 8D KS QS JS", "2H 2D 2S 2C 3D"), ("7H", "5S"))
    legal = [g.action_label(a) for a in g.legal_actions(0)]
    assert legal == ["6C>L", "6C>R", "8D>L"], legal
    # either pile may take a card, whoever "owns" it
    play(g, 10, 0, "6C>R")
    assert top_labels(g) == ["7H", "6C"]


def test_sp2_aces_wrap_between_king_and_two():
    assert fits(0, 12) and fits(12, 0)          # A on K, K on A
    assert fits(1, 0) and fits(0, 1)            # 2 on A, A on 2
    assert not fits(11, 0) and not fits(2, 0)   # Q, 3 do not touch A
    g = position(("AS QS 3C 2D 7H", "AH 9C 9D 9S 9H"), ("KD", "2C"))
    labels = [g.action_label(a) for a in g.legal_actions(0)]
    assert labels == ["AS>L", "AS>R", "QS>L", "3C>R"], labels
    play(g, 100, 0, "AS>L")
    assert top_labels(g) == ["AS", "2C"]
    play(g, 200, 1, "AH>R")            # seat 1: A on 2
    assert top_labels(g) == ["AS", "AH"]


def test_sp2_illegal_play_messages_and_state_unchanged():
    g = position(("7H 5C 9C 10S JS", "2H 2D 2S KC KD"), ("QS", "4D"), draws=("8S", ""))
    assert refused(g, 10, 0, "7H>L") == "7H is not adjacent to QS or 4D"
    assert refused(g, 10, 0, "3H>L") == "3H is not in your hand"
    assert refused(g, 10, 0, "5C>L") == "5C is not adjacent to QS on pile L (it fits pile R)"
    play(g, 500, 0, "5C>R")
    assert refused(g, 499, 0, "JS>L") == "time goes backwards: 499 ms is before 500 ms"
    assert "not a Speed action" in refused(g, 600, 0, 999)
    assert "seat" in refused(g, 600, 2, "JS>L")


def test_sp2_count_down_only():
    cd = {"count_down_only": True}
    assert fits(6, 7, True) and not fits(8, 7, True)
    assert not fits(12, 0, True) and not fits(1, 0, True)   # nothing goes on an ace
    assert fits(0, 1, True)                                  # A on 2: aces low
    assert not fits(0, 12, True)                             # no wrap from K to A
    g = position(("6C 8D QS 2H AS", "KH KD 9S 9H 3C"), ("7H", "AD"), options=cd)
    assert [g.action_label(a) for a in g.legal_actions(0)] == ["6C>L"]
    assert refused(g, 5, 0, "8D>L") == "8D is not one below 7H or AD"
    assert refused(g, 5, 0, "2H>R") == "2H is not one below AD or 7H"   # named pile first


# -- SP-3 refill ------------------------------------------------------------------------
def test_sp3_refill_to_five_at_once():
    g = position(("6C 8D KS QS JS", "2H 2D 2S 4H 3D"), ("7H", "5S"),
                 draws=("AH AD 4C", "10C 10D 10H 10S 9D"))
    play(g, 40, 0, "6C>L")
    assert g.n_hand[0] == 5 and g.n_draw[0] == 2
    assert hand_labels(g, 0) == ["8D", "KS", "QS", "JS", "AH"]    # top of the draw pile
    assert g.events[-1] == ("play", 40, 0, g.parse_action("6C>L"), 1)
    assert g.event_text(g.events[-1]) == "     40 ms  player 1 plays 6C>L, draws 1"
    assert_all_cards_accounted(g)


def test_sp3_no_refill_from_empty_draw():
    g = position(("6C 8D KS", "2H 2D 2S 4H 3D"), ("7H", "5S"))
    play(g, 40, 0, "6C>L")
    assert hand_labels(g, 0) == ["8D", "KS"]
    assert g.events[-1] == ("play", 40, 0, g.parse_action("6C>L"), 0)


# -- SP-4 stand still -------------------------------------------------------------------
def _standstill_position(options=None):
    # seat 0 holds only a king (stuck on 2 and 9); seat 1 can play 3H on 2C, then is stuck
    return position(("KS", "3H 5H"), ("2C", "9D"), spits=("7C 4C", "JD"), options=options)


def test_sp4_no_stand_still_while_one_player_can_play():
    g = _standstill_position()
    assert not g.can_play(0) and g.can_play(1)
    assert g.standstills == 0 and g.to_move() == (1,)
    assert top_labels(g) == ["2C", "9D"]


def test_sp4_stand_still_when_neither_can_play_and_flip_with_empty_spit_pile():
    g = _standstill_position()
    play(g, 900, 1, "3H>L")
    # Neither can play: both flip onto their own piles (seat 0 -> R, seat 1 -> L).
    # Still stuck: seat 0 flips again; seat 1's spit pile is empty and flips nothing.
    assert g.standstills == 2
    flips = [e for e in g.events if e[0] == "flip"]
    assert [(e[1], e[2], g.action_label(e[3])) for e in flips] == [
        (900, 0, "7C>R"), (900, 1, "JD>L"), (900, 0, "4C>R")]
    assert g.event_text(flips[0]) == "    900 ms  player 1 flips 7C>R"
    assert top_labels(g) == ["JD", "4C"]
    assert g.n_spit == [0, 0]
    assert g.to_move() == (1,) and g.action_label(g.legal_actions(1)[0]) == "5H>R"
    assert_all_cards_accounted(g)


# -- SP-6 winning ------------------------------------------------------------------------
def test_sp6_round_won_at_the_very_last_card():
    g = position(("3H 4H 5H 6H 7H", "KS QS"), ("2C", "9D"), draws=("8H", ""))
    t = 0
    for label in ("3H>L", "4H>L", "5H>L", "6H>L", "7H>L"):
        t += 250
        play(g, t, 0, label)
        assert not g.is_over()
    assert g.n_hand[0] == 1 and g.n_draw[0] == 0
    play(g, 1500, 0, "8H>L")           # the last card of hand and draw pile
    assert g.is_over()
    r = g.result()
    assert r["winners"] == [0] and r["rounds"][0]["reason"] == "emptied"
    assert r["rounds"][0]["t_ms"] == 1500
    assert r["scores"] == [20, 0]      # SP-7: K + Q left in the loser's hand
    assert_all_cards_accounted(g)
    assert g.to_move() == () and g.legal_actions(1) == []


def test_sp6_the_spit_pile_need_not_be_empty_to_win():
    g = position(("3H", "KS"), ("2C", "9D"), spits=("5S 6S", "7S"))
    play(g, 10, 0, "3H>L")
    assert g.is_over() and g.result()["winners"] == [0]


# -- the action interface ------------------------------------------------------------------
def test_action_labels_round_trip():
    g = Speed(None, 1)
    for a in g.all_action_ids():
        assert g.parse_action(g.action_label(a)) == a
    assert g.action_label(play_action(card("7H"), PILE_L)) == "7H>L"
    assert g.action_label(play_action(card("10S"), PILE_R)) == "10S>R"
    assert g.action_label(SPIT) == "spit"
    assert len(g.all_action_ids()) == 105


def test_untimed_apply_happens_at_the_last_time():
    g = position(("6C 5C KS QS JS", "2H 2D 2S 2C 3D"), ("7H", "AS"))
    play(g, 300, 0, "6C>L")
    g.apply(0, g.parse_action("5C>L"))
    assert g.timed_history == [(300, 0, g.parse_action("6C>L")), (300, 0, g.parse_action("5C>L"))]
    assert g.history == [(0, g.parse_action("6C>L")), (0, g.parse_action("5C>L"))]


def test_observation_is_new_and_hides_the_opponent():
    g = position(("6C 8D KS QS JS", "2H 2D 2S 2C 3D"), ("7H", "5S"),
                 draws=("AH AD 4C", "10C 10D 10H 10S 9D"), spits=("9H", "9S"))
    o = g.observation(0)
    assert o["seat"] == 0 and o["phase"] == "play"
    assert sorted(o["hand"]) == sorted([card(t) for t in "6C 8D KS QS JS".split()])
    assert o["tops"] == [card("7H"), card("5S")]
    assert o["hand_counts"] == [5, 5] and o["draw_counts"] == [3, 5] and o["spit_counts"] == [1, 1]
    assert o["legal"] == g.legal_actions(0)
    keys = sorted(o.keys())
    assert keys == sorted(["seat", "phase", "round", "t", "legal", "hand", "tops", "own_pile",
                           "hand_counts", "draw_counts", "spit_counts", "scores", "spit_called",
                           "emptied", "standstills", "respits", "options"]), keys
    o["hand"].append(99)
    assert g.observation(0)["hand"] != o["hand"]
    o1 = g.observation(1)
    for c in "6C 8D KS QS JS".split():
        assert card(c) not in o1["hand"]
