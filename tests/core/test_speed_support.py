"""Helpers shared by the Speed tests (no tests here): positions, audits, a reference check."""
from core.cards import SPEED_DECK
from core.speed import Speed, SPIT, N_RANKS, is_play


def card(text):
    return SPEED_DECK.parse(text)


def position(hands, tops, draws=("", ""), spits=("", ""), options=None, cls=Speed):
    """A game whose first round starts from a chosen position (see Speed._load_layout)."""
    return cls(options, 0, {"hands": hands, "draws": draws, "spits": spits, "tops": tops})


def hand_labels(game, seat):
    return [SPEED_DECK.label(game.hand[seat][k]) for k in range(game.n_hand[seat])]


def top_labels(game):
    return [SPEED_DECK.label(game.top(0)), SPEED_DECK.label(game.top(1))]


def every_card(game):
    """All cards wherever they lie: hands, draw piles, spit piles, centre piles."""
    out = []
    for seat in (0, 1):
        out.extend([game.hand[seat][k] for k in range(game.n_hand[seat])])
        out.extend([game.draw[seat][k] for k in range(game.n_draw[seat])])
        out.extend([game.spit[seat][k] for k in range(game.n_spit[seat])])
    for pile in (0, 1):
        out.extend([game.centre[pile][k] for k in range(game.n_centre[pile])])
    return out


def assert_all_cards_accounted(game):
    cards = every_card(game)
    assert len(cards) == 52, "%d cards on the table" % len(cards)
    assert sorted(cards) == sorted(list(SPEED_DECK.cards())), "a card is missing or doubled"
    for seat in (0, 1):
        assert game.n_hand[seat] <= 5
        assert game.n_spit[seat] <= 5
        assert game.n_draw[seat] == 0 or game.n_hand[seat] == 5, "SP-3: hand not refilled"


def snapshot(game):
    """Everything an action could change, to prove a refused action changed nothing."""
    return (every_card(game), list(game.n_hand), list(game.n_draw), list(game.n_spit),
            list(game.n_centre), list(game.called), game.now, game.version, game.round_no,
            len(game.timed_history), len(game.events), list(game.scores), game.over)


def reference_legal(game, seat, action):
    """An independent statement of SP-2 / SP-8, used to check the engine and the arbiter."""
    if game.over or seat not in (0, 1):
        return False
    opts = game.options
    hand = [game.hand[seat][k] for k in range(game.n_hand[seat])]
    empty = game.n_hand[seat] + game.n_draw[seat] == 0
    if action == SPIT:
        if empty:
            return bool(opts["winner_yells_spit"])
        if not opts["stand_still_spit"] or game.called[seat]:
            return False
        for c in hand:
            for pile in (0, 1):
                if reference_fits(c, game.top(pile), opts["count_down_only"]):
                    return False
        return True
    if not isinstance(action, int) or not is_play(action):
        return False
    c = action >> 1
    return c in hand and reference_fits(c, game.top(action & 1), opts["count_down_only"])


def reference_fits(c, top, count_down):
    r = c & 15
    t = top & 15
    if count_down:
        return r == t - 1
    return (r - t) % N_RANKS in (1, N_RANKS - 1)
