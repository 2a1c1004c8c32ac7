"""What the screens say about trouble on the link (core/link/unit.py status(), the lobby
and the pause).  Kept out of unit.py: its text is only needed when something is wrong, and
the core suite's units share a small heap.

A cable that goes down cannot tell a pulled plug from a unit switched off or restarting
(both ends fall silent), so a reason names the silent unit and both possibilities;
another unit's report names both ends of its cable; a unit is never named as the cause of
its own report.
"""
from core.link.channel import LINK_VERSION
from core.link.net import MAX_HOPS

PORTS = "AB"


def unit_name(node):
    return "unit %d" % node


def trouble(unit):
    """(causes, waiting) for trouble_text: each cable reported down as (reporter, far
    end), reporter 0 for this unit's own; the silent units no cable report accounts for."""
    causes = []
    named = []
    for far in unit._down_ends():
        if far:
            causes.append((0, far))
            named.append(far)
    me = unit.node_id
    for p in unit.session.participants():
        if p == me or not unit._trouble.get(p):
            continue
        ends = unit._down.get(p, (0, 0))
        for far in ends:
            if far and far not in named and far != me:
                causes.append((p, far))
                named.append(far)
        if not ends[0] and not ends[1]:
            causes.append((p, 0))
    waiting = [u for u in unit.missing() if u not in named]
    return causes, waiting


def trouble_text(causes, waiting, name=unit_name):
    """The pause's reason.  `name(node)` names a unit ("unit 274", or the app's "Ben's
    unit")."""
    out = []
    for rep, far in causes:
        if not far:
            out.append("%s reports a link cable down" % name(rep))
        elif rep:
            out.append("%s gets no answer from %s (cable out or unit off)" % (name(rep), name(far)))
        else:
            out.append("no answer from %s (cable out or unit off)" % name(far))
    if waiting:
        out.append("waiting for %s" % ", ".join([name(u) for u in waiting]))
    return "; ".join(out)


def link_problem(unit):
    """A problem of the cabling itself, when unit.cabling_problem() says there is one: a
    neighbour speaking another link version, a ring, a game hosted too far away."""
    for ch in unit.node.channels:
        v = ch.alien_version
        if v >= 0:
            port = PORTS[ch.index] if ch.index < 2 else "%d" % ch.index
            if v > LINK_VERSION:
                return ("the unit on cable %s speaks a newer link version: this unit "
                        "needs a firmware update" % port)
            return "the unit on cable %s speaks another link version: update its firmware" % port
    if unit.node.ring():
        return "the units are cabled in a ring: unplug one cable"
    if unit._far_at is not None:
        return "a game is hosted too far down the chain: at most %d cables from the host" % MAX_HOPS
    return ""
