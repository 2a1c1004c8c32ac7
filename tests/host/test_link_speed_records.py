"""A linked Speed match past the old 50-round bound ends with identical whole records on
both units (issue #18's "identical records"), written as version 2 with their facts.

Device units keep one round (tests/core/test_link_speed_match.py compares what they keep
and checks every per-round CHECK); here both units keep the whole match, as host tools do
(`LinkUnit(keep_record=True)`), so the two records can be compared line by line.
"""
from core.record_json import record_lines
from core.replay import replay_lines
from test_link_speed_match import _bots, _pair


def test_linked_units_keeping_the_match_write_identical_records_past_round_50():
    c, ai = _pair({"scoring": "one_point", "target": 100}, keep_record=True)
    assert c.run_until(lambda c: all([u.game.is_over() for u in c.units]), 10 ** 8,
                       _bots(ai)) >= 0
    host, guest = c.units
    assert host.game.WHOLE_MATCH and host.game.round_no > 50
    assert max(host.game.result()["scores"]) >= 100
    a = record_lines(host.game)
    assert record_lines(guest.game) == a
    assert replay_lines(a).result() == host.game.result()      # its facts check out too
    assert host.lockstep.resyncs == 0 and guest.lockstep.resyncs == 0
