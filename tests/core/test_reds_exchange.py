"""Reds exchange (table, R-4, R-5, T-3) and hidden bids (T-3).
Runs on CPython and both MicroPython ports."""
from core.cards import hand_cards
from core.games.reds.rules import Reds
from test_reds_kit import RandomPolicy

LEFT, RIGHT = 1, -1
FULL_TABLE = [(4, LEFT), (4, RIGHT), (3, LEFT), (3, RIGHT), (2, LEFT), (2, RIGHT),
              (1, LEFT), (1, RIGHT), (0, 0)]
SHORT_TABLE = [(4, LEFT), (3, RIGHT), (2, LEFT), (1, RIGHT), (0, 0)]
NAMES = {LEFT: "left", RIGHT: "right", 0: "none"}


def _check_exchanges(options, seed, table):
    """Play a game; at every delivery check who received what against the table."""
    g = Reds(options, seed)
    n = g.n_players
    policy = RandomPolicy(seed)
    seen = []
    while not g.is_over():
        s = g.to_move()[0]
        if g.phase == "exchange":
            before = [hand_cards(h) for h in g.hands]
            r = g.round_no
            g.apply(s, policy.choose(g, s))
            if g.delivered:
                k, d = table[r - 1]
                assert (g.ex_count, g.ex_dir) == (k, d)
                for giver in range(n):
                    to = (giver + d) % n
                    if n == 2:
                        assert to == 1 - giver          # ruling R-4
                    passed = g.observation(giver)["pass_chosen"]
                    assert len(passed) == k
                    got = g.observation(to)["pass_received"]
                    assert got == passed
                    for c in passed:
                        assert c in before[giver] and c not in hand_cards(g.hands[giver])
                        assert c in hand_cards(g.hands[to])
                seen.append((r, k, d))
        else:
            if g.phase == "bid" and g.to_move() == (g.bidder,) and not g.has_bid[g.bidder]:
                ev = [e for e in g.events if e[0] == "round"][-1]
                if ev[1] <= len(table):
                    k, d = table[ev[1] - 1]
                    assert ev[3:] == (k, NAMES[d], False)
                else:
                    assert ev[3:] == (0, "none", True)   # ruling R-6: no exchange
            g.apply(s, policy.choose(g, s))
    expected = [(r + 1, k, d) for r, (k, d) in enumerate(table) if k]
    assert seen == expected, seen


def test_exchange_directions_two_players():
    _check_exchanges({"players": 2}, 3, FULL_TABLE)


def test_exchange_directions_three_players():
    _check_exchanges({"players": 3}, 4, FULL_TABLE)


def test_exchange_directions_six_players():
    _check_exchanges({"players": 6}, 5, FULL_TABLE)


def test_exchange_directions_short_game():
    # The short game skips rounds 2, 3, 6 and 7 of the table.
    _check_exchanges({"players": 3, "short_game": True}, 6, SHORT_TABLE)


def _to_exchange(options, seed):
    g = Reds(options, seed)
    while g.phase == "bid":
        g.apply(g.to_move()[0], 65)
    return g


def test_exchange_is_simultaneous_and_private():
    # nothing moves until every seat has chosen; T-3: only giver and receiver see the
    # cards.  Two games differ only in the cards seat 0 passes to seat 1 (4 left).
    a = _to_exchange({"players": 3}, 8)
    b = _to_exchange({"players": 3}, 8)
    assert a.to_move() == (0, 1, 2) and a.ex_count == 4
    hand0 = hand_cards(a.hands[0])
    for c in hand0[:4]:
        a.apply(0, 128 + c)
    for c in hand0[1:]:
        b.apply(0, 128 + c)
    assert a.to_move() == (1, 2)
    for s in (1, 2):
        assert a.observation(s) == b.observation(s)
    assert list(a.events) == list(b.events)
    dealt1 = hand_cards(a.hands[1])
    for s in (1, 2):
        mine = hand_cards(a.hands[s])[:4]
        for c in mine:
            a.apply(s, 128 + c)
            b.apply(s, 128 + c)
            if a.phase == "exchange":
                assert hand_cards(a.hands[1]) == dealt1      # nothing delivered yet
                assert a.observation(1)["pass_received"] == []
    assert a.phase == "play" and a.delivered
    assert a.observation(2) == b.observation(2)          # neither giver nor receiver
    assert a.observation(1)["pass_received"] == hand0[:4]
    assert b.observation(1)["pass_received"] == hand0[1:]
    assert list(a.events) == list(b.events)


def test_choice_can_be_undone_before_it_completes():
    g = _to_exchange({"players": 2}, 9)
    h = hand_cards(g.hands[0])
    g.apply(0, 128 + h[0])
    assert 192 + h[0] in g.legal_actions(0)
    g.apply(0, 192 + h[0])
    assert g.observation(0)["pass_chosen"] == []
    for c in h[1:]:
        g.apply(0, 128 + c)
    assert g.to_move() == (1,) and g.legal_actions(0) == []   # complete: locked


def _hidden_round(bid_of_seat_1):
    """Three players, hidden bids; seats 0 and 2 bid 1, seat 1 bids as given; everyone
    then takes the first legal action.  Yields the game before each action."""
    g = Reds({"players": 3, "hidden_bids": True}, 12)
    assert g.to_move() == (0, 1, 2)            # secret bids are written at once
    for s in (2, 0, 1):
        g.apply(s, 64 + (bid_of_seat_1 if s == 1 else 1))
    return g


def test_hidden_bids_not_visible_until_the_round_ends():
    a = _hidden_round(2)
    b = _hidden_round(4)
    assert [e for e in a.events if e[0] in ("bid", "reveal")] == []
    assert a.observation(1)["bids"][1] == 2 and a.observation(0)["bids"] == [1, None, None]
    while a.round_no == 1:
        for s in (0, 2):
            oa = a.observation(s)
            assert oa == b.observation(s)
            assert oa["bids"][1] is None and oa["has_bid"] == [True, True, True]
        assert list(a.events) == list(b.events)
        s = a.to_move()[0]
        act = a.legal_actions(s)[0]
        a.apply(s, act)
        b.apply(s, act)
    reveals = [e for e in a.events if e[0] == "reveal"]
    assert reveals == [("reveal", 0, 1), ("reveal", 1, 2), ("reveal", 2, 1)]
    assert [e for e in b.events if e[0] == "reveal"][1] == ("reveal", 1, 4)
    assert a.result()["rounds"][0]["bids"] == [1, 2, 1]


def test_public_bids_go_round_from_the_dealers_left():
    g = Reds({"players": 4}, 13)
    order = []
    while g.phase == "bid":
        s = g.to_move()[0]
        order.append(s)
        g.apply(s, 64 + s)
        assert g.observation((s + 1) % 4)["bids"][s] == s
    d = g.dealer
    assert order == [(d + 1) % 4, (d + 2) % 4, (d + 3) % 4, d]
    assert [e for e in g.events if e[0] == "bid"] == [("bid", s, s) for s in order]
