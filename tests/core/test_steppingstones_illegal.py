"""Stepping Stones: illegal actions raise IllegalAction with a clear message and leave the
state unchanged; observations hold what the seat may know and nothing else (T-3)."""
from test_steppingstones_helpers import (CAROL, DAVID, SCOTT, act, assert_illegal, deal, declare, new_game,
                                         play, play_random, set_hands)


def test_illegal_wrong_seat():
    g = new_game(CAROL)
    assert_illegal(g, DAVID, "pass", ["seat 1 does not decide now"])


def test_illegal_wrong_phase():
    g = new_game(CAROL)
    set_hands(g, deal({CAROL: "8C"}))
    assert_illegal(g, CAROL, "8C", ["card play", "bid phase"])
    assert_illegal(g, CAROL, "rank:9high", ["ranking"])
    assert_illegal(g, CAROL, "trump:S", ["trump"])
    act(g, CAROL, "bid:win_pick")
    assert_illegal(g, CAROL, "trump:S", ["ranking", "before the trump"])
    assert_illegal(g, CAROL, "bid:win_nt", ["bidding is over"])
    act(g, CAROL, "rank:9high")
    assert_illegal(g, CAROL, "rank:1high", ["trump phase"])
    act(g, CAROL, "trump:S")
    assert_illegal(g, CAROL, "pass", ["not a card", "play a card"])
    assert_illegal(g, CAROL, "trump:H", ["not a card"])


def test_illegal_card_not_held():
    g = new_game(CAROL)
    set_hands(g, deal({CAROL: "8C", DAVID: "9C"}))
    declare(g, CAROL, "bid:win_nt", "rank:9high")
    assert_illegal(g, CAROL, "9C", ["9C is not in seat 0's hand"])
    play(g, CAROL, "8C")
    assert_illegal(g, DAVID, "8C", ["not in seat 1's hand"])


def test_illegal_not_an_action():
    g = new_game(CAROL)
    assert_illegal(g, CAROL, 200, ["not a Stepping Stones action"])
    assert_illegal(g, CAROL, 0x0A, ["not a Stepping Stones action"])   # rank 10 of no deck


def test_illegal_contract_of_other_set():
    g = new_game(CAROL)
    assert_illegal(g, CAROL, "bid:win_may", ["not a contract of the starter set", "SS-1"])
    g2 = new_game(CAROL, {"contracts": "advanced"})
    assert_illegal(g2, CAROL, "bid:win_last6", ["advanced set"])


def test_illegal_redo_cases():
    g = new_game(CAROL)
    g.results[CAROL][1] = 3
    assert_illegal(g, CAROL, "redo:win_nt", ["Redo variant is not in play"])
    g = new_game(CAROL, {"redo": True})
    assert_illegal(g, CAROL, "redo:win_nt", ["cannot redo win_nt", "not completed"])
    g.results[CAROL][1] = 3
    g.tokens[CAROL] = 0
    assert_illegal(g, CAROL, "redo:win_nt", ["no redo token"])


def test_illegal_after_game_over():
    g = play_random({}, 3)
    assert_illegal(g, g.forehand, "pass", ["game is over"])


def test_observation_hides_other_hands():
    # Ruling T-3: swapping David's and Scott's hands changes nothing Carol can see.
    hands = deal({CAROL: "1S 2S 3S"})
    g1 = new_game(CAROL)
    g2 = new_game(CAROL)
    set_hands(g1, hands)
    set_hands(g2, [hands[0], hands[2], hands[1]])
    assert g1.observation(CAROL) == g2.observation(CAROL)
    assert g1.observation(DAVID) != g2.observation(DAVID)
    obs = g1.observation(CAROL)
    assert sorted(obs["hand"]) == sorted(hands[0])
    text = repr(obs)
    for key in obs:
        assert key in ("seat", "phase", "legal", "hand", "hand_no", "forehand", "bidder", "passed",
                       "puddle", "declarer", "contract", "redo_hand", "rank", "trump", "trick_no",
                       "trick", "trick_low", "last_trick", "played", "tricks_won", "declarer_tricks",
                       "tokens", "scoresheet", "scores"), key
    assert "hands" not in text


def test_observation_is_a_copy():
    g = new_game(CAROL)
    obs = g.observation(CAROL)
    before = g.observation(CAROL)
    obs["hand"].clear()
    obs["legal"].append(3)
    obs["tokens"].append(9)
    obs["scoresheet"][0]["tricks"][0] = 12
    assert g.observation(CAROL) == before


def test_observation_legal_only_for_mover():
    g = new_game(CAROL)
    assert g.observation(DAVID)["legal"] == [] and g.observation(CAROL)["legal"]


def test_observation_sees_played_cards_and_trick():
    g = new_game(CAROL)
    set_hands(g, deal({CAROL: "8C", DAVID: "9C", SCOTT: "2S"}, {SCOTT: "C"}))
    declare(g, CAROL, "bid:win_nt", "rank:9high")
    play(g, CAROL, "8C")
    obs = g.observation(SCOTT)
    assert obs["trick"] == [[CAROL, g.parse_action("8C")]]
    assert obs["played"] == [0, 0, 0, 1 << 7]       # per-suit masks: 8C
    assert obs["rank"] == "9high" and obs["contract"] == "win_nt" and obs["trump"] is None
