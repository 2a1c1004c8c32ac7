"""Make core/games/reds/table.py (VAL, PTS) and recv.py (RECV; see core/games/reds/eval.py) by simulation.

    python -m tools.gen_reds_tables [--deals 3000] [--seed 1] [--out PATH]

Every deal is dealt like the engine (39 cards, 5 each, cards turned until a black one
gives the anti-trump suit, none if only diamonds remain) with the project PRNG, and played
by the AI's playout policy (core/ai/sim.py) with every seat's goal its bid.
    VAL   all seats try to win every trick (G_MAX): the share of tricks each card takes.
    VAL0  one seat (in turn) plays for nil, the others for the rounded estimate of their
          hands: the share of that seat's cards that take a trick anyway.
    PTS   one seat (in turn) plays the deal once per bid 0..5, the others bidding what the
          previous table prefers for their hands (first pass: the rounded estimate); its
          points go to the cell (estimate, bid), the VAL0 estimate for nil, split
          linearly between the two nearest
          buckets.  Two passes.  Cells backed by fewer than MIN_BACKING hands borrow
          from neighbouring buckets.
    RECV  every seat bids and passes as the AI does (core.games.reds.choice) for each
          exchange count; the mean value of the cards passed, per giver's bid (RECV0:
          the same in VAL0 terms).
The device only reads the result (under 1 KB of bytes).
"""
import argparse
import os
import sys
import time

import tools  # noqa: F401
from core.prng import Prng
from core.games.reds.rules import round_points
from core.trick import NO_SUIT
from core.games.reds import eval as ev
from core.games.reds import choice
from core.ai.sim import TrickSim, G_MAX

MIN_BACKING = 40
COUNTS = (2, 3, 4, 5, 6)


class _Table:
    def __init__(self, val, pts, recv):
        self.VAL = val
        self.VAL0 = None
        self.PTS = pts
        self.RECV = recv
        self.RECV0 = None


def deal(rng, n):
    """(hands as card lists, anti suit) like core/games/reds/rules.py deals a round."""
    pack = bytearray([s << 4 | r for s in range(3) for r in range(13)])
    rng.shuffle(pack)
    hands = [[pack[5 * s + i] for i in range(5)] for s in range(n)]
    anti = NO_SUIT
    for c in pack[5 * n:]:
        if c >> 4:
            anti = c >> 4
            break
    return hands, anti


def load(sim, hands, goals):
    for s in range(sim.n):
        h = sim.hands[s]
        for i in range(4):
            h[i] = 0
        for c in hands[s]:
            h[c >> 4] |= 1 << (c & 15)
        sim.won[s] = 0
        sim.goal[s] = goals[s]


def mask(cards):
    m = [0, 0, 0, 0]
    for c in cards:
        m[c >> 4] |= 1 << (c & 15)
    return m


def make_val(deals, seed):
    val = bytearray(N_VAL)
    for n in COUNTS:
        rng = Prng(seed + n)
        sim = TrickSim(n, 13, 5)
        held = [0] * 39
        won = [0] * 39
        for d in range(deals):
            hands, anti = deal(rng, n)
            sim.set_rules(0, anti)
            load(sim, hands, [G_MAX] * n)
            sim.begin(0, d % n, [])
            keys = {}
            for s in range(n):
                for c in hands[s]:
                    k = ev.card_class(c >> 4, anti) * 13 + (c & 15)
                    keys[c] = k
                    held[k] += 1
            while not sim.is_over():
                sim.play(sim.policy(sim.turn))
                if sim.res.count == 0:
                    won[keys[sim.best]] += 1
        for k in range(39):
            val[(n - 2) * 39 + k] = min(100, int(round(100.0 * won[k] / held[k]))) if held[k] else 0
    return bytes(val)


N_VAL = 5 * 39


def make_val0(deals, seed):
    """VAL0: each seat in turn plays for nil against the others' rounded estimates."""
    val = bytearray(N_VAL)
    for n in COUNTS:
        rng = Prng(seed * 5 + n)
        sim = TrickSim(n, 13, 5)
        held = [0] * 39
        won = [0] * 39
        for d in range(deals):
            hands, anti = deal(rng, n)
            sim.set_rules(0, anti)
            bids = [min(5, (ev.estimate(mask(h), n, anti) + 50) // 100) for h in hands]
            keys = {}
            for s in range(n):
                for c in hands[s]:
                    keys[c] = ev.card_class(c >> 4, anti) * 13 + (c & 15)
            for t in range(n):
                goals = list(bids)
                goals[t] = 0
                load(sim, hands, goals)
                sim.begin(0, (d + t) % n, [])
                for c in hands[t]:
                    held[keys[c]] += 1
                while not sim.is_over():
                    seat = sim.turn
                    sim.play(sim.policy(seat))
                    if sim.res.count == 0 and sim.best in hands[t] and sim.best_seat == t:
                        won[keys[sim.best]] += 1
        for k in range(39):
            val[(n - 2) * 39 + k] = min(100, int(round(100.0 * won[k] / held[k]))) if held[k] else 0
    return bytes(val)


def make_pts(table, deals, seed, bootstrap):
    """Mean points x10 per (n, bucket, bid) for a focal seat playing each bid."""
    NB, NBID = ev.N_BUCKETS, ev.N_BIDS
    sums = [0.0] * (5 * NB * NBID)
    wts = [0.0] * (5 * NB * NBID)
    for n in COUNTS:
        rng = Prng(seed * 7 + n)
        sim = TrickSim(n, 13, 5)
        for d in range(deals):
            hands, anti = deal(rng, n)
            sim.set_rules(0, anti)
            ests = [ev.estimate(mask(h), n, anti) for h in hands]
            ests0 = [ev.estimate(mask(h), n, anti, True) for h in hands]
            if bootstrap:
                bids = [min(5, (e + 50) // 100) for e in ests]
            else:
                bids = [ev.model_bid(n, ests[s], ests0[s]) for s in range(n)]
            t = d % n
            leader = (d // n) % n
            for bid in range(NBID):
                e = ests[t] if bid else ests0[t]
                b0 = min(e // ev.STEP, NB - 1)
                f = (e - b0 * ev.STEP) / float(ev.STEP) if b0 < NB - 1 else 0.0
                bids[t] = bid
                load(sim, hands, bids)
                sim.begin(0, leader, [])
                sim.playout()
                p = round_points(bid, sim.won[t]) * 10
                i = ((n - 2) * NB + b0) * NBID + bid
                sums[i] += p * (1 - f)
                wts[i] += 1 - f
                if f:
                    sums[i + NBID] += p * f
                    wts[i + NBID] += f
    pts = bytearray(5 * NB * NBID)
    for n in COUNTS:
        for b in range(NB):
            for bid in range(NBID):
                s = w = 0.0
                r = 0
                while w < MIN_BACKING and r < NB:
                    for bb in {b - r, b + r}:
                        if 0 <= bb < NB:
                            j = ((n - 2) * NB + bb) * NBID + bid
                            s += sums[j]
                            w += wts[j]
                    r += 1
                pts[((n - 2) * NB + b) * NBID + bid] = int(round(s / w)) if w else 0
    return bytes(pts)


def flat_recv(val):
    """RECV before measuring: every giver passes a card of the deck's mean value."""
    recv = bytearray(5 * (choice.MAX_PASS + 1) * 7)
    for n in COUNTS:
        mean = sum(val[(n - 2) * 39:(n - 1) * 39]) // 39
        for k in range(choice.MAX_PASS + 1):
            for b in range(7):
                recv[((n - 2) * (choice.MAX_PASS + 1) + k) * 7 + b] = mean
    return bytes(recv)


def make_recv(table, deals, seed):
    """(RECV, RECV0)."""
    recv = [bytearray(flat_recv(table.VAL)), bytearray(flat_recv(table.VAL0))]
    for n in COUNTS:
        rng = Prng(seed * 13 + n)
        for k in range(1, choice.MAX_PASS + 1):
            tot = [[0] * 7, [0] * 7]
            cnt = [0] * 7
            for d in range(deals):
                hands, anti = deal(rng, n)
                for s in range(n):
                    plan = choice.make_plan(n, sorted(hands[s]), anti, k)
                    bid = choice.choose_bid(plan)
                    _, m = plan.best(bid)
                    for b in (bid, choice.UNKNOWN_BID):
                        for nil in (0, 1):
                            tot[nil][b] += plan._given(m, nil)
                        cnt[b] += k
            for b in range(7):
                if cnt[b]:
                    for nil in (0, 1):
                        recv[nil][((n - 2) * (choice.MAX_PASS + 1) + k) * 7 + b] = int(round(tot[nil][b] / float(cnt[b])))
    return bytes(recv[0]), bytes(recv[1])


def write(path, t, args):
    """VAL, VAL0, PTS to `path` (table.py, read by the card play too) and RECV, RECV0 to
    recv.py beside it (read by the bid and the pass only: core/games/reds/choice.py)."""
    head = "Generated by tools/gen_reds_tables.py (--deals %d --seed %d): see core/games/reds/eval.py" % (
        args.deals, args.seed)
    parts = ((path, '"""%s."""\n' % head, ("VAL", "VAL0", "PTS")),
             (os.path.join(os.path.dirname(path), "recv.py"),
              '"""%s;\nread by core/games/reds/choice.py only, and dropped with it."""\n' % head, ("RECV", "RECV0")))
    for out, doc, names in parts:
        with open(out, "w") as f:
            f.write(doc)
            for name in names:
                f.write("%s = %r\n" % (name, getattr(t, name)))


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.gen_reds_tables", description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=3000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default="core/games/reds/table.py")
    args = p.parse_args(argv)
    t0 = time.time()
    t = _Table(make_val(args.deals, args.seed), None, None)
    ev._T = t
    choice._R = t
    sys.stderr.write("VAL %.0fs\n" % (time.time() - t0))
    t.VAL0 = make_val0(args.deals, args.seed)
    sys.stderr.write("VAL0 %.0fs\n" % (time.time() - t0))
    t.PTS = make_pts(t, args.deals, args.seed, True)
    t.PTS = make_pts(t, args.deals, args.seed + 1, False)
    sys.stderr.write("PTS %.0fs\n" % (time.time() - t0))
    t.RECV = flat_recv(t.VAL)
    t.RECV0 = flat_recv(t.VAL0)
    t.RECV, t.RECV0 = make_recv(t, args.deals // 10, args.seed)
    t.RECV, t.RECV0 = make_recv(t, args.deals // 10, args.seed + 1)
    sys.stderr.write("RECV %.0fs\n" % (time.time() - t0))
    write(args.out, t, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
