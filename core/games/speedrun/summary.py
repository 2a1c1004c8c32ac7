"""Speed Run's scoresheet page and the texts of its results pages, given the table
(core.games.speedrun.screen.SpeedRunTable): loaded for the page and dropped after it
(core.ui.table_common TrickTable._summary).
"""
from core.games.speedrun.defs import BOARD_NAMES
from core.games.speedrun.screen import BOARD_TEXT, bid_text
from core.ui import rich, text
from core.ui.palette import ACCENT, DARK, FELT, GOLD, GREY, TEXT


def draw_sheet(table, screen, obs):
    """The contract boards: per board and seat tricks/score; totals at the bottom."""
    fb = screen.fb
    W = screen.width
    fb.fill(FELT)
    fb.fill_rect(0, 0, W, 16, DARK)
    text.draw_centred(fb, "Scoresheet  (hand %d/%d)" % (obs["hand_no"], obs["n_hands"]),
                      0, 4, W, ACCENT)
    cx = 64
    cw = (W - cx - 4) // table.n
    y = 20
    for s in range(table.n):
        text.draw_centred(fb, table.names[s][:6], cx + s * cw, y, cw, GOLD if s == table.seat else TEXT)
    y += 12
    tricks = obs["sheet_tricks"]
    scores = obs["sheet_scores"]
    boards = obs["boards"]
    row_h = (screen.height - y - 30) // len(boards)
    if row_h > 16:
        row_h = 16
    for b in boards:
        bi = BOARD_NAMES.index(b)
        fb.hline(2, y - 2, W - 4, GREY)
        fb.text(BOARD_TEXT[b], 4, y + (row_h - 8) // 2, TEXT)
        for s in range(table.n):
            t = tricks[s][bi]
            if t is None:
                open_ = b in obs["unplayed"][s]
                v = "-" if open_ else "?"
                col = GREY
            else:
                v = "%d:%+d" % (t, scores[s][bi])
                col = GOLD if scores[s][bi] < 0 else TEXT
            text.draw_centred(fb, v, cx + s * cw, y + (row_h - 8) // 2, cw, col)
        y += row_h
    fb.hline(2, y, W - 4, TEXT)
    y += 4
    fb.text("Total", 4, y, ACCENT)
    for s in range(table.n):
        text.draw_centred(fb, "%d" % obs["totals"][s], cx + s * cw, y, cw, ACCENT)
    y += 12
    rich.draw(fb, "tricks:score, gold=Perfect", 4, y, GREY, W - 8)
    screen.mark_all()


def hand_summary(table, events, obs):
    """(title, header, rows, footer) from the hand's "score" events: the reveal."""
    rows = []
    for ev in events:
        if ev[0] == "score":
            s, what, tricks, diff, score, kept = ev[1], ev[2], ev[3], ev[4], ev[5], ev[6]
            c = bid_text(what)
            if what == "pass":
                pts = "0"
            elif what.startswith("redo:") and not kept:
                pts = "%+d (old)" % score
            else:
                pts = "%+d" % score
            rows.append((table.names[s], c, "%d" % tricks, pts))
    hand_no = 0
    for ev in events:
        if ev[0] == "hand_end":
            hand_no = ev[1]
    tot = obs["totals"]
    footer = "Totals:\n" + "  ".join(["%s %d" % (table.names[s][:3], tot[s]) for s in range(table.n)])
    return ("Hand %d: contracts revealed" % hand_no, ("Player", "Contract", "Tr", "Score"),
            rows, footer)


def game_summary(table, res):
    # the results page's helpers are loaded with it, not with the table
    from core.ui.results import place_rows, winners_line
    done = res["contracts_completed"]
    perf = res["perfect_bonuses"]
    extra = ["%d / %d" % (done[s], perf[s]) for s in range(table.n)]
    rows = place_rows(table.names, res["ranking"], res["scores"], res["winners"], extra)
    footer = "%s Lowest total wins. Tie-break: %s." % (
        winners_line(table.names, res["winners"]), res["tiebreak"])
    return ("Speed Run: final scores", ("", "Player", "Total", "Done/Perfect"), rows, footer)
