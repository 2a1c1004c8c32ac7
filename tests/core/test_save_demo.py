"""Demo play after boot: saves at safe points; the next boot continues the game.

Its own module so that on the 128 KB unix port the rules engine is compiled into a heap
that the boot tests have not fragmented (the device loads precompiled .mpy files).
"""
import core.games.steppingstones.rules  # noqa: F401  (first: compiling it needs large free blocks)
from core import boot as bootmod
from test_save_boot import _boot
from test_save_fakefs import FakeFs


def test_demo_saves_and_the_next_boot_continues_the_game():
    fs = FakeFs({"board.json": b'{"board": "b"}'})
    b, loader, lines = _boot(fs)
    game = bootmod.demo(b, "steppingstones", 3, 24, out=lines.append)
    assert len(game.history) >= 24 and "game.sav" in fs.files
    assert lines[-1].startswith("steppingstones: ")
    b2, loader, lines = _boot(fs)
    assert lines == ["game: restored save"]
    meta, restored = b2.saved_game
    assert meta["mode"] == "demo"
    # the save is from the last safe point: a prefix of the game that was played
    assert len(restored.history) <= len(game.history)
    assert list(restored.history) == list(game.history)[:len(restored.history)]
    n = len(restored.history)
    more = bootmod.demo(b2, "steppingstones", 3, 10, out=lines.append)
    assert more is restored and len(more.history) >= n + 10
    assert lines[1].startswith("continuing steppingstones after ")
