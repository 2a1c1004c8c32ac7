"""Make core/games/steppingstones/table.py and hist.py: the Stepping Stones AI's tables (host).

    python -m tools.gen_steppingstones_tables [--deals 3000] [--games 200] [--budget 0]
                                              [--seed 1] [--out core/games/steppingstones/table.py]

HIST: for each deal (a seeded game whose seat 0 is the first forehand) and each of the
seven contracts, seat 0 declares it with the announcement its estimate prefers and the
hand is played by the AI in every seat (card-play budget --budget; 0 = playout policy);
the declarer's counted tricks are tallied per (contract, estimate bucket).  Sparse
buckets borrow from their neighbours until they hold --min-samples hands.
TYPICAL: --games whole games per contract set with the AI in every seat (using HIST):
the histogram of every result written on a scoresheet, per contract.
Histograms are stored in 64ths (largest-remainder rounding, each sums to 64).
"""
import argparse
import os
import sys
import time

import tools  # noqa: F401
from core.games.steppingstones.rules import SteppingStones, BID_BASE, KIND_NAMES, NONE
from core.games.steppingstones import eval as ev
from core.games.steppingstones import choice
from core.games.steppingstones.ai import SteppingStonesAI

SETS = {"starter": (0, 1, 2, 3), "advanced": (0, 4, 5, 6)}


class _Tables:
    """Stand-in for the generated module while it is being made."""

    def __init__(self, hist, typical):
        self.HIST = hist
        self.TYPICAL = typical


def to_64ths(counts):
    total = sum(counts)
    if total == 0:
        return [0] * 12 + [64]
    raw = [c * 64.0 / total for c in counts]
    out = [int(r) for r in raw]
    order = sorted(range(len(raw)), key=lambda i: -(raw[i] - out[i]))
    for i in order[:64 - sum(out)]:
        out[i] += 1
    return out


def pooled(counts, b, min_samples):
    """counts[b] widened over neighbouring buckets until it holds min_samples hands."""
    acc = list(counts[b])
    w = 0
    while sum(acc) < min_samples and w < ev.N_BUCKETS:
        w += 1
        for nb in (b - w, b + w):
            if 0 <= nb < ev.N_BUCKETS:
                acc = [x + y for x, y in zip(acc, counts[nb])]
    return acc


def play_hand(game, bots, until_row_done):
    """Play until seat 0's result for the row is written."""
    while game.results[0][until_row_done] == NONE:
        seat = game.to_move()[0]
        game.apply(seat, bots[seat].choose(game.observation(seat)))


def measure_hist(deals, seed, budget, min_samples, log):
    counts = [[[0] * ev.N_RESULTS for _ in range(ev.N_BUCKETS)] for _ in range(ev.N_KINDS)]
    t0 = time.time()
    for i in range(deals):
        dseed = seed + i
        for cset, kinds in SETS.items():
            for kind in kinds:
                if cset == "advanced" and kind == 0:
                    continue   # Pick Trump is measured with the starter set
                game = SteppingStones({"contracts": cset, "first_forehand": "0"}, dseed)
                bots = [SteppingStonesAI((dseed * 16 + s) & 0x3FFFFFFF, budget) for s in range(3)]
                hand = game.hands[0]
                est = choice.best_announcement(kind, hand)[0]
                game.apply(0, BID_BASE + kind)
                play_hand(game, bots, game.rows.index(kind))
                counts[kind][choice.bucket(est)][game.results[0][game.rows.index(kind)]] += 1
        if log and (i + 1) % 50 == 0:
            sys.stderr.write("\rhist: %d/%d deals, %.0f s" % (i + 1, deals, time.time() - t0))
    if log:
        sys.stderr.write("\n")
    hist = bytearray()
    for kind in range(ev.N_KINDS):
        for b in range(ev.N_BUCKETS):
            hist.extend(to_64ths(pooled(counts[kind], b, min_samples)))
    return bytes(hist), counts


def measure_typical(games, seed, budget, log):
    counts = [[0] * ev.N_RESULTS for _ in range(ev.N_KINDS)]
    for cset in SETS:
        for g in range(games):
            game = SteppingStones({"contracts": cset}, seed + g)
            bots = [SteppingStonesAI(((seed + g) * 16 + s) & 0x3FFFFFFF, budget) for s in range(3)]
            while not game.is_over():
                seat = game.to_move()[0]
                game.apply(seat, bots[seat].choose(game.observation(seat)))
            for s in range(3):
                for row, kind in enumerate(game.rows):
                    counts[kind][game.results[s][row]] += 1
            if log and (g + 1) % 20 == 0:
                sys.stderr.write("\rtypical %s: %d/%d games" % (cset, g + 1, games))
    if log:
        sys.stderr.write("\n")
    out = bytearray()
    for kind in range(ev.N_KINDS):
        out.extend(to_64ths(counts[kind]))
    return bytes(out), counts


def bootstrap_typical():
    """A first guess for results still to come: a broad hump (used only while measuring)."""
    out = bytearray()
    for kind in range(ev.N_KINDS):
        centre = 2 if ev.KIND_PROPS[kind] & ev.K_LOSE else 5
        w = [max(0, 6 - abs(x - centre)) for x in range(ev.N_RESULTS)]
        out.extend(to_64ths(w))
    return bytes(out)


def write_module(path, hist, typical, argv):
    """TYPICAL to `path` (table.py, read by the card play too) and HIST to hist.py beside
    it (read by the decisions before play only, so the device loads it for them alone:
    docs/memory.md)."""
    gen = '"""Generated by `python -m tools.gen_steppingstones_tables %s`;' % " ".join(argv)
    _write_bytes_module(path, [
        gen,
        "do not edit.  Histograms (64ths) of the declarer's counted tricks 0..12 in AI",
        "games, per contract kind (TYPICAL); read by core/games/steppingstones/eval.py.  HIST is",
        'in core/games/steppingstones/hist.py."""'], "TYPICAL", typical, 39)
    _write_bytes_module(os.path.join(os.path.dirname(path), "hist.py"), [
        gen,
        "do not edit.  Histograms (64ths) of the declarer's counted tricks 0..12 per",
        "(contract kind, estimate bucket); read by core/games/steppingstones/choice.py, for the",
        'decisions before play only."""'], "HIST", hist, 40)


def _write_bytes_module(path, doc, name, data, per_line):
    """A module of `doc` lines and `name` = the bytes `data`, `per_line` bytes a line."""
    lines = doc + [name + " = ("]
    for i in range(0, len(data), per_line):
        lines.append("    %r" % data[i:i + per_line])
    lines.append(")")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    p = argparse.ArgumentParser(prog="python -m tools.gen_steppingstones_tables",
                                description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=3000)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--budget", type=int, default=0)
    p.add_argument("--min-samples", type=int, default=150)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default="core/games/steppingstones/table.py")
    args = p.parse_args(argv)
    typical = bootstrap_typical()
    ev._T = _Tables(bytes(64 // 13 for _ in range(ev.N_KINDS * ev.N_BUCKETS * ev.N_RESULTS)), typical)
    hist, hcounts = measure_hist(args.deals, args.seed, args.budget, args.min_samples, True)
    ev._T = _Tables(hist, typical)
    typical, tcounts = measure_typical(args.games, args.seed + 1000000, args.budget, True)
    ev._T = _Tables(hist, typical)
    write_module(args.out, hist, typical, argv)
    for kind in range(ev.N_KINDS):
        n = sum(tcounts[kind])
        mean = sum(x * c for x, c in enumerate(tcounts[kind])) / float(n) if n else 0
        print("%-14s typical mean %.2f over %d results" % (KIND_NAMES[kind], mean, n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
