"""Fit Reds' BID_LIK (core/games/reds/bidread.py): how likely a public bid is given a hand.

    python -m tools.fit_reds_bids [--players 4] [--deals 60] [--seed 5000]

Plays seeded games (the default AI against greedy bots, and the default AI in every
seat) and records, per seat and round, the bid and the VAL estimate
(core.games.reds.eval.estimate, hundredths of a trick) of the five cards the seat holds
after the exchange, which is what the card-play search can weigh: the round's cards the
sampled deal gives a seat.  Fits an ordered-probit model by grid search (the bid is b
when the estimate plus normal noise of sigma falls between cuts b-1 and b) and prints
the fit and the BID_LIK bytes: per bid 0..5, LIK_N entries over the estimate in steps of
LIK_STEP, each row scaled to a maximum of 255.  Host only.
"""
import argparse
import math
import sys

import tools  # noqa: F401
from core.registry import game_class
from core.games.reds import eval as ev
from core.games.reds.defs import anti_of
from core.games.reds.bidread import LIK_STEP, LIK_N
from tools.arena import bot_for
from tools.play import run_game


class _Recorder:
    """A bot wrapper noting (bid, estimate after the exchange) at the seat's first play."""

    def __init__(self, bot, out):
        self.bot = bot
        self.out = out

    def choose(self, obs):
        if obs["phase"] == "play" and len(obs["hand"]) == 5:
            m = [0, 0, 0, 0]
            for c in obs["hand"]:
                m[c >> 4] |= 1 << (c & 15)
            self.out.append((obs["bids"][obs["seat"]], ev.estimate(m, obs["n_players"], anti_of(obs))))
        return self.bot.choose(obs)


def record(n, deals, seed):
    out = []
    cls = game_class("reds")
    for d in range(seed, seed + deals):
        for specs in (["ai:default"] + ["greedy"] * (n - 1), ["ai:default"] * n):
            game = cls({"players": n}, d)
            run_game(game, [_Recorder(bot_for("reds", specs[s], d * 16 + s), out) for s in range(n)])
    return out


def _phi(z):
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


def _p(cuts, sigma, b, e):
    lo = -1e9 if b == 0 else cuts[b - 1]
    hi = 1e9 if b >= len(cuts) else cuts[b]
    return _phi((hi - e) / sigma) - _phi((lo - e) / sigma)


def fit(rows):
    """(mean log-likelihood, cuts, sigma): nil cut, then evenly spaced cuts."""
    best = None
    for nil in range(30, 101, 10):
        for first in range(130, 211, 10):
            for gap in (80, 90, 100, 110):
                cuts = [nil] + [first + gap * i for i in range(4)]
                for sigma in (30, 35, 40, 45, 50, 55, 60):
                    ll = sum([math.log(max(_p(cuts, sigma, b, e), 1e-9)) for b, e in rows]) / len(rows)
                    if best is None or ll > best[0]:
                        best = (ll, cuts, sigma)
    return best


def table(cuts, sigma):
    out = []
    for b in range(6):
        ps = [_p(cuts, sigma, b, e * LIK_STEP) for e in range(LIK_N)]
        top = max(ps)
        out += [int(round(255 * p / top)) for p in ps]
    return bytes(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--seed", type=int, default=5000)
    args = ap.parse_args(argv)
    rows = record(args.players, args.deals, args.seed)
    ll, cuts, sigma = fit(rows)
    sys.stdout.write("%d seat-rounds; mean log-likelihood %.3f; cuts %r; sigma %d\n" % (len(rows), ll, cuts, sigma))
    sys.stdout.write("BID_LIK = %r\n" % table(cuts, sigma))


if __name__ == "__main__":
    main()
