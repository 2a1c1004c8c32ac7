"""Why a Speed Run action is refused: the messages behind IllegalAction.

Kept apart from core/speedrun.py and imported only when an action is refused, so the
messages cost no heap during normal play.
"""
from core.cards import hand_has
from core.game import Game
from core.speedrun_defs import (A_TRUMP, A_NO_TRUMP, A_RANK, A_CONTRACT, A_PASS, A_REDO,
                           A_REVEAL, A_NOREVEAL, RANKINGS, BOARD_NAMES, N_BOARDS,
                           PHASE_NAMES, P_SELECT, P_BID, P_REVEAL, P_PLAY, P_OVER)


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


def why_illegal(game, seat, action):
    """The reason `action` by `seat` (who decides now) is not legal."""
    if not isinstance(action, int):     # a string, None...: no phase to compare with
        return "%r is not a Speed Run action" % (action,)
    p = game.phase
    kind = action_kind(game, action)
    label = game.action_label(action)
    if kind is None:
        return "%s is not a Speed Run action" % label
    if p == P_OVER or kind != PHASE_NAMES[p]:
        return "%s is a %s action, but the hand is in the %s phase" % (
            label, kind, PHASE_NAMES[p])
    if p == P_PLAY:
        if not hand_has(game.hands[seat], action):
            return "seat %d does not hold %s" % (seat, label)
        led = game.resolver.led_suit()
        return "seat %d must follow suit: %s was led and %s is not of that suit (ruling T-2)" % (
            seat, game.deck.suits[led], label)
    if p == P_SELECT:
        if action <= A_NO_TRUMP:
            return ("the trump suit was already chosen by seat %d; choose a card ranking "
                    "(ruling SR-8)" % game.trump_by)
        return ("the card ranking was already chosen by seat %d; choose the trump suit "
                "(ruling SR-8)" % game.rank_by)
    if p == P_BID:
        return _why_bid(game, seat, action, label)
    if p == P_REVEAL and action == A_REVEAL:
        return "a Pass contract cannot be revealed (ruling SR-6)"
    return Game._why_illegal(game, seat, action)


def _why_bid(game, seat, action, label):
    if action == A_PASS:
        return "seat %d has no Pass card left (ruling SR-2)" % seat
    redo = action >= A_REDO
    b = action - (A_REDO if redo else A_CONTRACT)
    if redo:
        if not game.redos[seat]:
            return "seat %d has no Redo card left (ruling SR-2)" % seat
        if not game._completed(seat):
            return ("a Redo needs a completed contract and seat %d has completed none "
                    "(ruling SR-7)" % seat)
    if not (game.boards >> b) & 1:
        return "contract %s is not on this game's boards (ruling SR-1)" % BOARD_NAMES[b]
    if redo:
        return "%s: seat %d has not completed contract %s yet (ruling SR-7)" % (
            label, seat, BOARD_NAMES[b])
    return "seat %d already completed contract %s; only a Redo can play it again" % (
        seat, BOARD_NAMES[b])
