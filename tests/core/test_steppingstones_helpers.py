"""Shared helpers for the Stepping Stones tests (no tests here).

Seats follow the rulebook's examples: Carol 0, David 1, Scott 2, clockwise.
"""
from core.bots import RandomBot
from core.cards import STEPPING_DECK, hand_add, hand_clear
from core.game import IllegalAction
from core.games.steppingstones.rules import SteppingStones

CAROL = 0
DAVID = 1
SCOTT = 2


def card(label):
    return STEPPING_DECK.parse(label)


def cards(labels):
    return [card(t) for t in labels.split()]


def deal(fixed, closed=None):
    """Three 12-card hands: `fixed` maps seat -> "8C 9C ..." (cards that seat holds);
    `closed` maps seat -> suit letters of which the seat holds only its fixed cards (a
    void when it has none).  The other cards are spread deterministically."""
    closed = closed or {}
    hands = [[], [], []]
    used = set()
    for seat in fixed:
        for c in cards(fixed[seat]):
            assert c not in used, "card given twice"
            hands[seat].append(c)
            used.add(c)
    rest = []
    for c in STEPPING_DECK.cards():
        if c not in used:
            suit = STEPPING_DECK.suits[c >> 4]
            n_closed = len([s for s in (0, 1, 2) if suit in closed.get(s, "")])
            rest.append((-n_closed, c))
    rest.sort()
    for _, c in rest:   # most constrained suits first, each to the open seat with most room
        suit = STEPPING_DECK.suits[c >> 4]
        best = -1
        for seat in (0, 1, 2):
            if len(hands[seat]) < 12 and suit not in closed.get(seat, ""):
                if best < 0 or len(hands[seat]) < len(hands[best]):
                    best = seat
        assert best >= 0, "no seat can take %s" % STEPPING_DECK.label(c)
        hands[best].append(c)
    for h in hands:
        assert len(h) == 12
    return hands


def set_hands(game, hands):
    """Test hook: replace the dealt hands before the first card of the hand is played."""
    assert game.phase != 3 or game.trick_no == 0 and game.resolver.count == 0
    for seat in range(3):
        h = game.hands[seat]
        hand_clear(h)
        for c in hands[seat]:
            hand_add(h, c)


def new_game(forehand, options=None, seed=1):
    opts = {"first_forehand": str(forehand)}
    if options:
        for k in options:
            opts[k] = options[k]
    return SteppingStones(opts, seed)


def act(game, seat, label):
    game.apply(seat, game.parse_action(label))


def declare(game, seat, bid, rank, trump=None):
    """`seat` (the forehand) bids and announces."""
    act(game, seat, bid)
    act(game, seat, rank)
    if trump:
        act(game, seat, "trump:" + trump)


def play(game, seat, label):
    act(game, seat, label)


def play_out(game):
    """Finish the current hand: every seat plays its first legal card."""
    hand = game.hand_no
    while game.hand_no == hand and not game.is_over():
        seat = game.to_move()[0]
        game.apply(seat, game.legal_actions(seat)[0])


def labels(game, acts):
    return sorted([game.action_label(a) for a in acts])


def last_event(game, name):
    for i in range(len(game.events) - 1, -1, -1):
        if game.events[i][0] == name:
            return game.events[i]
    return None


def _tail(log):
    """Length and last entries of an append-only log (a whole game's log is too big to
    copy on a small heap)."""
    n = len(log)
    return n, [log[i] for i in range(max(0, n - 6), n)]


def snapshot(game):
    return ([game.observation(s) for s in range(3)], _tail(game.history), _tail(game.events),
            game.result(), game.phase, game.forehand, list(game.tokens),
            [list(r) for r in game.results], [list(h) for h in game.hands])


def assert_illegal(game, seat, label_or_action, words):
    """The action raises IllegalAction naming `words` and leaves the state unchanged."""
    before = snapshot(game)
    action = game.parse_action(label_or_action) if isinstance(label_or_action, str) else label_or_action
    try:
        game.apply(seat, action)
    except IllegalAction as exc:
        msg = str(exc)
        for w in words:
            assert w in msg, "%r not in %r" % (w, msg)
    else:
        raise AssertionError("illegal action accepted: %r" % (label_or_action,))
    assert snapshot(game) == before


def play_random(options, seed, bot_seed=0, hands=99):
    """Random bots play `hands` hands, or to the end."""
    g = SteppingStones(options, seed)
    bots = [RandomBot(bot_seed + i) for i in range(3)]
    while not g.is_over() and g.hand_no <= hands:
        seat = g.to_move()[0]
        g.apply(seat, bots[seat].choose(g.observation(seat)))
    return g
