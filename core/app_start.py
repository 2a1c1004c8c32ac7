"""From the boot to the table: making the App, the main menu's model and view, the seat
set-up page, dealing a game (its seats, table screen and saver) and its rules page.

A module of its own because a game in progress needs none of it: App.to_table drops it
with the rules page (and core.gameinfo, which only the menu and these pages read), and
the menu, the pause menu's rules page or a linked game's next deal import it again.
It imports nothing of core/app.py (core/loop.py says which way imports go).
"""
from micropython import const

from core.gameinfo import TITLES, unused_tables
from core.loop import BOOT_ONLY, ai_seed, drop_modules
from core.ui import keys

_SETUP = const(1)       # core.app's SETUP, RULES and RESUME
_RULES = const(2)
_RESUME = const(8)


def board_hints(board):
    """Button labels for hint lines from a board module (boards/*.py)."""
    hints = dict(getattr(board, "HINTS", None) or {"ok": "OK", "back": "BACK", "move": "UP/DN"})
    names = getattr(board, "BUTTONS", ())
    keymap = getattr(board, "KEYMAP", ())
    for key, word in ((keys.MENU, "menu"), (keys.AUX, "aux")):
        if word in hints:
            continue
        label = None
        for i in range(len(keymap)):
            if keymap[i] == key and i < len(names):
                label = names[i]
                break
        if label is None:
            for mask, k in getattr(board, "CHORDS", ()):
                if k == key:
                    label = "+".join([names[i] for i in range(len(names)) if (mask >> i) & 1])
        hints[word] = label or ("MENU" if key == keys.MENU else "AUX")
    return hints


def make_app(App, boot, seed, link, app_kw):
    """core.app.make_app(boot, seed=None, link=True, **app_kw): the device's App (class
    `App`) from a Boot (core/boot.py): its screen, display, hints, save store,
    modules unloaded after each game; with `link`, the menu offers Host / Join a linked
    game on the board's ports, and the link stack (core/app_link.py) is created only
    then and dropped when that game ends (boot.link stays None: nothing idles)."""
    from core.clock import ticks_ms
    hw = boot.hw
    d = hw.display
    screen = boot.screen
    if screen is None:
        from core.ui.screen import Screen
        screen = boot.screen = Screen(d.width, d.height)
    boot.link = None
    s = boot.settings
    kept = (s.values, s.variants) if s is not None else None
    boot.settings = None
    drop_modules(BOOT_ONLY)
    saved, boot.saved_game = boot.saved_game, None  # the App's now: it goes with its modules
    return App(screen, d, hw.lut, board_hints(getattr(hw, "board", None)),
               seed=seed if seed is not None else ticks_ms(), store=boot.store, unload=True,
               saved=saved, notices=boot.notices, link_hw=hw if link else None,
               game_modules=boot.game_modules, hw=hw, settings=kept, **app_kw)


def init(app, screen, display=None, lut=None, hints=None, on_safe_point=None,
         link=None, seed=1, play_ms=700, trick_ms=1200, think_ms=250, games=None,
         store=None, unload=False, saved=None, notices=None, link_hw=None,
         game_modules=(), hw=None, settings=None):
    """App.__init__: `screen` the 4-bit Screen, `display` and `lut` where show() sends it,
    `hints` the board's button labels (board_hints), `store` the save store, `unload`
    (the device) drop a finished game's modules, `saved` a (meta, game) read at boot to
    offer, `link_hw` the board's link ports (Host/Join in the menu), `settings` the
    (values, variants) the boot applied; the rest are the table's pacing and test hooks."""
    app.screen = screen
    app.display = display
    app.lut = lut
    app.hints = hints or board_hints(None)
    app.on_safe_point = on_safe_point
    app.link = link
    app.seed = seed & 0x3FFFFFF
    app.games_started = 0
    app.play_ms = play_ms
    app.trick_ms = trick_ms
    app.think_ms = think_ms
    app.now = 0
    app.game = None
    app.table = None
    app.page = None
    app.store = store
    app.saver = None
    app.saves = 0                      # games saved at safe points, all games
    app.plan = None
    app.seat_kinds = None              # the last game's seats (HUMAN, AI levels)
    app.games = games
    app.menu = None
    app.menu_view = None
    app._menu_state = None
    app.unload = unload
    app.link_hw = link_hw              # the board's link ports: Host/Join in the menu
    app.hw = hw                        # the board's backlight and buzzer, for the settings
    app.settings = settings            # (values, variants) dicts (core/app_settings.py)
    app.linked = None                  # core.app_link.LinkPlay while linked
    # games: the names the menu lists (default: every game of core.gameinfo)
    make_menu(app)
    app._resident = None
    if unload:
        # what the menu needs; the rest is a game's, as are `game_modules`: what reading
        # the saved game imported (its engine...), dropped with that game
        import sys
        app._resident = set(sys.modules)
        for name in game_modules:
            app._resident.discard(name)
    if notices:
        app.menu.status = "\n".join(notices)    # boot's news, one line each: save restored, damaged...
    app.saved = None
    if saved is not None:
        # core.app_resume: loaded only for a save, dropped with it (not resident)
        from core.app_resume import resumable, draw_question
        if resumable(saved):
            app.saved = saved
            draw_question(app)
            app.state = _RESUME
            return
    app._forget_saved()
    app.to_menu()


def make_menu(app):
    from core.ui.menu import LINK_ITEMS, SETTINGS_ITEM, MainMenu, MenuView
    m = MainMenu(app.games) if app.games else MainMenu()
    m.after = SETTINGS_ITEM + LINK_ITEMS if app.link_hw is not None else SETTINGS_ITEM
    m.stored = app.settings[1] if app.settings is not None else {}
    if app._menu_state is not None:
        m.page, m.game, m.games_sel, m.values, m.players = app._menu_state
        app._menu_state = None
    app.menu = m
    app.menu_view = MenuView(app.screen, m, app.hints)


def park_menu(app):
    """While a game runs (App(unload=True)), the menu's model, view and module go, and
    the other games' options tables; App.to_menu rebuilds them where the player left
    them."""
    m = app.menu
    app._menu_state = (m.page, m.game, m.games_sel, m.values, m.players)
    app.menu = app.menu_view = None
    drop_modules(["core.ui.menu"] + unused_tables())


def to_setup(app, name, options, players):
    from core.seats import SeatPlan
    from core.ui.setup_screen import SeatSetup
    info = app.menu.entries[app.menu.game].cls
    n = players or tuple(getattr(info, "PLAYERS", (2,)))[0]
    app.game_name = name
    app.options = options
    # The player count was chosen in the menu (the game's "players" option or the
    # Players row): the set-up page only places the seats.
    level = app.settings and app.settings[0]["ai_level"]       # AI seats start there
    app.plan = SeatPlan(name, n, (n,), app.link, level)
    if app.linked is not None:
        app.linked.setup(app.plan)    # hosting: the other seats are linked units
    app.page = SeatSetup(app.screen, app.plan, TITLES.get(name, name), app.hints)
    app.state = _SETUP
    app.page.draw()


def start_game(app):
    from core.registry import game_class
    plan = app.plan
    name = app.game_name
    cls = game_class(name)
    drop_modules(("core.registry",))    # its table of games is not needed in the game
    opts = dict(app.options)
    for o in cls.OPTIONS:
        if o.key == "players":
            opts["players"] = plan.n
    app.games_started += 1
    seed = (app.seed * 7919 + app.games_started * 104729) & 0x3FFFFFFF
    try:
        game = cls(opts, seed)
    except ValueError as exc:
        app.page.status = str(exc)
        app.page.draw()
        return
    # variants changed on the options page are stored and saved now, before the
    # game's own saves (a linked game starts in core/app_link.py: no flash writes)
    if app.options != app.menu.opened:
        from core.app_settings import run
        run(app, ("store_variants", cls, app.options))
    begin(app, game, seed)
    open_rules(app)


def begin(app, game, seed):
    """Seat the players (this unit's human, AI, linked units) at `game` and build its
    table; the game is then saved at every safe point."""
    from core.seats import HUMAN, LINK, make_player
    plan = app.plan
    name = app.game_name
    rnd = game.round_no if getattr(game, "apply_at", None) is not None else 1  # Speed
    if app.unload:
        # The game is dealt: the set-up page, the seat plan's holder and the menu go
        # before the AI and the table load, which would otherwise be the game's real
        # peak (found at a 176 KB cap: the table's import failed there).
        app.plan = None
        app.page = None
        park_menu(app)
        drop_modules(("core.ui.setup_screen", "core.seats"))
        import gc
        gc.collect()
    app.game = game
    app.human = plan.human
    app.names = plan.names()
    app.seat_kinds = list(plan.kinds)
    app.kept_kinds = (HUMAN, LINK)     # for _round_ai: core.seats is gone by then
    app.players = []
    for s in range(plan.n):
        k = plan.kinds[s]
        if k == HUMAN:
            app.players.append(None)
        elif k == LINK:
            app.players.append(app.link.seat_player(s))
        else:
            app.players.append(make_player(name, k, ai_seed(seed, s, rnd)))
    from core.registry import table_class
    app.table = table_class(name)(app.screen, game, app.human, app.names, app.hints)
    app.realtime = getattr(app.table, "REALTIME", False)
    app.saver = None
    if app.store is not None:
        from core.save import GameSaver
        app.saver = GameSaver(app.store, game, {"mode": "ai", "human": plan.human,
                                                "kinds": list(plan.kinds)})
    if app.realtime:
        app.table.set_players(app.players)
    app.events_seen = app._event_total()
    app.hand_events = []
    app.thinking = -1
    app.next_ai = 0
    app.hold_until = -1
    app.pending = 0
    if app.unload:
        drop_modules(("core.registry",))   # the seats and the table are made: not needed


def open_rules(app):
    """The game's rules page (after the deal, or from the pause menu).  With
    App(unload=True) this module and core.gameinfo go first: the page is drawn while the
    game, its table and its AI are loaded (the game's peak with them)."""
    name = app.game_name
    title = TITLES.get(name, name)
    if app.unload:
        drop_modules(("core.app_start", "core.gameinfo"))
    from core.ui.rules_page import RulesPage
    app.page = RulesPage(app.screen, name, title, app.hints,
                         app.game.options)     # its variants get a line each
    app.state = _RULES
    app.page.draw()
