"""Reds figures for tools/arena.py: exact-bid rate (rounds that took exactly the bid),
overall and per bid (with a 95% interval over seat-rounds), mean bid and mean round
points for configurations A and B, from the result's rounds."""
import math


def figures(res, pattern, out):
    """Per game: sums and counts per configuration (added up by the arena)."""
    for rd in res["rounds"]:
        for seat in range(len(pattern)):
            side = "a" if pattern[seat] == 0 else "b"
            bid = rd["bids"][seat]
            out["rd_n_" + side] = out.get("rd_n_" + side, 0) + 1
            hit = 1 if rd["tricks"][seat] == bid else 0
            out["rd_exact_" + side] = out.get("rd_exact_" + side, 0) + hit
            key = "rd_bid%d_" % bid
            out[key + "n_" + side] = out.get(key + "n_" + side, 0) + 1
            out[key + "x_" + side] = out.get(key + "x_" + side, 0) + hit
            out["rd_bid_" + side] = out.get("rd_bid_" + side, 0) + bid
            out["rd_pts_" + side] = out.get("rd_pts_" + side, 0) + rd["points"][seat]


def summarize(totals, summary):
    """Rates and means from the arena's totals, added to its summary."""
    for side in ("a", "b"):
        n = totals.get("rd_n_" + side, 0)
        if n:
            summary["exact_bid_rate_" + side] = round(totals["rd_exact_" + side] / float(n), 4)
            summary["mean_bid_" + side] = round(totals["rd_bid_" + side] / float(n), 3)
            summary["mean_round_points_" + side] = round(totals["rd_pts_" + side] / float(n), 3)
            summary["exact_bid_rate_ci95_" + side] = _ci(totals["rd_exact_" + side], n)
        by_bid = {}
        for bid in range(6):
            nb = totals.get("rd_bid%d_n_%s" % (bid, side), 0)
            if nb:
                x = totals["rd_bid%d_x_%s" % (bid, side)]
                by_bid[str(bid)] = [nb, round(x / float(nb), 3)] + _ci(x, nb)
        summary["exact_by_bid_" + side] = by_bid     # bid: [seat-rounds, rate, ci low, ci high]
    for k in list(summary):
        if k.startswith("rd_"):
            del summary[k]


def _ci(hits, n):
    """95% interval of a rate over n seat-rounds (normal approximation; the rounds of
    one deal are not independent, so it is a little narrow)."""
    p = hits / float(n)
    h = 1.96 * math.sqrt(p * (1 - p) / n)
    return [round(p - h, 3), round(p + h, 3)]
