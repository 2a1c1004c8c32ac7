"""Damaged saves are named once, then set aside (issue #16 item 7): each damaged file
becomes NAME.sav.bad (.bak.bad, .new.bad) once the boot has named it, kept for a bug
report, one per copy; the next start is quiet; a restored previous copy becomes the
current one; a rename that fails does not stop the boot.  (Its own module: the boot
tests' module is imported by others, and compiled from source on MicroPython.)"""
from core import settings
from core.save import SaveStore
from test_save_boot import _boot
from test_save_fakefs import FakeFs


def _saves(fs):
    return sorted([n for n in fs.files if n.startswith("game.") or n.startswith("settings.")])


def test_damaged_saves_are_named_once_then_set_aside():
    # issue #16 item 7: a damaged save warned at every start (it was never removed); once
    # named, each damaged file is kept aside as NAME.sav.bad and the next start is quiet
    fs = FakeFs({"board.json": b'{"board": "b"}', "settings.sav": b"PCSAVE 1 1\n{}",
                 "game.sav": b"junk", "game.bak": b""})
    b, loader, lines = _boot(fs)
    assert lines == ["settings: save damaged, starting fresh", "game: save damaged, starting fresh"]
    assert _saves(fs) == ["game.bak.bad", "game.sav.bad", "settings.sav.bad"]
    assert fs.files["settings.sav.bad"] == b"PCSAVE 1 1\n{}" and fs.files["game.sav.bad"] == b"junk"
    b, loader, lines = _boot(fs)
    assert lines == [] and b.notices == [] and b.saved_game is None
    # damaged again: named again, and its .bad replaces the older one (one per copy)
    fs.files["game.sav"] = b"junk 2"
    b, loader, lines = _boot(fs)
    assert lines == ["game: save damaged, starting fresh"]
    assert _saves(fs) == ["game.bak.bad", "game.sav.bad", "settings.sav.bad"]
    assert fs.files["game.sav.bad"] == b"junk 2"
    # this firmware saves on as if nothing had been there; the .bad files stay
    s = settings.Settings()
    s.set("brightness", 40)
    s.save(b.store)
    b, loader, lines = _boot(fs)
    assert lines == [] and loader.hw.backlight.level == 40
    assert "settings.sav.bad" in fs.files


def test_a_damaged_save_that_cannot_be_set_aside_still_boots_and_is_named_again():
    class NoRename(FakeFs):
        def rename(self, old, new):
            if new.endswith(".bad"):
                raise self.error
            FakeFs.rename(self, old, new)
    for error in (OSError(30), NotImplementedError()):      # a read-only flash; a bug
        fs = NoRename({"board.json": b'{"board": "b"}', "settings.sav": b"PCSAVE 1 1\n{}",
                       "game.sav": b"junk"})
        fs.error = error
        for _ in range(2):
            b, loader, lines = _boot(fs)
            assert lines == ["settings: save damaged, starting fresh",
                             "game: save damaged, starting fresh"]
            assert _saves(fs) == ["game.sav", "settings.sav"]


def test_a_restored_previous_save_sets_the_damaged_one_aside():
    # the current copy damaged, the one before it restored: named once; the next start
    # restores that copy as the save it now is
    fs = FakeFs({"board.json": b'{"board": "b"}'})
    store = SaveStore(fs)
    s = settings.Settings()
    s.set("brightness", 40)
    s.save(store)
    s.set("brightness", 60)
    s.save(store)
    fs.files["settings.sav"] = fs.files["settings.sav"][:-3]     # cut short
    b, loader, lines = _boot(fs)
    assert lines == ["settings: restored previous save"] and loader.hw.backlight.level == 40
    assert _saves(fs) == ["settings.sav", "settings.sav.bad"]
    b, loader, lines = _boot(fs)
    assert lines == [] and loader.hw.backlight.level == 40
    s.set("brightness", 20)
    s.save(b.store)                                 # and saving goes on as usual
    assert _saves(fs) == ["settings.bak", "settings.sav", "settings.sav.bad"]
    assert _boot(fs)[1].hw.backlight.level == 20
