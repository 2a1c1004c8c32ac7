"""tests/mp_app_memory.py with a real board module (issue #19 item 4): --board NAME boots
boards/NAME.py itself (its ST7789 on its SPI, its button pins), on the MicroPython unix
port with a stand-in `machine` (tests/board_stub/machine.py), the buttons injected as a
settable mask (boards.hardware.MaskInput) by the scripted finger or a replay, and --times
reports the AI's decision times (time.ticks_us) by decision kind.  So the same script runs
unchanged on a Pico (`mpremote run`, docs/memory.md "On a board") or an emulator."""
import json
import os
import subprocess
import sys

from tools import app_memory
from tools.mp_suite import MPY_DIR, ROOT

MP = os.path.join(os.path.dirname(sys.executable), "micropython")
STUB = os.path.join(ROOT, "tests", "board_stub")
SCRIPT = os.path.join(ROOT, "tests", "mp_app_memory.py")


def _run(tmp_path, args, name="fs"):
    fs = tmp_path / name
    fs.mkdir()
    p = subprocess.run([MP, "-X", "heapsize=1M", SCRIPT, "--path", os.path.join(ROOT, MPY_DIR),
                        "--fs", str(fs)] + args, cwd=STUB, capture_output=True, text=True,
                       timeout=300)
    recs = [json.loads(line) for line in p.stdout.splitlines() if line.startswith("{")]
    return p, recs, fs


def test_a_real_board_module_plays_a_game_with_ai_times(tmp_path):
    app_memory.precompile_app()
    p, recs, fs = _run(tmp_path, ["--board", "pico_lcd_1_3", "--times", "1000", "reds"])
    assert p.returncode == 0 and p.stdout.rstrip().endswith("done"), p.stdout[-2000:] + p.stderr
    boot = [r for r in recs if r["what"] == "boot"][0]
    assert boot["layout"] == "pico_lcd_1_3" and boot["times_bytes"] == 4000
    game = [r for r in recs if r["what"] == "game"][0]
    assert game["finished"] and game["game"] == "reds" and game["saves"] > 0
    times = dict((r["kind"], r) for r in recs if r["what"] == "ai_times")
    assert sorted(times) == ["bid", "exchange", "play"]       # Reds' phases, three AI seats
    for r in times.values():
        assert r["n"] > 0 and 0 < r["p50_us"] <= r["p95_us"] <= r["max_us"]
    assert times["play"]["n"] >= 3 * 5                        # a card per AI seat per trick
    assert not os.listdir(fs) or all(f.endswith((".sav", ".bak", ".json")) for f in os.listdir(fs))


def test_a_recording_of_the_host_board_replays_on_the_real_board(tmp_path):
    """The masks recorded with the host board (lcd13 has the Pico-LCD-1.3's buttons) give
    the same app states pass by pass on the board module (its own bus counts no bytes)."""
    app_memory.precompile_app()
    rec = str(tmp_path / "run.jsonl")
    fs = tmp_path / "rec"
    fs.mkdir()
    p = subprocess.run([MP, "-X", "heapsize=1M", SCRIPT, "--path", os.path.join(ROOT, MPY_DIR),
                        "--fs", str(fs), "--record", rec, "speedrun", "lcd13"], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert p.stdout.rstrip().endswith("done"), p.stdout[-2000:] + p.stderr
    p, recs, _ = _run(tmp_path, ["--board", "pico_lcd_1_3", "--times", "500", "--replay", rec,
                                 "speedrun"])
    assert p.stdout.rstrip().endswith("done"), p.stdout[-2000:] + p.stderr
    times = set(r["kind"] for r in recs if r["what"] == "ai_times")
    assert times == {"select", "bid", "play"}


def test_the_tool_reports_ai_times_by_kind():
    app_memory.precompile_app()
    recs = app_memory.run_game("speed", "lcd13", "1M", times=2000)
    game = [r for r in recs if r["what"] == "game"][0]
    assert "error" not in game and game["finished"], game
    assert set(game["ai_us"]) == {"act", "perceive"}
    assert game["ai_us"]["act"]["n"] > 0
    assert set(game["peak_by_state"]) >= {"menu", "rules", "table"}


def test_the_tool_runs_it_on_a_board_over_mpremote(tmp_path, capsys):
    """tools/app_memory.py --device PORT: mpremote sets sys.argv and runs the script on the
    board (here the virtual board, tools/virtual_board.py: the unix port on a pty, its
    flash a folder holding the compiled app and the stand-in machine module)."""
    import shutil

    from tools.virtual_board import VirtualBoard
    app_memory.precompile_app()
    flash = tmp_path / "flash"
    shutil.copytree(os.path.join(ROOT, MPY_DIR), str(flash))
    shutil.copy(os.path.join(STUB, "machine.py"), str(flash / "machine.py"))
    with VirtualBoard(str(flash), heapsize="1M") as vb:
        rc = app_memory.main(["--device", vb.port, "--board", "pico_lcd_1_3", "--games", "reds",
                              "--times", "1000"])
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    assert rc == 0, out
    game = [r for r in out if r["what"] == "game"][0]
    assert game["finished"] and game["layout"] == "pico_lcd_1_3"
    assert sorted(game["ai_us"]) == ["bid", "exchange", "play"]
    assert (flash / "appmem").is_dir()          # its saves, apart from the user's
