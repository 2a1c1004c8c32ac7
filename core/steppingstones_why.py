"""Why a Stepping Stones action is illegal: one clear sentence per case.

Imported by SteppingStones._why_illegal only when an illegal action arrives, so the
messages cost no RAM during normal play.  `game` is a SteppingStones whose seat `seat`
decides now; `action` is not among its legal actions.
"""
from core.cards import STEPPING_DECK, SUIT_SHIFT, hand_has
from core.game import Game
from core.steppingstones import (BID_BASE, F_MUST_BEAT, KIND_FLAGS, KIND_NAMES, LAST_ACTION, NONE, PASS,
                                 PHASE_NAMES, RANK_9HIGH, REDO_BASE, TRUMP_BASE)


def why_illegal(game, seat, action):
    if not isinstance(action, int) or action < 0 or action > LAST_ACTION or (
            action < PASS and not STEPPING_DECK.is_card(action)):
        return "%r is not a Stepping Stones action" % (action,)
    phase = PHASE_NAMES[game.phase]
    label = game.action_label(action)
    if action < PASS:
        return _why_card(game, seat, action, label, phase)
    if phase == "play":
        return "%s is not a card, and this is the trick-taking phase: play a card" % label
    if action < RANK_9HIGH:
        return _why_bid(game, seat, action, label, phase)
    if action < TRUMP_BASE:
        return "the card ranking is announced right after a bid, not in the %s phase" % phase
    if phase == "rank":
        return "announce the card ranking (9 or 1 high) before the trump suit"
    if phase == "trump":
        return Game._why_illegal(game, seat, action)
    return "%s takes no trump suit now: this is the %s phase" % (label, phase)


def _why_card(game, seat, card, label, phase):
    if phase != "play":
        return "%s is a card play, but this is the %s phase" % (label, phase)
    if not hand_has(game.hands[seat], card):
        return "%s is not in seat %d's hand" % (label, seat)
    legal = STEPPING_DECK.labels(game.legal_actions(seat))
    res = game.resolver
    led = res.led_suit()
    if KIND_FLAGS[game.kind] & F_MUST_BEAT and card >> SUIT_SHIFT == led:
        best = res.cards[res.winner_index()]
        return "must beat %s when able (ruling SS-8): play one of %s" % (STEPPING_DECK.label(best), legal)
    return "must follow %s (ruling T-2): play one of %s" % (STEPPING_DECK.suits[led], legal)


def _why_bid(game, seat, action, label, phase):
    if phase != "bid":
        return "%s is a bid, but bidding is over: this is the %s phase" % (label, phase)
    if action == PASS:
        return "seat %d is in the puddle and must bid a contract (ruling SS-3)" % seat
    redo = action >= REDO_BASE
    kind = action - (REDO_BASE if redo else BID_BASE)
    name = KIND_NAMES[kind]
    if kind not in game.rows:
        return "%s is not a contract of the %s set (ruling SS-1)" % (name, game.options["contracts"])
    done = game.results[seat][game.rows.index(kind)] != NONE
    if not redo and done:
        return "seat %d has already completed %s (ruling SS-3)" % (seat, name)
    if redo:
        if not game.options["redo"]:
            return "the Redo variant is not in play"
        if not game.tokens[seat]:
            return "seat %d has no redo token left (ruling SS-9)" % seat
        if not done:
            return "seat %d cannot redo %s: not completed yet (ruling SS-9)" % (seat, name)
    return Game._why_illegal(game, seat, action)
