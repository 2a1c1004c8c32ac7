"""Reds figures for tools/arena.py: exact-bid rate (rounds that took exactly the bid),
mean bid and mean round points for configurations A and B, from the result's rounds."""


def figures(res, pattern, out):
    """Per game: sums and counts per configuration (added up by the arena)."""
    for rd in res["rounds"]:
        for seat in range(len(pattern)):
            side = "a" if pattern[seat] == 0 else "b"
            bid = rd["bids"][seat]
            out["rd_n_" + side] = out.get("rd_n_" + side, 0) + 1
            out["rd_exact_" + side] = out.get("rd_exact_" + side, 0) + (1 if rd["tricks"][seat] == bid else 0)
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
    for k in list(summary):
        if k.startswith("rd_"):
            del summary[k]
