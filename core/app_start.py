"""From the menu to the table: the main menu's model and view, the seat set-up page,
dealing a game (its seats, table screen and saver) and its rules page.

A module of its own because a game in progress needs none of it: App.to_table drops it
with the rules page (and core.gameinfo, which only the menu and these pages read), and
the menu, the pause menu's rules page or a linked game's next deal import it again.
It imports nothing of core/app.py (core/loop.py says which way imports go).
"""
from micropython import const

from core.gameinfo import TITLES, unused_tables
from core.loop import ai_seed, drop_modules

_SETUP = const(1)       # core.app's SETUP and RULES
_RULES = const(2)


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
