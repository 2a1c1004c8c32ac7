"""Arena: seeded games between bot configurations with duplicate deals (host only).

    python -m tools.arena --game reds --players 4 --a ai:default --b greedy --deals 1000 [--jobs 2]
                          [--per-deal FILE] [--baseline FILE]

Each deal (a seed) is played once per seat rotation: configuration A takes the seats of one
pattern (for example A,B,B), then the pattern is rotated, so both configurations hold every
seat of the same deal and card luck cancels.  The figure per deal is A's mean score minus
B's mean score over all rotations, oriented so that positive means A did better (Speed
Run's lower totals are better).  The report gives the mean with a 95% confidence interval
(normal approximation, t-quantile for small samples) and game-specific figures.

Comparing two versions of the code on the same deals: run the old one with `--per-deal
old.json` (each deal's figure), then the new one with `--baseline old.json`; the report
adds the mean per-deal change (new minus old) with its 95% interval, which is much
tighter than the difference of the two means, since a deal's luck cancels too.
"""
import argparse
import json
import math
import sys
import time
from multiprocessing import Pool

import tools  # noqa: F401
from core.registry import game_class, make_bot
from tools.cli import parse_options
from tools.play import run_game

LOWER_IS_BETTER = {"speedrun": True}


def seat_patterns(n_players):
    """Rotations of A on seat 0..k and B elsewhere: A,B,...; for 2 seats A,B and B,A."""
    base = [0] + [1] * (n_players - 1)
    return [base[-r:] + base[:-r] if r else list(base) for r in range(n_players)]


def patterns_for(options, n_players):
    """Seat patterns; in a partnership game A and B each take whole teams (R-7)."""
    if options.get("partnership") and n_players in (4, 6):
        team = [s % (n_players // 2) for s in range(n_players)]
        return [[t % 2 for t in team], [1 - t % 2 for t in team]] if n_players == 4 else \
            [[0 if t == k else 1 for t in team] for k in range(3)]
    return seat_patterns(n_players)


def bot_for(game_name, spec, seed):
    kind, _, level = spec.partition(":")
    if kind == "ai":
        from core.registry import make_ai  # the built-in AI (issue 6)
        return make_ai(game_name, level or "default", seed)
    return make_bot(game_name, kind, seed)


def play_deal(job):
    """One deal under every rotation; returns (seed, diff, per-game figures)."""
    game_name, options, seed, spec_a, spec_b = job
    cls = game_class(game_name)
    diffs = []
    figures = []
    n = cls(options, seed).n_players
    for pattern in patterns_for(options or {}, n):
        game = cls(options, seed)
        specs = (spec_a, spec_b)
        bots = [bot_for(game_name, specs[pattern[s]], (seed * 16 + s) % 0x40000000) for s in range(n)]
        run_game(game, bots)
        res = game.result()
        scores = res.get("scores")
        a = [scores[s] for s in range(n) if pattern[s] == 0]
        b = [scores[s] for s in range(n) if pattern[s] == 1]
        d = sum(a) / len(a) - sum(b) / len(b)
        if LOWER_IS_BETTER.get(game_name):
            d = -d
        diffs.append(d)
        figures.append(game_figures(game_name, res, pattern))
    return seed, sum(diffs) / len(diffs), figures


def game_figures(game_name, res, pattern):
    """Game-specific per-game figures for configuration A (index 0) and B (index 1)."""
    out = {"winner_a": 0, "winner_b": 0}
    for w in res.get("winners", []):
        out["winner_a" if pattern[w] == 0 else "winner_b"] += 1.0 / len(res["winners"])
    hooks = game_hooks(game_name)
    if hooks is not None:
        hooks.figures(res, pattern, out)
    return out


def game_hooks(game_name):
    """tools/arena_<game>.py, the game's own figures if it has any: figures(res, pattern,
    out) per game, summarize(totals, summary) for the rates and means at the end."""
    import importlib
    name = "tools.arena_" + game_name
    try:
        mod = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None
    return mod if hasattr(mod, "figures") else None


# Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom (standard table).
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
       2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
       2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def mean_ci(xs):
    """Mean and the half-width of its 95% confidence interval."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, float("nan")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    t = T95[n - 2] if n - 1 <= len(T95) else 1.96
    return m, t * math.sqrt(var / n)


def progress(done, total, t0, out=sys.stderr):
    width = 30
    filled = int(width * done / total)
    rate = done / max(time.time() - t0, 1e-9)
    eta = (total - done) / rate if rate > 0 else 0
    out.write("\r[%s%s] %d/%d deals  %.1f/s  eta %ds " % ("#" * filled, "." * (width - filled), done, total, rate, eta))
    out.flush()


def run_arena(game_name, options, spec_a, spec_b, deals, first_seed=1, jobs=1, show_progress=True,
              per_deal=None, baseline=None):
    """per_deal: a file to write {seed: figure} to; baseline: such a file from an
    earlier run, to report the paired change against it."""
    work = [(game_name, options, first_seed + i, spec_a, spec_b) for i in range(deals)]
    results = []
    t0 = time.time()
    if jobs > 1:
        with Pool(jobs) as pool:
            for r in pool.imap_unordered(play_deal, work, chunksize=4):
                results.append(r)
                if show_progress:
                    progress(len(results), deals, t0)
    else:
        for w in work:
            results.append(play_deal(w))
            if show_progress:
                progress(len(results), deals, t0)
    if show_progress:
        sys.stderr.write("\n")
    results.sort()
    diffs = [r[1] for r in results]
    m, half = mean_ci(diffs)
    summary = {"game": game_name, "options": options, "a": spec_a, "b": spec_b, "deals": deals,
               "games": sum(len(r[2]) for r in results), "mean_diff_a_minus_b": round(m, 3),
               "ci95": [round(m - half, 3), round(m + half, 3)], "seconds": round(time.time() - t0, 1)}
    totals = {}
    for r in results:
        for fig in r[2]:
            for k, v in fig.items():
                totals[k] = totals.get(k, 0) + v
    n_games = summary["games"]
    for k in sorted(totals):
        summary[k + "_per_game"] = round(totals[k] / n_games, 4)
    hooks = game_hooks(game_name)
    if hooks is not None:
        hooks.summarize(totals, summary)
    if per_deal:
        with open(per_deal, "w") as f:
            json.dump({str(r[0]): r[1] for r in results}, f)
    if baseline:
        with open(baseline) as f:
            old = json.load(f)
        change = [r[1] - old[str(r[0])] for r in results if str(r[0]) in old]
        m, half = mean_ci(change)
        summary["vs_baseline"] = {"deals": len(change), "mean_change": round(m, 3),
                                  "ci95": [round(m - half, 3), round(m + half, 3)]}
    return summary


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.arena", description=__doc__.split("\n")[0])
    p.add_argument("--game", required=True)
    p.add_argument("--a", default="greedy", help="configuration A: random, greedy, ai[:level]")
    p.add_argument("--b", default="random", help="configuration B")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1, help="first deal's seed")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="game option (repeatable); values are parsed as JSON when possible")
    p.add_argument("--per-deal", metavar="FILE", help="write each deal's figure (JSON, by seed)")
    p.add_argument("--baseline", metavar="FILE",
                   help="a --per-deal file of another run on the same deals: report the paired change")
    args = p.parse_args(argv)
    options = parse_options(args.option)
    print(json.dumps(run_arena(args.game, options, args.a, args.b, args.deals, args.seed, args.jobs,
                               per_deal=args.per_deal, baseline=args.baseline)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
