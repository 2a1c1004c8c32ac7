"""Speed texts that only tools and tests need, kept out of core/games/speed/rules.py and
core/games/speed/defs.py so that a match in progress does not hold them in RAM: public events
as readable lines, parsing action names, the list of every action id (docs/records.md)."""
from core.cards import SPEED_DECK
from core.games.speed.defs import PILE_L, PILE_NAMES, PILE_R, SPIT, action_label, play_action


def event_text(event):
    """One public event as a readable line, players numbered from 1 (events hold
    zero-based seats and small ints, not strings, so that the log stays small on the
    device)."""
    kind = event[0]
    if kind == "deal":
        return "round %d: deal, centre %s | %s" % (
            event[1], SPEED_DECK.label(event[2]), SPEED_DECK.label(event[3]))
    t = event[1]
    if kind == "play":
        return "%7d ms  player %d plays %s%s" % (t, event[2] + 1, action_label(event[3]),
                                            ", draws %d" % event[4] if event[4] else "")
    if kind == "flip":
        return "%7d ms  player %d flips %s" % (t, event[2] + 1, action_label(event[3]))
    if kind == "spit":
        return "%7d ms  player %d: Spit! (%s)" % (t, event[2] + 1, event[3])
    if kind == "standstill":
        return "%7d ms  stand-still: %s" % (t, event[2])
    if kind == "respit":
        return "%7d ms  re-spit %d: new spit piles of %d and %d" % (t, event[2], event[3], event[4])
    if kind == "round_end":
        who = "no winner" if event[3] < 0 else "player %d wins %d points" % (event[3] + 1, event[5])
        return "%7d ms  round %d over (%s): %s" % (t, event[2], event[4], who)
    return repr(event)


def parse_action(text):
    """The action labelled `text` ("7H>L", "7h>r", "spit")."""
    t = text.strip()
    if t.lower() == "spit":
        return SPIT
    if len(t) >= 4 and t[-2] == ">" and t[-1].upper() in PILE_NAMES:
        return play_action(SPEED_DECK.parse(t[:-2]), PILE_NAMES.find(t[-1].upper()))
    raise ValueError("no action called %r in speed (try 7H>L, 7H>R or spit)" % text)


def all_action_ids():
    out = [play_action(c, p) for c in SPEED_DECK.cards() for p in (PILE_L, PILE_R)]
    out.append(SPIT)
    return out
