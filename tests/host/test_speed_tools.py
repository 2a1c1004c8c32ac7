"""tools/play_speed.py through tools.play, and the AI benchmark's output format."""
import argparse
import io
import json
import subprocess
import sys

from tools import play, play_speed


def test_play_records_and_replays(tmp_path):
    rec = str(tmp_path / "s.jsonl")
    assert play.main(["--game", "speed", "--seed", "7", "--level", "1,4", "--record", rec,
                      "--winner-yells-spit", "true", "--target", "50", "--quiet"]) == 0
    first = open(rec).read().splitlines()
    assert json.loads(first[0])["options"]["winner_yells_spit"] is True
    actions = [json.loads(line) for line in first if line.startswith('{"action"')]
    assert actions and all("t" in a for a in actions)
    out = io.StringIO()
    assert play_speed.main(argparse.Namespace(replay=rec), out) == 0
    assert out.getvalue().startswith("replay OK")
    assert play.main(["--replay", rec]) == 0
    # the same seed and levels give the same match
    rec2 = str(tmp_path / "t.jsonl")
    play.main(["--game", "speed", "--seed", "7", "--level", "1,4", "--record", rec2,
               "--winner-yells-spit", "true", "--target", "50", "--quiet"])
    assert open(rec2).read().splitlines() == first


def test_play_prints_the_log():
    out = io.StringIO()
    ns = argparse.Namespace(seed=3, level="3", record=None, replay=None, quiet=False,
                            count_down_only=True)
    assert play_speed.main(ns, out) == 0
    text = out.getvalue()
    assert "levels: player 1 = 3, player 2 = 3" in text and "round 1: deal" in text
    assert "plays" in text and "round 1 over" in text and '"count_down_only": true' in text


def test_bad_level_and_option_are_refused():
    assert play_speed.main(argparse.Namespace(seed=1, level="7", replay=None)) == 2
    assert play_speed.main(argparse.Namespace(seed=1, level="2", replay=None, opt_scoring="nope")) == 2
    assert play_speed.parse_levels("1,4") == (1, 4) and play_speed.parse_levels(None) == (2, 2)


def test_bench_prints_json_lines():
    proc = subprocess.run([sys.executable, "-m", "tools.bench_speed_ai", "--matches", "2"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [l["bot"] for l in lines] == ["greedy", "level1", "level2", "level3", "level4"]
    for l in lines:
        assert l["runtime"] == "micropython" and l["decision"]["n"] > 0
