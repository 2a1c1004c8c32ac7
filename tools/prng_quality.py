"""Statistical checks of core.prng (host only).  `python -m tools.prng_quality [N]`

Prints one JSON line per check with its chi-square statistic, degrees of freedom and a
normal-approximation z score; |z| < 4 is a pass.  Checks: byte frequencies of the 30-bit
outputs (high and low bytes), pairs of consecutive 4-bit values, below(n) uniformity for
awkward n, all 24 orders of a 4-card shuffle, all 120 orders of the first 5 cards across
*adjacent seeds* (seed correlation), and lag-1 serial correlation.
"""
import json
import math
import sys

import tools  # noqa: F401
from core.prng import Prng


def chi2(counts, expected):
    return sum((c - expected) ** 2 / expected for c in counts)


def z_of(stat, dof):
    # Wilson-Hilferty: chi-square -> approximately standard normal.
    return ((stat / dof) ** (1.0 / 3) - (1 - 2.0 / (9 * dof))) / math.sqrt(2.0 / (9 * dof))


def report(name, counts, n_samples):
    dof = len(counts) - 1
    stat = chi2(counts, n_samples / len(counts))
    z = z_of(stat, dof)
    return {"check": name, "samples": n_samples, "chi2": round(stat, 1), "dof": dof,
            "z": round(z, 2), "pass": abs(z) < 4}


def checks(n):
    out = []
    p = Prng(1)
    hi = [0] * 256
    lo = [0] * 256
    pairs = [0] * 256
    prev = None
    xs = []
    for _ in range(n):
        r = p.next30()
        hi[r >> 22] += 1
        lo[r & 0xFF] += 1
        nib = (r >> 13) & 0xF
        if prev is not None:
            pairs[(prev << 4) | nib] += 1
        prev = nib
        if len(xs) < 200000:
            xs.append(r / float(1 << 30))
    out.append(report("high_byte", hi, n))
    out.append(report("low_byte", lo, n))
    out.append(report("nibble_pairs", pairs, n - 1))
    for m in (3, 7, 52, 1000):
        counts = [0] * m
        for _ in range(max(n // 4, m * 50)):
            counts[p.below(m)] += 1
        out.append(report("below_%d" % m, counts, sum(counts)))
    perms = {}
    buf = bytearray(4)
    for _ in range(n // 4):
        for i in range(4):
            buf[i] = i
        p.shuffle(buf)
        k = bytes(buf)
        perms[k] = perms.get(k, 0) + 1
    out.append(report("shuffle4_orders", list(perms.values()) + [0] * (24 - len(perms)), n // 4))
    seeds = {}
    m = min(n // 8, 200000)
    for seed in range(m):
        q = Prng(seed)
        b = bytearray(range(5))
        q.shuffle(b)
        k = bytes(b)
        seeds[k] = seeds.get(k, 0) + 1
    out.append(report("adjacent_seed_shuffle5", list(seeds.values()) + [0] * (120 - len(seeds)), m))
    mean = sum(xs) / len(xs)
    var = sum((x - mean) ** 2 for x in xs) / len(xs)
    cov = sum((xs[i] - mean) * (xs[i + 1] - mean) for i in range(len(xs) - 1)) / (len(xs) - 1)
    corr = cov / var
    z = corr * math.sqrt(len(xs))
    out.append({"check": "serial_correlation_lag1", "samples": len(xs), "r": round(corr, 5),
                "z": round(z, 2), "pass": abs(z) < 4})
    return out


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
    ok = True
    for row in checks(n):
        print(json.dumps(row))
        ok = ok and row["pass"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
