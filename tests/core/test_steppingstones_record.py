"""Stepping Stones: whole games end (12 hands, up to 15 with Redo), records replay, a
tampered record names its line, action labels round-trip."""
from core.record_json import record_lines
from core.replay import RecordError, replay_lines
from core.games.steppingstones.rules import PASS
from test_steppingstones_helpers import CAROL, new_game, play_random


def test_full_games_end_after_12_hands():
    for opts in ({}, {"contracts": "advanced"}):
        g = play_random(opts, 11)
        assert g.is_over() and g.hand_no == 12
        res = g.result()
        assert all([None not in r["tricks"] for r in res["scoresheet"]])


def test_redo_games_end_within_15_hands():
    g = play_random({"redo": True, "contracts": "advanced"}, 21)
    redos = len([e for e in g.events if e[0] == "redo"])
    assert g.is_over() and g.hand_no == 12 + redos <= 15


def test_record_replays_identically():
    # Two hands here (a whole game's record is a host test: it needs a bigger heap).
    g = play_random({"redo": True}, 8, hands=1)
    lines = record_lines(g)
    g2 = replay_lines(lines)
    assert list(g2.history) == list(g.history)
    assert list(g2.events) == list(g.events)
    assert g2.result() == g.result()


def test_tampered_record_names_the_line():
    g = play_random({}, 9, hands=1)
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
