"""Bytes of a whole game's record with and without the public facts (docs/records.md).

    python -m tools.record_sizes [--seeds 5]

Random players in the trick games and level-2 bots in Speed; each game is written as a
version 2 record (with `events`, `deal` lines) and as its version 1 lines (header, actions,
result), and the mean sizes are printed.
"""
import argparse

from core.bots import RandomBot
from core.record import dumps, iter_plain_record, iter_record
from core.registry import game_class
from core.speed import SpeedRecorded
from core.speed_bots import VirtualTable, make_bots

GAMES = (("speedrun", None), ("steppingstones", None), ("reds", {"players": 4}),
         ("speed", {"target": 100}))


def played(name, options, seed):
    if name == "speed":
        g = SpeedRecorded(options, seed)
        VirtualTable(g, make_bots((2, 2), seed), seed).run()
        return g
    g = game_class(name)(options, seed)
    bots = [RandomBot(seed + i) for i in range(g.n_players)]
    while not g.is_over():
        for seat in g.to_move():
            if not g.is_over():
                g.apply(seat, bots[seat].choose(g.observation(seat)))
    return g


def sizes(g):
    """(version 1 bytes, version 2 bytes) of the record of `g`, newline included."""
    v1 = sum([len(dumps(o)) + 1 for o in iter_plain_record(g)])
    v2 = sum([len(dumps(o)) + 1 for o in iter_record(g)])
    return v1, v2


def main(argv=None):
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
