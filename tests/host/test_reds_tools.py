"""Reds end to end through tools.play, and the GreedyBot baseline (fair, legal, stronger
than random).  CPython only."""
import json
import os
import subprocess
import sys

from core.bots import RandomBot
from core.games.reds.rules import Reds
from core.games.reds.bots import GreedyBot

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _tool(*args):
    return subprocess.run([sys.executable, "-m", "tools.play"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_play_tool_plays_records_and_replays(tmp_path):
    rec = tmp_path / "reds.jsonl"
    p = _tool("--game", "reds", "--players", "6", "--seed", "7", "--partnership", "true",
              "--hidden-bids", "true", "--short-game", "true",
              "--bots", "greedy,random,greedy,random,greedy,random", "--record", str(rec))
    assert p.returncode == 0, p.stderr
    assert "winners:" in p.stdout and "team scores:" in p.stdout
    lines = rec.read_text().splitlines()
    head = json.loads(lines[0])
    assert head["game"] == "reds" and head["options"] == {
        "players": 6, "short_game": True, "hidden_bids": True, "partnership": True}
    assert json.loads(lines[-1])["result"]["over"]
    p = _tool("--replay", str(rec))
    assert p.returncode == 0 and "replay OK" in p.stdout, p.stderr


def test_play_tool_rejects_partnership_with_five_players():
    p = _tool("--game", "reds", "--players", "5", "--partnership", "true")
    assert p.returncode == 2 and "4 or 6 players" in p.stderr


def _obs_stream(n, seed):
    g = Reds({"players": n, "hidden_bids": seed % 2 == 1}, seed)
    bots = [RandomBot(seed + i) for i in range(n)]
    while not g.is_over():
        for s in g.to_move():
            obs = g.observation(s)
            yield obs
            g.apply(s, bots[s].choose(obs))


def test_greedy_bot_is_legal_deterministic_and_leaves_the_observation_alone():
    for n in range(2, 7):
        for obs in _obs_stream(n, 40 + n):
            before = json.dumps(obs, sort_keys=True)
            a = GreedyBot(3).choose(obs)
            assert a in obs["legal"]
            assert GreedyBot(3).choose(json.loads(before)) == a   # only the observation counts
            assert json.dumps(obs, sort_keys=True) == before


def test_greedy_bot_beats_random_bot():
    # Measured: one GreedyBot against RandomBots, seats rotated, 30 deals per size.
    for n in (2, 3, 4, 6):
        diff = 0
        for seed in range(30):
            g = Reds({"players": n}, 900 + seed)
            me = seed % n
            bots = [GreedyBot(seed) if i == me else RandomBot(seed * 7 + i) for i in range(n)]
            while not g.is_over():
                for s in g.to_move():
                    g.apply(s, bots[s].choose(g.observation(s)))
            sc = g.result()["scores"]
            diff += sc[me] - (sum(sc) - sc[me]) / (n - 1)
        assert diff / 30 > 10, (n, diff / 30)
