"""The simulator: headless scripted runs write PNGs; no display -> a message, exit 0; the
deal seeded from the clock and printed, --seed replays it; tools.sim and tools.headless
read the same key scripts, and both --help pages describe them in full."""
import os
import re
import subprocess
import sys

import pytest

from drivers import host_png

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(args, env_extra=None, drop=(), tool="tools.sim"):
    env = dict(os.environ)
    for k in drop:
        env.pop(k, None)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", tool] + args, cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_headless_script_navigates_and_screenshots(tmp_path):
    p = run(["--headless", "--layout", "display2", "--out", str(tmp_path),
             "--script", "shot:a.png B X shot:b.png Y A shot:c.png B X A+B A shot:d.png"])
    assert p.returncode == 0, p.stderr
    shots = [tmp_path / n for n in ("a.png", "b.png", "c.png", "d.png")]
    imgs = [host_png.read(str(s)) for s in shots]
    assert all(img[:2] == (320, 240) for img in imgs)
    assert imgs[0][2] != imgs[1][2]          # B X opened the second game's options
    assert imgs[2][2] == imgs[0][2]          # Y back to the list, A (= UP) to the top
    assert imgs[3][2] == imgs[0][2]          # the A+B chord (MENU) also leaves the options


def test_headless_plays_the_app_from_the_menu_into_a_game(tmp_path):
    flash = tmp_path / "flash"
    p = run(["--headless", "--out", str(tmp_path), "--flash", str(flash),
             "--script", "DOWN A UP A UP A shot:rules.png A wait:3000 shot:table.png"])
    assert p.returncode == 0, p.stderr
    # lcd13: DOWN to Stepping Stones, A opens its options, UP wraps to Start, A starts
    # the seat set-up; UP wraps to its Start, A deals: the rules page, then the table
    assert p.stdout.splitlines()[1:5] == ["screen: menu", "screen: setup (steppingstones)",
                                        "screen: rules (steppingstones)",
                                        "screen: table (steppingstones)"], p.stdout
    rules, table = host_png.read(str(tmp_path / "rules.png")), host_png.read(str(tmp_path / "table.png"))
    assert rules[:2] == table[:2] == (240, 240) and rules[2] != table[2]
    assert flash.is_dir()


def test_windowed_without_display_explains_and_exits_0():
    p = run([], env_extra={"SDL_VIDEODRIVER": ""}, drop=("DISPLAY", "WAYLAND_DISPLAY"))
    assert p.returncode == 0
    assert "--headless" in p.stdout and "Traceback" not in p.stderr


SEED_LINE = re.compile(r"^Seed (\d+): replay this deal with --seed (\d+)$")
# lcd13: from the menu into Stepping Stones with the default seats, past its rules page
TO_TABLE = "DOWN OK UP OK UP OK OK wait:3000 shot:table.png"


def _table(tmp_path, name, seed=None):
    out = tmp_path / name
    args = ["--headless", "--out", str(out), "--flash", str(out / "flash"), "--script", TO_TABLE]
    p = run(args + (["--seed", str(seed)] if seed is not None else []))
    assert p.returncode == 0, p.stderr
    return p.stdout.splitlines()[0], host_png.read(str(out / "table.png"))[2]


def test_deal_is_seeded_from_the_clock_printed_and_replayed_with_seed(tmp_path):
    first, table = _table(tmp_path, "a")
    m = SEED_LINE.match(first)
    assert m and m.group(1) == m.group(2), first
    seed = int(m.group(1))
    again = _table(tmp_path, "b", seed)
    assert again == (first, table)               # --seed N: the same deal, the same line
    other = _table(tmp_path, "c", seed + 1)
    assert other[0] == "Seed %d: replay this deal with --seed %d" % (seed + 1, seed + 1)
    assert other[1] != table                      # another seed, another deal


def _help(tool):
    p = run(["--help"], tool=tool)
    assert p.returncode == 0, p.stderr
    return p.stdout


@pytest.mark.parametrize("tool", ["tools.sim", "tools.headless"])
def test_help_is_complete_and_describes_the_key_script(tool):
    text = _help(tool)
    intro = text.split("\n\n")[1]               # the description, after the usage
    assert intro.rstrip().endswith((".", ")")), intro
    for word in ("hold:KEY:MS", "wait:MS", "shot:NAME.png", "--script-file", "--seed"):
        assert word in text, word
    for key in ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK", "MENU", "AUX", "PRESS", "A+B", "X+Y"):
        assert re.search(r"\b%s\b" % re.escape(key), text), key
    for line in text.splitlines():
        assert len(line) <= 100, line


def test_sim_and_headless_share_the_help_on_scripts():
    a, b = _help("tools.sim"), _help("tools.headless")
    assert a[a.index("Key script:"):] == b[b.index("Key script:"):]


# Logical keys and buttons of the layout, in the same script for both tools
# (the game list differs: only the simulator has a link, so only it offers linked games)
SHARED = {"lcd13": "DOWN A shot:a.png B DOWN OK shot:b.png X PRESS shot:c.png",
          "display2": "DOWN OK shot:a.png Y B X shot:b.png A+B X shot:c.png"}


@pytest.mark.parametrize("layout", sorted(SHARED))
def test_sim_and_headless_read_the_same_key_names(tmp_path, layout):
    shots = {}
    for tool, extra in (("tools.sim", ["--headless", "--seed", "5", "--flash", str(tmp_path / "flash")]),
                        ("tools.headless", ["--panel", "--seed", "5"])):
        out = tmp_path / tool
        p = run(extra + ["--layout", layout, "--out", str(out), "--script", SHARED[layout]], tool=tool)
        assert p.returncode == 0, p.stderr
        shots[tool] = [host_png.read(str(out / n))[2] for n in ("a.png", "b.png", "c.png")]
    assert shots["tools.sim"] == shots["tools.headless"]
    a, b, c = shots["tools.sim"]
    assert a != b and b == c            # the 2nd and 3rd game's options; MENU left, OK came back


def test_unknown_key_names_the_layouts_keys(tmp_path):
    for tool, extra in (("tools.sim", ["--headless", "--flash", str(tmp_path / "flash")]),
                        ("tools.headless", [])):
        p = run(extra + ["--layout", "display2", "--out", str(tmp_path), "--script", "LEFT"], tool=tool)
        assert p.returncode != 0 and "no button gives LEFT" in p.stdout + p.stderr, (tool, p.stderr)
