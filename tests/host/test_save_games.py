"""Whole games of all four games through the save layer (core/save.py GameSaver).

Bots play each game to its end, one action at a time, as the app applies them; the
GameSaver sees every action.  Checked: a save is written exactly when the action just
applied ended a trick, a hand or a round (never between: no flash write mid-trick), the
trick on the table is empty whenever a save is written, each save file restores (parse,
checksum, replay) to the very state the game had when it was written (every seat's
observation, who moves, the record), and the save is gone once the game is over.
Speed is played on a timed clock (apply_at), so its saves carry timed actions.  Bots:
seat 0 random, the others greedy (core.registry.make_bot); Speed random on both seats.
"""
import pytest

from core import gameinfo, save
from core.record_json import record_lines
from core.registry import game_class, make_bot
from core.save import DeviceFs, GameSaver, SaveStore, parse_file
from core.save_load import load_game, parse_game

META = {"mode": "ai", "human": 0, "kinds": ["you", "greedy", "greedy"]}
# (options, seed) per game: the default options (Reds: 4 players, the long game).
GAMES = {"speedrun": ({}, 11), "steppingstones": ({}, 12), "reds": ({"players": 4}, 13),
         "speed": ({"target": 50}, 14)}


def _n_players(game):
    return getattr(game, "n_players", None) or game.PLAYERS[0]


def _event_total(game):
    return getattr(game, "events_dropped", 0) + len(game.events)


def _new_events(game, since):
    dropped = getattr(game, "events_dropped", 0)
    return [game.events[i - dropped] for i in range(max(since, dropped), _event_total(game))]


def _state(game):
    """Everything a restored game must equal: record, who moves, each seat's view.  Speed
    keeps one round (ruling SP-7): its position from where the round began instead of the
    record (tests/core/test_speed_support.py)."""
    n = _n_players(game)
    if hasattr(game, "round_start"):
        from test_speed_support import round_position
        return round_position(game)
    return (record_lines(game), game.to_move(), game.is_over(),
            [game.observation(s) for s in range(n)])


def play(name, tmp_path):
    opts, seed = GAMES[name]
    game = game_class(name)(opts, seed)
    n = _n_players(game)
    # Speed's greedy bot is a real-time bot (core/games/speed/bots.py): random bots decide there
    bots = [make_bot(name, "greedy" if s and name != "speed" else "random", seed * 8 + s)
            for s in range(n)]
    fs = DeviceFs(str(tmp_path))
    saver = GameSaver(SaveStore(fs), game, META)
    saves = []          # (file bytes, state when written)
    t = 0
    k = 0
    while not game.is_over():
        movers = game.to_move()
        seat = movers[k % len(movers)]
        k += 1
        action = bots[seat].choose(game.observation(seat))
        seen = _event_total(game)
        if name == "speed":
            t += 180 + 40 * (k % 7)
            game.apply_at(t, seat, action)
        else:
            game.apply(seat, action)
        ended = [e for e in _new_events(game, seen) if e[0] in save.SAFE_POINT_EVENTS]
        written = saver.after_action()
        if game.is_over():
            break
        assert written == bool(ended), (name, len(game.history), ended)
        if written:
            if name != "speed":
                for s in range(n):
                    assert not game.observation(s)["trick"], "saved mid-trick (%s)" % name
            saves.append((fs.read(save.GAME_SAVE + ".sav"), _state(game)))
    assert saver.saves == len(saves) > 0
    assert fs.read(save.GAME_SAVE + ".sav") is None           # finished: nothing to continue
    assert load_game(SaveStore(fs)).value is None
    return game, saves


@pytest.mark.parametrize("name", gameinfo.GAME_NAMES)
def test_a_whole_game_saves_at_safe_points_and_every_save_restores(name, tmp_path):
    game, saves = play(name, tmp_path)
    gens = []
    for data, state in saves:
        gen, payload = parse_file(data)
        gens.append(gen)
        meta, restored = parse_game(payload)
        assert meta == META
        assert _state(restored) == state
    assert gens == sorted(gens) and len(set(gens)) == len(gens)
    # the last save was written after the last safe point before the end
    if name == "speed":
        assert saves[-1][1][4] == game.round_no      # at the start of the last round
    else:
        assert len(saves[-1][1][0]) <= len(record_lines(game))
