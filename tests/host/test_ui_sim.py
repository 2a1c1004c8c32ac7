"""The simulator: headless scripted runs write PNGs; no display -> a message, exit 0."""
import os
import subprocess
import sys

from drivers import host_png

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(args, env_extra=None, drop=()):
    env = dict(os.environ)
    for k in drop:
        env.pop(k, None)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "tools.sim"] + args, cwd=ROOT, env=env,
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
    assert p.stdout.splitlines()[:4] == ["screen: menu", "screen: setup (steppingstones)",
                                        "screen: rules (steppingstones)",
                                        "screen: table (steppingstones)"], p.stdout
    rules, table = host_png.read(str(tmp_path / "rules.png")), host_png.read(str(tmp_path / "table.png"))
    assert rules[:2] == table[:2] == (240, 240) and rules[2] != table[2]
    assert flash.is_dir()


def test_windowed_without_display_explains_and_exits_0():
    p = run([], env_extra={"SDL_VIDEODRIVER": ""}, drop=("DISPLAY", "WAYLAND_DISPLAY"))
    assert p.returncode == 0
    assert "--headless" in p.stdout and "Traceback" not in p.stderr
