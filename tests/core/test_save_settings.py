"""Settings: defaults, round trip through the save store, lenient loading, game variants."""
from core import save, settings
from core.game import Option
from core.save import SaveStore
from core.settings import Settings
from test_save_fakefs import FakeFs


class FakeGame:
    NAME = "fake"
    OPTIONS = (Option("length", ("short", "long"), "Length"),
               Option("redo", (False, True), "Redo"),
               Option("players", (2, 3, 4), "Players", 3))


def test_defaults_on_first_boot():
    s, loaded = settings.load(SaveStore(FakeFs()))
    assert loaded.status == save.NONE
    assert s.get("ai_level") == 2 and s.get("sound") is True and s.get("brightness") == 80
    assert s.variants == {} and s.fixed == []


def test_round_trip():
    fs = FakeFs()
    st = SaveStore(fs)
    s = Settings()
    s.set("ai_level", 4)
    s.set("sound", False)
    s.set("brightness", 40)
    s.set_variant("fake", "redo", True)
    assert s.save(st)
    s2, loaded = settings.load(SaveStore(fs))
    assert loaded.status == save.OK and loaded.message == "settings: restored save"
    assert s2.values == s.values and s2.variants == {"fake": {"redo": True}}
    assert s2.options_for(FakeGame) == {"redo": True}


def test_set_rejects_bad_values():
    s = Settings()
    for key, value in (("ai_level", 9), ("ai_level", True), ("sound", 1), ("volume", 3),
                       ("brightness", "80")):
        try:
            s.set(key, value)
            assert False, "accepted %s=%r" % (key, value)
        except ValueError:
            pass
    assert s.get("ai_level") == 2 and s.get("sound") is True


def test_out_of_range_values_fall_back_to_defaults():
    payload = (b'{"settings": {"ai_level": 7, "sound": 0, "brightness": 60, "color": "red"},'
               b' "variants": {"fake": {"length": "epic", "redo": true, "players": true},'
               b' "other": 5}}')
    s = settings.parse(payload)
    assert s.get("ai_level") == 2 and s.get("sound") is True and s.get("brightness") == 60
    assert sorted(s.fixed) == ["ai_level", "color", "sound", "variants.other"]
    # variants a game no longer accepts are dropped when the game starts
    assert s.options_for(FakeGame) == {"redo": True}


def test_unreadable_settings_start_from_defaults_and_say_so():
    fs = FakeFs()
    st = SaveStore(fs)
    st.save("settings", [b"[1, 2, 3]"])
    s, loaded = settings.load(SaveStore(fs))
    assert loaded.status == save.DAMAGED
    assert loaded.message == "settings: save damaged, starting fresh"
    assert s.values == Settings().values
    st.save("settings", [b"not json"])
    s, loaded = settings.load(SaveStore(fs))
    assert loaded.status == save.DAMAGED and "not JSON" in loaded.problems[0]
