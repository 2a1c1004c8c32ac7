"""Speed Run scoring: the rulebook's examples, Least/Middle/Most, Perfect Bonus, Pass,
Redo, Contract Reveal and the end-of-game tie-breaks (rulings SR-4..SR-7, SR-10, SR-11)."""
from core.games.speedrun.defs import contract_diff, contract_score, B_LEAST, B_MIDDLE, B_MOST
from test_speedrun_util import (EMMY, NEIL, MELANIE, act, select, bid_all, finish_hand,
                                expect_illegal, new_game)


def sheet(game, seat, board_name):
    """(tricks, score) written on the seat's scoresheet for a board, or None."""
    obs = game.observation(seat)
    b = ["win0", "win1", "win4", "win5", "win7", "win9", "least", "middle", "most"].index(board_name)
    t = obs["sheet_tricks"][seat][b]
    return None if t is None else (t, obs["sheet_scores"][seat][b])


def play_hand(game, bids, tricks, reveals=None):
    select(game, "trump:none", "rank:10-high")
    bid_all(game, bids)
    if reveals is not None:
        for seat in range(3):
            act(game, seat, reveals[seat])
    finish_hand(game, tricks)


def last_scores(game):
    return [e for e in game.events if e[0] == "score"][-3:]


def test_rulebook_example_1_win1_with_2_tricks_scores_1():
    g = new_game()
    play_hand(g, ["contract:win1", "contract:win0", "contract:win0"], [2, 5, 5])
    assert sheet(g, EMMY, "win1") == (2, 1)
    assert g.totals()[EMMY] == 1


def test_rulebook_example_2_win4_with_4_tricks_perfect_bonus_minus_2():
    g = new_game()
    play_hand(g, ["contract:win0", "contract:win4", "contract:win0"], [4, 4, 4])
    assert sheet(g, NEIL, "win4") == (4, -2)   # ruling SR-5


def test_appendix_most_example_neil_needs_one_more():
    # Neil 5, Melanie 6, Emmy 1: Neil's difference is 1 (ruling SR-4).
    g = new_game({"length": "long"})
    play_hand(g, ["contract:win0", "contract:most", "contract:win0"], [1, 5, 6])
    assert sheet(g, NEIL, "most") == (5, 1)
    assert contract_diff(B_MOST, 5, 1, 6) == 1


def test_appendix_least_example_melanie_perfect():
    # Melanie 2, Neil 7, Emmy 3: she won the least, difference 0, scores -2.
    g = new_game({"length": "long"})
    play_hand(g, ["contract:win0", "contract:win0", "contract:least"], [3, 7, 2])
    assert sheet(g, MELANIE, "least") == (2, -2)


def test_least_middle_most_ties_count_as_achieving():
    # ruling SR-4: ties are fine; otherwise the distance to a tie.
    assert contract_diff(B_MOST, 4, 4, 4) == 0
    assert contract_diff(B_MOST, 3, 2, 7) == 4
    assert contract_diff(B_LEAST, 4, 4, 4) == 0
    assert contract_diff(B_LEAST, 5, 3, 4) == 2
    assert contract_diff(B_LEAST, 0, 5, 7) == 0
    assert contract_diff(B_MIDDLE, 4, 4, 4) == 0
    assert contract_diff(B_MIDDLE, 5, 2, 5) == 0
    assert contract_diff(B_MIDDLE, 9, 1, 2) == 7     # above: m - hi
    assert contract_diff(B_MIDDLE, 1, 3, 8) == 2     # below: lo - m
    assert contract_diff(B_MIDDLE, 0, 6, 6) == 6


def test_win_n_differences():
    for board, target in ((0, 0), (1, 1), (2, 4), (3, 5), (4, 7), (5, 9)):
        for mine in range(13):
            assert contract_diff(board, mine, 0, 12) == abs(mine - target)


def test_perfect_bonus_and_reveal_doubling_values():
    assert contract_score(0, False) == -2      # ruling SR-5
    assert contract_score(0, True) == -4
    assert contract_score(3, False) == 3
    assert contract_score(3, True) == 6


def test_middle_through_the_engine():
    g = new_game({"length": "long"})
    play_hand(g, ["contract:middle", "contract:middle", "contract:middle"], [1, 3, 8])
    assert sheet(g, EMMY, "middle") == (1, 2)
    assert sheet(g, NEIL, "middle") == (3, -2)
    assert sheet(g, MELANIE, "middle") == (8, 5)


def test_pass_plays_the_hand_scores_nothing_completes_nothing():
    # ruling SR-6
    g = new_game({"length": "short"})
    play_hand(g, ["pass", "contract:win0", "contract:win0"], [6, 3, 3])
    assert g.totals()[EMMY] == 0
    assert g.observation(EMMY)["unplayed"][EMMY] == ["win0", "win1", "win4", "win5", "win7"]
    assert g.observation(EMMY)["passes_left"] == [0, 1, 1]
    assert g.hand_points[0][EMMY] == 0
    assert last_scores(g)[0] == ("score", EMMY, "pass", 6, 0, 0, False)
    # The short game's single Pass card is spent.
    select(g, "trump:none", "rank:10-high")
    assert g.parse_action("pass") not in g.legal_actions(EMMY)
    expect_illegal(g, EMMY, g.parse_action("pass"), ["no Pass card left"])


def _redo_game(first_tricks, redo_tricks, reveal=None):
    """Emmy plays Win 1 with `first_tricks` tricks, then redoes it with `redo_tricks`."""
    opts = {"reveal": True} if reveal is not None else None
    g = new_game(opts)
    no = ["noreveal"] * 3 if reveal is not None else None
    play_hand(g, ["contract:win1", "contract:win0", "contract:win0"],
              [first_tricks, 12 - first_tricks, 0], no)
    play_hand(g, ["redo:win1", "contract:win4", "contract:win4"],
              [redo_tricks, 12 - redo_tricks, 0],
              None if reveal is None else [reveal, "noreveal", "noreveal"])
    return g


def test_redo_better_result_replaces_the_sheet():
    # Rulebook: 5 tricks (score 4), Redo with 2 tricks (score 1): write 2 and 1.
    g = _redo_game(5, 2)
    assert sheet(g, EMMY, "win1") == (2, 1)
    assert g.totals()[EMMY] == 1
    assert g.hand_points[1][EMMY] == -3


def test_redo_worse_result_keeps_the_original():
    # Rulebook: 5 tricks (score 4), Redo with 6 tricks (score 5): keep 5 and 4.
    g = _redo_game(5, 6)
    assert sheet(g, EMMY, "win1") == (5, 4)
    assert g.hand_points[1][EMMY] == 0


def test_redo_tie_keeps_the_original():
    # ruling SR-7: an equal score keeps the first result (Win 4: 2 tricks and 6 tricks).
    g = new_game()
    play_hand(g, ["contract:win4", "contract:win0", "contract:win0"], [2, 10, 0])
    play_hand(g, ["redo:win4", "contract:win1", "contract:win1"], [6, 6, 0])
    assert sheet(g, EMMY, "win4") == (2, 2)
    assert [e for e in g.events if e[0] == "score"][-3] == ("score", EMMY, "redo:win4", 6, 2, 2, False)


def test_redo_completes_nothing_new_and_spends_the_card():
    g = _redo_game(5, 2)
    obs = g.observation(EMMY)
    assert obs["redos_left"][EMMY] == 0
    assert g.result()["contracts_completed"][EMMY] == 1   # ruling SR-10: a Redo adds none


def test_redo_illegal_with_nothing_completed():
    # ruling SR-7: the very first hand has nothing to redo.
    g = new_game()
    select(g, "trump:S", "rank:1-high")
    legal = g.legal_actions(EMMY)
    for b in range(9):
        assert 90 + b not in legal
    expect_illegal(g, EMMY, g.parse_action("redo:win1"), ["completed none", "SR-7"])


def test_redo_of_a_contract_not_completed_is_illegal():
    g = new_game()
    play_hand(g, ["contract:win1", "contract:win0", "contract:win0"], [1, 11, 0])
    select(g, "trump:none", "rank:10-high")
    assert g.parse_action("redo:win1") in g.legal_actions(EMMY)
    expect_illegal(g, EMMY, g.parse_action("redo:win4"), ["not completed contract win4"])


def test_completed_contract_cannot_be_bid_again():
    g = new_game()
    play_hand(g, ["contract:win1", "contract:win0", "contract:win0"], [1, 11, 0])
    select(g, "trump:none", "rank:10-high")
    assert g.parse_action("contract:win1") not in g.legal_actions(EMMY)
    expect_illegal(g, EMMY, g.parse_action("contract:win1"), ["already completed", "win1"])


def test_contract_reveal_doubles_a_miss():
    g = new_game({"reveal": True})
    play_hand(g, ["contract:win1", "contract:win0", "contract:win0"], [4, 8, 0],
              ["reveal", "noreveal", "noreveal"])
    assert sheet(g, EMMY, "win1") == (4, 6)


def test_contract_reveal_perfect_scores_minus_4():
    # ruling SR-5: a revealed Perfect Bonus is -4.
    g = new_game({"reveal": True})
    play_hand(g, ["contract:win0", "contract:win4", "contract:win0"], [0, 4, 8],
              ["reveal", "reveal", "noreveal"])
    assert sheet(g, EMMY, "win0") == (0, -4)
    assert sheet(g, NEIL, "win4") == (4, -4)
    assert sheet(g, MELANIE, "win0") == (8, 8)


def test_pass_cannot_be_revealed():
    # ruling SR-6
    g = new_game({"reveal": True})
    select(g, "trump:none", "rank:10-high")
    bid_all(g, ["pass", "contract:win0", "contract:win0"])
    assert g.observation(EMMY)["phase"] == "reveal"
    assert g.legal_actions(EMMY) == [g.parse_action("noreveal")]
    expect_illegal(g, EMMY, g.parse_action("reveal"), ["Pass", "cannot be revealed"])
    assert g.legal_actions(NEIL) == [g.parse_action("reveal"), g.parse_action("noreveal")]


def test_redo_revealed_doubles_the_compared_score():
    # rulings SR-7, SR-11: the compared score is the doubled one.  First Win 1 with 3
    # tricks (2); a revealed Redo with 2 tricks scores 2 * 1 = 2: a tie, the first stays.
    g = _redo_game(3, 2, "reveal")
    assert sheet(g, EMMY, "win1") == (3, 2)
    # A revealed perfect Redo (-4) beats it.
    g = _redo_game(3, 1, "reveal")
    assert sheet(g, EMMY, "win1") == (1, -4)
    assert ("reveal", EMMY, "win1") in g.events


def test_two_redos_may_redo_the_same_contract_twice():
    # ruling SR-11 (long game: two Redo cards).
    g = new_game({"length": "long"})
    play_hand(g, ["contract:win1", "contract:win0", "contract:win0"], [6, 6, 0])
    play_hand(g, ["redo:win1", "contract:win1", "contract:win1"], [4, 8, 0])
    assert sheet(g, EMMY, "win1") == (4, 3)
    select(g, "trump:none", "rank:10-high")
    assert g.parse_action("redo:win1") in g.legal_actions(EMMY)
    bid_all(g, ["redo:win1", "contract:win4", "contract:win4"])
    finish_hand(g, [1, 11, 0])
    assert sheet(g, EMMY, "win1") == (1, -2)
    select(g, "trump:none", "rank:10-high")
    assert g.observation(EMMY)["redos_left"][EMMY] == 0
    expect_illegal(g, EMMY, g.parse_action("redo:win1"), ["no Redo card left"])


def _final(game, sheets, unplayed=None):
    """Force the end of the game with the given scoresheets (seat -> {board: score}),
    to test the tie-breaks alone."""
    for s in range(3):
        for b in range(9):
            game.sheet_tricks[s * 9 + b] = 0xFF
            game.sheet_score[s * 9 + b] = 0
        for b in sheets[s]:
            game.sheet_tricks[s * 9 + b] = 0
            game.sheet_score[s * 9 + b] = sheets[s][b]
        done = 0
        for b in sheets[s]:
            done |= 1 << b
        game.unplayed[s] = game.boards & ~done
    game.phase = 4
    return game.result()


def test_tiebreak_lowest_total():
    r = _final(new_game(), [{0: 3}, {0: 1}, {0: 2}])
    assert r["ranking"] == [1, 2, 0] and r["winners"] == [1]
    assert r["tiebreak"] == "lowest total"


def test_tiebreak_most_contracts_completed():
    # ruling SR-10
    r = _final(new_game(), [{0: 2, 1: -2}, {0: 1, 1: 1, 2: -2}, {0: 3}])
    assert r["scores"] == [0, 0, 3]
    assert r["contracts_completed"] == [2, 3, 1]
    assert r["winners"] == [1] and r["ranking"] == [1, 0, 2]
    assert "most contracts completed" in r["tiebreak"]


def test_tiebreak_most_perfect_bonuses():
    r = _final(new_game(), [{0: 4, 1: -2, 2: -2}, {0: 1, 1: 1, 2: -2}, {0: 5, 1: 3, 2: 1}])
    # Both total 0 with 3 contracts; seat 0 has 2 Perfect Bonuses, seat 1 has 1.
    assert r["scores"][0] == r["scores"][1] == 0
    assert r["perfect_bonuses"] == [2, 1, 0]
    assert r["winners"] == [0] and r["ranking"][:2] == [0, 1]
    assert "Perfect Bonuses" in r["tiebreak"]


def test_tiebreak_shared_victory():
    r = _final(new_game(), [{0: 1, 1: -2}, {2: 1, 3: -2}, {0: 5}])
    assert r["winners"] == [0, 1]
    assert "shared" in r["tiebreak"]


def test_replaced_perfect_no_longer_counts():
    # ruling SR-10: only results on the final scoresheet count; here a Redo improved a
    # result, and the counts come from the sheet, not from every hand played.
    g = _redo_game(5, 1)
    assert sheet(g, EMMY, "win1") == (1, -2)
    assert g.result()["perfect_bonuses"][EMMY] == 1
