"""Stepping Stones scoring: game-point tables (SS-6), the end-of-game table and tie-breaks
(SS-10), the Redo variant (SS-9).  Carol 0, David 1, Scott 2."""
from core.games.steppingstones.result import standings
from core.games.steppingstones.rules import placed_first, row_points
from test_steppingstones_helpers import (CAROL, DAVID, SCOTT, act, deal, declare, last_event, new_game,
                                         play_out, set_hands)

TOP12 = " ".join(["%d%s" % (r, s) for s in "SHDC" for r in (7, 8, 9)])


def test_points_win_last_6_example():
    # Carol 1, David 3, Scott 5 -> -1, 1, 3.
    assert row_points([1, 3, 5], False) == [-1, 1, 3]


def test_points_win_tricks_two_tied_first():
    # Carol 8, David 8, Scott 4 -> 2, 2, -1.
    assert row_points([8, 8, 4], False) == [2, 2, -1]


def test_points_two_tied_last():
    assert row_points([3, 3, 0], False) == [2, 2, -1]      # the end-of-game table's Win Last 6
    assert row_points([6, 2, 2], False) == [3, 0, 0]
    assert row_points([1, 5, 5], True) == [3, 0, 0]        # Lose Tricks: fewer is better


def test_points_all_three_tied():
    assert row_points([4, 4, 4], False) == [1, 1, 1]
    assert row_points([0, 0, 0], True) == [1, 1, 1]


def test_points_lose_tricks_fewer_is_better():
    assert row_points([1, 3, 5], True) == [3, 1, -1]
    assert row_points([4, 4, 8], True) == [2, 2, -1]


def test_placed_first_counts_shared_firsts():
    assert placed_first([8, 8, 4], False) == [True, True, False]
    assert placed_first([4, 4, 4], True) == [True, True, True]
    assert placed_first([1, 5, 5], True) == [True, False, False]


def _end_of_game_sheet(g):
    # The rulebook's table (starter rows: Pick Trump, No Trump, Last 6, Lose Tricks).
    sheet = ((6, 4, 8), (2, 7, 6), (3, 3, 0), (1, 5, 5))
    for row in range(4):
        for seat in range(3):
            g.results[seat][row] = sheet[row][seat]


def test_end_of_game_table_carol_wins_5_4_3():
    g = new_game(CAROL)
    _end_of_game_sheet(g)
    res = g.result()
    assert [r["points"] for r in res["scoresheet"]] == [[1, -1, 3], [-1, 3, 1], [2, 2, -1], [3, 0, 0]]
    assert [r["tricks"] for r in res["scoresheet"]] == [[6, 4, 8], [2, 7, 6], [3, 3, 0], [1, 5, 5]]
    assert [r["contract"] for r in res["scoresheet"]] == ["win_pick", "win_nt", "win_last6", "lose_nt"]
    assert res["scores"] == [5, 4, 3]
    assert res["ranking"] == [CAROL, DAVID, SCOTT]
    assert res["winners"] == [CAROL]
    assert "most game points" in res["tiebreak"]


def test_totals_equal_sum_of_row_points():
    g = new_game(CAROL)
    _end_of_game_sheet(g)
    res = g.result()
    for seat in range(3):
        assert res["scores"][seat] == sum([r["points"][seat] for r in res["scoresheet"]])


def test_incomplete_row_scores_nothing():
    g = new_game(CAROL)
    g.results[CAROL][1] = 8
    g.results[DAVID][1] = 3
    res = g.result()
    assert res["scoresheet"][1]["points"] is None
    assert res["scoresheet"][1]["tricks"] == [8, 3, None]
    assert res["scores"] == [0, 0, 0]


def test_tiebreak_most_contracts_placed_first():
    # Ruling SS-10: tied totals -> most contracts placed first (a shared first counts).
    ranking, winners, why = standings([5, 5, 2], [2, 1, 0])
    assert winners == [0] and ranking == [0, 1, 2]
    assert "placed first" in why
    ranking, winners, why = standings([3, 6, 6], [1, 1, 2])
    assert winners == [2] and ranking == [2, 1, 0]


def test_tiebreak_shared_victory():
    ranking, winners, why = standings([4, 4, 4], [2, 2, 2])
    assert winners == [0, 1, 2]
    assert "shared victory" in why


def test_negative_scores_possible():
    ranking, winners, why = standings([-2, -1, -4], [0, 1, 0])
    assert winners == [1] and ranking == [1, 0, 2]


def test_redo_better_result_replaces_and_rescores_row():
    # Ruling SS-9 / SS-6: Carol had 2 tricks in Win Tricks (No Trump), David 7, Scott 6;
    # her redo takes all 12, so the row is re-scored from -1/3/1 to 3/1/-1.
    g = new_game(CAROL, {"redo": True})
    g.results[CAROL][1] = 2
    g.results[DAVID][1] = 7
    g.results[SCOTT][1] = 6
    assert g.result()["scoresheet"][1]["points"] == [-1, 3, 1]
    set_hands(g, deal({CAROL: TOP12}))
    declare(g, CAROL, "redo:win_nt", "rank:9high")
    assert list(g.tokens) == [0, 1, 1]
    assert g.observation(DAVID)["redo_hand"] is True
    play_out(g)
    assert last_event(g, "result") == ("result", CAROL, 12, 12)
    assert g.results[CAROL][1] == 12
    assert g.result()["scoresheet"][1]["points"] == [3, 1, -1]


def test_redo_worse_result_keeps_the_original():
    # Lose Tricks: Carol had 0; the redo with the 12 best cards wins tricks; 0 is kept.
    g = new_game(CAROL, {"redo": True})
    g.results[CAROL][3] = 0
    g.results[DAVID][3] = 5
    g.results[SCOTT][3] = 5
    set_hands(g, deal({CAROL: TOP12}))
    declare(g, CAROL, "redo:lose_nt", "rank:9high")
    play_out(g)
    ev = last_event(g, "result")
    assert ev[1] == CAROL and ev[2] > 0 and ev[3] == 0
    assert g.results[CAROL][3] == 0
    assert g.result()["scoresheet"][3]["points"] == [3, 0, 0]


def test_redo_rulebook_examples():
    from core.games.steppingstones.rules import better_result
    # Carol 2 then 8: updates to 8.  Carol 5 then 3: keeps 5.  Ties keep.
    assert better_result(8, 2, False)
    assert not better_result(3, 5, False)
    assert not better_result(5, 5, False)
    assert better_result(1, 4, True) and not better_result(4, 1, True)


def test_redo_hand_adds_a_hand():
    g = new_game(CAROL, {"redo": True})
    g.results[CAROL][0] = 3
    act(g, CAROL, "redo:win_pick")
    act(g, CAROL, "rank:9high")
    act(g, CAROL, "trump:H")
    play_out(g)
    # A redo completes no new contract: Carol still has 3 open contracts.
    assert [v >= 0 for v in g.results[CAROL]] == [True, False, False, False]
    assert g.hand_no == 2
