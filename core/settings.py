"""Player settings: AI level, brightness, sound, and the variants chosen per game.

Kept as a small JSON dict in the "settings" save (core/save.py).  Loading is lenient:
an unknown key or a value out of range (an older or newer firmware wrote it, or a
hand-edited file) falls back to the default and is listed in `fixed`, so a settings file
can never stop the device from booting.  Game variants are stored as given and checked
against the game's own OPTIONS when a game starts (`options_for`), so settings never
import a rules engine.
"""
import json

from core.game import Option

SPEC = (
    Option("ai_level", (1, 2, 3, 4), "AI level", 2),
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
    def __init__(self):
        self.values = {}
        for opt in SPEC:
            self.values[opt.key] = opt.default
        self.variants = {}      # game name -> {option key: value}
        self.fixed = []         # keys that were reset to defaults when loading

    def get(self, key):
        return self.values[key]

    def set(self, key, value):
        opt = _spec(key)
        if opt is None:
            raise ValueError("unknown setting %r" % key)
        if value not in opt.choices or not _same_type(value, opt.default):
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
                if value in opt.choices and _same_type(value, opt.default):
                    out[opt.key] = value
        return out

    # -- persistence ---------------------------------------------------------------------
    def to_json(self):
        return json.dumps({"settings": self.values, "variants": self.variants})

    def save(self, store):
        return store.save(SAVE_NAME, (self.to_json(),))


def parse(payload):
    """Settings from a save payload; ValueError if it is not a settings object at all."""
    try:
        obj = json.loads(payload)
    except ValueError:
        raise ValueError("settings are not JSON")
    if not isinstance(obj, dict) or not isinstance(obj.get("settings"), dict):
        raise ValueError("not a settings object")
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


def load(store):
    """(Settings, Loaded) from `store`; defaults when there is no usable save."""
    loaded = store.load(SAVE_NAME, parse, "settings")
    return (loaded.value if loaded.value is not None else Settings()), loaded
