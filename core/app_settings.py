"""The app's side of the player's settings: the settings page, the variants a game's
options page starts from and stores, and saving them to flash.

core/app.py imports this module only to call run(app, (name, args...)), which calls
the function `name` here and, on the device (App(unload=True)), drops this module,
core/settings.py and core/ui/settings_page.py again: between those moments the app
keeps only the two dicts of a core.settings.Settings, App.settings = (values,
variants), a few hundred bytes instead of the modules (docs/memory.md).

The menu's results name the functions here: ("open_settings",) from the Settings row,
then the settings page's ("set_value", key, value) for every change and
("leave_settings", values) on BACK.

Flash is written only at safe points: leaving the settings page (at the menu nothing
else writes and no link stack runs) and starting a game against the AI (before its
first save).  Never while a unit is linked: flash writes on the RP2040 stall the UART
(docs/link.md), so the settings page does not open while hosting, and a linked game
starts in core/app_link.py, which stores no variants.
"""
from core import settings

# what run() drops again on the device
MODULES = ("core.app_settings", "core.settings", "core.ui.settings_page")


def run(app, what):
    """`what` = (name, args...): name(app, *args), then the modules go (App.unload)."""
    globals()[what[0]](app, *what[1:])
    if app.unload:
        from core.loop import drop_modules
        drop_modules(MODULES)


def current(app):
    """A Settings over App.settings (its edits change them in place, and so the menu's
    `stored` variants); the defaults for an app started without them (a test's App)."""
    if app.settings is None:
        s = settings.Settings()
        app.settings = s.values, s.variants
        if app.menu is not None:
            app.menu.stored = s.variants
        return s
    return settings.Settings(*app.settings)


def _save(app, s):
    if app.store is not None and app.linked is None:
        s.save(app.store)


def _show(app, model):
    from core.ui.menu import MenuView
    app.menu_view = MenuView(app.screen, model, app.hints)
    app.menu_view.draw()


def open_settings(app):
    """The menu's Settings row: the settings page in place of the games list."""
    if app.linked is not None:
        app.menu.status = "settings: not while linked"
        app.menu_view.draw()
        return
    from core.ui.settings_page import SettingsPage
    _show(app, SettingsPage(current(app).values))


def set_value(app, key, value):
    """A value changed on the settings page: brightness and sound take effect at once
    (the AI level when the next game's seats are set up)."""
    settings.apply(app.hw, {key: value})


def leave_settings(app, values):
    """BACK from the settings page: what changed is kept and saved (True); the games
    list again."""
    _show(app, app.menu)
    s = current(app)
    if values == s.values:
        return False
    for key in values:
        s.set(key, values[key])
    _save(app, s)
    return True


def store_variants(app, cls, options):
    """A game against the AI starts with `options`: stored, and saved if that changed
    what was stored (True)."""
    s = current(app)
    if not s.choose_variants(cls, options):
        return False
    _save(app, s)
    return True
