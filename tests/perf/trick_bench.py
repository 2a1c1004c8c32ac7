"""Trick resolver benchmark, runnable unchanged on CPython, the unix port and WebAssembly.

Plays the same seeded random tricks through (a) core.trick.TrickResolver and (b) a
straightforward baseline that builds a list of card objects per trick, and prints one JSON
line per implementation: ops/s (tricks per second) and bytes allocated per trick (MicroPython:
gc.mem_alloc() with the collector off; CPython: null, it frees eagerly and has no such count).
Usage: <runtime> tests/perf/trick_bench.py RUNTIME_NAME [TRICKS]
"""
import gc
import json
import sys
import time

for _p in ("tests/core", ""):
    if _p not in sys.path:
        sys.path.insert(0, _p)
try:
    import micropython  # noqa: F401
except ImportError:  # CPython: the project's stand-in
    sys.path.insert(0, "tools/hostshim")

from core.cards import SPEEDRUN_DECK, hand_add, hand_clear, highest_rank, lowest_rank, new_hand  # noqa: E402
from core.prng import Prng  # noqa: E402
from core.trick import FOLLOW, NO_SUIT, TrickResolver  # noqa: E402

N_PLAYERS = 3
HAND = 12

from perf_clock import elapsed_us, now_us  # noqa: E402


class Card:
    """The baseline's card object."""

    def __init__(self, code):
        self.suit = code >> 4
        self.rank = code & 15


def deal(rng, buf):
    rng.shuffle(buf)
    return buf


def baseline_trick(hands_codes, leader, trump, low, pick):
    """One trick the obvious way: card objects, list filters, max()."""
    hands = [[Card(c) for c in h] for h in hands_codes]
    played = []
    seats = []
    for k in range(N_PLAYERS):
        seat = (leader + k) % N_PLAYERS
        hand = hands[seat]
        if played:
            follow = [c for c in hand if c.suit == played[0].suit]
            legal = follow if follow else hand
        else:
            legal = hand
        card = legal[-1] if pick & 1 else legal[0]
        played.append(card)
        seats.append(seat)
    led = played[0].suit
    trumps = [i for i in range(len(played)) if played[i].suit == trump]
    pool = trumps if trumps else [i for i in range(len(played)) if played[i].suit == led]
    sign = -1 if low else 1
    best = max(pool, key=lambda i: sign * played[i].rank)
    return seats[best]


def resolver_trick(r, hands, out, leader, trump, low, pick):
    r.set_rules(trump, NO_SUIT, FOLLOW)
    r.start(low)
    for k in range(N_PLAYERS):
        seat = (leader + k) % N_PLAYERS
        r.legal_masks(hands[seat], out)
        # The first or last legal card in suit then rank order, as the baseline picks.
        if pick & 1:
            s = 3
            while not out[s]:
                s -= 1
            card = (s << 4) | highest_rank(out[s])
        else:
            s = 0
            while not out[s]:
                s += 1
            card = (s << 4) | lowest_rank(out[s])
        r.play(seat, card)
    return r.winner_seat()


def setups(n):
    """Seeded trick set-ups shared by both implementations."""
    rng = Prng(2024)
    buf = SPEEDRUN_DECK.cards()
    out = []
    for _ in range(n):
        deal(rng, buf)
        hands_codes = []
        for p in range(N_PLAYERS):
            hands_codes.append(sorted(buf[p * HAND:(p + 1) * HAND]))
        out.append((hands_codes, rng.below(3), rng.below(5), rng.below(2) == 1, rng.below(1000)))
    return out


ALLOC_SAMPLE = 100
REPEATS = 5
WINNERS_BYTES = 0  # set in main(): the bytes() copy each run returns, not part of a trick


def measure(name, runtime, fn, cases):
    """Time `fn` over all cases (collector on; best of REPEATS, since the machine is shared),
    then count bytes allocated over the first ALLOC_SAMPLE cases with the collector off
    (MicroPython only)."""
    us = None
    for _ in range(REPEATS):
        gc.collect()
        t0 = now_us()
        winners = fn(cases, 0, len(cases))
        t = elapsed_us(t0)
        if us is None or t < us:
            us = t
    alloc = None
    if hasattr(gc, "mem_alloc"):
        gc.collect()
        gc.disable()
        a0 = gc.mem_alloc()
        fn(cases, 0, ALLOC_SAMPLE)
        alloc = (gc.mem_alloc() - a0 - WINNERS_BYTES) / ALLOC_SAMPLE
        gc.enable()
    ops = len(cases) * 1e6 / us if us > 0 else 0
    return winners, {"runtime": runtime, "bench": name, "ops_per_s": round(ops, 1),
                     "alloc_bytes_per_op": None if alloc is None else round(alloc, 1),
                     "tricks": len(cases), "repeats": REPEATS}


def main(argv):
    runtime = argv[1] if len(argv) > 1 else "cpython"
    n = int(argv[2]) if len(argv) > 2 else 1000
    cases = setups(n)
    r = TrickResolver(N_PLAYERS, SPEEDRUN_DECK.n_ranks)
    hands_masks = []
    for hc, _, _, _, _ in cases:
        hs = []
        for h in hc:
            m = new_hand()
            hand_clear(m)
            for c in h:
                hand_add(m, c)
            hs.append(m)
        hands_masks.append(hs)
    out = new_hand()
    trumps = (0, 1, 2, 3, NO_SUIT)
    winners_buf = bytearray(n)
    global WINNERS_BYTES
    gc.collect()
    if hasattr(gc, "mem_alloc"):
        gc.disable()
        a0 = gc.mem_alloc()
        bytes(winners_buf)
        WINNERS_BYTES = gc.mem_alloc() - a0
        gc.enable()

    def run_resolver(cs, start, stop):
        w = winners_buf
        for i in range(start, stop):
            hc, leader, t, low, pick = cs[i]
            w[i] = resolver_trick(r, hands_masks[i], out, leader, trumps[t], low, pick)
        return bytes(w)

    def run_baseline(cs, start, stop):
        w = winners_buf
        for i in range(start, stop):
            hc, leader, t, low, pick = cs[i]
            w[i] = baseline_trick(hc, leader, trumps[t], low, pick)
        return bytes(w)

    wr, res = measure("trick_resolver", runtime, run_resolver, cases)
    wb, base = measure("trick_baseline_objects", runtime, run_baseline, cases)
    if wr != wb:
        raise SystemExit("resolver and baseline disagree on trick winners")
    res["ratio_vs_baseline"] = round(res["ops_per_s"] / base["ops_per_s"], 2) if base["ops_per_s"] else None
    print(json.dumps(res))
    print(json.dumps(base))


if __name__ == "__main__":
    main(globals().get("ARGV") or sys.argv)
