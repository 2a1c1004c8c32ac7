"""tools/deploy.py against a virtual board (the unix port on a pty, tools/virtual_board.py)
with the real mpremote; then the deployed app runs there and writes its saves."""
import json
import os
import shutil
import sys

import pytest

from core.save import DeviceFs, SaveStore
from core.save_load import load_game
from tools import deploy
from tools.virtual_board import VirtualBoard

HEADLESS_BOARD = '''"""A board with no screen: the deploy test's stand-in for a real board module."""
class Hw:
    link_busy = None
def make():
    return Hw()
'''


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """A snapshot of the device sources: the repository may change during the run."""
    root = tmp_path_factory.mktemp("src")
    for top in deploy.DEVICE_DIRS:
        src = os.path.join(deploy.ROOT, top)
        if os.path.isdir(src):
            shutil.copytree(src, str(root / top), ignore=shutil.ignore_patterns("__pycache__"))
    return str(root)


@pytest.fixture
def vboard(tmp_path):
    root = tmp_path / "flash"
    root.mkdir()
    with VirtualBoard(str(root), heapsize="128K") as vb:
        yield vb, root


def _deploy(vb, tree, *args, **kw):
    return deploy.deploy(vb.port, *args, root=tree, **kw)


def _board_file(tmp_path):
    p = tmp_path / "headless.py"
    p.write_text(HEADLESS_BOARD)
    return str(p)


def test_deploy_then_run_a_game_that_saves_on_the_board(vboard, tmp_path, tree):
    vb, root = vboard
    lines = []
    plan = _deploy(vb, tree, "headless", board_file=_board_file(tmp_path), out=lines.append)
    assert plan.copy and not plan.remove
    assert json.loads((root / "board.json").read_text()) == {"board": "headless"}
    assert (root / "main.py").read_text() == open(os.path.join(tree, "firmware", "main.py")).read()
    assert (root / "core" / "save.mpy").exists() and not (root / "core" / "save.py").exists()
    assert lines[-1].startswith("reset")
    assert vb.wait_for_boots(2), "the board did not come back after the reset"

    # a second deploy copies nothing (the board's hashes match) and keeps the custom board
    plan = _deploy(vb, tree, None, out=lines.append)
    assert plan.copy == [] and plan.remove == [] and "boards/headless.mpy" in plan.unchanged
    assert vb.wait_for_boots(3)

    # the deployed app boots on the 128 KB unix port: main.py runs the boot sequence up
    # to the hand-over to the app loop (which runs forever once core/app.py exists)
    board = deploy.Board(vb.port)
    if not os.path.exists(os.path.join(tree, "core", "app.py")):
        out = board.exec("import main")
        assert out.strip().startswith("boot: the app (core/app.py) is not installed: "), out
    out = board.exec("from core.boot import boot, demo\ndemo(boot(), 'steppingstones', 5, 45)")
    assert "steppingstones: 45 actions" in out, out
    assert (root / "game.sav").exists()
    # the save on the board's filesystem replays on the host
    loaded = load_game(SaveStore(DeviceFs(str(root))))
    assert loaded.status == "ok"
    meta, game = loaded.value
    assert meta["mode"] == "demo" and 0 < len(game.history) <= 45
    # the next "power-up" restores it and plays on
    out = board.exec("from core.boot import boot, demo\ndemo(boot(), 'steppingstones', 5, 20)")
    assert "game: restored save" in out and "continuing steppingstones after %d actions" % len(game.history) in out, out


def test_changed_and_stale_files(vboard, tmp_path, tree):
    vb, root = vboard
    _deploy(vb, tree, "headless", board_file=_board_file(tmp_path), out=lambda s: None,
                  reset=False)
    # an old deploy's leftover is removed, a damaged file is copied again
    man = json.loads((root / ".deploy.json").read_text())
    man["files"].append("core/old_module.py")
    (root / ".deploy.json").write_text(json.dumps(man))
    (root / "core" / "old_module.py").write_text("x = 1\n")
    (root / "core" / "save.mpy").write_bytes(b"broken")
    plan = _deploy(vb, tree, None, out=lambda s: None, reset=False, source=False)
    assert plan.copy == ["core/save.mpy"] and plan.remove == ["core/old_module.py"]
    assert not (root / "core" / "old_module.py").exists()
    # --source replaces every .mpy by its .py
    plan = _deploy(vb, tree, None, source=True, out=lambda s: None, reset=False)
    assert "core/save.py" in plan.copy and "core/save.mpy" in plan.remove
    assert (root / "core" / "save.py").exists() and not (root / "core" / "save.mpy").exists()


def test_not_enough_flash_space(vboard, tmp_path, tree):
    vb, root = vboard
    with pytest.raises(deploy.DeployError) as exc:
        _deploy(vb, tree, "headless", board_file=_board_file(tmp_path), out=lambda s: None,
                      reserve_kb=1 << 40)
    assert "not enough flash space" in str(exc.value)
    assert not (root / "main.py").exists()      # nothing was copied


def test_wrong_micropython_version(vboard, tmp_path, tree):
    vb, root = vboard
    fake = tmp_path / "mpy-cross"
    fake.write_text("#!/bin/sh\necho 'MicroPython v1.22.2 on 2024-02-22; mpy-cross emitting mpy v6.2'\n")
    fake.chmod(0o755)
    with pytest.raises(deploy.DeployError) as exc:
        _deploy(vb, tree, "headless", board_file=_board_file(tmp_path), out=lambda s: None,
                      mpy_cross=str(fake))
    msg = str(exc.value)
    assert msg.startswith("wrong MicroPython version") and "1.29.0" in msg and "v6.3" in msg and "--source" in msg


def test_a_device_without_micropython(tmp_path, tree):
    # something answers on the port, but it is not a MicroPython REPL
    other = [sys.executable, "-c", "import sys\nprint('other firmware v2', flush=True)\n"
             "for line in sys.stdin: pass"]
    with VirtualBoard(str(tmp_path), command=other, respawn=False) as vb:
        with pytest.raises(deploy.DeployError) as exc:
            _deploy(vb, tree, "headless", board_file=_board_file(tmp_path), out=lambda s: None,
                    first_contact_s=4)
    assert "not running MicroPython" in str(exc.value)


def test_no_board_found():
    with pytest.raises(deploy.DeployError) as exc:
        deploy.find_port("auto", lister=lambda: [])
    assert str(exc.value).startswith("no board found")
    assert deploy.find_port("auto", lister=lambda: ["/dev/ttyACM0"]) == "/dev/ttyACM0"
    with pytest.raises(deploy.DeployError) as exc:
        deploy.find_port("/dev/does-not-exist")
    assert "no board found" in str(exc.value)
    assert deploy.main(["--port", "/dev/does-not-exist", "--board", "x"]) == 1


def test_board_abi_decoding():
    assert deploy.board_abi(2822) == (6, 3, "x64")                    # this unix port
    assert deploy.board_abi(6 | 3 << 8 | 4 << 10) == (6, 3, "armv6m")  # rp2 (Pico)
