"""Reds' scoresheet page (issue #16 item 2): each finished round's bid/took and points per
player, the totals, and pages for a long game.  Runs on CPython and both MicroPython ports
(a module of its own: the 192K unix heap holds one table test module's garbage at a time).
"""
import gc

from test_table_scores import HINTS, _reds, _sheet_texts, _table, _to_round_play


def test_the_reds_scoresheet_shows_each_rounds_bids_tricks_and_points():
    for w in (240, 320):
        for n in (2, 6):
            g = t = texts = None
            gc.collect()                    # the last table's garbage: the 192K unix heap
            g = _reds(n, 11)
            _to_round_play(g, 3)
            s, t = _table(g, w)
            assert t.HAS_SHEET
            texts = _sheet_texts(g, t, w)
            for no in range(1, 4):
                r = g.result()["rounds"][no - 1]
                assert "R%d" % no in texts
                at = texts.index("R%d" % no)
                row = texts[at + 1:at + 1 + 2 * n]
                want = []
                for seat in range(n):
                    want += ["%d/%d" % (r["bids"][seat], r["tricks"][seat]), "+%d" % r["points"][seat]]
                assert row == want, (row, want)
            at = texts.index("Total")
            assert texts[at + 1:at + 1 + n] == ["%d" % x for x in g.scores]


def test_a_long_reds_scoresheet_turns_pages():
    from core.ui import keys, sheets
    g = _reds(6, 11, part=True)
    _to_round_play(g, 9)
    s, t = _table(g, 240)
    t.sheet_page = -1
    texts = _sheet_texts(g, t, 240)
    rows, pages = sheets.reds_pages(t)
    assert pages == 2 and "R9" in texts and "R1" not in texts     # opens on the latest
    assert sheets.sheet_key(t, keys.DOWN)
    texts = _sheet_texts(g, t, 240)
    assert "R1" in texts and "R%d" % rows in texts and "R9" not in texts
    assert not sheets.sheet_key(t, keys.OK)           # any other key: back to the table
    assert sheets.sheet_hint(t, HINTS) == "UP/DN:page OK:back"
