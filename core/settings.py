"""Player settings: AI level, brightness, sound, and the variants chosen per game.

Kept as a small JSON dict in the "settings" save (core/save.py).  Loading is lenient:
an unknown key or a value out of range (an older or newer firmware wrote it, or a
hand-edited file) falls back to the default and is listed in `fixed`, so a settings file
can never stop the device from booting.  Game variants are stored as given and checked
against the game's own OPTIONS (`options_for`, with core.gameinfo's tables) when they
are loaded, so settings never import a rules engine.

The player changes them on the menu's settings page (core/app_settings.py): brightness
and sound take effect at once (`apply`), what changed is saved when the page is left.  A
game's options page starts from its stored variants, and starting a game against the AI
stores the ones changed there (`choose_variants`).

AI level 1-4 is where every AI seat of the seat set-up starts (core.seats.stored_level):
Speed has four levels, casual, club, quick, expert; the trick games three, so 1 = easy,
2 = default, 3 and 4 = hard.  The default, 2, gives each game's default level.  The
page names them (Option.names; the int is what is stored) in words true of both: 1 Easy,
2 Normal (each game's default), 3 Hard, 4 Hardest (Speed's expert; the trick games' hard,
which is also their 3).
"""
import json

from core.game import Option, is_choice

SPEC = (
    Option("ai_level", (1, 2, 3, 4), "AI level", 2,
           ("1 Easy", "2 Normal", "3 Hard", "4 Hardest")),
    Option("brightness", (20, 40, 60, 80, 100), "Brightness %", 80),
    Option("sound", (True, False), "Sound"),
)

SAVE_NAME = "settings"


def _spec(key):
    for opt in SPEC:
        if opt.key == key:
            return opt
    return None


def _same_type(a, b):
    # json gives True for true, and True == 1: do not let a bool pass for an int
    return isinstance(a, bool) == isinstance(b, bool)


class Settings:
    """The defaults, or the given `values` and `variants` dicts, shared: the app keeps
    only those two (App.settings) while this module is not loaded; edits change them."""

    def __init__(self, values=None, variants=None):
        if values is None:
            values = {}
            for opt in SPEC:
                values[opt.key] = opt.default
        self.values = values
        self.variants = {} if variants is None else variants   # game -> {option key: value}
        self.fixed = []         # keys that were reset to defaults when loading

    def get(self, key):
        return self.values[key]

    def set(self, key, value):
        opt = _spec(key)
        if opt is None:
            raise ValueError("unknown setting %r" % key)
        if not is_choice(value, opt.choices):
            raise ValueError("setting %s=%r is not one of %r" % (key, value, opt.choices))
        self.values[key] = value

    def set_variant(self, game_name, key, value):
        self.variants.setdefault(game_name, {})[key] = value

    def options_for(self, game_cls):
        """The stored variants of a game that its OPTIONS still accept; others are dropped."""
        stored = self.variants.get(game_cls.NAME, {})
        out = {}
        for opt in game_cls.OPTIONS:
            if opt.key in stored:
                value = stored[opt.key]
                if is_choice(value, opt.choices):
                    out[opt.key] = value
        return out

    def choose_variants(self, game_cls, chosen):
        """Store the options a game starts with; True if that changed what is stored (a
        variant never stored counts as its default)."""
        stored = self.variants.get(game_cls.NAME, {})
        changed = False
        for opt in game_cls.OPTIONS:
            if opt.key not in chosen:
                continue
            value = chosen[opt.key]
            old = stored.get(opt.key, opt.default)
            if old != value or not _same_type(old, value):
                self.set_variant(game_cls.NAME, opt.key, value)
                changed = True
        return changed

    # -- persistence ---------------------------------------------------------------------
    def to_json(self):
        return json.dumps({"settings": self.values, "variants": self.variants})

    def save(self, store):
        return store.save(SAVE_NAME, (self.to_json(),))


def parse(payload):
    """Settings from a save payload; ValueError if it is not a settings object at all."""
    from core.save import SaveCorrupt
    try:
        obj = json.loads(payload)
    except ValueError:
        raise SaveCorrupt("settings are not JSON")
    if not isinstance(obj, dict) or not isinstance(obj.get("settings"), dict):
        raise SaveCorrupt("not a settings object")
    s = Settings()
    stored = obj["settings"]
    for key in stored:
        try:
            s.set(key, stored[key])
        except ValueError:
            s.fixed.append(key)
    variants = obj.get("variants")
    if isinstance(variants, dict):
        for game_name in variants:
            if isinstance(variants[game_name], dict):
                s.variants[game_name] = variants[game_name]
            else:
                s.fixed.append("variants." + game_name)
    return s


def apply(hw, values):
    """Brightness and sound of `values` (a dict, any of the two) on the hardware that has
    them: hw.backlight.set(percent), hw.buzzer.enabled (both optional)."""
    backlight = getattr(hw, "backlight", None)
    if backlight is not None and "brightness" in values:
        backlight.set(values["brightness"])
    buzzer = getattr(hw, "buzzer", None)
    if buzzer is not None and "sound" in values:
        buzzer.enabled = values["sound"]


def load(store):
    """(Settings, Loaded) from `store`; defaults when there is no usable save.  Each
    game's stored variants are checked against its options (core.gameinfo): what it no
    longer accepts is dropped, so that the app can show them as they are; those of a
    game this firmware lacks stay, for the firmware that has it."""
    from core.save_load import load_copy
    loaded = load_copy(store, SAVE_NAME, parse, "settings")
    s = loaded.value if loaded.value is not None else Settings()
    from core.gameinfo import info
    for name in s.variants:
        try:
            s.variants[name] = s.options_for(info(name))
        except ValueError:
            pass
    return s, loaded
