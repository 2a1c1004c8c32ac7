"""The game in progress: saved at the end of every trick and hand, restored by replay.

Stepping Stones only here (one engine keeps the 128 KB unix-port run small); every game
is played to its end in tests/host/test_save_games.py.
"""
import core.games.steppingstones.rules  # noqa: F401  (first: compiling it needs large free blocks)
import json
from core import save
from core.bots import RandomBot
from core.record_json import dumps, iter_plain_record, record_lines
from core.registry import game_class
from core.save import GameSaver, SaveStore
from core.save_load import load_game
from test_save_fakefs import FakeFs

META = {"mode": "ai", "human": 0, "ai_level": 2}


def _start(name, seed):
    game = game_class(name)(None, seed)
    bots = [RandomBot(seed + i) for i in range(game.n_players)]
    return game, bots


def _step(game, bots):
    for seat in game.to_move():
        game.apply(seat, bots[seat].choose(game.observation(seat)))


def _play_until_saves(name, seed, n_saves, store):
    game, bots = _start(name, seed)
    saver = GameSaver(store, game, META)
    while saver.saves < n_saves:
        before = len(game.events)
        steps = store.fs.steps
        _step(game, bots)
        ended = False
        for i in range(before, len(game.events)):
            if game.events[i][0] in save.SAFE_POINT_EVENTS:
                ended = True
        assert saver.after_action() == ended
        if not ended:
            assert store.fs.steps == steps      # no flash write between safe points
        else:
            # what is on flash now replays to exactly this game
            loaded = load_game(SaveStore(store.fs))
            assert loaded.status == save.OK
            meta, restored = loaded.value
            assert meta == META
            assert record_lines(restored) == record_lines(game)
    return game, bots, saver


def test_steppingstones_saves_at_every_trick_and_restores():
    fs = FakeFs()
    game, bots, saver = _play_until_saves("steppingstones", 3, 4, SaveStore(fs))
    assert sorted(fs.files) == ["game.bak", "game.sav"]
    # a reboot continues from the save and the game plays on
    meta, restored = load_game(SaveStore(fs)).value
    assert len(restored.history) == len(game.history)
    _step(restored, bots)
    assert len(restored.history) > len(game.history)


def test_game_save_waits_for_the_link():
    fs = FakeFs()
    busy = [True]
    store = SaveStore(fs, lambda: busy[0])
    game, bots = _start("steppingstones", 5)
    saver = GameSaver(store, game, META)
    while saver.saves < 1:
        _step(game, bots)
        saver.after_action()
    assert fs.files == {} and store.pending() == ["game"]
    at_save = record_lines(game)
    _step(game, bots)                     # the game moves on while the link is busy
    busy[0] = False
    assert store.poll()
    meta, restored = load_game(SaveStore(fs)).value
    assert record_lines(restored) == at_save     # the snapshot taken at the safe point


def test_a_save_that_does_not_replay_falls_back_or_starts_fresh():
    fs = FakeFs()
    store = SaveStore(fs)
    _play_until_saves("steppingstones", 6, 2, store)
    good = load_game(SaveStore(fs)).value[1]
    # an edited action in the current save: the replay fails, the previous save is used
    st = SaveStore(fs)
    data = save.parse_file(fs.files["game.sav"])[1].decode().split("\n")
    packed = json.loads(data[-1])             # {"m": [seat << 8 | action, ...]}
    m = packed["m"][-1]
    packed["m"][-1] = ((m >> 8) + 1) % 3 << 8 | (m & 0xFF)     # the wrong seat moves
    data[-1] = json.dumps(packed)
    st.save("x", ["\n".join(data)])
    fs.files["game.sav"] = fs.files.pop("x.sav")
    loaded = load_game(SaveStore(fs))
    assert loaded.status == save.PREVIOUS, loaded
    assert len(loaded.value[1].history) < len(good.history)
    assert loaded.problems and loaded.problems[0].startswith("game.sav: line ")
    fs.files["game.bak"] = fs.files["game.sav"]
    loaded = load_game(SaveStore(fs))
    assert loaded.status == save.DAMAGED and loaded.message == "game: save damaged, starting fresh"


def test_a_save_written_as_record_lines_still_loads():
    # saves made before actions were packed hold the record's lines (one per action)
    fs = FakeFs()
    game, bots = _start("steppingstones", 5)
    for _ in range(20):
        _step(game, bots)
    old = [dumps(obj) for obj in iter_plain_record(game)]
    assert json.loads(old[0])["record"] == 1
    payload = "\n".join([json.dumps({"app": META})] + old)
    SaveStore(fs).save(save.GAME_SAVE, [payload])
    loaded = load_game(SaveStore(fs))
    assert loaded.status == save.OK, loaded
    meta, restored = loaded.value
    assert meta == META and record_lines(restored) == record_lines(game)
