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
