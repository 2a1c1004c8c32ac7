"""Speed's scoresheet page (issue #16 item 2): rounds won, points, and the points of each
of the last rounds, from a ring of fixed size (ruling SP-7: a match may run for hundreds of
rounds; the engine keeps only the last).  Runs on CPython and both MicroPython ports."""
from core.ui.screen import Screen

_SCREEN = Screen(240, 240)   # first: one contiguous buffer, as at boot

from core.games.speed.rules import Speed  # noqa: E402
from core.games.speed.screen import SpeedTable  # noqa: E402
from sheet_kit import sheet_texts  # noqa: E402

HINTS = {"move": "UP/DN", "ok": "OK", "back": "BACK"}


def _sheet_texts(g, t):
    return sheet_texts(_SCREEN, t, g.observation(t.seat))


def _speed_round(g):
    """Play one Speed round to its end: both seats play their first legal action."""
    r = g.round_no
    t = g.now
    k = 0
    while not g.is_over() and g.round_no == r:
        movers = g.to_move()
        seat = movers[k % len(movers)]
        acts = g.legal_actions(seat)
        t += 150
        g.apply_at(t, seat, acts[(k * 7) % len(acts)])
        k += 1


def test_the_speed_scoresheet_shows_rounds_won_and_points_per_round():
    g = Speed({"target": 500}, 3)
    t = SpeedTable(_SCREEN, g, 0, ["You", "Ann"], HINTS)
    assert t.HAS_SHEET
    per_round = []
    for _ in range(10):
        _speed_round(g)
        r = g.rounds[-1]
        per_round.append((r["round"], r["winner"], r["points"]))
        t.round_summary()                   # the app shows each round's results
    texts = _sheet_texts(g, t)
    at = texts.index("Rounds won")
    assert texts[at + 1:at + 3] == ["%d" % g.rounds_won[0], "%d" % g.rounds_won[1]]
    at = texts.index("Points")
    assert texts[at + 1:at + 3] == ["%d" % g.scores[0], "%d" % g.scores[1]]
    assert "Round 2" not in texts and "(the last 8 rounds)" in texts   # a ring, not a history
    for no, w, pts in per_round[2:]:
        at = texts.index("Round %d" % no)
        want = ["+%d" % pts if s == w else "0" for s in (0, 1)]
        assert texts[at + 1:at + 3] == want, (no, texts[at:at + 3], want)
    assert len(t.recent) == 16


def render_speed_sheet(w, h, shot):
    """The sheet after twelve rounds of a match to 500, for the golden images of
    tests/host/test_table_scores_golden.py."""
    from core.ui.palette import FELT_DARK
    from core.ui.sheets import sheet_hint
    from core.ui.widgets import hint_line
    s = _SCREEN if (w, h) == (240, 240) else Screen(w, h)
    g = Speed({"target": 500}, 3)
    t = SpeedTable(s, g, 0, ["You", "Ann"], HINTS)
    for _ in range(12):
        _speed_round(g)
        t.round_summary()
    t.draw_sheet(s, g.observation(0))
    hint_line(s, sheet_hint(t, HINTS), FELT_DARK, 14)
    shot("sheet12", s)
