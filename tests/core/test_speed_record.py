"""Speed records: options, seed and timed actions replay to the identical match."""
from core.record_json import record_lines
from core.replay import RecordError, replay_lines
from core.games.speed.rules import Speed
from core.games.speed.bots import VirtualTable, make_bots


def _actions_at(lines):
    """Indices of the action lines (a record also holds the facts lines between them)."""
    return [i for i in range(len(lines)) if lines[i].startswith('{"action"')]


def _played(options, seed, levels):
    g = Speed(options, seed)
    VirtualTable(g, make_bots(levels, seed), seed).run()
    return g


def test_record_replays_to_the_identical_match():
    for options, seed, levels in ((None, 3, (2, 3)),
                                  ({"count_down_only": True, "scoring": "one_point"}, 8, (4, 1)),
                                  ({"stand_still_spit": True, "winner_yells_spit": True,
                                    "scoring": "automatic", "target": 25}, 21, (3, 3))):
        g = _played(options, seed, levels)
        lines = record_lines(g)
        assert '"t": ' in lines[_actions_at(lines)[0]]
        r = replay_lines(lines)
        assert r.is_over() and r.result() == g.result()
        assert list(r.timed_history) == list(g.timed_history)
        assert r.events == g.events and r.round_no == g.round_no
        assert record_lines(r) == lines
        g = r = lines = None


def test_replay_refuses_time_going_backwards():
    g = _played(None, 3, (2, 2))
    lines = record_lines(g)
    k = _actions_at(lines)[1]
    bad = lines[:k] + [lines[k].replace('"t": ', '"t": -')]
    try:
        replay_lines(bad)
        assert False, "a negative time stamp replayed"
    except RecordError as exc:
        assert "line %d" % (k + 1) in str(exc)


def test_replay_refuses_a_changed_card():
    g = _played(None, 4, (2, 2))
    lines = record_lines(g)
    k = _actions_at(lines)[0]
    t = lines[k].split('"t": ')[1].rstrip("}")
    forged = '{"seat": %s, "action": 2, "label": "AS>L", "t": %s}' % (lines[k].split('"seat": ')[1].split(",")[0], t)
    try:
        replay_lines(lines[:k] + [forged] + lines[k + 1:])
        assert False, "a forged play replayed"
    except RecordError as exc:
        assert "line %d" % (k + 1) in str(exc)
