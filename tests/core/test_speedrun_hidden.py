"""Speed Run observations: a seat sees its own hand and public facts only (ruling T-3);
face-down contracts, reveal choices and the contract under a Redo stay hidden (SR-7)."""
from test_speedrun_util import act, select, bid_all, first_legal_policy, new_game


# -- hidden information (ruling T-3) ------------------------------------------------------
def _twin_games(swap):
    """Two games with the same seed and public history; in the second, seats 1 and 2 and
    the undealt cards hold different cards.  Seat 0's hand is the same."""
    a = new_game({"length": "long", "reveal": True}, seed=4, first_start=2)
    b = new_game({"length": "long", "reveal": True}, seed=4, first_start=2)
    if swap:
        hands = [a.observation(s)["hand"] for s in range(3)]
        undealt = list(a.undealt)
        hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
        hands[2][1], undealt[0] = undealt[0], hands[2][1]
        b.set_hands(hands, undealt)
    return a, b


def _strip_hand(obs):
    o = dict(obs)
    del o["hand"]
    return o


def test_observation_hides_other_hands_and_the_undealt_cards():
    a, b = _twin_games(True)
    assert a.observation(1)["hand"] != b.observation(1)["hand"]
    for g in (a, b):
        select(g, "trump:D", "rank:bell-low")
    assert a.observation(0) == b.observation(0)
    for s in (1, 2):
        assert _strip_hand(a.observation(s)) == _strip_hand(b.observation(s))


def test_observation_hides_face_down_contracts_and_reveal_choices():
    a, b = _twin_games(False)
    for g in (a, b):
        select(g, "trump:D", "rank:bell-low")
    act(a, 1, "contract:win4")
    act(b, 1, "contract:most")
    assert a.observation(0) == b.observation(0)
    assert a.observation(0)["bids"] == [None, "down", None]
    assert a.observation(1)["bids"][1] == "contract:win4"
    for g in (a, b):
        act(g, 0, "contract:win1")
        act(g, 2, "contract:win1")
    assert a.observation(0) == b.observation(0)
    act(a, 1, "reveal")
    act(b, 1, "noreveal")
    assert a.observation(0) == b.observation(0)    # reveal decisions stay hidden until all made
    assert a.observation(1)["my_reveal"] is True
    for g in (a, b):
        act(g, 0, "noreveal")
        act(g, 2, "noreveal")
    assert a.observation(0)["bids"] == ["contract:win1", "contract:win4", "down"]
    assert b.observation(0)["bids"] == ["contract:win1", "down", "down"]
    assert ("reveal", 1, "win4") in a.events


def test_observation_hides_the_contract_under_a_redo():
    # ruling SR-7: the Redo card is shown; the contract chosen under it is not.
    a, b = _twin_games(False)
    for g in (a, b):
        for _ in range(2):     # two identical hands: seat 1 completes win0, then win1
            while g.hand_no < 2 and g.phase != 1:
                first_legal_policy(g)
            bid_all(g, ["contract:win0" if g.hand_no == 0 else "contract:win1"] * 3)
            while g.phase != 0:
                first_legal_policy(g)
            g.events.clear()   # keep the log small on a 128 KB heap
        select(g, "trump:none", "rank:10-high")
        act(g, 0, "contract:win4")
    act(a, 1, "redo:win0")
    act(b, 1, "redo:win1")
    assert a.observation(0) == b.observation(0)
    for g in (a, b):
        act(g, 2, "contract:win4")
    assert a.observation(0) == b.observation(0)
    assert a.observation(0)["bids"][1] == "redo"
    assert a.observation(1)["bids"][1] == "redo:win0"
    assert [e for e in a.events if e[0] == "redo"] == [("redo", 1)]
    for g in (a, b):
        for s in range(3):
            act(g, s, "noreveal")
    assert a.observation(0) == b.observation(0)
    # Scoring shows it.
    for g in (a, b):
        while g.hand_no == 2:
            first_legal_policy(g)
    assert [e for e in a.events if e[0] == "score"][-2][2] == "redo:win0"
    assert [e for e in b.events if e[0] == "score"][-2][2] == "redo:win1"


def test_observation_is_a_fresh_copy():
    g = new_game()
    obs = g.observation(0)
    obs["hand"].clear()
    obs["legal"].append(999)
    obs["passes_left"][0] = 9
    assert len(g.observation(0)["hand"]) == 12
    assert 999 not in g.observation(0)["legal"]
    assert g.observation(0)["passes_left"][0] == 1
