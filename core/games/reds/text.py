"""Reds texts that only tools and error paths need, kept out of core/games/reds/rules.py so that a
game in progress does not hold them in RAM: why an action is illegal (the engine's
message and the player's sentence, core/refusal.py), parsing action names, the list of
every action id (see docs/records.md)."""
from micropython import const

from core.cards import REDS_DECK, hand_has, rich_card
from core.games.reds.defs import (BID, BID_BASE, BID_SEALED, EXCHANGE, GIVE_BASE, MAX_BID, PLAY, REVEAL,
                       UNGIVE_BASE)
from core.refusal import NOT_NOW, R_OTHER, suit_word

_R_BID_RANGE = const(4)     # core.refusal.FIRST_REASON
_R_NOT_ACTION = const(5)
_R_REVEALING = const(6)
_R_PHASE = const(7)
_R_NOT_CHOSEN = const(8)
_R_NOT_HELD = const(9)
_R_CHOSEN = const(10)
_R_NOT_HIDDEN = const(11)
_R_FOLLOW = const(12)
LAST_REASON = const(12)

_SUIT_NAMES = ("diamonds", "spades", "clubs")
_VERBS = {PLAY: "play a card", BID: "bid", EXCHANGE: "pass cards"}
# What the player does in each phase, for a move of another phase.
_NOW = {PLAY: "Now play a card", BID: "Now make your bid", EXCHANGE: "Now pick cards to pass",
        REVEAL: "The bids are being opened"}


def reason(game, seat, action):
    """(code, message, sentence) for an action `seat` may not take now (seat is one that
    decides): see core/refusal.py."""
    if not isinstance(action, int):     # a string, None...: no action id at all
        return (_R_NOT_ACTION, "%r is not a Reds action" % (action,), "Not a Reds move")
    label = game.action_label(action)
    if label[0] == "?":
        if BID_BASE <= action < GIVE_BASE:
            return (_R_BID_RANGE, "bids go from 0 to %d, not %d" % (MAX_BID, action - BID_BASE),
                    "Bid 0 to %d tricks" % MAX_BID)
        return (_R_NOT_ACTION, "%d is not a Reds action" % action, "Not a Reds move")
    if action < BID_BASE:
        kind = PLAY
    elif action < GIVE_BASE:
        kind = BID
    else:
        kind = EXCHANGE
    if game.phase == REVEAL and action == BID_SEALED:
        return (_R_REVEALING, "%s: seat %d now reveals the bid it sealed (0 to %d)" % (
            label, seat, MAX_BID), "Now reveal your bid: 0 to %d" % MAX_BID)
    if kind != game.phase:
        return (_R_PHASE, "%s: seat %d cannot %s during the %s phase" % (
            label, seat, _VERBS[kind], game.phase), _NOW[game.phase])
    if kind == EXCHANGE:
        c = action & 63
        name = REDS_DECK.label(c)
        card = rich_card(REDS_DECK, c)
        if action >= UNGIVE_BASE:
            return (_R_NOT_CHOSEN, "%s: %s is not among seat %d's chosen cards" % (
                label, name, seat), "%s is not picked to pass" % card)
        if not hand_has(game.hands[seat], c):
            return (_R_NOT_HELD, "%s: seat %d does not hold %s" % (label, seat, name),
                    "You do not hold %s" % card)
        return (_R_CHOSEN, "%s: %s is already chosen" % (label, name),
                "%s is already picked" % card)
    if action == BID_SEALED:
        return (_R_NOT_HIDDEN, "%s: only with hidden bids, while bidding" % label,
                "Bids are not secret here")
    if kind == PLAY:
        if not hand_has(game.hands[seat], action):
            return (_R_NOT_HELD, "seat %d does not hold %s" % (seat, label),
                    "You do not hold %s" % rich_card(REDS_DECK, action))
        led = game.resolver.led_suit()
        return (_R_FOLLOW, "%s: seat %d must follow %s (ruling T-2)" % (
            label, seat, _SUIT_NAMES[led]), "Follow suit: play a %s" % suit_word(REDS_DECK.suits[led]))
    # A bid is refused only when the seat has already bid (not a decider then) or range.
    return (R_OTHER, "%s is not legal for seat %d now" % (label, seat), NOT_NOW)


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
