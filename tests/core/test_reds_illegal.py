"""Reds: illegal actions leave the state unchanged; observations hold only what the seat
may know (T-3).  Runs on CPython and both MicroPython ports."""
from core.cards import hand_cards
from core.game import IllegalAction
from core.games.reds.rules import Reds
from test_reds_kit import RandomPolicy, cards, run, snapshot, stacked


def _refused(game, seat, action, fragment):
    before = snapshot(game)
    try:
        game.apply(seat, action)
    except IllegalAction as exc:
        assert fragment in str(exc), "%r not in %r" % (fragment, str(exc))
    else:
        assert False, "accepted %s" % game.action_label(action)
    assert snapshot(game) == before


def test_illegal_actions_leave_the_state_unchanged():
    g = Reds({"players": 3}, 21)
    b = g.to_move()[0]
    other = (b + 1) % 3
    _refused(g, other, 64, "does not decide now")
    _refused(g, b, 70, "bids go from 0 to 5")
    _refused(g, b, 300, "not a Reds action")
    _refused(g, b, hand_cards(g.hands[b])[0], "cannot play a card during the bid phase")
    _refused(g, b, 128 + hand_cards(g.hands[b])[0], "cannot pass cards during the bid phase")
    while g.phase == "bid":
        g.apply(g.to_move()[0], 65)
    mine = hand_cards(g.hands[0])
    theirs = hand_cards(g.hands[1])[0]
    _refused(g, 0, 128 + theirs, "does not hold")
    _refused(g, 0, 192 + mine[0], "not among seat 0's chosen cards")
    _refused(g, 0, 66, "cannot bid during the exchange phase")
    _refused(g, 0, mine[0], "cannot play a card during the exchange phase")
    g.apply(0, 128 + mine[0])
    _refused(g, 0, 128 + mine[0], "already chosen")
    for c in mine[1:4]:
        g.apply(0, 128 + c)
    _refused(g, 0, 192 + mine[0], "does not decide now")      # a complete pass is locked
    for s in (1, 2):
        for c in hand_cards(g.hands[s])[:4]:
            g.apply(s, 128 + c)
    lead = g.to_move()[0]
    _refused(g, (lead + 1) % 3, hand_cards(g.hands[(lead + 1) % 3])[0], "does not decide now")
    _refused(g, lead, hand_cards(g.hands[(lead + 1) % 3])[0], "does not hold")
    _refused(g, lead, 64, "cannot bid during the play phase")
    # Find a moment where following is forced and try an off-suit card.
    policy = RandomPolicy(5)
    tried = False
    while not g.is_over() and not tried:
        s = g.to_move()[0]
        legal = g.legal_actions(s)
        held = hand_cards(g.hands[s])
        off = [c for c in held if c not in legal]
        if off:
            _refused(g, s, off[0], "must follow")
            tried = True
        g.apply(s, policy.choose(g, s))
    assert tried
    run(g, policy)
    _refused(g, 0, 64, "the game is over")


def test_observation_is_fresh_and_holds_only_what_the_seat_may_know():
    g = Reds({"players": 4}, 22)
    policy = RandomPolicy(22)
    steps = 0
    while not g.is_over() and steps < 60:
        for s in range(4):
            obs = g.observation(s)
            assert obs["seat"] == s and obs["phase"] == g.phase
            assert obs["legal"] == (g.legal_actions(s) if s in g.to_move() else [])
            assert obs["hand"] == hand_cards(g.hands[s])
            # Other seats' cards are nowhere in the observation, except played ones.
            public = set(obs["played"] + obs["trick"] + obs["turned"] + obs["pass_received"])
            for t in range(4):
                if t != s:
                    for c in hand_cards(g.hands[t]):
                        assert c not in obs["hand"] and c not in public or c in obs["pass_received"]
            obs["hand"].append(99)              # mutating it leaves the game alone
            obs["scores"][0] = 1000
            obs["bids"][0] = 9
            assert 99 not in hand_cards(g.hands[s]) and g.scores[0] != 1000
        s = g.to_move()[0]
        g.apply(s, policy.choose(g, s))
        steps += 1
    assert steps == 60


def test_observation_does_not_depend_on_other_hands():
    # T-3: same own hand and turned cards, other seats' hands swapped -> seat 0 sees the
    # same thing until cards move (the pass delivery) or are played.
    mine = cards("AD 7S 7C 2D QS")
    h1 = cards("3D 4D 5S 6S 8C")
    h2 = cards("9D 10S JC KC AS")
    a = stacked({"players": 3}, 40, [([mine, h1, h2], cards("2S"))])
    b = stacked({"players": 3}, 40, [([mine, h2, h1], cards("2S"))])
    assert a.observation(0) == b.observation(0)
    while a.phase == "bid":
        s = a.to_move()[0]
        a.apply(s, 65)
        b.apply(s, 65)
        assert a.observation(0) == b.observation(0)
    for c in mine[:4]:
        a.apply(0, 128 + c)
        b.apply(0, 128 + c)
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)
