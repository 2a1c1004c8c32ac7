"""The Speed arbiter: simultaneous plays resolved by arrival order (ruling SP-9)."""
from core.games.speed.rules import Speed, SPIT
from core.games.speed.arbiter import SpeedArbiter
from test_speed_support import position, hand_labels, top_labels, assert_all_cards_accounted


def test_sp9_two_plays_onto_the_same_pile_at_the_same_instant():
    # Both players see 2C on the left pile and play a 3 onto it at t = 1000 ms.
    g = position(("3H KS QS JS 7C", "3S 4S 9H 9S 8C"), ("2C", "9D"))
    arb = SpeedArbiter(g)
    assert arb.submit(1000, 0, g.parse_action("3H>L")) is None
    why = arb.submit(1000, 1, g.parse_action("3S>L"))
    assert why == "3S is not adjacent to 3H or 9D"
    assert arb.last_reason[1] == why and arb.last_reason[0] is None
    assert top_labels(g) == ["3H", "9D"]
    assert "3S" in hand_labels(g, 1)            # the loser's card stays in hand
    assert arb.accepted == 1 and arb.rejected == 1
    assert [(t, s) for t, s, a in g.timed_history] == [(1000, 0)]
    assert_all_cards_accounted(g)


def test_sp9_arrival_order_decides_not_the_seat():
    g = position(("3H KS QS JS 7C", "AS 4S 9H 9S 8C"), ("2C", "9D"))
    arb = SpeedArbiter(g)
    assert arb.submit(500, 1, g.parse_action("AS>L")) is None     # seat 1 arrives first
    why = arb.submit(500, 0, g.parse_action("3H>L"))
    assert why == "3H is not adjacent to AS or 9D"
    assert top_labels(g) == ["AS", "9D"] and "3H" in hand_labels(g, 0)


def test_sp9_late_stamp_is_played_at_arrival():
    g = position(("3H 4H QS JS 7C", "8S 4S 9H 9S 8C"), ("2C", "9D"))
    arb = SpeedArbiter(g)
    assert arb.submit(1000, 1, g.parse_action("8S>R")) is None
    assert arb.submit(900, 0, g.parse_action("3H>L")) is None      # slow link: stamped 900
    assert [t for t, s, a in g.timed_history] == [1000, 1000]


def test_sp6_both_would_empty_at_the_same_instant_earlier_play_wins():
    g = position(("3H", "10S"), ("2C", "9D"))
    arb = SpeedArbiter(g)
    assert arb.submit(800, 1, g.parse_action("10S>R")) is None
    assert arb.submit(800, 0, g.parse_action("3H>L")) == "the game is over"
    assert g.result()["winners"] == [1] and hand_labels(g, 0) == ["3H"]


def test_sp9_play_meant_for_a_finished_round_is_refused():
    g = position(("3H", "10S KS"), ("2C", "9D"), options={"target": 50})
    arb = SpeedArbiter(g)
    assert arb.submit(800, 0, g.parse_action("3H>L"), 1) is None
    assert g.round_no == 2 and not g.is_over()
    legal = g.legal_actions(1) or g.legal_actions(0)
    seat = 1 if g.legal_actions(1) else 0
    why = arb.submit(10, seat, legal[0], 1)
    assert why == "that action was meant for round 1; round 2 is being played"
    assert arb.submit(10, seat, legal[0], 2) is None


def test_arbiter_refuses_garbage_without_changing_anything():
    g = position(("3H KS QS JS 7C", "3S 4S 9H 9S 8C"), ("2C", "9D"))
    arb = SpeedArbiter(g)
    for seat, action in ((0, 9999), (0, -1), (5, 6), (0, SPIT), (1, "3S>L"), (0, None)):
        assert arb.submit(100, seat, action) is not None
    assert arb.submit(-5, 0, g.parse_action("3H>L")) is not None
    assert arb.accepted == 0 and len(g.timed_history) == 0
    assert_all_cards_accounted(g)


def test_a_bot_refused_without_explaining_loads_no_refusal_texts():
    """A bot loses a race every round: submit(explain=False) refuses it with REFUSED and
    leaves the refusal texts (core/games/speed/why.py, ~2.6 KB of heap) unloaded."""
    import sys
    from core.games.speed.arbiter import REFUSED
    for name in ("core.games.speed.why", "core.refusal"):
        if name in sys.modules:
            del sys.modules[name]
    g = position(("3H KS QS JS 7C", "3S 4S 9H 9S 8C"), ("2C", "9D"))
    arb = SpeedArbiter(g)
    assert arb.submit(1000, 0, g.parse_action("3H>L"), 0, False) is None
    assert arb.submit(1000, 1, g.parse_action("3S>L"), 0, False) == REFUSED
    assert "core.games.speed.why" not in sys.modules and arb.rejected == 1
    assert "3S" in hand_labels(g, 1) and top_labels(g) == ["3H", "9D"]
