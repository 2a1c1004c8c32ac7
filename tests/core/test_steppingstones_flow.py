"""Stepping Stones flow: bidding and the puddle (SS-3), forehand rotation (SS-4), illegal
actions, hidden information (T-3), options, labels and records.  Carol 0, David 1, Scott 2."""
from core.bots import RandomBot
from core.record import RecordError, record_lines, replay_lines
from core.steppingstones import PASS, SteppingStones
from test_steppingstones_helpers import (CAROL, DAVID, SCOTT, act, assert_illegal, deal, declare, labels,
                                         new_game, play, play_out, set_hands)


def _finish(g, seat):
    for row in range(4):
        g.results[seat][row] = 4


def _play_game(options, seed, bot_seed=0, hands=99):
    """Random bots play `hands` hands, or to the end."""
    g = SteppingStones(options, seed)
    bots = [RandomBot(bot_seed + i) for i in range(3)]
    while not g.is_over() and g.hand_no <= hands:
        seat = g.to_move()[0]
        g.apply(seat, bots[seat].choose(g.observation(seat)))
    return g


def test_bidding_starts_with_forehand_then_clockwise():
    g = new_game(SCOTT)
    assert g.to_move() == (SCOTT,)
    act(g, SCOTT, "pass")
    assert g.to_move() == (CAROL,)
    act(g, CAROL, "pass")
    assert g.to_move() == (DAVID,)
    act(g, DAVID, "bid:lose_nt")
    assert g.observation(CAROL)["declarer"] == DAVID
    assert g.observation(CAROL)["phase"] == "rank"
    assert g.observation(SCOTT)["passed"] == [CAROL, SCOTT]


def test_puddle_forehand_must_bid():
    # Ruling SS-3: all three pass -> the forehand is in the puddle and must bid.
    g = new_game(CAROL)
    for seat in (CAROL, DAVID, SCOTT):
        act(g, seat, "pass")
    obs = g.observation(CAROL)
    assert obs["puddle"] is True and obs["bidder"] == CAROL
    assert PASS not in obs["legal"]
    assert labels(g, obs["legal"]) == ["bid:lose_nt", "bid:win_last6", "bid:win_nt", "bid:win_pick"]
    assert_illegal(g, CAROL, "pass", ["puddle", "must bid"])
    declare(g, CAROL, "bid:win_nt", "rank:1high")
    assert g.to_move() == (CAROL,) and g.observation(DAVID)["declarer"] == CAROL
    assert ("puddle", CAROL) in list(g.events)


def test_cannot_bid_completed_contract():
    g = new_game(CAROL)
    g.results[CAROL][1] = 5
    assert "bid:win_nt" not in labels(g, g.legal_actions(CAROL))
    assert_illegal(g, CAROL, "bid:win_nt", ["already completed win_nt"])


def test_finished_player_must_pass():
    # Ruling SS-3: David has completed every contract: his turn to bid is a forced pass.
    g = new_game(CAROL)
    _finish(g, DAVID)
    act(g, CAROL, "pass")
    assert g.to_move() == (SCOTT,)
    assert ("pass", DAVID, "forced") in list(g.events)
    assert len(g.history) == 1      # the forced pass is not a decision in the record


def test_finished_player_with_token_may_bid_redo():
    g = new_game(CAROL, {"redo": True})
    _finish(g, DAVID)
    act(g, CAROL, "pass")
    assert g.to_move() == (DAVID,)
    assert labels(g, g.legal_actions(DAVID)) == ["pass", "redo:lose_nt", "redo:win_last6",
                                                 "redo:win_nt", "redo:win_pick"]
    assert_illegal(g, DAVID, "bid:win_nt", ["already completed"])


def test_forehand_passes_clockwise():
    g = new_game(CAROL)
    declare(g, CAROL, "bid:win_nt", "rank:9high")
    play_out(g)
    assert g.forehand == DAVID and g.to_move() == (DAVID,) and g.hand_no == 2


def test_forehand_skips_finished_player():
    # Ruling SS-4: David completed all his contracts, so the forehand goes Carol -> Scott.
    g = new_game(CAROL)
    _finish(g, DAVID)
    declare(g, CAROL, "bid:win_nt", "rank:9high")
    play_out(g)
    assert g.forehand == SCOTT
    assert g.observation(CAROL)["forehand"] == SCOTT


def test_forehand_keeps_finished_player_holding_token():
    # Ruling SS-4 with Redo: David still holds his token, so he is not skipped.
    g = new_game(CAROL, {"redo": True})
    _finish(g, DAVID)
    declare(g, CAROL, "bid:win_nt", "rank:9high")
    play_out(g)
    assert g.forehand == DAVID


def test_forehand_skips_finished_player_without_token():
    g = new_game(CAROL, {"redo": True})
    _finish(g, DAVID)
    g.tokens[DAVID] = 0
    declare(g, CAROL, "bid:win_nt", "rank:9high")
    play_out(g)
    assert g.forehand == SCOTT


def test_game_ends_when_every_contract_is_completed():
    # Ruling SS-4: Scott's Lose Tricks is the last open contract of the game.
    g = new_game(CAROL, {"redo": True})
    for seat in range(3):
        _finish(g, seat)
    g.results[SCOTT][3] = -1
    act(g, CAROL, "pass")           # Carol and David still hold tokens: they may redo
    act(g, DAVID, "pass")
    declare(g, SCOTT, "bid:lose_nt", "rank:9high")
    play_out(g)
    assert g.is_over() and g.to_move() == ()
    assert g.observation(CAROL)["legal"] == [] and g.observation(CAROL)["phase"] == "over"
    assert list(g.tokens) == [1, 1, 1]    # unspent tokens simply stay (ruling SS-9)


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
    g = _play_game({}, 3)
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


def test_options_table():
    keys = [o.key for o in SteppingStones.OPTIONS]
    assert keys == ["contracts", "redo", "first_forehand"]
    assert SteppingStones.OPTIONS[0].default == "starter"     # ruling SS-1
    assert SteppingStones.OPTIONS[1].default is False
    assert SteppingStones.OPTIONS[2].default == "random"
    for f in range(3):
        assert SteppingStones({"first_forehand": str(f)}, 5).forehand == f


def test_random_first_forehand_comes_from_the_prng():
    seen = set()
    for seed in range(12):
        g = SteppingStones({}, seed)
        assert g.forehand == SteppingStones({}, seed).forehand
        seen.add(g.forehand)
    assert seen == {0, 1, 2}


def test_labels_round_trip():
    g = new_game(CAROL)
    ids = g.all_action_ids()
    assert len(ids) == 36 + 21
    names = set()
    for a in ids:
        label = g.action_label(a)
        names.add(label)
        assert g.parse_action(label) == a
        assert g.parse_action(label.lower()) == a
    assert len(names) == len(ids)
    assert g.action_label(PASS) == "pass"
    for t in ("bid:win_pick", "redo:lose_mustbeat", "rank:9high", "rank:1high", "trump:S", "7H", "1C"):
        assert t in names


def test_full_games_end_after_12_hands():
    for opts in ({}, {"contracts": "advanced"}):
        g = _play_game(opts, 11)
        assert g.is_over() and g.hand_no == 12
        res = g.result()
        assert all([None not in r["tricks"] for r in res["scoresheet"]])


def test_redo_games_end_within_15_hands():
    g = _play_game({"redo": True, "contracts": "advanced"}, 21)
    redos = len([e for e in g.events if e[0] == "redo"])
    assert g.is_over() and g.hand_no == 12 + redos <= 15


def test_record_replays_identically():
    # Two hands here (a whole game's record is a host test: it needs a bigger heap).
    g = _play_game({"redo": True}, 8, hands=2)
    lines = record_lines(g)
    g2 = replay_lines(lines)
    assert list(g2.history) == list(g.history)
    assert list(g2.events) == list(g.events)
    assert g2.result() == g.result()


def test_tampered_record_names_the_line():
    g = _play_game({}, 9, hands=2)
    lines = record_lines(g)
    # Line 4 holds the third action; replace it with an action nobody may take now.
    bad = list(lines)
    bad[3] = '{"seat": 0, "action": 99}'
    try:
        replay_lines(bad)
    except RecordError as exc:
        assert "line 4" in str(exc)
    else:
        raise AssertionError("tampered record accepted")
    bad = list(lines)
    bad[5] = bad[5].replace('"label": "', '"label": "x')
    try:
        replay_lines(bad)
    except RecordError as exc:
        assert "line 6" in str(exc)
    else:
        raise AssertionError("mislabelled record accepted")
