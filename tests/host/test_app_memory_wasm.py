"""The whole app on the 32-bit WebAssembly port (MicroPython 1.27 under Node, 16-byte GC
blocks and 4-byte pointers as on the RP2040) through a complete game of each of the four
games against the AI, with a hard heap cap (tools/wasm_run.mjs --fixed-heap): the app
as tools/deploy.py builds it (.mpy made by mpy-cross -march=armv6m, loaded into RAM),
the scripted finger's button masks recorded on the unix port and replayed one loop pass
per call from JS, the only place this port collects garbage (tests/mp_app_memory.py
--replay; docs/memory.md, "32-bit figures").

HEAP is the smallest multiple of 32 KB all four fit on this port today (`python -m
tools.app_memory --port wasm --heap N`: all four finish at 208 KB): it is NOT the
128 KB of DESIGN.md, which no game fits (the live heap alone peaks at 158-181 KB).
What sets it is the garbage of one loop pass on top of the live heap (peak_pass: up to
202 KB), which this port cannot collect until the pass ends; a board collects inside
the pass.
"""
import json
import os
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from tools import app_memory

MP = os.path.join(os.path.dirname(sys.executable), "micropython")
WASM = os.path.join(app_memory.ROOT, "node_modules", "@micropython",
                    "micropython-webassembly-pyscript", "micropython.mjs")
HEAP = "224K"
GAMES = ("speedrun", "steppingstones", "reds", "speed")
SEATS = {"speedrun": 2, "steppingstones": 2, "reds": 3, "speed": 1}    # AI seats
# The app's own live peak as installed (app_peak: peak_alloc without the measuring
# script's ~15 KB), KB: issue #19 item 3's 150 KB, or today's figure plus ~2 KB where
# that is lower (docs/memory.md: 148.3, 148.1, 149.7, 135.1 KB on 2026-11-25, from 166.3,
# 167.0, 169.8, 147.0 before the cut).
APP_PEAK_KB = {"speedrun": 150, "steppingstones": 150, "reds": 150, "speed": 138}

pytestmark = pytest.mark.skipif(
    not (os.path.exists(MP) and os.path.exists(WASM) and shutil.which("node")),
    reason="needs the MicroPython unix port in .venv, Node and node_modules (make setup)")


@pytest.fixture(scope="module")
def runs():
    app_memory.precompile_app()         # the unix port records the button presses
    app_memory.precompile_wasm()
    with ThreadPoolExecutor(max_workers=2) as pool:
        out = dict(zip(GAMES, pool.map(
            lambda g: app_memory.run_game(g, "lcd13", HEAP, port="wasm"), GAMES)))
    for recs in out.values():
        for r in recs:
            print(json.dumps(r))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_whole_app_plays_a_complete_game_in_a_capped_32bit_heap(runs, game):
    recs = runs[game]
    errors = [r["error"] for r in recs if "error" in r]
    assert not errors, errors                   # "MemoryError: the heap is full" when it does not fit
    boot = [r for r in recs if r["what"] == "boot"][0]
    g = [r for r in recs if r["what"] == "game"][0]
    assert boot["platform"] == "webassembly" and boot["heap"] <= app_memory.heap_bytes(HEAP)
    assert boot["link"] is True and boot["link_modules"] == 0
    # the replay gave the recorded run: the same app state at every pass, same display bytes
    assert g["replay"] and g["finished"] and g["game"] == game
    assert g["seats"].startswith("you,") and g["seats"].count(",") == SEATS[game]
    # the game's engine, table and AI come for the game while the menu's modules go (the
    # menu, core.app_start, core.gameinfo, the other games' options: Speed's table has
    # fewer modules than the menu), and all of the game's are dropped after it
    assert g["modules_in_game"] > boot["modules"] - 3 and boot["modules"] == g["modules_after"]
    assert boot["alloc_after_boot"] < g["peak_alloc"] <= g["peak_pass"] < g["heap"]
    assert g["app_peak"] <= APP_PEAK_KB[game] * 1024, (g["app_peak"], g["peak_in"])
    assert g["app_peak"] == g["peak_alloc"] - boot["alloc_at_start"] - g["harness"]
