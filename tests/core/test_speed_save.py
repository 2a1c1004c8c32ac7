"""Speed saves: written at the end of every round (packed timed actions), restored by replay
to the very start of the next round, safe against a power cut at every step of the write.

Both seats are a fixed chooser here (the same inputs on the original and the restored
game); tests/host/test_speed_save_app.py does the same through the app with its AI.
"""
import core.speed  # noqa: F401  (first: compiling it needs large free blocks)
import binascii

from core import save
from core.record import dumps, iter_record
from core.save import GameSaver, SaveStore, parse_file
from core.save_load import load_game, parse_game
from core.speed import Speed
from test_save_fakefs import FakeFs, PowerCut

META = {"mode": "ai", "human": 0, "kinds": ["you", "club"]}
OPTS = {"target": 100}


def play_round(game, saver=None):
    """One round (or the rest of the one in progress) by a fixed chooser; the round's
    clock starts at 0 as at the table.  Returns what after_action() said last."""
    r = game.round_no
    t = game.now
    k = len(game.history)
    wrote = None
    while not game.is_over() and game.round_no == r:
        movers = game.to_move()
        seat = movers[k % len(movers)]
        acts = game.legal_actions(seat)
        t += 120 + 37 * (k % 5)
        game.apply_at(t, seat, acts[(k * 7) % len(acts)])
        k += 1
        if saver is not None:
            wrote = saver.after_action()
            if game.round_no == r and not game.is_over():
                assert not wrote            # never a flash write inside a round
    return wrote


def record_crc(game):
    """The CRC of the game's record (its lines one at a time: light on a small heap)."""
    crc = 0
    for obj in iter_record(game):
        crc = binascii.crc32(dumps(obj).encode(), crc)
    return crc


def state(game):
    return (record_crc(game), len(game.history), game.round_no, game.now, game.to_move(),
            [game.observation(s) for s in (0, 1)])


def saved_games(fs, rounds):
    """Play `rounds` rounds with a GameSaver on `fs`: (game, [state after each save])."""
    game = Speed(OPTS, 21)
    saver = GameSaver(SaveStore(fs), game, META)
    states = []
    for _ in range(rounds):
        assert play_round(game, saver) is True
        assert not game.is_over()
        states.append(state(game))
    assert saver.saves == rounds
    return game, states


def test_a_round_end_save_restores_the_next_round_and_plays_on_identically():
    fs = FakeFs()
    game, states = saved_games(fs, 2)
    loaded = load_game(SaveStore(fs))
    assert loaded.status == save.OK
    meta, restored = loaded.value
    assert meta == META
    assert state(restored) == states[-1]
    assert restored.round_no == 3 and restored.now == 0
    assert restored.scores == game.scores and restored.rounds == game.rounds
    assert sum(restored.scores) > 0         # points carried over from the rounds played
    # the same later inputs give the same game to the end
    while not game.is_over():
        play_round(game)
        play_round(restored)
    assert record_crc(restored) == record_crc(game)
    assert restored.result() == game.result()


def test_the_save_packs_the_timed_actions():
    fs = FakeFs()
    game, states = saved_games(fs, 2)
    payload = parse_file(fs.files["game.sav"])[1]
    lines = payload.split(b"\n")
    assert len(lines) == 2 + (len(game.history) + save.PACK - 1) // save.PACK
    assert lines[2].startswith(b'{"t": [')
    size = 0
    for obj in iter_record(game):
        size += len(dumps(obj)) + 1
    assert len(payload) * 3 < size          # a third of the record lines, or less


def _cut_third_save(k, torn, lose_unflushed):
    fs = FakeFs()
    game, states = saved_games(fs, 2)
    fs.cut_at = fs.steps + k
    fs.torn = torn
    fs.lose_unflushed = lose_unflushed
    saver = GameSaver(SaveStore(fs), game, META)
    try:
        play_round(game, saver)
    except PowerCut:
        pass
    else:
        return False                        # the save took fewer than k steps
    fs2 = fs.rebooted()
    loaded = load_game(SaveStore(fs2))
    where = "cut at step %d (torn=%s, lose_unflushed=%s): %r" % (k, torn, lose_unflushed, loaded)
    assert loaded.status in (save.OK, save.PREVIOUS), where
    assert state(loaded.value[1]) in (states[-1], state(game)), where
    # the store works after the reboot: the restored game saves at its next round end
    restored = loaded.value[1]
    saver = GameSaver(SaveStore(fs2), restored, META)
    if play_round(restored, saver):
        assert state(load_game(SaveStore(fs2)).value[1]) == state(restored), where
    return True


def test_power_cut_at_every_step_of_a_speed_save_keeps_a_round_to_continue():
    k = 1
    while _cut_third_save(k, False, False):
        _cut_third_save(k, True, False)
        _cut_third_save(k, False, True)
        k += 1
    assert k > 8                            # open, writes, flush, close, sync, renames


def test_a_damaged_speed_save_falls_back_to_the_previous_round_or_starts_fresh():
    fs = FakeFs()
    game, states = saved_games(fs, 2)
    # an edited action in the current save: the replay refuses it, the previous round's
    # save is restored instead
    payload = parse_file(fs.files["game.sav"])[1]
    lines = payload.split(b"\n")
    lines[2] = lines[2].replace(b'"m": [', b'"m": [255, ', 1).replace(b'"t": [', b'"t": [5, ', 1)
    st = SaveStore(fs)
    st.save("x", [b"\n".join(lines)])
    fs.files["game.sav"] = fs.files.pop("x.sav")
    loaded = load_game(SaveStore(fs))
    assert loaded.status == save.PREVIOUS, loaded
    assert state(loaded.value[1]) == states[0]
    assert loaded.problems[0].startswith("game.sav: line 3, action 0: "), loaded.problems
    # a packed line that is not one, and a cut-off save: nothing left to restore
    lines[2] = b'{"t": [1, 2], "m": [3]}'
    try:
        parse_game(b"\n".join(lines))
        assert False, "a malformed packed line was accepted"
    except ValueError as exc:
        assert "line 3: not a line of packed actions" in str(exc)
    fs.files["game.bak"] = fs.files["game.sav"]
    loaded = load_game(SaveStore(fs))
    assert loaded.status == save.DAMAGED
    assert loaded.message == "game: save damaged, starting fresh"


def test_the_last_round_removes_the_save():
    fs = FakeFs()
    game, states = saved_games(fs, 1)
    saver = GameSaver(SaveStore(fs), game, META)
    while not game.is_over():
        play_round(game, saver)
    assert saver.saves == game.round_no - 2
    assert "game.sav" not in fs.files and load_game(SaveStore(fs)).value is None
