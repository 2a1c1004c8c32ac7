"""The game save's packed lines, written from the logs' pair_words() digit by digit, are
byte for byte the general path's (a tuple per action, a list per line, json.dumps) at
every safe point of every game, for any seed, and each save restores the game.
tests/core/test_save_packed.py runs the Reds case on the MicroPython ports too."""
from hypothesis import given, settings, strategies as st

from core.record_json import record_lines
from core.registry import game_class, make_bot
from core.save import GAME_SAVE, GameSaver, SaveStore, game_chunks, parse_file
from core.save_load import load_game
from test_save_fakefs import FakeFs
from test_save_packed import META, general_chunks, joined
from test_speed_support import round_position

GAMES = {"reds": {"players": 4}, "speedrun": {}, "steppingstones": {}, "speed": {"target": 25}}


def _check_game(name, options, seed):
    game = game_class(name)(options, seed)
    n = getattr(game, "n_players", None) or game.PLAYERS[0]
    bots = [make_bot(name, "random", seed * 8 + s) for s in range(n)]
    fs = FakeFs()
    saver = GameSaver(SaveStore(fs), game, META)
    saves = t = k = 0
    while not game.is_over():
        movers = game.to_move()
        seat = movers[k % len(movers)]
        k += 1
        action = bots[seat].choose(game.observation(seat))
        if name == "speed":
            t += 150 + 61 * (k % 9)
            game.apply_at(t, seat, action)
        else:
            game.apply(seat, action)
        if saver.after_action():
            saves += 1
            data = joined(game_chunks(game, META))
            assert data == joined(general_chunks(game, META)), (name, seed, len(game.history))
            assert parse_file(fs.files[GAME_SAVE + ".sav"])[1] == data
            meta, restored = load_game(SaveStore(fs)).value
            if name == "speed":         # it keeps one round (SP-7): the position from its start
                assert round_position(restored) == round_position(game)
            else:
                assert record_lines(restored) == record_lines(game)
    assert joined(game_chunks(game, META)) == joined(general_chunks(game, META))  # result
    return saves


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 10 ** 6))
def test_packed_lines_equal_the_general_path_in_every_game(name, seed):
    assert _check_game(name, GAMES[name], seed) > 0 or name == "speed"


def test_each_game_saves_and_matches():
    for name in sorted(GAMES):
        assert _check_game(name, GAMES[name], 3) > 0, name
