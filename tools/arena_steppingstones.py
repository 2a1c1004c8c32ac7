"""Stepping Stones figures for tools/arena.py: the declarer's counted tricks per contract
(the results on the final scoresheet, after any redo) and contracts placed first (SS-10's
tie-break, a shared first counts) for configurations A and B."""


def figures(res, pattern, out):
    """Per game: sums and counts per configuration (added up by the arena)."""
    for seat in range(len(pattern)):
        side = "a" if pattern[seat] == 0 else "b"
        out["ss_seats_" + side] = out.get("ss_seats_" + side, 0) + 1
        out["ss_firsts_" + side] = out.get("ss_firsts_" + side, 0) + res["firsts"][seat]
        for row in res["scoresheet"]:
            key = "ss_%s_%%s_%s" % (row["contract"], side)
            out[key % "n"] = out.get(key % "n", 0) + 1
            out[key % "sum"] = out.get(key % "sum", 0) + row["tricks"][seat]


def summarize(totals, summary):
    """Means per seat-game and per contract from the arena's totals, added to its summary."""
    for side in ("a", "b"):
        seats = totals.get("ss_seats_" + side, 0)
        if seats:
            summary["firsts_per_seat_" + side] = round(totals["ss_firsts_" + side] / float(seats), 3)
        per = {}
        for k in sorted(totals):
            if k.startswith("ss_") and k.endswith("_n_" + side):
                name = k[3:-len("_n_" + side)]
                per[name] = round(totals["ss_%s_sum_%s" % (name, side)] / float(totals[k]), 3)
        summary["declarer_tricks_per_contract_" + side] = per
    for k in list(summary):
        if k.startswith("ss_"):
            del summary[k]
