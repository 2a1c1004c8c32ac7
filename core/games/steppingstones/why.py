"""Why a Stepping Stones action is illegal: one clear sentence per case.

Imported by SteppingStones._reason only when an illegal action arrives, so the
messages cost no RAM during normal play.  `game` is a SteppingStones whose seat `seat`
decides now; `action` is not among its legal actions.  reason() gives each case its
code, the engine's message and the player's sentence (core/refusal.py).
"""
from micropython import const

from core.cards import STEPPING_DECK, SUIT_SHIFT, hand_has, rich_card
from core.refusal import other, suit_word
from core.games.steppingstones.defs import (BID_BASE, F_MUST_BEAT, KIND_FLAGS, KIND_NAMES, LAST_ACTION,
                                            NONE, PASS, PHASE_NAMES, RANK_9HIGH, REDO_BASE,
                                            TRUMP_BASE)

_R_NOT_ACTION = const(4)    # core.refusal.FIRST_REASON
_R_PHASE = const(5)
_R_RANK_FIRST = const(6)
_R_NOT_HELD = const(7)
_R_MUST_BEAT = const(8)
_R_FOLLOW = const(9)
_R_PUDDLE = const(10)
_R_NOT_IN_SET = const(11)
_R_DONE = const(12)
_R_NO_REDO_VARIANT = const(13)
_R_NO_TOKEN = const(14)
_R_REDO_NOT_DONE = const(15)
LAST_REASON = const(15)

# What the player does in each phase (PHASE_NAMES order), for a move of another phase.
_NOW = ("Now bid a contract or pass", "Now pick 9 or 1 high", "Now pick the trump suit",
        "Now play a card", "The hand is over")


def reason(game, seat, action):
    """(code, message, sentence) for `action` by `seat`, not legal."""
    if not isinstance(action, int) or action < 0 or action > LAST_ACTION or (
            action < PASS and not STEPPING_DECK.is_card(action)):
        return (_R_NOT_ACTION, "%r is not a Stepping Stones action" % (action,),
                "Not a Stepping Stones move")
    phase = PHASE_NAMES[game.phase]
    now = _NOW[game.phase]
    label = game.action_label(action)
    if action < PASS:
        return _why_card(game, seat, action, label, phase, now)
    if phase == "play":
        return (_R_PHASE, "%s is not a card, and this is the trick-taking phase: play a card"
                % label, now)
    if action < RANK_9HIGH:
        return _why_bid(game, seat, action, label, phase, now)
    if action < TRUMP_BASE:
        return (_R_PHASE, "the card ranking is announced right after a bid, not in the %s "
                "phase" % phase, now)
    if phase == "rank":
        return (_R_RANK_FIRST, "announce the card ranking (9 or 1 high) before the trump suit",
                "First pick 9 or 1 high")
    if phase == "trump":
        return other(game, seat, action)
    return (_R_PHASE, "%s takes no trump suit now: this is the %s phase" % (label, phase), now)


def _why_card(game, seat, card, label, phase, now):
    if phase != "play":
        return (_R_PHASE, "%s is a card play, but this is the %s phase" % (label, phase), now)
    if not hand_has(game.hands[seat], card):
        return (_R_NOT_HELD, "%s is not in seat %d's hand" % (label, seat),
                "You do not hold %s" % rich_card(STEPPING_DECK, card))
    legal = STEPPING_DECK.labels(game.legal_actions(seat))
    res = game.resolver
    led = res.led_suit()
    if KIND_FLAGS[game.kind] & F_MUST_BEAT and card >> SUIT_SHIFT == led:
        best = res.cards[res.winner_index()]
        return (_R_MUST_BEAT, "must beat %s when able (ruling SS-8): play one of %s" % (
            STEPPING_DECK.label(best), legal), "Beat %s if you can" % rich_card(STEPPING_DECK, best))
    suit = STEPPING_DECK.suits[led]
    return (_R_FOLLOW, "must follow %s (ruling T-2): play one of %s" % (suit, legal),
            "Follow suit: play a %s" % suit_word(suit))


def _why_bid(game, seat, action, label, phase, now):
    if phase != "bid":
        return (_R_PHASE, "%s is a bid, but bidding is over: this is the %s phase" % (
            label, phase), now)
    if action == PASS:
        return (_R_PUDDLE, "seat %d is in the puddle and must bid a contract (ruling SS-3)" %
                seat, "All passed: you must bid")
    redo = action >= REDO_BASE
    kind = action - (REDO_BASE if redo else BID_BASE)
    name = KIND_NAMES[kind]
    if kind not in game.rows:
        return (_R_NOT_IN_SET, "%s is not a contract of the %s set (ruling SS-1)" % (
            name, game.options["contracts"]), "Not a contract of this game")
    done = game.results[seat][game.rows.index(kind)] != NONE
    if not redo and done:
        return (_R_DONE, "seat %d has already completed %s (ruling SS-3)" % (seat, name),
                "Contract done: pick another")
    if redo:
        if not game.options["redo"]:
            return (_R_NO_REDO_VARIANT, "the Redo variant is not in play", "No Redo in this game")
        if not game.tokens[seat]:
            return (_R_NO_TOKEN, "seat %d has no redo token left (ruling SS-9)" % seat,
                    "You have no Redo token left")
        if not done:
            return (_R_REDO_NOT_DONE, "seat %d cannot redo %s: not completed yet (ruling SS-9)"
                    % (seat, name), "Redo only a done contract")
    return other(game, seat, action)
