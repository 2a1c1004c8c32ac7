"""Reds game records: record -> replay is identical; tampering fails naming the line.
Runs on CPython and both MicroPython ports.  Records are streamed line by line from
core.record's own line builders: a list of every line of a game fragments the ports'
heaps past use.  tests/host/test_reds_props.py checks the stream equals record_lines."""
from core.record import header
from core.record_json import action_line, dumps
from core.replay import RecordError, replay_lines
from core.games.reds.rules import Reds
from test_reds_kit import RandomPolicy, run


def _stream(game, line_no=0, edit=None):
    """The record of `game` one line at a time; `edit(obj)` changes line `line_no`
    (1-based; the result is the last line)."""
    n = 1
    yield dumps(header(game))
    for seat, action in game.history:
        n += 1
        obj = action_line(game, seat, action)
        if n == line_no:
            edit(obj)
        yield dumps(obj)
    obj = {"result": game.result()}
    if n + 1 == line_no:
        edit(obj)
    yield dumps(obj)


def _played(opts, seed):
    g = Reds(opts, seed)
    run(g, RandomPolicy(seed))
    return g


def _replays_identically(opts, seed):
    g = _played(opts, seed)
    again = replay_lines(_stream(g))
    assert again.result() == g.result()
    assert again.history == g.history and again.events == g.events
    for a, b in zip(_stream(again), _stream(g)):
        assert a == b


def test_record_replays_identically_two_players_hidden_bids():
    _replays_identically({"players": 2, "hidden_bids": True, "short_game": True}, 31)


def test_record_replays_identically_four_players_partnership():
    _replays_identically({"players": 4, "partnership": True, "short_game": True}, 32)


def test_record_replays_identically_six_players():
    _replays_identically({"players": 6, "short_game": True}, 34)


def _fails(game, line_no, edit, start):
    try:
        replay_lines(_stream(game, line_no, edit))
    except RecordError as exc:
        assert str(exc).startswith(start), str(exc)
        return str(exc)
    assert False, "a tampered record replayed (line %d)" % line_no


_TAMPER_GAME = ({"players": 3, "short_game": True}, 33)


# One tampering per test: each test holds one played game and one replay, which fits the
# unix run's 128 KB heap (64-bit objects, larger than the device's).
def test_tampered_record_fails_naming_the_line_out_of_turn():
    g = _played(*_TAMPER_GAME)

    def out_of_turn(obj):
        obj["seat"] = (obj["seat"] + 1) % 3

    _fails(g, 2, out_of_turn, "line 2: seat")          # the first bid, by the wrong seat


def test_tampered_record_fails_naming_the_line_card_not_held():
    g = _played(*_TAMPER_GAME)
    # The first card play replaced by the card the next seat plays (not held).
    k = 0
    while g.history[k][1] >= 64:
        k += 1
    other = g.history[k + 1][1]

    def not_held(obj):
        obj["action"] = other
        obj["label"] = g.action_label(other)

    msg = _fails(g, k + 2, not_held, "line %d: " % (k + 2))
    assert "does not hold" in msg


def test_tampered_record_fails_naming_the_line_mislabel():
    g = _played(*_TAMPER_GAME)

    def mislabel(obj):
        obj["label"] = "bid:5" if obj["label"] != "bid:5" else "bid:4"

    _fails(g, 6, mislabel, "line 6: ")


def test_tampered_record_fails_on_a_different_result():
    g = _played(*_TAMPER_GAME)

    def wrong_result(obj):
        obj["result"]["scores"][0] += 1

    assert "differs" in _fails(g, len(g.history) + 2, wrong_result, "replayed result")
