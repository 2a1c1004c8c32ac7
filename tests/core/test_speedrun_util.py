"""Helpers shared by the Speed Run core tests (no tests here; CPython and MicroPython)."""
from core.cards import SPEEDRUN_DECK
from core.game import IllegalAction
from core.games.speedrun.rules import SpeedRun

EMMY = 0
NEIL = 1
MELANIE = 2


def card(text):
    return SPEEDRUN_DECK.parse(text)


def deal(required, voids=None):
    """Hands of 12 holding the `required` cards (seat -> card texts), no card of the suits
    in `voids` (seat -> suit letters), the other cards filled in deck order; plus the 4
    undealt cards."""
    voids = voids or {}
    hands = [[], [], []]
    used = []
    for seat in required:
        for t in required[seat]:
            c = card(t)
            hands[seat].append(c)
            used.append(c)
    rest = [c for c in SPEEDRUN_DECK.cards() if c not in used]
    # Seats with voids pick first so that they still reach 12 cards.
    order = sorted(range(3), key=lambda s: -len(voids.get(s, "")))
    for seat in order:
        banned = voids.get(seat, "")
        keep = []
        for c in rest:
            if len(hands[seat]) < 12 and SPEEDRUN_DECK.suits[c >> 4] not in banned:
                hands[seat].append(c)
            else:
                keep.append(c)
        rest = keep
    assert len(rest) == 4 and [len(h) for h in hands] == [12, 12, 12]
    return hands, rest


def act(game, seat, label):
    game.apply(seat, game.parse_action(label))


def select(game, first, second):
    """The start player's selection, then the next player's (ruling SR-8)."""
    act(game, game.start, first)
    act(game, (game.start + 1) % 3, second)


def bid_all(game, labels):
    for seat in range(3):
        act(game, seat, labels[seat])


def snapshot(game):
    """Everything observable about a game: every seat's observation and the logs."""
    obs = [game.observation(s) for s in range(3)]
    return (obs, list(game.history), list(game.events), game.to_move())


def expect_illegal(game, seat, action, words):
    """The action is refused with a message containing `words`; nothing changes."""
    before = snapshot(game)
    try:
        game.apply(seat, action)
    except IllegalAction as exc:
        msg = str(exc)
        for w in words:
            assert w in msg, (w, msg)
        assert snapshot(game) == before
        return msg
    assert False, "accepted %s for seat %d" % (game.action_label(action), seat)


def finish_hand(game, tricks):
    """Score the current hand as if the tricks had gone `tricks` (white-box: the play
    itself is covered elsewhere); bids (and reveals) must be placed."""
    assert game.phase == 3, game.phase   # play
    assert sum(tricks) == 12
    game.tricks = bytearray(tricks)
    game.trick_no = 12
    game._score_hand()


def play_out(game):
    """Play to the end with first_legal_policy, consuming the event log as the app loop
    does (a long game logs ~700 events: more than a small heap should hold at once);
    returns the hand_start events, in order."""
    starts = []
    while not game.is_over():
        first_legal_policy(game)
        for e in game.events:
            if e[0] == "hand_start":
                starts.append(e)
        game.events.clear()
    return starts


def first_legal_policy(game):
    """Deterministic play: every deciding seat takes its first legal action."""
    seat = game.to_move()[0]
    game.apply(seat, game.legal_actions(seat)[0])


def new_game(options=None, seed=1, first_start=0):
    opts = {"first_start": first_start}
    if options:
        for k in options:
            opts[k] = options[k]
    return SpeedRun(opts, seed)


def example_game(first_start, required, voids, first, second):
    """A short game with a given deal, both selections made and win0 bid by all."""
    g = new_game({"length": "short"}, seed=5, first_start=first_start)
    hands, undealt = deal(required, voids)
    g.set_hands(hands, undealt)
    select(g, first, second)
    bid_all(g, ["contract:win0", "contract:win0", "contract:win0"])
    return g
