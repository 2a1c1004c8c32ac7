"""Logical keys and input events, independent of any board.

Boards map their physical buttons (joystick, A/B/X/Y, chords) to these keys; screens only
ever see logical keys.  An event is one small int: ``kind << 4 | key``.
"""
from micropython import const

NONE = const(0)
UP = const(1)
DOWN = const(2)
LEFT = const(3)
RIGHT = const(4)
OK = const(5)
BACK = const(6)
MENU = const(7)
AUX = const(8)

NAMES = ("NONE", "UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK", "MENU", "AUX")

PRESS = const(0)
REPEAT = const(1)
RELEASE = const(2)

KIND_NAMES = ("PRESS", "REPEAT", "RELEASE")

NO_EVENT = const(-1)


def event(kind, key):
    return (kind << 4) | key


def key_of(ev):
    return ev & 0x0F


def kind_of(ev):
    return ev >> 4


def is_down(ev):
    """True for a press or an auto-repeat: what menus and cursors react to."""
    return ev >= 0 and (ev >> 4) != RELEASE


def key_by_name(name):
    return NAMES.index(name)


def describe(ev):
    return "%s %s" % (KIND_NAMES[ev >> 4], NAMES[ev & 0x0F])
