"""Speed Run rules through the engine: start player, deal, lengths and boards, illegal
actions, action labels (rulings SR-1, SR-2, SR-9)."""
from core.games.speedrun.rules import SpeedRun
from test_speedrun_util import (EMMY, NEIL, card, act, select, expect_illegal, example_game,
                                new_game, play_out)


def test_start_player_rotates_clockwise():
    # ruling SR-9
    g = new_game({"length": "short"}, seed=3, first_start=2)
    starts = play_out(g)
    assert [e[2] for e in starts] == [2, 0, 1, 2, 0, 1]
    assert [e[1] for e in starts] == [1, 2, 3, 4, 5, 6]


def test_first_start_player_default_is_a_seeded_random_seat():
    seen = set()
    for seed in range(30):
        a = SpeedRun(None, seed)
        b = SpeedRun({"first_start": "random"}, seed)
        assert a.start == b.start
        seen.add(a.start)
    assert seen == {0, 1, 2}


def test_deal_twelve_each_four_undealt():
    g = new_game(seed=11)
    cards = []
    for s in range(3):
        h = g.observation(s)["hand"]
        assert len(h) == 12
        cards.extend(h)
    cards.extend(list(g.undealt))
    assert sorted(cards) == sorted(list(range(0, 10)) + list(range(16, 26)) +
                                   list(range(32, 42)) + list(range(48, 58)))


def _contract_cards(length):
    g = new_game({"length": length})
    obs = g.observation(0)
    return len(obs["unplayed"][0]), obs["passes_left"][0], obs["redos_left"][0], g.n_hands


def test_lengths_contract_cards_and_hands():
    # rulings SR-1, SR-2
    assert _contract_cards("short") == (5, 1, 1, 6)
    assert _contract_cards("medium") == (7, 2, 1, 9)
    assert _contract_cards("long") == (9, 2, 2, 12)
    assert new_game({"length": "medium"}).observation(0)["boards"] == [
        "win0", "win1", "win4", "win5", "win7", "win9", "least"]


def test_board_subset_options():
    # ruling SR-1 option: any other subset per length.
    g = new_game({"length": "short", "boards_short": "13579"})
    assert g.observation(1)["boards"] == ["win0", "win4", "win7", "least", "most"]
    select(g, "trump:none", "rank:10-high")
    labels = [g.action_label(a) for a in g.legal_actions(1)]
    assert labels == ["contract:win0", "contract:win4", "contract:win7", "contract:least",
                      "contract:most", "pass"]
    expect_illegal(g, 1, g.parse_action("contract:win1"), ["not on this game's boards"])
    g = new_game({"length": "medium", "boards_medium": "2345789"})
    assert g.observation(0)["boards"] == ["win1", "win4", "win5", "win7", "least", "middle", "most"]
    for bad in ({"boards_short": "1234"}, {"boards_short": "12344"}, {"boards_medium": "12345"},
                {"length": "huge"}):
        try:
            SpeedRun(bad, 1)
        except ValueError:
            continue
        assert False, bad
    opt = [o for o in SpeedRun.OPTIONS if o.key == "boards_short"][0]
    assert len(opt.choices) == 126 and opt.choices[0] == "12345" and opt.choices[-1] == "56789"
    assert "13579" in opt.choices and opt.choices.index("13579") >= 0


def test_every_card_dealt_once_and_one_contract_card_left_at_the_end():
    # ruling SR-2: every card used at most once; one always stays unplayed.
    for length, extra in (("short", {}), ("medium", {"reveal": True}), ("long", {})):
        opts = {"length": length}
        for k in extra:
            opts[k] = extra[k]
        g = new_game(opts, seed=21)
        play_out(g)
        obs = g.observation(0)
        for s in range(3):
            left = len(obs["unplayed"][s]) + obs["passes_left"][s] + obs["redos_left"][s]
            assert left == 1, (length, s, left)
        assert g.result()["hands_played"] == g.n_hands


def test_illegal_wrong_seat_and_wrong_phase_change_nothing():
    g = new_game(first_start=1)
    expect_illegal(g, 0, g.parse_action("trump:S"), ["seat 0 does not decide now"])
    expect_illegal(g, 1, g.parse_action("contract:win0"), ["bid action", "select phase"])
    expect_illegal(g, 1, card("7H"), ["play action", "select phase"])
    expect_illegal(g, 1, 200, ["not a Speed Run action"])
    expect_illegal(g, 1, "7H", ["'7H' is not a Speed Run action"])    # not a number at all
    expect_illegal(g, 1, None, ["None is not a Speed Run action"])
    select(g, "trump:none", "rank:10-high")
    expect_illegal(g, 0, card("7H"), ["bid phase"])
    expect_illegal(g, 0, g.parse_action("reveal"), ["reveal action", "bid phase"])
    act(g, 0, "contract:win1")
    expect_illegal(g, 0, g.parse_action("contract:win4"), ["seat 0 does not decide now"])


def test_illegal_card_not_held_changes_nothing():
    g = example_game(NEIL, {EMMY: ["8C"], NEIL: ["9C"]}, {}, "trump:none", "rank:10-high")
    expect_illegal(g, EMMY, card("9C"), ["does not hold 9C"])
    expect_illegal(g, EMMY, g.parse_action("pass"), ["bid action", "play phase"])


def test_game_over_refuses_everything():
    g = new_game({"length": "short"}, seed=2)
    play_out(g)
    assert g.to_move() == () and g.legal_actions(0) == []
    expect_illegal(g, 0, card("7H"), ["game is over"])
    assert g.observation(0)["phase"] == "over"


def test_action_labels_round_trip():
    g = new_game()
    ids = g.all_action_ids()
    assert len(ids) == 40 + 11 + 19 + 2
    labels = [g.action_label(a) for a in ids]
    assert len(set(labels)) == len(ids)
    for a in ids:
        assert g.parse_action(g.action_label(a)) == a
        assert g.parse_action(g.action_label(a).lower()) == a
    for lab in ("7H", "10S", "trump:S", "trump:none", "rank:10-high", "rank:slalom-low",
                "rank:bell-high", "contract:win4", "pass", "redo:win1", "reveal", "noreveal"):
        assert g.action_label(g.parse_action(lab)) == lab
