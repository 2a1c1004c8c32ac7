"""The settings page: AI level, brightness and sound (core/settings.py SPEC), edited
exactly like a game's options page, because it is one: a core.ui.menu.MainMenu whose
only entry is the settings, drawn by MenuView, without the Start row.

The app (core/app_settings.py) shows it in place of the games list when the Settings
row is chosen and loads this module only then.  `handle` reports every change,
("set_value", key, value), so that brightness and sound take effect at once, and on
BACK ("leave_settings", values) for the app to keep and save them.
"""
from core.settings import SPEC
from core.ui.menu import GAMES, MainMenu


class _Entry:
    """The settings as a menu entry (core.gameinfo.GameInfo's shape)."""
    TITLE = "Settings"
    PLAYERS = ()
    OPTIONS = SPEC


def _entry(name):
    return _Entry


class SettingsPage(MainMenu):
    def __init__(self, values):
        MainMenu.__init__(self, ("settings",), _entry)
        self.open_game(0)
        self.values = dict(values)

    def option_rows(self):
        return len(SPEC)                # no Start

    def _cycle(self, i, delta):
        MainMenu._cycle(self, i, delta)
        key = SPEC[i].key
        return "set_value", key, self.values[key]

    def handle(self, ev, sel):
        r = MainMenu.handle(self, ev, sel)
        if self.page == GAMES:          # BACK (or MENU): the page is left
            return ("leave_settings", self.values), 0
        return r
