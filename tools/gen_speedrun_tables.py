"""Make core/games/speedrun/table.py: the mean score each Speed Run contract earns, per hand
family and trick-estimate bucket, measured by simulation on the host.

    python -m tools.gen_speedrun_tables [--deals 6000] [--seed 1] [--rounds 2] [--out PATH]

For every deal (the project PRNG, a uniformly chosen trump and ranking) and every seat in
turn, the seat plays the whole hand aiming at each of the nine contracts while the other
two aim at the contract the current table would choose for their hands; all seats play by
the AI's playout policy (core/ai/sim.py).  The focal seat's score is added to the cell of
(family, bucket of core.games.speedrun.eval.estimate, contract).  Round 1 models the other
seats with a plain distance-to-target table; each later round with the previous round's
table.  Sparse cells borrow from neighbouring buckets until 60 hands back them.
The device only reads the result (~1.4 KB of bytes in flash).
"""
import argparse
import sys
import time

import tools  # noqa: F401
from core.prng import Prng
from core.trick import NO_SUIT, FOLLOW
from core.games.speedrun.defs import RANKINGS, BOARD_TARGETS, contract_diff, contract_score
from core.games.speedrun import eval as ev
from core.ai.sim import TrickSim
from core.games.speedrun.play import GOALS

OFFSET = 40
MIN_BACKING = 60
NB = ev.N_BUCKETS
NF = ev.N_FAMILIES
N_BOARDS = ev.N_BOARDS


class _Table:
    def __init__(self, score, typical):
        self.SCORE = score
        self.TYPICAL = typical
        self.OFFSET = OFFSET


def bootstrap_table():
    """Round-0 model: distance between estimated tricks and the contract's objective."""
    score = bytearray(NF * NB * N_BOARDS)
    for f in range(NF):
        for b in range(NB):
            est = b / 2.0
            for c in range(N_BOARDS):
                if c == 6:
                    d = max(0.0, est - 3.0)
                elif c == 8:
                    d = max(0.0, 5.0 - est)
                elif c == 7:
                    d = abs(est - 4.0)
                else:
                    d = abs(est - BOARD_TARGETS[c])
                score[(f * NB + b) * N_BOARDS + c] = int(round(d * 10)) + OFFSET
    return _Table(bytes(score), bytes([OFFSET] * N_BOARDS))


def model_board(fam, bkt):
    best = 0
    for c in range(1, N_BOARDS):
        if ev.expected_score(fam, bkt, c) < ev.expected_score(fam, bkt, best):
            best = c
    return best


def simulate(deals, seed, out=sys.stderr):
    """Sum and count of scores per (family, bucket, contract) cell."""
    rng = Prng(seed)
    sim = TrickSim(3, 10, 12)
    sums = [0] * (NF * NB * N_BOARDS)
    counts = [0] * (NF * NB * N_BOARDS)
    deck = bytearray([s << 4 | r for s in range(4) for r in range(10)])
    hands = [[0, 0, 0, 0] for _ in range(3)]
    t0 = time.time()
    for d in range(deals):
        rng.shuffle(deck)
        for s in range(3):
            h = hands[s]
            for i in range(4):
                h[i] = 0
            for c in deck[12 * s:12 * s + 12]:
                h[c >> 4] |= 1 << (c & 15)
        t = rng.below(5)
        trump = NO_SUIT if t == 4 else t
        rk = rng.below(len(RANKINGS))
        _, mode, low = RANKINGS[rk]
        fam = ev.family(trump, mode)
        bkts = [ev.bucket(ev.estimate(hands[s], trump, mode, low)) for s in range(3)]
        models = [model_board(fam, bkts[s]) for s in range(3)]
        leader = rng.below(3)
        sim.set_rules(trump, NO_SUIT, FOLLOW, mode, low)
        for focal in range(3):
            for c in range(N_BOARDS):
                for s in range(3):
                    for i in range(4):
                        sim.hands[s][i] = hands[s][i]
                    sim.won[s] = 0
                    sim.goal[s] = GOALS[c] if s == focal else GOALS[models[s]]
                sim.begin(0, leader, [])
                sim.playout()
                w = sim.won
                o1 = w[(focal + 1) % 3]
                o2 = w[(focal + 2) % 3]
                sc = contract_score(contract_diff(c, w[focal], min(o1, o2), max(o1, o2)), False)
                k = (fam * NB + bkts[focal]) * N_BOARDS + c
                sums[k] += sc
                counts[k] += 1
        if out and (d + 1) % 1000 == 0:
            out.write("  %d/%d deals, %.0fs\n" % (d + 1, deals, time.time() - t0))
    return sums, counts


def build_table(sums, counts):
    score = bytearray(NF * NB * N_BOARDS)
    for f in range(NF):
        for c in range(N_BOARDS):
            for b in range(NB):
                w = 0
                while True:
                    s = n = 0
                    for bb in range(max(0, b - w), min(NB, b + w + 1)):
                        k = (f * NB + bb) * N_BOARDS + c
                        s += sums[k]
                        n += counts[k]
                    if n >= MIN_BACKING or w > NB:
                        break
                    w += 1
                mean10 = int(round(10.0 * s / n)) if n else 0
                score[(f * NB + b) * N_BOARDS + c] = max(0, min(255, mean10 + OFFSET))
    typical = bytearray(N_BOARDS)
    for c in range(N_BOARDS):
        s = sum(sums[k] for k in range(c, len(sums), N_BOARDS))
        n = sum(counts[k] for k in range(c, len(counts), N_BOARDS))
        typical[c] = max(0, min(255, int(round(10.0 * s / n)) + OFFSET))
    return bytes(score), bytes(typical)


def write_module(path, score, typical, args):
    lines = [
        '"""Generated by `python -m tools.gen_speedrun_tables --deals %d --seed %d --rounds %d`;'
        % (args.deals, args.seed, args.rounds),
        "do not edit.  Mean Speed Run score x10 + OFFSET per (family, estimate bucket, contract)",
        'and per contract over all hands (TYPICAL); read by core/games/speedrun/eval.py."""',
        "OFFSET = %d" % OFFSET,
        "SCORE = (",
    ]
    for i in range(0, len(score), 27):
        lines.append("    %r" % bytes(score[i:i + 27]))
    lines.append(")")
    lines.append("TYPICAL = %r" % bytes(typical))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.gen_speedrun_tables", description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=6000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--out", default="core/games/speedrun/table.py")
    args = p.parse_args(argv)
    ev._T = bootstrap_table()
    for r in range(args.rounds):
        sys.stderr.write("round %d/%d\n" % (r + 1, args.rounds))
        sums, counts = simulate(args.deals, args.seed + r)
        score, typical = build_table(sums, counts)
        ev._T = _Table(score, typical)
    write_module(args.out, score, typical, args)
    print("wrote %s: %d cells, typical (tenths) %s" % (
        args.out, len(score), [t - OFFSET for t in typical]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
