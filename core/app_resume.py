"""Continue game?: the page offering the game saved before the last power-off, and the
way back to its table (core/app.py App(saved=...): the save read at boot, or after a crash).

A module of its own because only a start-up with a save needs it: the App imports it
then, after its resident set is taken, so it goes with that game's modules (declined, or
played to its end) and no other game carries this code.  A linked unit that joins a game
again reads the hand so far through it too (core/app_link.py).
"""


def resumable(saved):
    """True for a saved (meta, game) this app wrote (an unfinished game against the AI)."""
    meta, game = saved
    if not isinstance(meta, dict):
        return False
    kinds = meta.get("kinds")
    h = meta.get("human")
    n = getattr(game, "n_players", 2)           # (Speed has two seats, no n_players)
    return (meta.get("mode") == "ai" and isinstance(kinds, list) and len(kinds) == n and
            isinstance(h, int) and 0 <= h < n and kinds[h] == "you" and not game.is_over())


def draw_question(app):
    """Ask whether to continue the game saved before the last power-off."""
    from core.ui import text
    from core.ui.palette import FELT, FELT_DARK, TEXT
    from core.ui.widgets import hint_line, title_bar
    from core.gameinfo import TITLES
    meta, game = app.saved
    s = app.screen
    s.clear(FELT)
    title_bar(s, "Continue game?", 24)
    w = s.width - 16
    text.draw_fit(s.fb, TITLES.get(game.NAME, game.NAME), 8, 44, w, TEXT)
    kinds = meta["kinds"]
    if getattr(game, "timed_history", None) is not None:    # Speed: saved between rounds
        h = meta["human"]
        line = "round %d next: you %d, AI %d" % (game.round_no, game.scores[h],
                                                 game.scores[1 - h])
    else:
        line = "%d moves played" % len(game.history)
    text.draw_fit(s.fb, line, 8, 60, w, TEXT)
    text.draw_fit(s.fb, "you and %d AI seat%s" % (len(kinds) - 1, "" if len(kinds) == 2 else "s"),
                  8, 76, w, TEXT)
    # the boot's notices (a damaged settings file, the previous save restored...): the
    # menu shows them too, but this page comes first, and a game continued skips the menu
    status = app.menu.status
    if status:
        from core.ui.palette import ORANGE
        from core.ui.rich import wrap
        y = 96
        for line in wrap(status, text.max_chars(w)):
            if y > s.height - 26:
                break
            text.draw_fit(s.fb, line, 8, y, w, ORANGE)
            y += 10
    hint_line(s, "%s:continue %s:new game" % (app.hints["ok"], app.hints["back"]), FELT_DARK, 14)
    s.mark(0, 0, s.width, s.height)


def resume(app):
    """Back to the table of the saved game, with its seats as they were."""
    from core.seats import SeatPlan
    meta, game = app.saved
    app.saved = None
    app.game_name = game.NAME
    kinds = meta["kinds"]
    n = len(kinds)
    plan = SeatPlan(game.NAME, n, (n,), app.link)
    plan.kinds = list(kinds)
    plan.human = meta["human"]
    app.plan = plan
    try:
        app._begin(game, game.seed)
    except (ValueError, KeyError, ImportError) as exc:    # seats this firmware lacks
        app.end_game()
        app.to_menu()
        app.menu.status = "saved game cannot continue: %s" % exc
        app.menu_view.draw()
        return
    app.hand_events = hand_so_far(app)
    app.to_table()


def hand_so_far(app):
    """The summary events of the hand in progress (for its results page), read back from
    the log of a game just rebuilt from its record: those after the last hand end and its
    batch."""
    g = app.game
    t = app.table
    summary = getattr(t, "SUMMARY_EVENTS", ())
    ends = getattr(t, "HAND_EVENTS", ())
    n = len(g.events)                # (a log that drops old events keeps the recent)
    start = 0
    for i in range(n):
        if g.events[i][0] in ends:
            start = i + 1
    if start:
        while start < n and g.events[start][0] in summary:
            start += 1              # the rest of the batch that ended that hand
    out = []
    for i in range(start, n):
        if g.events[i][0] in summary:
            out.append(g.events[i])
    return out
