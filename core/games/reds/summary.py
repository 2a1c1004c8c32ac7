"""Reds' scoresheet page (core.ui.sheets draws it) and the texts of its results pages,
given the table (core.games.reds.screen.RedsTable): loaded for the page and dropped after
it (core.ui.table_common TrickTable._summary).
"""
from core.games.reds.rules import EXCHANGES


def draw_sheet(table, screen, obs):
    from core.ui.sheets import draw_reds     # loaded while the page is shown
    draw_reds(table, screen, obs)


def hand_summary(table, events, obs):
    rows = []
    teams = []
    for ev in events:
        if ev[0] == "score":
            s, bid, took, pts, total = ev[1], ev[2], ev[3], ev[4], ev[5]
            rows.append((table.names[s], "%d" % bid, "%d" % took, "%+d" % pts, "%d" % total))
        elif ev[0] == "team_score":
            teams.append(ev)
    footer = ""
    h = table.n // 2
    for ev in teams:
        t = ev[1]
        footer += "%s+%s %+d = %d. " % (table.names[t][:3], table.names[t + h][:3], ev[2], ev[3])
    rnd = obs["round"] - (0 if table.game.is_over() else 1)
    if not table.game.is_over():
        k = obs["pass_count"]
        footer += "Next: round %d, %s." % (obs["round"], ("pass %d %s" % (
            k, "left" if EXCHANGES[table.game.rows[obs["round"] - 1]][1] == 1 else "right"))
            if k else "no exchange")
    return ("Round %d scores" % rnd, ("Player", "Bid", "Took", "Pts", "Total"), rows, footer)


def game_summary(table, res):
    # the results page's helpers are loaded with it, not with the table
    from core.ui.results import name_seats, place_rows, winners_line
    rows = place_rows(table.names, res["ranking"], res["scores"], res["winners"])
    footer = winners_line(table.names, res["winners"])
    if res["team_scores"]:
        for t in range(len(res["teams"])):
            a, b = res["teams"][t]
            footer += " Team %s+%s: %d." % (table.names[a][:3], table.names[b][:3], res["team_scores"][t])
    footer += " Tie-break: %s." % name_seats(res["tiebreak"], table.names)
    return ("Reds: final scores", ("", "Player", "Score"), rows, footer)
