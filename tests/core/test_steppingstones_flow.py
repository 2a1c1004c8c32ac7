"""Stepping Stones flow: bidding and the puddle (SS-3), forehand rotation and the end of
the game (SS-4), options.  Carol 0, David 1, Scott 2."""
from core.games.steppingstones.rules import PASS, SteppingStones
from test_steppingstones_helpers import (CAROL, DAVID, SCOTT, act, assert_illegal, declare, labels, new_game,
                                         play_out)


def _finish(g, seat):
    for row in range(4):
        g.results[seat][row] = 4


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
