"""The scoresheet pages of Reds and Speed (the pause menu's "Scoresheet"), drawn from what
the engines keep: imported only while a page is on the screen and dropped again when the
table comes back (core/app.py), so the tables carry none of this code through play.
"""
from core.ui import keys, text
from core.ui.palette import ACCENT, DARK, FELT, GOLD, GREY, TEXT


def _team_lines(t, ts):
    """Reds' team totals (R-7), wrapped at the screen's width."""
    out = []
    if not ts:
        return out
    h = t.n // 2
    cols = (t.W - 8) // 8
    line = "Teams:"
    for i in range(h):
        part = " %s+%s %d" % (t.names[i][:3], t.names[i + h][:3], ts[i])
        if len(line) + len(part) > cols:
            out.append(line)
            line = "     "
        line += part
    out.append(line)
    return out


def reds_pages(t):
    """(rounds per page, pages) of Reds' sheet for the rounds finished so far (the
    engine's round table: nothing is kept for the page)."""
    teams = len(_team_lines(t, t.game.team_scores()))
    rows = (t.H - 32 - 44 - 10 * teams) // 22
    done = len(t.game.rounds)
    return rows, (done + rows - 1) // rows if done else 1


def sheet_key(t, k):
    """A key on any table's scoresheet page: True if it turned a page of a long Reds sheet
    (UP/DOWN), False to go back to the table."""
    if t.TITLE != "Reds" or k not in (keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT):
        return False
    rows, pages = reds_pages(t)
    if pages < 2:
        return False
    page = t.sheet_page if t.sheet_page >= 0 else pages - 1
    t.sheet_page = (page + (-1 if k in (keys.UP, keys.LEFT) else 1)) % pages
    return True


def sheet_hint(t, h):
    """The hint line under a scoresheet page."""
    if t.TITLE == "Reds" and reds_pages(t)[1] > 1:
        return "%s:page %s:back" % (h["move"], h["ok"])
    return "%s:back to the %s" % (h["ok"], "game" if getattr(t, "REALTIME", False) else "table")


def draw_reds(t, screen, obs):
    """Per finished round and player: bid/tricks taken and the points; the totals (and
    the teams' in the partnership game) at the bottom; a page of rounds at a time."""
    fb = screen.fb
    W = screen.width
    n = t.n
    g = t.game
    rows, pages = reds_pages(t)
    page = t.sheet_page if 0 <= t.sheet_page < pages else pages - 1
    fb.fill(FELT)
    fb.fill_rect(0, 0, W, 16, DARK)
    title = "Scoresheet  round %d/%d" % (obs["round"], g.n_regular)
    if obs["extra_round"]:
        title = "Scoresheet  extra round"
    if pages > 1:
        title = "Scoresheet  page %d/%d" % (page + 1, pages)
    text.draw_centred(fb, title, 0, 4, W, ACCENT)
    cx = 44
    cw = (W - cx - 4) // n
    y = 20
    for s in range(n):
        text.draw_centred(fb, t.names[s][:cw // 8], cx + s * cw, y, cw,
                          GOLD if s == t.seat else TEXT)
    y += 12
    first = page * rows
    for i in range(first, min(first + rows, len(g.rounds))):
        no, _, _, _, _, bids, tricks, points = g.rounds[i]
        fb.hline(2, y - 2, W - 4, GREY)
        fb.text("R%d" % no, 4, y + 5, TEXT)
        for s in range(n):
            x = cx + s * cw
            text.draw_centred(fb, "%d/%d" % (bids[s], tricks[s]), x, y, cw,
                              GOLD if bids[s] == tricks[s] else TEXT)
            text.draw_centred(fb, "+%d" % points[s], x, y + 10, cw, ACCENT)
        y += 22
    if not len(g.rounds):
        fb.text("No round finished yet.", 4, y + 4, GREY)
    teams = _team_lines(t, obs["team_scores"])
    y = t.H - 14 - 30 - 10 * len(teams)
    fb.hline(2, y - 2, W - 4, TEXT)
    fb.text("Total", 4, y, ACCENT)
    for s in range(n):
        text.draw_centred(fb, "%d" % obs["scores"][s], cx + s * cw, y, cw, ACCENT)
    y += 10
    for line in teams:
        text.draw_fit(fb, line, 4, y, W - 8, TEXT)
        y += 10
    text.draw_fit(fb, "bid/took, points. Gold: exact", 4, y, W - 8, GREY)
    screen.mark_all()


def draw_speed(t, screen, ring):
    """Rounds won and points of both players, the target, and the points of each of
    the last rounds (as many as the ring holds)."""
    g = t.game
    fb = screen.fb
    W = t.W
    me, op = t.seat, t.opp
    fb.fill(FELT)
    fb.fill_rect(0, 0, W, 16, DARK)
    text.draw_centred(fb, "Scoresheet  round %d" % g.round_no, 0, 4, W, ACCENT)
    cx = W - 112
    cw = 54
    y = 22
    for i in range(2):
        s = (me, op)[i]
        text.draw_centred(fb, t.names[s][:6], cx + i * cw, y, cw, GOLD if s == me else TEXT)
    for label, vals in (("Rounds won", g.rounds_won), ("Points", g.scores)):
        y += 14
        fb.text(label, 4, y, TEXT)
        for i in range(2):
            text.draw_centred(fb, "%d" % vals[(me, op)[i]], cx + i * cw, y, cw, ACCENT)
    y += 14
    target = g.options["target"]
    fb.text("Match to %d points" % target if target else "One round decides", 4, y, GREY)
    y += 16
    fb.hline(2, y - 4, W - 4, TEXT)
    fb.text("Points per round", 4, y, TEXT)
    y += 12
    rec = t.recent
    shown = 0
    first = g.round_no - ring
    for no in range(first if first > 1 else 1, g.round_no + 1):
        i = 2 * ((no - 1) % ring)
        if rec[i] != no:
            continue
        w = (rec[i + 1] >> 8) - 1
        pts = rec[i + 1] & 0xFF
        fb.text("Round %d" % no, 4, y, TEXT)
        for k in range(2):
            s = (me, op)[k]
            text.draw_centred(fb, ("+%d" % pts) if s == w else "0", cx + k * cw, y, cw,
                              GOLD if s == w else GREY)
        y += 11
        shown += 1
    if not shown:
        fb.text("No round finished yet.", 4, y, GREY)
    elif shown < g.round_no - (0 if g.is_over() else 1):
        fb.text("(the last %d rounds)" % shown, 4, y + 2, GREY)
    screen.mark_all()
