"""Reds texts that only tools and error paths need, kept out of core/reds.py so that a
game in progress does not hold them in RAM: why an action is illegal, parsing action
names, the list of every action id (see docs/records.md)."""
from core.cards import REDS_DECK, hand_has
from core.reds import (BID, BID_BASE, BID_SEALED, EXCHANGE, GIVE_BASE, MAX_BID, PLAY, REVEAL,
                       UNGIVE_BASE)

_SUIT_NAMES = ("diamonds", "spades", "clubs")
_VERBS = {PLAY: "play a card", BID: "bid", EXCHANGE: "pass cards"}


def why_illegal(game, seat, action):
    """The message for an action `seat` may not take now (seat is one that decides)."""
    label = game.action_label(action)
    if label[0] == "?":
        if BID_BASE <= action < GIVE_BASE:
            return "bids go from 0 to %d, not %d" % (MAX_BID, action - BID_BASE)
        return "%d is not a Reds action" % action
    if action < BID_BASE:
        kind = PLAY
    elif action < GIVE_BASE:
        kind = BID
    else:
        kind = EXCHANGE
    if game.phase == REVEAL and action == BID_SEALED:
        return "%s: seat %d now reveals the bid it sealed (0 to %d)" % (label, seat, MAX_BID)
    if kind != game.phase:
        return "%s: seat %d cannot %s during the %s phase" % (label, seat, _VERBS[kind], game.phase)
    if kind == EXCHANGE:
        c = action & 63
        name = REDS_DECK.label(c)
        if action >= UNGIVE_BASE:
            return "%s: %s is not among seat %d's chosen cards" % (label, name, seat)
        if not hand_has(game.hands[seat], c):
            return "%s: seat %d does not hold %s" % (label, seat, name)
        return "%s: %s is already chosen" % (label, name)
    if action == BID_SEALED:
        return "%s: only with hidden bids, while bidding" % label
    if kind == PLAY:
        if not hand_has(game.hands[seat], action):
            return "seat %d does not hold %s" % (seat, label)
        led = game.resolver.led_suit()
        return "%s: seat %d must follow %s (ruling T-2)" % (label, seat, _SUIT_NAMES[led])
    # A bid is refused only when the seat has already bid (not a decider then) or range.
    return "%s is not legal for seat %d now" % (label, seat)


def parse_action(text):
    """Inverse of Reds.action_label: "7S", "bid:3", "bid:sealed", "give:7S", "ungive:7S"."""
    t = text.strip().lower()
    try:
        if t == "bid:sealed":
            return BID_SEALED
        if t.startswith("bid:"):
            v = int(t[4:])
            if 0 <= v <= MAX_BID:
                return BID_BASE + v
        elif t.startswith("give:"):
            return GIVE_BASE + REDS_DECK.parse(t[5:])
        elif t.startswith("ungive:"):
            return UNGIVE_BASE + REDS_DECK.parse(t[7:])
        else:
            return REDS_DECK.parse(t)
    except ValueError:
        pass
    raise ValueError("no action called %r in reds" % text)


def all_action_ids():
    cards = list(REDS_DECK.cards())
    return (cards + [BID_BASE + b for b in range(MAX_BID + 1)]
            + [GIVE_BASE + c for c in cards] + [UNGIVE_BASE + c for c in cards])
