"""Small command-line helpers shared by the host tools."""
import json


def parse_options(pairs):
    """["KEY=VALUE", ...] -> an options dict; values are read as JSON when they parse
    (players=6 -> 6, partnership=true -> True), else kept as strings."""
    out = {}
    for kv in pairs:
        k, _, v = kv.partition("=")
        try:
            out[k] = json.loads(v)
        except ValueError:
            out[k] = v
    return out


# -- what a person reads: players numbered from 1 (records keep zero-based seats) ---------
def player(seat):
    """Seat 0 -> "player 1": the name a printout gives a seat."""
    return "player %d" % (seat + 1)


def players(seats):
    """[2, 0] -> "player 3, player 1"; [] -> "none"."""
    return ", ".join([player(s) for s in seats]) or "none"


def per_player(values):
    """[12, 30] -> "player 1 12, player 2 30"."""
    return ", ".join(["%s %s" % (player(s), values[s]) for s in range(len(values))])


def seats_as_players(text):
    """An engine text that names zero-based seats ("Seat 0 wins", "seat 1 plays"), with
    the players numbered from 1 instead."""
    import re
    return re.sub(r"\b([Ss])eat (\d+)",
                  lambda m: ("P" if m.group(1) == "S" else "p") + "layer %d" % (int(m.group(2)) + 1),
                  text)
