"""Results pages: a hand's (round's) summary and the game's final standings.

Both are a title bar, a table whose columns are laid out from their widest cell, a footer
paragraph (running totals, or the rulebook's tie-break spelled out from
result()["tiebreak"]) and a hint line.  Games give the rows; this module draws.
"""
from core.ui import rich, text
from core.ui.palette import ACCENT, DARK, FELT, FELT_DARK, GOLD, GREY, TEXT
from core.ui.widgets import hint_line

TITLE_H = 18
ROW_H = 13


def column_x(header, rows, width):
    """Left x of each column: widths from the widest cell, spare room shared as gaps."""
    k = len(header)
    lens = [rich.length(h) for h in header]
    for r in rows:
        for i in range(k):
            n = rich.length(r[i])
            if n > lens[i]:
                lens[i] = n
    used = 8 * sum(lens)
    gap = (width - 8 - used) // k if k else 0
    if gap < 4:
        gap = 4
    xs = []
    x = 4
    for i in range(k):
        xs.append(x)
        x += 8 * lens[i] + gap
    return xs


def draw_table(screen, title, header, rows, footer, hint, highlight=-1):
    """A full page; row `highlight` (e.g. this unit's player) is drawn in gold."""
    fb = screen.fb
    W = screen.width
    H = screen.height
    fb.fill(FELT)
    fb.fill_rect(0, 0, W, TITLE_H, DARK)
    text.draw_centred(fb, title, 0, 5, W, ACCENT)
    xs = column_x(header, rows, W)
    y = TITLE_H + 6
    for i in range(len(header)):
        rich.draw(fb, header[i], xs[i], y, GREY)
    y += 10
    fb.hline(2, y, W - 4, GREY)
    y += 4
    for r in range(len(rows)):
        row = rows[r]
        if r == highlight:
            fb.fill_rect(2, y - 2, W - 4, ROW_H - 1, FELT_DARK)
        col = GOLD if r == highlight else TEXT
        for i in range(len(row)):
            rich.draw(fb, row[i], xs[i], y, col, W - xs[i])
        y += ROW_H
    y += 6
    if footer:
        rich.draw_para(fb, footer, 4, y, W - 8, TEXT, 10, (H - 16 - y) // 10)
    screen.mark_all()
    hint_line(screen, hint, FELT_DARK, 14)


def place_rows(names, ranking, scores, winners, extra=None):
    """Rows "1st  Ann  42" in ranking order; winners share first place."""
    rows = []
    place = 0
    prev = None
    for i in range(len(ranking)):
        s = ranking[i]
        key = (s in winners, scores[s])
        if key != prev:
            place = i + 1
            prev = key
        p = "1st" if s in winners else ("%d%s" % (place, ("st", "nd", "rd")[place - 1] if place <= 3 else "th"))
        row = [p, names[s], "%d" % scores[s]]
        if extra is not None:
            row.append(extra[s])
        rows.append(row)
    return rows


def winners_line(names, winners):
    if not winners:
        return "No winner."
    if len(winners) == 1:
        return "%s %s!" % (names[winners[0]], "win" if names[winners[0]] == "You" else "wins")
    return "Shared victory: %s." % ", ".join([names[s] for s in winners])


def name_seats(s, names):
    """A rulebook sentence with "seat N" replaced by the players' names."""
    for i in range(len(names)):
        s = s.replace("Seat %d" % i, names[i]).replace("seat %d" % i, names[i])
    if "You " in s:         # the player at this unit: "You win", not "You wins"
        s = s.replace("You wins", "You win").replace("You has", "You have")
    return s
