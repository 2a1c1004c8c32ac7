"""Reds: end of the game, tie rounds (R-6) and partnerships (R-7).
Runs on CPython and both MicroPython ports."""
import json

from core.games.reds.rules import Reds
from test_reds_kit import RandomPolicy, run


def test_tie_after_last_round_leads_to_an_extra_round():
    # Seed found by searching (RandomPolicy(seed) for every seat): tied after round 9.
    g = Reds({"players": 2}, 25)
    run(g, RandomPolicy(25))
    res = g.result()
    assert g.round_no == 10 and len(res["rounds"]) == 10
    after9 = [sum([r["points"][s] for r in res["rounds"][:9]]) for s in range(2)]
    assert after9[0] == after9[1]                       # ruling R-6
    extra = res["rounds"][9]
    assert extra["extra"] and extra["exchange"] == [0, "none"]
    assert extra["dealer"] == (res["rounds"][8]["dealer"] + 1) % 2
    assert res["tiebreak"] == "tied after round 9; extra round 10 decided"
    assert res["scores"][res["winners"][0]] > res["scores"][1 - res["winners"][0]]
    assert [e for e in g.events if e[0] == "tie"] == [("tie", (0, 1))]


def test_team_tie_in_the_partnership_game():
    g = Reds({"players": 4, "partnership": True}, 69)
    run(g, RandomPolicy(69))
    res = g.result()
    after9 = [0, 0]
    for r in res["rounds"][:9]:
        for s in range(4):
            after9[s % 2] += r["points"][s]
    assert after9[0] == after9[1] and g.round_no == 10
    assert res["tiebreak"] == "tied after round 9; extra round 10 decided"
    t = 0 if res["team_scores"][0] > res["team_scores"][1] else 1
    assert res["winners"] == [t, t + 2] and res["ranking"][:2] == sorted([t, t + 2], key=lambda s: -g.scores[s])


class _Flat(Reds):
    """Every round scores 0 for everybody, so first place stays tied (test hook)."""

    def _points(self, bid, took):
        return 0


def test_still_tied_after_nine_extra_rounds_is_a_shared_win():
    for opts, regular in (({"players": 3}, 9), ({"players": 4, "partnership": True, "short_game": True}, 5)):
        g = _Flat(opts, 23)
        run(g, RandomPolicy(23))
        res = g.result()
        assert g.round_no == regular + 9                      # ruling R-6
        assert res["tiebreak"] == "still tied after 9 extra rounds: shared win"
        assert res["winners"] == list(range(g.n_players))
        assert [r["extra"] for r in res["rounds"]] == [False] * regular + [True] * 9


def test_clear_winner_and_result_shape():
    g = Reds({"players": 5, "short_game": True}, 24)
    run(g, RandomPolicy(24))
    res = json.loads(json.dumps(g.result()))
    assert res["over"] and len(res["rounds"]) == g.round_no
    totals = [sum([r["points"][s] for r in res["rounds"]]) for s in range(5)]
    assert totals == res["scores"]
    assert sorted(res["ranking"]) == list(range(5))
    best = max(res["scores"])
    assert res["winners"] == [s for s in range(5) if res["scores"][s] == best]
    if g.round_no == 5:
        assert res["tiebreak"] == "clear winner after round 5"
    assert res["team_scores"] == [] and res["teams"] == []
