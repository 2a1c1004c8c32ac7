"""Bytes of a whole game's record with and without the public facts (docs/records.md).

    python -m tools.record_sizes [--seeds 5]

Random players in the trick games and level-2 bots in Speed; each game is written as a
version 2 record (with `events`, `deal` lines) and as its version 1 lines (header, actions,
result), and the mean sizes are printed.
"""
import os
import sys

from core.record_json import dumps, iter_plain_record, iter_record

# the games are played as tests/core/test_record_facts.py plays them
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tests", "core"))
from test_record_facts import played    # noqa: E402

GAMES = (("speedrun", None), ("steppingstones", None), ("reds", {"players": 4}),
         ("speed", {"target": 100}))


def sizes(g):
    """(version 1 bytes, version 2 bytes) of the record of `g`, newline included."""
    v1 = sum([len(dumps(o)) + 1 for o in iter_plain_record(g)])
    v2 = sum([len(dumps(o)) + 1 for o in iter_record(g)])
    return v1, v2


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=5, help="games per game (seeds 1..N)")
    args = ap.parse_args(argv)
    for name, options in GAMES:
        a = b = 0
        for seed in range(1, args.seeds + 1):
            v1, v2 = sizes(played(name, options, seed))
            a += v1
            b += v2
        print("%-15s version 1: %6d B   version 2: %6d B   x%.1f" % (
            name, a // args.seeds, b // args.seeds, b / a))


if __name__ == "__main__":
    main()
