"""Why a move is refused, said twice: for the record and for the player.

Game.reason() imports this module only when a move is not legal, so neither the texts
nor the code cost heap while every move is legal.  A refusal is (code, message, sentence):
  code      R_* below, or a game's own from FIRST_REASON (its why module:
            core/games/<game>/why.py, Reds' text.py)
  message   the engine's words for records, logs and the link: seats, card codes, rulings
  sentence  the player's words for the table's message line: at most 29 cells (the 240 px
            screen), cards and suits as the table draws them ("7^H", core/ui/rich.py),
            never a seat number, a card code or a ruling id
"""
from micropython import const

R_OVER = const(1)           # the game is over
R_TURN = const(2)           # the seat does not decide now
R_OTHER = const(3)          # not legal now, no more precise reason
FIRST_REASON = const(4)
NOT_NOW = "Not allowed now"


def suit_word(letter):
    """The player's word for a suit letter of core.cards ("C": "club")."""
    return ("spade", "heart", "diamond", "club")["SHDC".find(letter)]


def reason(game, seat, action):
    """The refusal of a move that Game.is_legal() refuses."""
    if game.is_over():
        return (R_OVER, "the game is over", "The game is over")
    movers = game.to_move()
    if seat not in movers:
        return (R_TURN, "seat %d does not decide now (waiting for %s)" % (
            seat, ", ".join([str(s) for s in movers]) or "nobody"), "Wait for your turn")
    return game._reason(seat, action)


def other(game, seat, action):
    """A move of a deciding seat that is not legal, when the game knows no more."""
    return (R_OTHER, "%s is not legal for seat %d now (legal: %s)" % (
        game.action_label(action), seat,
        ", ".join([game.action_label(a) for a in game.legal_actions(seat)])), NOT_NOW)
