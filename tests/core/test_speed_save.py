"""Speed saves: written at the end of every round, restored to the very start of the next
round, safe against a power cut at every step of the write.  The game keeps one round
(ruling SP-7: a match runs to its target), so from round 2 on a save is where the round
began and the round's packed timed actions (core/save.py); saves of the whole match so far,
written by the firmware before, still load (tests/core/speed_old_save.py).

Both seats are a fixed chooser here (the same inputs on the original and the restored
game); tests/host/test_speed_save_app.py does the same through the app with its AI.
"""
import core.games.speed.rules  # noqa: F401  (first: compiling it needs large free blocks)
import binascii

from core import save
from core.record_json import dumps, action_line
from core.save import GameSaver, SaveStore, parse_file
from core.save_load import load_game, parse_game
from core.games.speed.rules import Speed
from test_save_fakefs import FakeFs, PowerCut
from test_speed_support import round_position
import speed_old_save as OLD

META = {"mode": "ai", "human": 0, "kinds": ["you", "club"]}
OPTS = {"target": 100}


def play_round(game, saver=None, stop=-1):
    """One round (or the rest of the one in progress) by a fixed chooser; the round's
    clock starts at 0 as at the table.  Returns what after_action() said last.  The
    chooser counts the match's actions (those of earlier rounds too), as the firmware did
    that wrote tests/core/speed_old_save.py.  `stop`: return after this many actions."""
    r = game.round_no
    t = game.now
    k = game.actions_dropped + len(game.history)
    wrote = None
    while not game.is_over() and game.round_no == r and stop != 0:
        stop -= 1
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


def state(game):
    """The position (tests/core/test_speed_support.py round_position), as a CRC: light on
    a small heap, and equal only for equal positions."""
    return _crc(round_position(game), 0)


def _crc(obj, crc):
    """CRC of a canonical text of obj, a piece at a time (MicroPython's dicts do not
    keep their order: keys are sorted; tuples read as lists, as JSON does)."""
    if isinstance(obj, dict):
        crc = binascii.crc32(b"{", crc)
        for k in sorted(obj):
            crc = _crc(obj[k], _crc(k, crc))
        return binascii.crc32(b"}", crc)
    if isinstance(obj, (list, tuple)):
        crc = binascii.crc32(b"[", crc)
        for x in obj:
            crc = _crc(x, crc)
        return binascii.crc32(b"]", crc)
    return binascii.crc32(("%r;" % (obj,)).encode(), crc)


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
    assert state(restored) == states[-1] == state(game)
    assert restored.round_no == 3 and restored.now == 0
    assert restored.scores == game.scores and restored.rounds == game.rounds
    assert restored.rounds_won == game.rounds_won and restored.rng.state() == game.rng.state()
    assert sum(restored.scores) > 0         # points carried over from the rounds played
    # the same later inputs give the same game to the end, position by position
    while not game.is_over():
        play_round(game)
        play_round(restored)
        assert state(restored) == state(game)
    assert restored.result() == game.result()


def test_a_save_inside_a_round_restores_that_moment():
    # the app saves at round ends only; a save made mid-round holds the round so far
    fs = FakeFs()
    game, states = saved_games(fs, 2)
    play_round(game, None, 20)
    assert game.round_no == 3 and game.round_actions() == (0, 20)
    GameSaver(SaveStore(fs), game, META).save_now()
    meta, restored = load_game(SaveStore(fs)).value
    assert state(restored) == state(game) and restored.now == game.now > 0
    while not game.is_over():
        play_round(game)
        play_round(restored)
    assert state(restored) == state(game) and restored.result() == game.result()


def test_the_save_holds_the_round_start_and_the_round_packed():
    fs = FakeFs()
    game, states = saved_games(fs, 2)
    payload = parse_file(fs.files["game.sav"])[1]
    lines = payload.split(b"\n")
    # at a round end: app, header, where round 3 begins; no action of it yet
    assert len(lines) == 3 and lines[2].startswith(b'{"round_start": {')
    assert json_line(lines[2])["round_start"] == game.round_start()
    assert game.round_start()["round"] == 3 and game.round_start()["last"]["round"] == 2
    # inside the round: its actions packed, PACK to a line, a third of their record
    # lines or less
    play_round(game, None, 20)
    assert game.round_no == 3 and game.round_actions() == (0, 20)
    chunks = b"".join([bytes(c) if not isinstance(c, str) else c.encode()
                       for c in save.game_chunks(game, META)])
    lines = chunks.split(b"\n")
    assert len(lines) == 3 + (20 + save.PACK - 1) // save.PACK
    assert lines[3].startswith(b'{"t": [')
    size = 0
    for i in range(len(game.timed_history)):
        t, seat, action = game.timed_history[i]
        size += len(dumps(action_line(game, seat, action, t))) + 1
    assert sum([len(x) + 1 for x in lines[3:]]) * 3 < size


def test_the_save_does_not_grow_with_the_rounds():
    # SP-7: a match runs to its target; its save stays one round's (1 Point Score: 100
    # points take dozens of rounds)
    fs = FakeFs()
    game = Speed({"scoring": "one_point", "target": 150}, 21)
    saver = GameSaver(SaveStore(fs), game, META)
    sizes = {}
    while game.round_no < 30 and not game.is_over():
        play_round(game, saver)
        sizes[game.round_no] = len(fs.files["game.sav"])
    assert game.round_no == 30, game.result()
    assert max(sizes.values()) - min([sizes[r] for r in sizes if r > 2]) < 40   # digits
    meta, restored = load_game(SaveStore(fs)).value
    assert state(restored) == state(game)


def json_line(raw):
    import json
    return json.loads(raw)


def test_a_save_of_the_whole_match_from_the_firmware_before_still_loads():
    """tests/core/speed_old_save.py: three rounds saved as the whole match's packed actions
    (no round start line).  It loads into the round it was saved at and plays on exactly
    as that firmware played on from it (to the end of the match)."""
    fs = FakeFs()
    fs.files["game.sav"] = OLD.SAVE
    loaded = load_game(SaveStore(fs))
    assert loaded.status == save.OK, loaded
    meta, game = loaded.value
    assert meta == META and isinstance(game, Speed) and not game.WHOLE_MATCH
    assert game.actions_dropped + len(game.timed_history) == OLD.ACTIONS
    assert game.rounds == [OLD.LAST_ROUND]
    assert position(game) == OLD.AT_LOAD
    # the replay kept one round: the actions of rounds 1 and 2 are gone
    assert game.round_actions() == (len(game.timed_history), 0)
    assert game.actions_dropped > 0
    while not game.is_over():
        play_round(game)
    assert game.round_no == OLD.FINAL_ROUND
    result = game.result()
    assert result["rounds"][0]["round"] == OLD.FINAL_ROUND
    del result["rounds"]
    assert result == OLD.FINAL
    assert position(game) == OLD.FINAL_POSITION
    # and once saved again, it is in the format of a round start
    fs2 = FakeFs()
    meta, game = load_game(SaveStore(fs)).value
    GameSaver(SaveStore(fs2), game, META).save_now()
    assert b'\n{"round_start": {' in fs2.files["game.sav"]
    assert state(load_game(SaveStore(fs2)).value[1]) == state(game)


def position(g):
    """As tests/core/speed_old_save.py lists a position."""
    return [g.round_no, list(g.scores), list(g.rounds_won), list(g.rng.state()), g.now,
            [[list(g.hand[s][:g.n_hand[s]]), list(g.draw[s][:g.n_draw[s]]),
              list(g.spit[s][:g.n_spit[s]])] for s in (0, 1)],
            [list(g.centre[p][:g.n_centre[p]]) for p in (0, 1)]]


def test_a_round_start_that_does_not_fit_the_game_is_refused():
    fs = FakeFs()
    game, states = saved_games(fs, 2)
    start = game.round_start()
    for key, bad in (("round", 1), ("round", "3"), ("scores", [-1, 0]), ("scores", [0]),
                     ("won", [5, 0]), ("rng", [0, 1]), ("actions", None), ("last", None),
                     ("scores", [100, 0])):       # at the target: the match was over
        b = dict(start)
        b[key] = bad
        fresh = Speed(OPTS, 21)
        before = round_position(fresh)
        try:
            fresh.resume_round(b)
            assert False, "accepted %s=%r" % (key, bad)
        except ValueError:
            pass
        assert round_position(fresh) == before, key     # nothing changed
    fresh = Speed(OPTS, 21)
    fresh.resume_round(start)
    assert state(fresh) == state(game)
    try:
        fresh.resume_round(start)                       # only on a game as dealt
        assert False
    except ValueError:
        pass


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
    # an illegal action in the current save: the replay refuses it, the previous round's
    # save is restored instead
    payload = parse_file(fs.files["game.sav"])[1]
    lines = payload.split(b"\n")
    assert len(lines) == 3          # app, header, round start
    st = SaveStore(fs)
    st.save("x", [b"\n".join(lines + [b'{"t": [5], "m": [255]}'])])
    fs.files["game.sav"] = fs.files.pop("x.sav")
    loaded = load_game(SaveStore(fs))
    assert loaded.status == save.PREVIOUS, loaded
    assert state(loaded.value[1]) == states[0]
    assert loaded.problems[0].startswith("game.sav: line 4, action 0: "), loaded.problems
    # an edited round start (scores past the target: the match was over) is refused too
    bad = lines[2].replace(b'"scores": [', b'"scores": [999', 1)
    assert bad != lines[2]
    try:
        parse_game(b"\n".join(lines[:2] + [bad]))
        assert False, "an edited round start was accepted"
    except ValueError as exc:
        assert str(exc).startswith("line 3: "), exc
    # a packed line that is not one, and a cut-off save: nothing left to restore
    lines.append(b'{"t": [1, 2], "m": [3]}')
    try:
        parse_game(b"\n".join(lines))
        assert False, "a malformed packed line was accepted"
    except ValueError as exc:
        assert "line 4: not a line of packed actions" in str(exc)
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
