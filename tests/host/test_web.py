"""The web page (make web, docs/web.md) end to end in a real browser: Debian's Chromium,
headless, driven by playwright-core from npm (tools/web/test_web.mjs).

One browser session (about a minute): the page is built (tools.build_web) into a
temporary folder and served on localhost; a whole game of each of the four games, whose
button masks were just recorded on the MicroPython unix port (tests/mp_app_memory.py
--record: seed 1, the fast delays), is replayed through the page's own inputs (keys and
clicks on the on-screen buttons by turns) on its virtual clock, and must end at the menu
after its result screen; the first screens (menu of both layouts, each game's set-up and
rules) are the simulator's golden images pixel for pixel; a linked Reds game in two
windows (test_a_linked_reds_game_in_two_windows); a reload in the middle of a
Reds hand offers "Continue game?" and brings the saved game back; a damaged stored save
is named and set aside as on the device (the previous copy is offered); the errors the
page states (test_clear_errors).  The figures (page weight, time to the menu,
longest loop pass and heap per game) are printed for docs/web.md.
"""
import json
import os
import shutil
import subprocess
import threading

import pytest

from core.ui.palette import lut565
from drivers.host_panel import rgb888_of_565
from tools import build_web
from tools.golden_screens import read_indexed

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
GOLDEN = os.path.join(ROOT, "tests", "golden")
GAMES = ("speedrun", "steppingstones", "reds", "speed")
RUNS = GAMES + ("speed@display2",)      # GAME[@LAYOUT]: also Speed on the 320x240 board
MP = os.path.join(ROOT, ".venv", "bin", "micropython")
INSTALL = ("Chromium is missing: apt-get install -y chromium (Debian), then npm install "
           "(playwright-core); make setup does both")


def _panel_rgb():
    lut = lut565()
    return [rgb888_of_565((lut[2 * i] << 8) | lut[2 * i + 1]) for i in range(16)]


def golden_rgba(path):
    """The golden 4-bit image as the page draws it: RGBA through the panel's colours."""
    w, h, buf = read_indexed(path)
    pal = _panel_rgb()
    out = bytearray()
    for b in buf:
        for i in (b >> 4, b & 15):
            out += bytes(pal[i]) + b"\xff"
    return w, h, bytes(out)


def _record(name, rec_dir, tmp):
    game, _, layout = (name + "@lcd13").partition("@")
    layout = layout.split("@")[0]
    fs = os.path.join(tmp, "fs-" + name)
    os.makedirs(fs, exist_ok=True)
    return subprocess.Popen([MP, "-X", "heapsize=512K", "tests/mp_app_memory.py", "--path",
                             os.path.join("build", "unix-mpy"), "--fs", fs, "--record",
                             os.path.join(rec_dir, name + ".jsonl"), game, layout, "1"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def _session(tmp):
    """Build, record, serve and drive the browser once; returns result.json's record."""
    from tools.app_memory import precompile_app
    rec, web, out = (os.path.join(tmp, d) for d in ("rec", "web", "out"))
    for d in (rec, out):
        os.makedirs(d, exist_ok=True)
    precompile_app()
    procs = [_record(g, rec, tmp) for g in RUNS[:2]]       # two at a time (two cores)
    build_web.build(web)
    for i, g in enumerate(RUNS[2:]):
        procs[i].wait()
        procs.append(_record(g, rec, tmp))
    for p in procs:
        assert p.wait() == 0, p.stderr.read()
    import functools
    import http.server
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(build_web.Handler, directory=web))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        proc = subprocess.run(["node", "tools/web/test_web.mjs", "http://127.0.0.1:%d/" % httpd.server_address[1],
                               rec, out, os.path.join(ROOT, "tests", "host", "web_finger.py")],
                              cwd=ROOT, capture_output=True, text=True, timeout=600)
    finally:
        httpd.shutdown()
    with open(os.path.join(out, "result.json")) as f:
        result = json.load(f)
    result["out"] = out
    result["node"] = proc.stdout + proc.stderr
    print("web figures:", json.dumps({"load": result.get("load"), "games": dict(
        (g, dict((k, v) for k, v in r.items() if k != "seen")) for g, r in result["games"].items()),
        "linked": result.get("linked") and dict((k, v) for k, v in result["linked"].items() if k != "units")}))
    if os.environ.get("WEB_SHOT"):       # docs/web_page.png is taken here
        shutil.copyfile(os.path.join(out, "page.png"), os.environ["WEB_SHOT"])
    with open(os.path.join(out, "session.json"), "w") as f:
        json.dump(result, f)
    return result


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """One browser session per test run: under pytest-xdist (make test: -n 2) the workers
    share it (a lock on the run's folder: the first runs it, the other reads its result)."""
    import fcntl
    if not os.path.exists(CHROMIUM):
        pytest.fail(INSTALL)
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "playwright-core")):
        pytest.fail("playwright-core is missing: npm install (make setup)")
    uid = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if uid is None:
        return _session(str(tmp_path_factory.mktemp("web")))
    tmp = os.path.join(ROOT, "build", "web-test-" + uid[:12])
    os.makedirs(tmp, exist_ok=True)
    import glob
    import time
    for old in glob.glob(os.path.join(ROOT, "build", "web-test-*")):    # earlier runs'
        if not old.startswith(tmp) and os.path.getmtime(old) < time.time() - 3600:
            shutil.rmtree(old, ignore_errors=True) if os.path.isdir(old) else os.remove(old)
    with open(tmp + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = os.path.join(tmp, "out", "session.json")
        if os.path.exists(done):
            with open(done) as f:
                return json.load(f)
        return _session(tmp)


def test_the_page_runs_without_errors(run):
    assert not run["errors"], "\n".join(run["errors"]) + run["node"]
    assert run["load"]["menuMs"] > 0


@pytest.mark.parametrize("game", RUNS)
def test_a_whole_game_against_the_ai_through_the_page_buttons(run, game):
    r = run["games"].get(game)
    assert r is not None, run["errors"]
    assert "game_result" in r["seen"], r
    assert r["end"] == "menu", r
    assert r["trustedPresses"] >= 30 and r["pagePresses"] > 50, r


# The same state on both sides: the boot menu (test_app_link's, with Host / Join), each
# game's set-up, and the rules of the games whose recorded options are the golden run's
# (the recorded Reds and Speed pick other options than tools.golden_screens: other rules).
@pytest.mark.parametrize("name,golden", [
    ("menu_lcd13", "link_app/menu_lcd13.png"), ("menu_display2", "link_app/menu_display2.png")]
    + [("%s_setup_lcd13" % g, "app/%s_setup_lcd13.png" % g) for g in GAMES]
    + [("%s_rules_lcd13" % g, "app/%s_rules_lcd13.png" % g) for g in ("speedrun", "steppingstones")]
    + [("speed_setup_display2", "app/speed_setup_display2.png")])
def test_first_screens_are_the_simulators_golden_images(run, name, golden):
    w, h, want = golden_rgba(os.path.join(GOLDEN, golden))
    with open(os.path.join(run["out"], name + ".rgba"), "rb") as f:
        got = f.read()
    assert len(got) == len(want) == 4 * w * h
    bad = sum(1 for i in range(0, len(got), 4) if got[i:i + 3] != want[i:i + 3])
    assert bad == 0, "%s: %d pixels differ from %s" % (name, bad, golden)


def test_reload_mid_reds_hand_continues_the_saved_game(run):
    r = run["reload"]
    before, resume, after = r["before"], r["resume"], r["after"]
    assert before["state"] == "table" and before["saves"] >= 2
    assert resume["state"] == "resume", resume          # "Continue game?"
    assert after["game"] == "reds" and after["state"] in ("table", "hand_result"), after
    n = len(after["history"])
    assert n > 0 and after["history"] == before["history"][:n]


def test_a_linked_reds_game_in_two_windows(run):
    """Two windows joined by the page's BroadcastChannel cable (with bit flips, drops and
    duplicates on it), the same link stack as the devices: two scripted players
    (tests/host/web_finger.py), two AI seats, a short game to its results; both windows
    end with the same record, and neither drew a card another seat still held hidden
    (the watch was checked once by hand: a Reds table fed the next seat's hand instead of
    its own counted 5 such draws in a few passes)."""
    r = run["linked"]
    a, b = r["units"]
    for u in (a, b):
        f = u["finger"]
        assert f["done"] and f["record"], f
        faces, own, public, hidden = f["leaks"]
        assert own > 50, f["leaks"]        # the watch sees this unit's own hand drawn
        assert hidden == 0, f["leaked"]
    assert a["finger"]["record"] == b["finger"]["record"]
    assert a["link"]["flipped"] + a["link"]["dropped"] + a["link"]["duplicated"] > 0, a["link"]


def test_a_damaged_stored_save_is_named_and_set_aside(run):
    """One byte of the stored game changed: as on the device (core/boot.py restore), the
    damaged copy is set aside as game.sav.bad and the previous copy is offered."""
    d = run["damaged"]
    assert "game: restored previous save" in d["info"]["notices"], d
    assert d["info"]["state"] == "resume", d
    assert "pocket/u50/flash/game.sav.bad" in d["keys"], d["keys"]


def test_clear_errors(run):
    """Opened from a file, no WebAssembly: the page stops and says why and what to do.
    Storage refused or full: it says so and the app goes on (saves for this visit only)."""
    e = run["errors_shown"]
    assert "opened from a file" in e["file"][0] and "make web" in e["file"][0]
    assert "no WebAssembly" in e["wasm"][0]
    assert "refused storage" in e["refused"][1] and e["refusedState"] == "menu"
    assert "storage is full" in e["full"][1] and e["fullState"] == "table"
    assert all("open in another window" in t[1] for t in e["twin"]), e["twin"]
