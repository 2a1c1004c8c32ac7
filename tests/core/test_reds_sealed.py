"""Reds hidden bids kept sealed until the end of the round (the linked game's flow,
core/link/sealed.py): "bid:sealed" while bidding, the real bids in the `reveal` phase after
the last trick, then the round is scored exactly as with the bids applied at once.
Runs on CPython and both MicroPython ports."""
from core.game import IllegalAction
from core.games.reds.rules import BID_SEALED, Reds
from core.record import header
from core.record_json import action_line, dumps
from core.replay import replay_lines
from test_reds_kit import RandomPolicy, run, snapshot

Reds.prepare_link()     # the hooks a linked game gets (core/games/reds/sealed.py)

HIDDEN3 = {"players": 3, "hidden_bids": True, "short_game": True}


def _sealed_copy(g):
    """The same game as `g` (played with its bids applied at once) played the sealed way:
    every bid is "bid:sealed" in seat order, and opened in seat order after the last trick."""
    s = Reds(g.options, g.seed)
    pending = {}
    for seat, a in g.history:
        if s.phase == "reveal":
            _reveal_all(s, pending)
        if s.phase == "bid":
            assert 64 <= a <= 69
            pending[seat] = a
            if len(pending) == s.n_players:
                for b in sorted(pending):
                    s.apply(b, BID_SEALED)
            continue
        s.apply(seat, a)
    if s.phase == "reveal":
        _reveal_all(s, pending)
    return s


def _reveal_all(s, pending):
    for b in sorted(pending):
        s.apply(b, pending[b])
    pending.clear()


def _same_as_at_once(opts, seed):
    g = Reds(opts, seed)
    run(g, RandomPolicy(seed))
    s = _sealed_copy(g)
    assert s.is_over()
    assert s.result() == g.result()
    assert len(s.events) == len(g.events)
    for i in range(len(g.events)):              # same public events, same order
        assert s.events[i] == g.events[i]
    assert len(s.history) == len(g.history) + g.n_players * g.round_no


def test_sealed_bids_score_exactly_as_bids_applied_at_once():
    _same_as_at_once(HIDDEN3, 5)
    _same_as_at_once({"players": 2, "hidden_bids": True, "short_game": True}, 7)


def test_sealed_bids_score_exactly_as_bids_applied_at_once_partnership():
    _same_as_at_once({"players": 4, "hidden_bids": True, "short_game": True,
                      "partnership": True}, 6)


def _at_reveal(seed=9, bids=(2, 0, 5)):
    g = Reds(HIDDEN3, seed)
    for s in range(3):
        g.apply(s, BID_SEALED)
    pol = RandomPolicy(seed)
    while g.phase != "reveal":
        s = g.to_move()[0]
        g.apply(s, pol.choose(g, s))
    return g


def test_sealed_bid_is_legal_only_in_the_hidden_bidding_and_never_offered():
    g = Reds(HIDDEN3, 3)
    assert BID_SEALED not in g.legal_actions(g.to_move()[0])
    assert g.action_label(BID_SEALED) == "bid:sealed" and g.parse_action("Bid:Sealed") == BID_SEALED
    assert g.check(0, BID_SEALED) is None
    o = Reds({"players": 3, "short_game": True}, 3)         # bids in the open
    before = snapshot(o)
    try:
        o.apply(o.to_move()[0], BID_SEALED)
    except IllegalAction as exc:
        assert "only with hidden bids" in str(exc), str(exc)
    else:
        assert False, "bid:sealed accepted without hidden bids"
    assert snapshot(o) == before
    for s in range(3):
        g.apply(s, BID_SEALED)
    assert g.phase == "exchange" and g.check(0, BID_SEALED) is not None
    assert g.sealed_index(0) == 0 and g.sealed_index(2) == 0
    assert g.defer_reveal(0) is None


def test_observation_shows_a_sealed_bid_only_to_the_unit_that_noted_it():
    g = Reds(HIDDEN3, 4)
    assert g.defer_reveal(1) == BID_SEALED
    for s in range(3):
        g.apply(s, BID_SEALED)
    assert g.note_sealed(1, 64 + 3) and not g.note_sealed(1, 64 + 3)
    assert not g.note_sealed(1, BID_SEALED) and not g.note_sealed(7, 64)
    for s in range(3):
        o = g.observation(s)
        assert o["bids"] == [None, 3 if s == 1 else None, None]
        assert o["has_bid"] == [True, True, True]
    for i in range(len(g.events)):
        assert g.events[i][0] not in ("bid", "reveal")


def test_reveal_refuses_other_values_and_changes_nothing():
    g = _at_reveal()
    assert g.revealing() and g.to_move() == (0, 1, 2)
    assert g.legal_actions(0) == [64, 65, 66, 67, 68, 69]
    for action, why in ((70, "bids go from 0 to 5"), (63, "not a Reds action"),
                        (BID_SEALED, "reveals the bid it sealed"), (128 + 3, "pass cards"),
                        (3, "play a card")):
        before = snapshot(g) + [list(g.sealed), list(g.noted), g.sealed_from]
        try:
            g.apply(0, action)
        except IllegalAction as exc:
            assert why in str(exc), (action, str(exc))
        else:
            assert False, "accepted %d in the reveal" % action
        assert snapshot(g) + [list(g.sealed), list(g.noted), g.sealed_from] == before
    g.apply(2, 64 + 5)
    try:
        g.apply(2, 64 + 1)                               # opened once, not twice
    except IllegalAction as exc:
        assert "does not decide now" in str(exc)
    else:
        assert False
    g.apply(0, 64 + 2)
    assert g.phase == "reveal" and g.to_move() == (1,)
    rounds = len(g.rounds)
    g.apply(1, 64)
    assert len(g.rounds) == rounds + 1 and g.rounds[rounds][5] == (2, 0, 5)
    assert g.phase == "bid" and g.sealed_index(0) == -1


def test_a_sealed_game_record_replays_identically():
    g = Reds(HIDDEN3, 12)
    run(g, RandomPolicy(12))
    s = _sealed_copy(g)

    def stream():
        yield dumps(header(s))
        for seat, action in s.history:
            yield dumps(action_line(s, seat, action))
        yield dumps({"result": s.result()})
    again = replay_lines(stream())
    assert again.result() == s.result() and again.history == s.history


def test_bots_decide_for_a_sealed_seat_whose_bid_they_were_not_shown():
    """A linked host restarted mid-round asks its AI before the AI seat's sealed bid came
    back (SEALREQ): the AI and the greedy bot still pass and play legally (no crash)."""
    from core.registry import make_ai
    from core.registry import make_bot
    g = Reds(HIDDEN3, 9)
    for s in range(3):
        g.apply(s, BID_SEALED)
    bots = [make_ai("reds", "easy", 5), make_bot("reds", "greedy", 1)]
    while g.phase != "reveal":
        s = g.to_move()[0]
        o = g.observation(s)
        assert o["bids"][s] is None
        a = bots[s % 2].choose(o)                    # one bot per seat: its pass ends
        assert g.check(s, a) is None, g.action_label(a)
        g.apply(s, a)
