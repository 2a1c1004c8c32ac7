"""The pause menu over the table (Resume, Scoresheet, Rules, Quit game), the "Quit this
game?" question, and the keys of the scoresheet page.

Loaded when the player pauses and dropped again when the table comes back (App.to_table),
like the scoresheets (core/ui/sheets.py): a game is played far more than it is paused, and
the table is where every game's heap peaks.  The functions work on the App: they keep the
menu's rows in `app.pause_items` and its list in `app.pause_list`.
"""
from core.ui import keys

# The "Quit game" question: No first (issue #16 item 5).
QUIT_NO = "No, play on"
QUIT_YES = "Yes, quit"


def open_pause(app):
    items = ["Resume"]
    if app.table.HAS_SHEET:
        items.append("Scoresheet")
    items.append("Rules")
    items.append("Quit game")
    _panel(app, "Paused", None, items, 30, 0)
    if app.realtime:
        app.table.pause(app.now)


def ask_quit(app):
    """"Quit game" asks first: quitting ends the game and drops its save (a linked game:
    this unit leaves it, core/app_link.py).  The cursor starts on No; BACK means No too:
    both go back to the table, the game and its save as they were."""
    _panel(app, "Quit this game?", "It cannot be continued.", [QUIT_NO, QUIT_YES], 20,
           app._panel_h)


def _panel(app, title, note, items, margin, min_h):
    """A box over the middle of the table: `title`, the lines of `note` and the list of
    `items` (app.pause_list), its first row selected.  At least `min_h` high (and wider,
    with a smaller `margin`): it covers the box it replaces."""
    from core.ui import text
    from core.ui.palette import ACCENT, DARK, GOLD, TEXT
    from core.ui.widgets import ListView
    s = app.screen
    x = margin
    w = s.width - 2 * margin
    lines = ()
    if note is not None:
        from core.ui.rich import wrap
        lines = wrap(note, text.max_chars(w - 8))
    list_h = 18 * len(items)
    h = max(min_h, list_h + 24 + 10 * len(lines))
    y = (s.height - h) // 2
    s.fb.fill_rect(x - 2, y - 2, w + 4, h + 4, GOLD)
    s.fb.fill_rect(x, y, w, h, DARK)
    text.draw_centred(s.fb, title, x, y + 6, w, ACCENT)
    for i in range(len(lines)):
        text.draw_centred(s.fb, lines[i], x, y + 20 + 10 * i, w, TEXT)
    s.mark(x - 2, y - 2, w + 4, h + 4)
    app.pause_items = items
    app._panel_h = h
    app.pause_list = ListView(x + 4, y + h - 4 - list_h, w - 4, list_h)
    app.pause_list.reset(len(items))
    app.pause_list.draw(s, _label_of(app), DARK, True)


def _label_of(app):
    items = app.pause_items
    return lambda i: (items[i], None, True)


def pause_key(app, ev, on_sheet):
    """A key in the pause menu, or on the scoresheet page (`on_sheet`); True when the
    scoresheet page is (now) shown."""
    if not keys.is_down(ev):
        return on_sheet
    k = keys.key_of(ev)
    press = keys.kind_of(ev) == keys.PRESS
    if on_sheet:
        if not press:
            return True
        from core.ui.sheets import sheet_key
        if sheet_key(app.table, k):
            show_sheet(app)         # another page of a long scoresheet
            return True
        app.to_table()
        return False
    from core.ui.palette import DARK
    if k == keys.UP or k == keys.LEFT:
        app.pause_list.move(-1)
        app.pause_list.draw(app.screen, _label_of(app), DARK)
    elif k == keys.DOWN or k == keys.RIGHT:
        app.pause_list.move(1)
        app.pause_list.draw(app.screen, _label_of(app), DARK)
    elif (k == keys.BACK or k == keys.MENU) and press:
        app.to_table()              # (asked to quit: No)
    elif k == keys.OK and press:
        item = app.pause_items[app.pause_list.sel]
        if item == "Resume" or item == QUIT_NO:
            app.to_table()
        elif item == "Scoresheet":
            app.table.sheet_page = -1       # opens on the latest rounds
            show_sheet(app)
            return True
        elif item == "Rules":
            app.open_rules()
        elif item == QUIT_YES:
            app.end_game()
            app.to_menu()
        else:
            ask_quit(app)
    return False


def show_sheet(app):
    from core.ui.widgets import hint_line
    from core.ui.palette import FELT_DARK
    from core.ui.sheets import sheet_hint       # dropped again by to_table()
    t = app.table
    t.draw_sheet(app.screen, app.game.observation(app.human))
    hint_line(app.screen, sheet_hint(t, app.hints), FELT_DARK, 14)
