"""A Speed record made on CPython replays to the identical match on the MicroPython unix port.

CPython plays seeded matches with the AI (every variant on at least once) and writes the
records; `micropython` replays each from the record alone and prints the result, the timed
actions and the public log as JSON; every value must equal CPython's.  MicroPython orders
dict keys differently, so the lines are compared parsed.
"""
import json
import os
import subprocess

from core.record_json import write_record
from core.replay import read_record
from core.games.speed.rules import SpeedRecorded
from core.games.speed.bots import VirtualTable, make_bots

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")

CASES = (
    (101, None, (2, 3)),
    (102, {"count_down_only": True, "scoring": "one_point"}, (4, 4)),
    (103, {"stand_still_spit": True, "scoring": "automatic", "auto_points": 10, "target": 25}, (1, 3)),
    (104, {"winner_yells_spit": True, "spit_pile_stalemate": True, "target": 50}, (3, 4)),
)

REPLAY = """
import sys, json
sys.path.insert(0, '')
from core.replay import read_record
for path in sys.argv[1:]:
    g = read_record(path)
    print(json.dumps({"result": g.result(), "timed": [list(x) for x in g.timed_history],
                      "events": [list(e) for e in g.events], "dropped": g.events_dropped}))
"""


def summary(g):
    return json.loads(json.dumps({"result": g.result(), "timed": [list(x) for x in g.timed_history],
                                  "events": [list(e) for e in g.events], "dropped": g.events_dropped}))


def test_records_replay_identically_on_micropython(tmp_path):
    paths = []
    expected = []
    for seed, options, levels in CASES:
        g = SpeedRecorded(options, seed)        # a record is the whole match
        VirtualTable(g, make_bots(levels, seed), seed).run()
        path = str(tmp_path / ("speed_%d.jsonl" % seed))
        write_record(g, path)
        assert summary(read_record(path)) == summary(g)      # CPython replays it too
        paths.append(path)
        expected.append(summary(g))
    script = tmp_path / "replay.py"
    script.write_text(REPLAY)
    proc = subprocess.run([MICROPYTHON, "-X", "heapsize=1M", str(script)] + paths, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(got) == len(CASES)
    for g, e in zip(got, expected):
        assert g == e
