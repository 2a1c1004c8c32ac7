"""The real-time table (Speed: the table screen keeps the clock; no turns): what the app
does when its table reports the end of a round or of the game.  Loaded only for a
real-time game, by App.tick.
"""
from core.loop import ai_seed


def result(app, r):
    if r == "round" or r == "over":
        if app.saver is not None:
            app.saver.after_action()   # the round ended: saved (the game over: removed)
        if r == "round":
            if app.on_safe_point is not None:
                app.on_safe_point(app.game)
            round_ai(app)
        app.to_realtime_result(r == "over")


def round_ai(app):
    """Speed: a fresh bot for every AI seat at the start of each round, seeded from
    the game's seed and the round, as _begin seats a restored game's; linked seats
    and the human stay."""
    g = app.game
    fresh = False
    for s in range(len(app.players)):
        p = app.players[s]
        if p is not None and app.seat_kinds[s] not in app.kept_kinds:
            app.players[s] = p.__class__(p.level, ai_seed(g.seed, s, g.round_no))
            fresh = True
    if fresh:
        app.table.set_players(app.players)
