"""Saves and records written before the games moved to core/games/<game>/ (issue #20) still
load.  Both name a game by its registry name ("reds"), never by a module path, so the
layout does not show in them; these files pin that down.

The files in tests/host/data/old_layout/ were written by the code of commit 1dcf8c2 (the
last one with core/reds.py, core/speedrun.py...): a save of each game against the AI from
the app (tests/host/test_app_resume.py's and test_speed_save_app.py's drivers: three saves
in, and Speed after round 1) and a record of each from `python -m tools.play --seed 7
--bots greedy --record`.  expected.json is what that code read back from them: each
save's seats, actions, player to move and human's observation, each record's action
count and result.
"""
import json
import os
import shutil

import pytest

from core.replay import replay_lines
from core.save import DeviceFs, SaveStore
from core.save_load import load_game

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "old_layout")
GAMES = ("speedrun", "steppingstones", "reds", "speed")


def _expected():
    with open(os.path.join(DATA, "expected.json")) as f:
        return json.load(f)


@pytest.mark.parametrize("game", GAMES)
def test_a_save_of_the_old_layout_loads_as_it_did(tmp_path, game):
    shutil.copytree(os.path.join(DATA, "saves", game), str(tmp_path / "flash"))
    loaded = load_game(SaveStore(DeviceFs(str(tmp_path / "flash"))))
    assert loaded.status == "ok", loaded.message
    meta, g = loaded.value
    want = _expected()["saves"][game]
    assert g.NAME == game and meta == want["meta"]
    assert [list(x) for x in g.history] == want["history"]
    assert list(g.to_move()) == want["to_move"]
    assert repr(g.observation(meta["human"])) == want["observation"]


@pytest.mark.parametrize("game", GAMES)
def test_a_record_of_the_old_layout_replays_to_its_result(game):
    with open(os.path.join(DATA, "%s.jsonl" % game)) as f:
        g = replay_lines(f)             # checks the record's own result line too
    want = _expected()["records"][game]
    assert len(g.history) == want["actions"]
    assert repr(g.result()) == want["result"]
