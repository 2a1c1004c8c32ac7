"""Boot sequence: board config, board set-up, restoring saves, notices.

(Fakes here are shared with test_save_demo.py, which plays games.)"""
from core import boot as bootmod
from core import save, settings
from core.boot import BootError, boot
from core.save import GameSaver, SaveStore
from core.save_load import load_copy
from test_save_fakefs import FakeFs


class Backlight:
    def __init__(self):
        self.level = None

    def set(self, level):
        self.level = level


class Buzzer:
    enabled = None


class Hw:
    def __init__(self):
        self.backlight = Backlight()
        self.buzzer = Buzzer()
        self.busy = False

    def link_busy(self):
        return self.busy


class Loader:
    def __init__(self):
        self.names = []
        self.hw = Hw()

    def __call__(self, name, config=None):
        self.names.append(name)
        self.config = config
        return "module:" + name, self.hw


def _boot(fs, **kw):
    lines = []
    loader = Loader()
    b = boot(fs, out=lines.append, load=loader, **kw)
    return b, loader, lines


def test_board_comes_from_the_config_file():
    b, loader, lines = _boot(FakeFs({"board.json": b'{"board": "pimoroni_pico_display"}'}))
    assert loader.names == ["pimoroni_pico_display"]
    assert b.board == "module:pimoroni_pico_display" and b.hw is loader.hw
    assert lines == [] and b.notices == []
    assert b.saved_game is None
    assert b.settings.values == settings.Settings().values


def test_missing_or_broken_config_uses_the_default_board_and_says_so():
    for files, word in (({}, "no board.json"), ({"board.json": b"{oops"}, "unreadable"),
                        ({"board.json": b'{"board": 5}'}, "unreadable")):
        b, loader, lines = _boot(FakeFs(files))
        assert loader.names == [bootmod.DEFAULT_BOARD]
        assert len(lines) == 1 and word in lines[0], lines


def test_simulator_overrides_the_board():
    b, loader, lines = _boot(FakeFs({"board.json": b'{"board": "x"}'}), board_name="host")
    assert loader.names == ["host"]


def test_settings_are_restored_and_applied():
    fs = FakeFs({"board.json": b'{"board": "b"}'})
    s = settings.Settings()
    s.set("brightness", 40)
    s.set("sound", False)
    s.save(SaveStore(fs))
    b, loader, lines = _boot(fs)
    assert loader.hw.backlight.level == 40 and loader.hw.buzzer.enabled is False
    assert lines == []


def test_damaged_saves_boot_fresh_and_say_so():
    fs = FakeFs({"board.json": b'{"board": "b"}', "settings.sav": b"PCSAVE 1 1\n{}",
                 "game.sav": b"junk", "game.bak": b""})
    b, loader, lines = _boot(fs)
    assert lines == ["settings: save damaged, starting fresh", "game: save damaged, starting fresh"]
    assert b.saved_game is None and b.settings.get("ai_level") == 2
    assert loader.hw.backlight.level == 80


def test_the_save_store_asks_the_board_link_whether_it_is_busy():
    fs = FakeFs({"board.json": b'{"board": "b"}'})
    b, loader, lines = _boot(fs)
    loader.hw.busy = True
    assert not b.store.save("x", [b"1"])
    loader.hw.busy = False
    assert b.store.poll() and "x.sav" in fs.files


def test_a_board_that_cannot_load_is_reported_not_raised():
    def bad(name, config=None):
        raise BootError("board %s is not installed" % name)
    lines = []
    fs = FakeFs({"board.json": b'{"board": "nope"}'})
    assert bootmod.main(fs, out=lines.append, load=bad) is None
    assert lines == ["boot: board nope is not installed"]
    for name in ("../x", "a.b", "a b"):
        try:
            bootmod.load_board(name)
            assert False, name
        except BootError as exc:
            assert "bad board name" in str(exc)
    try:
        bootmod.load_board("no_such_board_xyz")
        assert False
    except BootError as exc:
        assert "not installed" in str(exc)


def test_a_real_board_without_board_json_says_how_to_set_it():
    # a Pico has no host board to fall back to (it would not fit): boot stops and says why
    for files in ({}, {"board.json": b"{oops"}):
        lines = []
        loader = Loader()
        assert bootmod.main(FakeFs(files), out=lines.append, load=loader, device=True) is None
        assert loader.names == [] and len(lines) == 1, lines
        assert lines[0].startswith("boot: ") and "board.json" in lines[0] and "pico_lcd_1_3" in lines[0]


def _file(fmt, gen, payload):
    """A save file with a right checksum (what a newer firmware, or a buggy one, writes)."""
    import binascii
    head = ("PCSAVE %d %d\n" % (fmt, gen)).encode()
    crc = binascii.crc32(payload, binascii.crc32(head)) & 0xFFFFFFFF
    return head + payload + ("\n#END %d %08x\n" % (len(payload), crc)).encode()


GAME_HEAD = b'{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club"]}}\n'


def test_a_game_save_of_the_wrong_types_boots_fresh_and_says_so():
    # a correct checksum proves nothing about the contents: these raised TypeError or
    # OverflowError out of boot() (issue #15 item 5)
    heads = (b'{"record": 1, "game": "speed", "seed": "x", "options": {}}',
             b'{"record": 1, "game": "speed", "seed": 1.5, "options": {}}',
             b'{"record": 1, "game": "speed", "seed": [1], "options": {}}',
             b'{"record": 1, "game": "speed", "seed": 1, "options": []}',
             b'{"record": 1, "game": "speed", "seed": 1, "options": {"target": 25.0}}',
             b'{"record": 1, "game": "speed", "seed": 1, "options": {"target": true}}',
             b'{"record": 1, "game": "speed", "seed": 99999999999999999999999, "options": {}}')
    for head in heads:
        fs = FakeFs({"board.json": b'{"board": "b"}', "game.sav": _file(1, 4, GAME_HEAD + head)})
        b, loader, lines = _boot(fs)
        assert lines == ["game: save damaged, starting fresh"], (head, lines)
        assert b.saved_game is None
        assert "game.sav" not in fs.files and "game.sav.bad" in fs.files   # set aside
    # a settings file or a link key of the wrong shape: the same
    fs = FakeFs({"board.json": b'{"board": "b"}', "settings.sav": _file(1, 2, b'[1, 2]'),
                 "linkkey.sav": _file(1, 2, b'{"k": 1}')})
    b, loader, lines = _boot(fs)
    assert lines == ["settings: save damaged, starting fresh", "link key damaged: made a new one"]


def test_a_loader_bug_is_reported_as_damage_not_raised():
    # defence in depth: whatever a parser raises, the boot goes on (the fuzz tests check
    # that the parsers raise only SaveCorrupt)
    from core import save_load

    def buggy(payload):
        raise TypeError("a bug")
    real = save_load.parse_game
    save_load.parse_game = buggy
    try:
        fs = FakeFs({"board.json": b'{"board": "b"}', "game.sav": _file(1, 4, GAME_HEAD)})
        assert "TypeError" in load_copy(SaveStore(fs), "game", buggy).problems[0]
        b, loader, lines = _boot(fs)
        assert lines == ["game: save damaged, starting fresh"]
        assert fs.files["game.sav.bad"] == _file(1, 4, GAME_HEAD)     # kept for the report
    finally:
        save_load.parse_game = real


def test_saves_of_a_newer_firmware_say_so_and_stay():
    newer = {"settings.sav": _file(2, 7, b'{"settings": {"volume": 3}}'),
             "game.sav": _file(2, 9, b'anything at all'),
             "linkkey.sav": _file(2, 3, b'a future key')}
    files = {"board.json": b'{"board": "b"}'}
    files.update(newer)
    fs = FakeFs(files)
    b, loader, lines = _boot(fs)
    assert lines == ["settings: saved by a newer firmware", "game: saved by a newer firmware",
                     "link key of a newer firmware kept: made a new one"], lines
    assert b.saved_game is None and b.settings.get("ai_level") == 2
    assert len(b.link_secret) == bootmod.SECRET_BYTES
    on_flash = list(fs.files.values())
    for name in newer:
        assert newer[name] in on_flash, name
    # this firmware goes on saving: settings, a game (saved and finished), the link key
    s = settings.Settings()
    s.set("brightness", 40)
    s.save(b.store)
    s.save(b.store)
    b.store.save("game", [b"x"])
    b.store.discard("game")
    on_flash = list(fs.files.values())
    for name in newer:
        assert newer[name] in on_flash, name
    # the next boot reads this firmware's settings, says the game is a newer one's
    b, loader, lines = _boot(fs)
    assert lines == ["game: saved by a newer firmware"], lines
    assert loader.hw.backlight.level == 40
    assert fs.files["game.fut"] == newer["game.sav"]


def test_a_record_of_a_newer_version_is_a_newer_firmware_save():
    head = b'{"record": 2, "game": "speed", "seed": 1, "options": {}}'
    fs = FakeFs({"board.json": b'{"board": "b"}', "game.sav": _file(1, 4, GAME_HEAD + head)})
    b, loader, lines = _boot(fs)
    assert lines == ["game: saved by a newer firmware"]
    b.store.save("game", [b"x"])
    b.store.discard("game")
    assert fs.files["game.fut"] == _file(1, 4, GAME_HEAD + head)
