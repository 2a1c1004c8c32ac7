"""Why a Speed Run action is refused: the reasons behind IllegalAction.

Kept apart from core/games/speedrun/rules.py and imported only when an action is refused, so the
messages cost no heap during normal play.  reason() gives each case its code, the
engine's message and the player's sentence (core/refusal.py).
"""
from micropython import const

from core.cards import hand_has, rich_card
from core.refusal import other, suit_word
from core.games.speedrun.defs import (A_TRUMP, A_NO_TRUMP, A_RANK, A_CONTRACT, A_PASS, A_REDO,
                           A_REVEAL, A_NOREVEAL, RANKINGS, BOARD_NAMES, N_BOARDS,
                           PHASE_NAMES, P_SELECT, P_BID, P_REVEAL, P_PLAY, P_OVER)

_R_NOT_ACTION = const(4)    # core.refusal.FIRST_REASON
_R_PHASE = const(5)
_R_NOT_HELD = const(6)
_R_FOLLOW = const(7)
_R_TRUMP_TAKEN = const(8)
_R_RANK_TAKEN = const(9)
_R_NO_PASS = const(10)
_R_NO_REDO = const(11)
_R_REDO_NONE_DONE = const(12)
_R_NOT_BOARD = const(13)
_R_REDO_NOT_DONE = const(14)
_R_DONE = const(15)
_R_REVEAL_PASS = const(16)
LAST_REASON = const(16)

# What the player does in each phase (P_SELECT .. P_OVER), for a move of another phase.
_NOW = ("Now pick trump or ranking", "Now pick your contract", "Now reveal or hide it",
        "Now play a card", "The hand is over")


def action_kind(game, action):
    """The phase an action belongs to ("select", "bid", "reveal", "play"), or None."""
    if 0 <= action < 64 and game.deck.is_card(action):
        return "play"
    if A_TRUMP <= action < A_RANK + len(RANKINGS):
        return "select"
    if A_CONTRACT <= action < A_REDO + N_BOARDS:
        return "bid"
    if action == A_REVEAL or action == A_NOREVEAL:
        return "reveal"
    return None


def reason(game, seat, action):
    """(code, message, sentence) for `action` by `seat` (who decides now), not legal."""
    if not isinstance(action, int):     # a string, None...: no phase to compare with
        return (_R_NOT_ACTION, "%r is not a Speed Run action" % (action,), "Not a Speed Run move")
    p = game.phase
    kind = action_kind(game, action)
    label = game.action_label(action)
    if kind is None:
        return (_R_NOT_ACTION, "%s is not a Speed Run action" % label, "Not a Speed Run move")
    if p == P_OVER or kind != PHASE_NAMES[p]:
        return (_R_PHASE, "%s is a %s action, but the hand is in the %s phase" % (
            label, kind, PHASE_NAMES[p]), _NOW[p])
    if p == P_PLAY:
        card = rich_card(game.deck, action)
        if not hand_has(game.hands[seat], action):
            return (_R_NOT_HELD, "seat %d does not hold %s" % (seat, label),
                    "You do not hold %s" % card)
        led = game.deck.suits[game.resolver.led_suit()]
        return (_R_FOLLOW, "seat %d must follow suit: %s was led and %s is not of that suit "
                "(ruling T-2)" % (seat, led, label), "Follow suit: play a %s" % suit_word(led))
    if p == P_SELECT:
        if action <= A_NO_TRUMP:
            return (_R_TRUMP_TAKEN, "the trump suit was already chosen by seat %d; choose a "
                    "card ranking (ruling SR-8)" % game.trump_by, "Trump is set: pick a ranking")
        return (_R_RANK_TAKEN, "the card ranking was already chosen by seat %d; choose the "
                "trump suit (ruling SR-8)" % game.rank_by, "Ranking is set: pick trump")
    if p == P_BID:
        return _why_bid(game, seat, action, label)
    if p == P_REVEAL and action == A_REVEAL:
        return (_R_REVEAL_PASS, "a Pass contract cannot be revealed (ruling SR-6)",
                "A Pass cannot be revealed")
    return other(game, seat, action)


def _why_bid(game, seat, action, label):
    if action == A_PASS:
        return (_R_NO_PASS, "seat %d has no Pass card left (ruling SR-2)" % seat,
                "You have no Pass card left")
    redo = action >= A_REDO
    b = action - (A_REDO if redo else A_CONTRACT)
    if redo:
        if not game.redos[seat]:
            return (_R_NO_REDO, "seat %d has no Redo card left (ruling SR-2)" % seat,
                    "You have no Redo card left")
        if not game._completed(seat):
            return (_R_REDO_NONE_DONE, "a Redo needs a completed contract and seat %d has "
                    "completed none (ruling SR-7)" % seat, "Redo needs a done contract")
    if not (game.boards >> b) & 1:
        return (_R_NOT_BOARD, "contract %s is not on this game's boards (ruling SR-1)" %
                BOARD_NAMES[b], "Not a contract of this game")
    if redo:
        return (_R_REDO_NOT_DONE, "%s: seat %d has not completed contract %s yet (ruling "
                "SR-7)" % (label, seat, BOARD_NAMES[b]), "Redo only a done contract")
    return (_R_DONE, "seat %d already completed contract %s; only a Redo can play it again" % (
        seat, BOARD_NAMES[b]), "Contract done: pick another")
