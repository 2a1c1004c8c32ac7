"""The whole app on the MicroPython unix port through a complete game of each of the four
games against the AI, driven by scripted button presses (tests/mp_app_memory.py:
core.boot -> core.app with the idle link stack, the save store, the ST7789 driver ->
menu -> seats -> rules -> the game -> results -> menu), the app compiled with mpy-cross
and loaded into RAM as tools/deploy.py puts it on a board.

AI seats: core.registry.make_ai "default" for Speed Run, Stepping Stones and Reds (4 players),
core.games.speed.ai.SpeedBot "club" for Speed.

HEAP is the smallest cap of the form 32K * n this run fits today (`python -m
tools.app_memory --heap N`; docs/memory.md): it is NOT the 128 KB of DESIGN.md.  On
the 64-bit unix port, with the .mpy files in RAM, the menu alone (screen, drivers, save
store, the names MicroPython interns) holds about 138 KB and Speed Run needs 272 KB to
finish; see docs/memory.md for where it goes and what a 128 KB device needs.
"""
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from tools import app_memory

MP = os.path.join(os.path.dirname(sys.executable), "micropython")
HEAP = "288K"
RUNS = (("speedrun", "lcd13"), ("steppingstones", "display2"), ("reds", "display2"),
        ("speed", "lcd13"))
# A session, as a user plays: four games after one boot, then the first one again.
SESSION = ("speedrun", "steppingstones", "reds", "speed", "speedrun")
# What one game may leave behind at the menu for the next: the names it interned, which
# MicroPython never frees (about 2 KB per game on this port once the first game has grown
# the qstr pools).  A game's state, table or AI kept alive would be more.
LEFT_BEHIND = 4096


@pytest.fixture(scope="module")
def runs():
    app_memory.precompile_app()
    todo = RUNS + (("+".join(SESSION), "lcd13"),)
    with ThreadPoolExecutor(max_workers=2) as pool:
        out = dict(zip(todo, pool.map(lambda r: app_memory.run_game(r[0], r[1], HEAP), todo)))
    for recs in out.values():
        for r in recs:
            print(json.dumps(r))
    return out


@pytest.mark.skipif(not os.path.exists(MP), reason="no MicroPython unix port in .venv")
@pytest.mark.parametrize("game,layout", RUNS)
def test_whole_app_plays_a_complete_game_without_memory_error(runs, game, layout):
    recs = runs[(game, layout)]
    errors = [r["error"] for r in recs if "error" in r]
    assert not errors, errors
    boot = [r for r in recs if r["what"] == "boot"][0]
    g = [r for r in recs if r["what"] == "game"][0]
    assert boot["link"] is True                    # the menu offers Host / Join a linked game
    assert boot["link_modules"] == 0               # ... and no link module costs heap until then
    assert g["finished"] and g["game"] == game and g["layout"] == layout
    assert g["seats"].startswith("you,")
    assert g["seats"].count(",") == {"speedrun": 2, "steppingstones": 2, "reds": 3, "speed": 1}[game]
    # the game's engine, table and AI were imported for the game and dropped after it (the
    # menu's modules go meanwhile: Speed's table may hold fewer modules than the menu)
    assert g["modules_in_game"] > boot["modules"] - 3 and boot["modules"] == g["modules_after"]
    assert g["peak_alloc"] < g["heap"] and g["peak_above_boot"] > 0
    assert g["saves"] > 0                          # at trick, hand and (Speed) round ends


@pytest.mark.skipif(not os.path.exists(MP), reason="no MicroPython unix port in .venv")
def test_a_session_of_games_leaves_nothing_behind_but_names(runs):
    """Each game of the session finishes and drops its modules; the heap back at the menu
    grows only by the names a new game interns, and not at all when a game is played
    again (its names are already there)."""
    recs = runs[("+".join(SESSION), "lcd13")]
    errors = [r["error"] for r in recs if "error" in r]
    assert not errors, errors
    boot = [r for r in recs if r["what"] == "boot"][0]
    games = [r for r in recs if r["what"] == "game"]
    assert [g["game"] for g in games] == list(SESSION)
    for g in games:
        assert g["finished"] and g["modules_after"] == boot["modules"] < g["modules_in_game"] + 3
        assert g["peak_alloc"] < g["heap"]
    at_menu = [g["alloc_at_menu"] for g in games]
    for before, after in zip(at_menu, at_menu[1:]):
        assert after - before < LEFT_BEHIND, at_menu
    assert abs(at_menu[-1] - at_menu[-2]) < 512, at_menu      # the same game again


@pytest.mark.skipif(not os.path.exists(MP), reason="no MicroPython unix port in .venv")
def test_the_floor_is_below_the_live_peak(runs):
    """`tools.app_memory --floor`: the modules Reds has at its table, imported alone, plus
    the screen buffer.  It is a lower bound of the game's run (docs/memory.md uses it to
    show what the code alone costs), so it lies under the run's live peak."""
    g = [r for r in runs[("reds", "display2")] if r["what"] == "game"][0]
    f = app_memory.floor("reds", "display2")
    assert 0 < f["modules"] < g["modules_in_game"]
    names = f["module_names"].split()
    assert len(names) == f["modules"] and "core.games.reds.rules" in names and "core.games.reds.screen" in names
    assert "core.ui.autoplay" not in names          # the scripted finger is not the app
    assert f["screen_bytes"] >= 320 * 240 // 2
    assert f["modules_bytes"] > 0 and f["floor"] == f["modules_bytes"] + f["screen_bytes"]
    assert f["floor"] < g["peak_alloc"], (f, g["peak_alloc"])
