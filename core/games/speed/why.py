"""Why a Speed action is refused: the reasons behind IllegalAction.

Kept apart from core/games/speed/rules.py and imported only when an action is refused, so the
messages cost no heap while every play fits.  reason() gives each case its code, the
engine's message and the player's sentence (core/refusal.py).
"""
from micropython import const

from core.cards import SPEED_DECK, RANK_MASK, rich_card
from core.refusal import NOT_NOW, R_OTHER, R_OVER
from core.games.speed.defs import MAX_T_MS, PILE_NAMES, SPIT, fits, is_play

_R_NOT_ACTION = const(4)    # core.refusal.FIRST_REASON
_R_SPIT_WON = const(5)
_R_SPIT_YELL = const(6)
_R_SPIT_OFF = const(7)
_R_SPIT_CALLED = const(8)
_R_CAN_PLAY = const(9)
_R_NOT_HELD = const(10)
_R_OTHER_PILE = const(11)
_R_NO_FIT = const(12)
LAST_REASON = const(12)


def reason_at(game, t_ms, seat, action):
    """(code, message, sentence) for a timed action that Speed.legal_at() refuses."""
    if game.over:
        return (R_OVER, "the game is over", "The game is over")
    if seat not in (0, 1):
        return (R_OTHER, "no seat %r in Speed (seats 0 and 1)" % (seat,), NOT_NOW)
    if not isinstance(t_ms, int) or t_ms < 0 or t_ms > MAX_T_MS:
        return (R_OTHER, "time %r is not a whole number of ms in 0..2**30-1" % (t_ms,), NOT_NOW)
    if t_ms < game.now:
        return (R_OTHER, "time goes backwards: %d ms is before %d ms" % (t_ms, game.now),
                NOT_NOW)
    if not isinstance(action, int) or not (action == SPIT or is_play(action)):
        return (_R_NOT_ACTION, "%r is not a Speed action" % (action,), "Not a Speed move")
    if action == SPIT:
        if game.emptied(seat):
            return (_R_SPIT_WON, "Spit ends the round only with Winner Yells Spit; the round "
                    "is already won", "The round is already won")
        if not game.stand_still_spit:
            if game.winner_yells:   # ruling SP-8: the button is only the winner's yell
                return (_R_SPIT_YELL, "Spit wins the round once you have emptied your hand "
                        "and draw pile", "Play every card, then Spit")
            return (_R_SPIT_OFF, "Spit is only for the Stand Still Spit and Winner Yells "
                    "Spit variants", "No Spit key in this game")
        if game.called[seat]:
            return (_R_SPIT_CALLED, "you already called Spit; waiting for the other player",
                    "Spit called: waiting")
        a = game.legal_actions(seat)[0]
        return (_R_CAN_PLAY, "no stand-still: you can still play %s" % game.action_label(a),
                "You can still play %s" % rich_card(SPEED_DECK, a >> 1))
    card = action >> 1
    pile = action & 1
    label = SPEED_DECK.label(card)
    c = rich_card(SPEED_DECK, card)
    if game._in_hand(seat, card) < 0:
        return (_R_NOT_HELD, "%s is not in your hand" % label, "You do not hold %s" % c)
    other = pile ^ 1
    here = game.top(pile)
    there = game.top(other)
    word = "one below" if game.count_down else "adjacent to"
    if fits(card & RANK_MASK, there & RANK_MASK, game.count_down):
        return (_R_OTHER_PILE, "%s is not %s %s on pile %s (it fits pile %s)" % (
            label, word, SPEED_DECK.label(here), PILE_NAMES[pile], PILE_NAMES[other]),
            "%s fits %s, not %s" % (c, rich_card(SPEED_DECK, there), rich_card(SPEED_DECK, here)))
    return (_R_NO_FIT, "%s is not %s %s or %s" % (label, word, SPEED_DECK.label(here),
            SPEED_DECK.label(there)), "%s does not fit %s or %s" % (   # left pile first
            c, rich_card(SPEED_DECK, game.top(0)), rich_card(SPEED_DECK, game.top(1))))
