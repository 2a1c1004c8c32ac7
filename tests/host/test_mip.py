"""`mpremote mip install` of the app: package.json's mip fields (tools/gen_mip.py) list
every device module, stay in step with the tree, keep npm's fields; and a real install
with mpremote onto the virtual board (the unix port on a pty) boots and plays."""
import json
import os
import subprocess
import sys

import pytest

from tools import deploy, gen_mip
from tools.virtual_board import VirtualBoard

ROOT = gen_mip.ROOT
MPREMOTE = os.path.join(os.path.dirname(sys.executable), "mpremote")


def _package():
    with open(os.path.join(ROOT, "package.json")) as f:
        return json.load(f)


def test_every_device_module_is_in_package_json():
    urls = _package()["urls"]
    listed = dict((dev, src) for dev, src in urls)
    assert len(listed) == len(urls), "a device path is listed twice"
    # what tools/deploy.py would put on a board, for every board
    want = set()
    for board in deploy.known_boards():
        want |= set(deploy.app_files(board))
    missing = sorted(want - set(listed))
    assert not missing, "not in package.json (run python -m tools.gen_mip): %s" % missing
    extra = sorted(set(listed) - want)
    assert not extra, "package.json lists files that are not device modules: %s" % extra
    for dev, src in urls:
        assert os.path.isfile(os.path.join(ROOT, src)), src
        assert dev == src or (dev, src) == ("main.py", "firmware/main.py")


def test_package_json_is_what_gen_mip_writes():
    assert gen_mip.main(["--check"]) == 0, "run python -m tools.gen_mip"


def test_npm_fields_are_kept():
    p = _package()
    assert p["dependencies"] == {"@micropython/micropython-webassembly-pyscript": "1.27.0",
                                 "playwright-core": "1.64.1"}     # the browser tests
    assert p["deps"] == [] and p["version"] == "0.1.0" and p["private"] is True


@pytest.mark.skipif(not os.path.exists(MPREMOTE), reason="no mpremote in .venv")
def test_mip_install_onto_a_virtual_board_then_it_boots_and_plays(tmp_path):
    root = tmp_path / "flash"
    root.mkdir()
    # mip copies sources, which the board compiles when importing: more heap than the
    # precompiled deploy needs (that one runs at 128 KB in test_deploy_virtual.py)
    with VirtualBoard(str(root), heapsize="1M") as vb:
        # A Pico takes --target / (its flash root); the unix port's "/" is the host's
        # root, and its flash is its working directory: "."
        p = subprocess.run([MPREMOTE, "connect", vb.port, "resume", "mip", "install", "--target", ".",
                            "./package.json"], cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stdout + p.stderr
        for dev, src in _package()["urls"]:
            with open(os.path.join(ROOT, src), "rb") as f:
                assert (root / dev).read_bytes() == f.read(), dev
        (root / "board.json").write_text('{"board": "host", "panel": false}')
        board = deploy.Board(vb.port)
        out = board.exec("from core.boot import boot, demo\ndemo(boot(), 'steppingstones', 5, 45)")
        assert "steppingstones: 45 actions" in out, out
        assert (root / "game.sav").exists()     # saved at the tricks' ends, on its flash
