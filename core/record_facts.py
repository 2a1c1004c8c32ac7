"""The public facts of a game, for records that a third party can check (docs/records.md).

A record of version 2 carries, after each action line, what that action made public: the
engine's public events (trick winners, hand and round scores, forced passes, Speed's
stand-stills, flips, re-spits and round ends, ...) with cards named by their labels, and,
when the action led to a deal, every seat's cards as dealt.  Nothing here is needed while
a game is played: the writer (core/record_json.py) and the reader (core/replay.py) load
this module, and the game saves stay as compact as before.

`tracked(cls)` makes a class whose games note those facts as they happen: the engine's own
`log` is the only hook, so the rules engines carry no record code.
"""
from core.cards import hand_cards

# Event fields that hold a card (positions in the event tuple), per game; Speed's plays and
# flips hold an action (card and pile), labelled as its record lines label actions.
_CARD_FIELDS = {
    "reds": {"draw": (2,), "turn": (1,), "play": (2,)},
    "speedrun": {"play": (2,)},
    "steppingstones": {"play": (2,)},
    "speed": {"deal": (2, 3)},
}
_ACTION_FIELDS = {"speed": {"play": (3,), "flip": (3,)}}

# The event that closes a deal: the seats' cards are read the moment it is logged.
_DEAL_EVENT = {"reds": "anti", "speedrun": "hand_start", "steppingstones": "hand",
               "speed": "deal"}


def _labels(game, cards):
    return [game.action_label(c) for c in cards]


def _hands(game, hands):
    return [_labels(game, hand_cards(h)) for h in hands]


def deal_facts(game, event):
    """Every seat's cards as dealt (a dict), read as the deal's closing `event` is logged."""
    name = game.NAME
    if name == "speedrun":
        return {"hand": event[1], "dealer": event[2], "hands": _hands(game, game.hands),
                "undealt": _labels(game, game.undealt)}
    if name == "steppingstones":
        return {"hand": event[1], "forehand": event[2], "hands": _hands(game, game.hands)}
    if name == "reds":
        # the pack in dealing order: the hands from the dealer's left, then the turned cards
        return {"round": game.round_no, "dealer": game.dealer,
                "pack": _labels(game, game.pack), "hands": _hands(game, game.hands),
                "turned": _labels(game, game.turned)}
    return _speed_layout(game, {"round": event[1]})


def _speed_layout(game, out):
    """Speed: hands, draw and spit piles (top first) and the centre tops."""
    from core.cards import SPEED_DECK
    out["hands"] = [[SPEED_DECK.label(game.hand[s][k]) for k in range(game.n_hand[s])]
                    for s in (0, 1)]
    out["draws"] = [[SPEED_DECK.label(c) for c in _top_first_cards(game.draw[s], game.n_draw[s])]
                    for s in (0, 1)]
    out["spits"] = [[SPEED_DECK.label(c) for c in _top_first_cards(game.spit[s], game.n_spit[s])]
                    for s in (0, 1)]
    return out


def _top_first_cards(pile, n):
    return [pile[k] for k in range(n - 1, -1, -1)]


def respit_facts(game, event):
    """Speed's re-spit (SP-5): the new hands, draw and spit piles, before the flip."""
    return _speed_layout(game, {"round": game.round_no, "respit": event[2]})


def event_fact(game, event):
    """An event as a JSON list, cards and Speed actions named by their labels."""
    name = game.NAME
    kind = event[0]
    cards = _CARD_FIELDS.get(name, {}).get(kind, ())
    actions = _ACTION_FIELDS.get(name, {}).get(kind, ())
    out = []
    for i in range(len(event)):
        v = event[i]
        if i in cards:
            v = _card_label(game, v)
        elif i in actions:
            v = game.action_label(v)
        elif isinstance(v, tuple):
            v = list(v)
        out.append(v)
    return out


def _card_label(game, card):
    if game.NAME == "speed":
        from core.cards import SPEED_DECK
        return SPEED_DECK.label(card)
    return game.action_label(card)


def tracked(cls):
    """A subclass of `cls` whose games collect their public facts in `facts` as they are
    logged: ("events", [event, ...]) and ("deal", {...}) entries, in the order they happened;
    `take_facts()` hands them over and starts a new list, `take_facts(True)` stops noting."""
    cls = getattr(cls, "UNTRACKED", cls)
    deal_kind = _DEAL_EVENT.get(cls.NAME)     # a game not listed (a test's) has no deal lines

    class Tracked(cls):
        UNTRACKED = cls
        facts = None

        def log(self, *event):
            cls.log(self, *event)
            facts = self.facts
            if facts is False:
                return
            if facts is None:
                facts = self.facts = []
            if not facts or facts[-1][0] != "events":
                facts.append(("events", []))
            facts[-1][1].append(event_fact(self, event))
            if event[0] == deal_kind:
                facts.append(("deal", deal_facts(self, event)))
            elif event[0] == "respit" and self.NAME == "speed":
                facts.append(("deal", respit_facts(self, event)))

        def take_facts(self, stop=False):
            out = self.facts or []
            self.facts = False if stop else []
            return out

    return Tracked
