"""What tools.play prints is for a person: players numbered from 1 (the record keeps its
zero-based seats, docs/records.md), and --quiet prints only the final result."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def play(*args):
    p = subprocess.run([sys.executable, "-m", "tools.play"] + list(args), cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    return p.stdout


def _named(seats):
    return ", ".join(["player %d" % (s + 1) for s in seats])


def test_quiet_prints_only_the_scores_and_winners(tmp_path):
    for game in (["--game", "steppingstones"], ["--game", "speed", "--target", "25"]):
        rec = str(tmp_path / "r.jsonl")
        out = play(*game + ["--seed", "7", "--quiet", "--record", rec]).splitlines()
        res = json.loads(open(rec).read().splitlines()[-1])["result"]
        assert out == ["scores: " + ", ".join(["player %d %d" % (s + 1, res["scores"][s])
                                                for s in range(len(res["scores"]))]),
                       "winners: " + _named(res["winners"])], out


def test_players_are_numbered_from_1_and_the_record_keeps_seats(tmp_path):
    rec = str(tmp_path / "reds.jsonl")
    out = play("--game", "reds", "--players", "4", "--partnership", "true", "--seed", "7",
               "--record", rec)
    res = json.loads(open(rec).read().splitlines()[-1])["result"]
    assert 0 in res["ranking"]                                  # data: zero-based
    assert "winners: %s\n" % _named(res["winners"]) in out, out
    assert "ranking (best first): %s\n" % _named(res["ranking"]) in out
    assert "team scores: player 1 + player 3 %d, player 2 + player 4 %d\n" % tuple(
        res["team_scores"]) in out
    assert "bots: player 1 greedy, player 2 greedy, player 3 greedy, player 4 greedy" in out
    assert "[" not in out.split("options")[-1].split("\n", 1)[1], out  # no seat lists
    assert "seat" not in out.lower()


def test_speed_log_numbers_players_from_1():
    out = play("--game", "speed", "--seed", "3")
    assert "player 1 plays" in out and "player 2 plays" in out
    assert "seat" not in out.lower(), [l for l in out.splitlines() if "seat" in l.lower()]
    assert "winners: player " in out
