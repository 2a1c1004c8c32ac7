"""Stepping Stones' scoresheet page and the texts of its results pages, given the table
(core.games.steppingstones.screen.SteppingStonesTable): loaded for the page and dropped
after it (core.ui.table_common TrickTable._summary).
"""
from core.games.steppingstones.rules import F_LOSE, KIND_FLAGS, KIND_NAMES
from core.games.steppingstones.screen import SHORT
from core.ui import rich, text
from core.ui.palette import ACCENT, DARK, FELT, GOLD, GREY, TEXT


def draw_sheet(table, screen, obs):
    fb = screen.fb
    W = screen.width
    fb.fill(FELT)
    fb.fill_rect(0, 0, W, 16, DARK)
    text.draw_centred(fb, "Scoresheet  (hand %d)" % obs["hand_no"], 0, 4, W, ACCENT)
    cx = 80
    cw = (W - cx - 4) // table.n
    y = 20
    for s in range(table.n):
        text.draw_centred(fb, table.names[s][:6], cx + s * cw, y, cw, GOLD if s == table.seat else TEXT)
    y += 12
    for row in obs["scoresheet"]:
        k = row["contract"]
        fb.hline(2, y - 2, W - 4, GREY)
        fb.text(SHORT[k], 4, y, TEXT)
        fb.text("tricks" if not KIND_FLAGS[KIND_NAMES.index(k)] & F_LOSE else "fewer",
                4, y + 10, GREY)
        for s in range(table.n):
            t = row["tricks"][s]
            text.draw_centred(fb, "-" if t is None else "%d" % t, cx + s * cw, y, cw, TEXT)
            p = row["points"]
            if p is not None:
                text.draw_centred(fb, "%+d" % p[s], cx + s * cw, y + 10, cw,
                                  GOLD if p[s] == 3 else ACCENT)
        y += 24
    fb.hline(2, y - 2, W - 4, TEXT)
    fb.text("Points", 4, y + 2, ACCENT)
    for s in range(table.n):
        text.draw_centred(fb, "%d" % obs["scores"][s], cx + s * cw, y + 2, cw, ACCENT)
    y += 14
    rich.draw_para(fb, "A row scores +3/+1/-1 once all three have played it.", 4, y, W - 8, GREY)
    screen.mark_all()


def hand_summary(table, events, obs):
    d = -1
    kind = ""
    hand_no = obs["hand_no"]
    rank = ""
    trump = ""
    res = None
    redo = False
    for ev in events:
        if ev[0] == "hand":
            hand_no = ev[1]
        elif ev[0] in ("bid", "redo"):
            d = ev[1]
            kind = ev[2]
            redo = ev[0] == "redo"
        elif ev[0] == "rank":
            rank = "1 high" if ev[2] == "1high" else "9 high"
        elif ev[0] == "trump":
            trump = " ^" + ev[2]
        elif ev[0] == "result":
            res = ev
    rows = []
    if res is not None:
        rows.append(("Declarer", table.names[d]))
        rows.append(("Contract", SHORT[kind] + (" (Redo)" if redo else "")))
        rows.append(("Played", rank + trump))
        rows.append(("Tricks", "%d" % res[2]))
        rows.append(("Scoresheet", "%d" % res[3]))
    # the name-points pairs on a line of their own, so that no pair wraps apart
    line = "Game points:\n" + "  ".join(["%s %d" % (table.names[s][:3], obs["scores"][s])
                                          for s in range(table.n)])
    return ("Hand %d result" % hand_no, ("", ""), rows, line)


def game_summary(table, res):
    # the results page's helpers are loaded with it, not with the table
    from core.ui.results import name_seats, place_rows, winners_line
    extra = ["%d" % f for f in res["firsts"]]
    rows = place_rows(table.names, res["ranking"], res["scores"], res["winners"], extra)
    footer = "%s Most game points wins. Tie-break: %s." % (
        winners_line(table.names, res["winners"]), name_seats(res["tiebreak"], table.names))
    return ("Stepping Stones: final", ("", "Player", "Points", "Firsts"), rows, footer)
