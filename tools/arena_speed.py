"""Speed arena: every AI level against every other over seeded rounds (host only).

    python -m tools.arena_speed [--rounds 400] [--levels 1,2,3,4] [--seed0 0] [--jobs 2]
                                [--baselines greedy,random] [--<option> VALUE ...]

Each seed is one deal played twice, the two levels swapping seats, so card luck and seat
cancel.  For each pair the report gives the harder level's share of the decided games with
a 95% Wilson confidence interval (a game with no winner counts for neither), one JSON
object per line.  `make arena-speed` runs the long version; tests/host/test_speed_arena.py
a short one.  With `--baselines`, every level plays each baseline bot instead (core/
speed_bots.py: greedy reacts in a fixed 700 ms, random in 0-1000 ms), the level in the
"harder" place.  "paced-greedy" and "paced-random" are the same choices made at the
level's own pace (its reaction times, hesitations and Spit delay, not its chains or its
second look): against them a level wins or loses on its decisions alone.
"""
import argparse
import json
import math
import sys
import time
from multiprocessing import Pool

import tools  # noqa: F401  (puts the MicroPython shim on sys.path)
from core.games.speed.rules import SpeedRecorded
from core.games.speed.ai import LEVELS, LEVEL_PARAMS, SpeedBot
from core.games.speed.bots import VirtualTable, make_bots, derive_seed, GreedyBot, RandomBot

Z95 = 1.959963984540054


def wilson(wins, n, z=Z95):
    """95% Wilson score interval for a proportion: (low, high); (0, 1) when n == 0."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (centre - half, centre + half)


def play_seed(job):
    """One deal, both seatings: (wins of level a, wins of level b, undecided, ms of play)."""
    options, seed, a, b = job
    wins_a = wins_b = undecided = 0
    ms = 0
    for levels in ((a, b), (b, a)):
        game = SpeedRecorded(options, seed)     # every round's summary (t_ms below)
        VirtualTable(game, _bots(levels, seed), seed).run()
        winners = game.result()["winners"]
        ms += sum([r["t_ms"] for r in game.rounds])
        if len(winners) != 1:
            undecided += 1
        elif levels[winners[0]] == a:
            wins_a += 1
        else:
            wins_b += 1
    return wins_a, wins_b, undecided, ms


class PacedGreedy(GreedyBot):
    """Greedy's choice (the first card that fits) at a SpeedBot level's timing."""
    _delay = SpeedBot._delay

    def __init__(self, seed, level):
        GreedyBot.__init__(self, seed)
        self.p = LEVEL_PARAMS[level - 1]


class PacedRandom(RandomBot):
    """Random's choice (any card that fits) at a SpeedBot level's timing."""
    _delay = SpeedBot._delay

    def __init__(self, seed, level):
        RandomBot.__init__(self, seed)
        self.p = LEVEL_PARAMS[level - 1]


BASELINES = {"greedy": GreedyBot, "random": RandomBot,
             "paced-greedy": PacedGreedy, "paced-random": PacedRandom}


def _bots(levels, seed):
    """A level number is a SpeedBot; a name (BASELINES) a baseline bot.  A paced
    baseline takes the timing of the level in the other seat."""
    if isinstance(levels[0], int) and isinstance(levels[1], int):
        return make_bots(levels, seed)
    bots = make_bots([lv if isinstance(lv, int) else 2 for lv in levels], seed)
    for s in (0, 1):
        if not isinstance(levels[s], int):
            cls = BASELINES[levels[s]]
            if cls in (PacedGreedy, PacedRandom):
                bots[s] = cls(derive_seed(seed, s), levels[1 - s])
            else:
                bots[s] = cls(derive_seed(seed, s))
    return bots


def pair_report(options, a, b, seeds, jobs=1):
    """The harder level b against a over the given seeds."""
    work = [(options, s, a, b) for s in seeds]
    if jobs > 1:
        with Pool(jobs) as pool:
            parts = pool.map(play_seed, work, chunksize=16)
    else:
        parts = [play_seed(w) for w in work]
    wa = sum([p[0] for p in parts])
    wb = sum([p[1] for p in parts])
    und = sum([p[2] for p in parts])
    ms = sum([p[3] for p in parts])
    decided = wa + wb
    low, high = wilson(wb, decided)
    return {"easier": a, "harder": b, "games": 2 * len(seeds), "harder_wins": wb,
            "easier_wins": wa, "no_winner": und,
            "harder_share": round(wb / decided, 4) if decided else None,
            "ci95": [round(low, 4), round(high, 4)],
            "mean_match_s": round(ms / 1000.0 / (2 * len(seeds)), 1)}


def arena(options, levels, seeds, jobs=1):
    out = []
    for i in range(len(levels)):
        for j in range(i + 1, len(levels)):
            out.append(pair_report(options, levels[i], levels[j], seeds, jobs))
    return out


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.arena_speed", description=__doc__.split("\n")[0])
    p.add_argument("--rounds", type=int, default=400, help="seeds per pair (each played twice)")
    p.add_argument("--levels", default=",".join([str(x) for x in LEVELS]))
    p.add_argument("--seed0", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--baselines", default="", help="e.g. greedy,random,paced-greedy,paced-random: each level against each")
    for opt in SpeedRecorded.OPTIONS:
        p.add_argument("--" + opt.key.replace("_", "-"), dest="opt_" + opt.key, default=None)
    args = p.parse_args(argv)
    from tools.play_speed import speed_options
    options = speed_options(args)
    levels = [int(x) for x in args.levels.split(",")]
    seeds = range(args.seed0, args.seed0 + args.rounds)
    t0 = time.time()
    if args.baselines:
        pairs = [(b, lv) for lv in levels for b in args.baselines.split(",")]
    else:
        pairs = [(levels[i], levels[j]) for i in range(len(levels)) for j in range(i + 1, len(levels))]
    for a, b in pairs:
        print(json.dumps(pair_report(options, a, b, seeds, args.jobs)))
        sys.stdout.flush()
    print(json.dumps({"options": options, "seconds": round(time.time() - t0, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
