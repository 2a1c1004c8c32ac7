"""Speed Run game records (JSON Lines) and the headless player tools/play.py."""
import json
import os
import subprocess
import sys

import pytest

from core.bots import RandomBot
from core.record_json import record_lines
from core.replay import RecordError, replay_lines
from core.games.speedrun.rules import SpeedRun
from core.games.speedrun.bots import GreedyBot

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def played(opts, seed):
    g = SpeedRun(opts, seed)
    bots = (GreedyBot(seed), RandomBot(seed), GreedyBot(seed + 1))
    while not g.is_over():
        s = g.to_move()[0]
        g.apply(s, bots[s].choose(g.observation(s)))
    return g


@pytest.mark.parametrize("opts", [{"length": "short"},
                                  {"length": "medium", "reveal": True, "boards_medium": "1234589"},
                                  {"length": "long", "reveal": True, "first_start": 2}])
def test_record_replays_to_the_same_game(opts):
    g = played(opts, 31)
    lines = record_lines(g)
    r = replay_lines(lines)
    assert r.result() == g.result()
    assert list(r.history) == list(g.history)
    assert r.events == g.events
    assert json.loads(lines[-1])["result"] == json.loads(json.dumps(g.result()))


def _tamper(lines, pick):
    """Replace the first action line chosen by pick(obj) with an illegal action."""
    out = list(lines)
    for i in range(1, len(out)):
        obj = json.loads(out[i])
        if "action" in obj and pick(obj):
            return out, i, obj
    raise AssertionError("nothing to tamper with")


def test_tampered_record_fails_naming_the_line():
    g = played({"length": "short"}, 32)
    lines = record_lines(g)
    out, i, obj = _tamper(lines, lambda o: o["action"] < 64)       # a card play
    # An id that is no Speed Run action at all.
    obj["action"] = 200
    obj["label"] = "?200"
    out[i] = json.dumps(obj)
    with pytest.raises(RecordError) as exc:
        replay_lines(out)
    assert "line %d" % (i + 1) in str(exc.value) and "not a Speed Run action" in str(exc.value)


def test_record_with_a_completed_contract_replayed_fails():
    g = played({"length": "short"}, 33)
    lines = record_lines(g)
    bids = [(n, json.loads(l)) for n, l in enumerate(lines) if '"contract:' in l and l.startswith('{"action"')]
    first_seat = bids[0][1]["seat"]
    first = bids[0][1]
    later = [(n, o) for n, o in bids[1:] if o["seat"] == first_seat][0]
    out = list(lines)
    later[1]["action"] = first["action"]
    later[1]["label"] = first["label"]
    out[later[0]] = json.dumps(later[1])
    with pytest.raises(RecordError) as exc:
        replay_lines(out)
    assert "line %d" % (later[0] + 1) in str(exc.value) and "already completed" in str(exc.value)


def test_record_with_a_changed_result_fails():
    g = played({"length": "short"}, 34)
    lines = record_lines(g)
    res = json.loads(lines[-1])
    res["result"]["scores"][0] += 1
    with pytest.raises(RecordError):
        replay_lines(lines[:-1] + [json.dumps(res)])


def test_tools_play_runs_speedrun_end_to_end(tmp_path):
    rec = tmp_path / "sr.jsonl"
    cmd = [sys.executable, "-m", "tools.play", "--game", "speedrun", "--seed", "5",
           "--bots", "greedy,random,greedy", "--length", "medium", "--reveal", "true",
           "--boards-medium", "2345789", "--first-start", "1", "--record", str(rec)]
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "winners" in p.stdout
    head = json.loads(rec.read_text().splitlines()[0])
    assert head["options"]["boards_medium"] == "2345789" and head["options"]["reveal"] is True
    p = subprocess.run([sys.executable, "-m", "tools.play", "--replay", str(rec)],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
