"""Speed Run figures for tools/arena.py: Perfect-Bonus rate and mean score per contract
for configurations A and B, from the final scoresheets (a Redo that replaced a result
counts once, with the kept result)."""
from core.games.speedrun.defs import BOARD_NAMES


def figures(res, pattern, out):
    """Per game: sums and counts per configuration (added up by the arena)."""
    for seat in range(len(pattern)):
        side = "a" if pattern[seat] == 0 else "b"
        out["perfect_" + side] = out.get("perfect_" + side, 0) + res["perfect_bonuses"][seat]
        for name, _, score in res["sheets"][seat]:
            out["sr_%s_n_%s" % (name, side)] = out.get("sr_%s_n_%s" % (name, side), 0) + 1
            out["sr_%s_sum_%s" % (name, side)] = out.get("sr_%s_sum_%s" % (name, side), 0) + score
            out["contracts_" + side] = out.get("contracts_" + side, 0) + 1


def summarize(totals, summary):
    """Rates and means from the arena's totals, added to its summary."""
    for side in ("a", "b"):
        n = totals.get("contracts_" + side, 0)
        if n:
            summary["perfect_rate_" + side] = round(totals.get("perfect_" + side, 0) / float(n), 4)
        per = {}
        for name in BOARD_NAMES:
            k = totals.get("sr_%s_n_%s" % (name, side), 0)
            if k:
                per[name] = round(totals["sr_%s_sum_%s" % (name, side)] / float(k), 3)
        summary["mean_score_per_contract_" + side] = per
    for k in list(summary):
        if k.startswith("sr_") or k.startswith("perfect_a_") or k.startswith("perfect_b_") \
                or k.startswith("contracts_"):
            del summary[k]
