"""The game save's packed lines (core/save.py) are written from the logs' pair_words()
and digit by digit into one buffer: they must be byte for byte what the general path
writes (a tuple per action, a list per line, json.dumps), since saves written before
must load and the format is shared by every runtime.  Reds here (its PackedLog holds
both one-byte and two-byte actions); every game across seeds: tests/host/test_save_lines_props.py.
Runs on CPython and both MicroPython ports.
"""
import core.games.reds.rules  # noqa: F401  (first: compiling it needs large free blocks)
import binascii
import json
from core import save
from core.record import header
from core.save import GameSaver, SaveStore, game_chunks
from core.save_load import load_game
from core.games.speed.defs import TimedLog
from test_reds_kit import RandomPolicy
from test_save_fakefs import FakeFs

META = {"mode": "ai", "human": 0, "ai_level": 2}


def general_lines(actions, timed):
    """The packed lines the general way, one at a time: a tuple per action, lists,
    json.dumps."""
    ts = []
    ms = []
    for a in actions:
        if timed:
            ts.append(a[0])
        ms.append(a[-2] << 8 | a[-1])
        if len(ms) == save.PACK:
            yield _line(ts, ms, timed)
            ts = []
            ms = []
    if ms:
        yield _line(ts, ms, timed)


def _line(ts, ms, timed):
    if timed:
        return '{"t": %s, "m": %s}' % (json.dumps(ts), json.dumps(ms))
    return '{"m": %s}' % json.dumps(ms)


def general_chunks(game, meta):
    """The whole save payload as the general path writes it."""
    timed = getattr(game, "timed_history", None)
    yield json.dumps({"app": meta})
    yield "\n" + json.dumps(header(game))
    log = game.history if timed is None else timed
    if timed is not None and not getattr(game, "WHOLE_MATCH", True) and game.round_start():
        # Speed keeps one round (SP-7): where it began, then its actions
        yield "\n" + json.dumps({"round_start": game.round_start()})
        first, n = game.round_actions()
        log = [timed[i] for i in range(first, first + n)]
    for line in general_lines(log, timed is not None):
        yield "\n" + line
    if game.is_over():
        yield "\n" + json.dumps({"result": game.result()})


def joined(chunks):
    return b"".join(bytes(save._as_bytes(c)) for c in chunks)


def digest(chunks):
    """(length, crc32) of the chunks, read as they come: the 192 KB unix-port run has no
    room for whole payloads next to the Reds engine."""
    n = crc = 0
    for c in chunks:
        c = save._as_bytes(c)
        n += len(c)
        crc = binascii.crc32(c, crc)
    return n, crc


def same_payload(game):
    return digest(game_chunks(game, META)) == digest(general_chunks(game, META))


def test_reds_save_lines_equal_the_general_path_and_restore():
    game = core.games.reds.rules.Reds({"players": 4}, 21)
    policy = RandomPolicy(21)
    fs = FakeFs()
    saver = GameSaver(SaveStore(fs), game, META)
    for _ in range(120):            # the saves checked are late ones, long lines and all
        seat = game.to_move()[0]
        game.apply(seat, policy.choose(game, seat))
    saver.at_safe_point()
    checked = 0
    while not game.is_over():
        seat = game.to_move()[0]
        game.apply(seat, policy.choose(game, seat))
        if saver.after_action() and checked < 6:
            assert same_payload(game)
            checked += 1
            if checked in (1, 6):       # what is on flash replays to this game
                meta, restored = load_game(SaveStore(fs)).value
                assert restored.history == game.history
                assert digest(game_chunks(restored, meta)) == digest(game_chunks(game, META))
    assert checked == 6
    assert same_payload(game)       # with its result line


def test_timed_lines_equal_the_general_path():
    log = TimedLog()
    entries = [(0, 0, 1), (7, 1, 255), (123456, 1, 40), (2 ** 30 - 1, 0, 0)]
    for k in range(150):
        entries.append((180 * k, k & 1, (k * 37) & 0xFF))
    for e in entries:
        log.append(e)
    lines = save._packed_lines(len(log), log.pair_words(), log.time_stamps())
    assert [bytes(x) for x in lines] == [b"\n" + s.encode() for s in general_lines(entries, True)]
    # a plain list of tuples (_words' fallback), negative time stamps and all
    entries[1] = (-5, 1, 255)
    lines = save._packed_lines(len(entries), save._words(entries), (e[0] for e in entries))
    assert [bytes(x) for x in lines] == [b"\n" + s.encode() for s in general_lines(entries, True)]


def test_a_deferred_save_keeps_copies_of_the_refilled_lines():
    game = core.games.reds.rules.Reds({"players": 4}, 5)
    policy = RandomPolicy(5)
    while len(game.history) < 3 * save.PACK:
        seat = game.to_move()[0]
        game.apply(seat, policy.choose(game, seat))
    busy = [True]
    fs = FakeFs()
    store = SaveStore(fs, lambda: busy[0])
    assert not store.save(save.GAME_SAVE, game_chunks(game, META))
    busy[0] = False
    assert store.poll()
    assert save.parse_file(fs.files["game.sav"])[1] == joined(general_chunks(game, META))
