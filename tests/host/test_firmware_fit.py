"""tools/check_firmware_fit.py: the frozen firmware's size estimate and its limit (issue #19)."""
import os

from tools import check_firmware_fit as fit


def test_the_manifest_freezes_the_app():
    names = [n for n, _ in fit.frozen_sources()]
    assert "main.py" in names
    for m in ("core/app.py", "core/boot.py", "drivers/st7789.py", "drivers/_expand_viper.py",
              "boards/pico_lcd_1_3.py", "boards/hardware.py"):
        assert m in names, m
    assert not [n for n in names if "__pycache__" in n or not n.endswith(".py")]


def test_the_manifest_freezes_every_device_module_but_the_browsers():
    """Every .py under core/, drivers/ and boards/ is frozen, except the web page's
    (tools/deploy.py BROWSER_ONLY), which a Pico never imports."""
    from tools.deploy import BROWSER_ONLY
    root = os.path.dirname(os.path.dirname(fit.MANIFEST))
    on_disk = set()
    for top in ("core", "drivers", "boards"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = [n for n in dirnames if n != "__pycache__"]
            on_disk.update(os.path.relpath(os.path.join(dirpath, f), root).replace(os.sep, "/")
                           for f in filenames if f.endswith(".py"))
    frozen = set(n for n, _ in fit.frozen_sources()) - {"main.py"}
    assert frozen == on_disk - set(BROWSER_ONLY), (on_disk - set(BROWSER_ONLY)) ^ frozen


def test_calibration_point():
    # today's modules were the measured build's: the allowance makes them 600,100 bytes
    assert fit.ALLOWANCE + fit.CALIBRATION_MPY == fit.MEASURED_FIRMWARE == 600100
    assert fit.FS_START == 655360


def test_the_app_fits_today(capsys):
    assert fit.main([]) == 0
    out = capsys.readouterr().out
    assert "fits:" in out and "allowance" in out


def _manifest(tmp_path, body):
    (tmp_path / "firmware").mkdir()
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "a.py").write_text("def f(x):\n    return x + 1\n")
    m = tmp_path / "firmware" / "manifest.py"
    m.write_text('include("$(PORT_DIR)/boards/manifest.py")\n' + body)
    return str(m)


def test_fails_when_the_modules_grow_past_the_filesystem(tmp_path, capsys):
    man = _manifest(tmp_path, 'package("pkg", base_path="..")\n')
    total, mpy, n = fit.estimate(man, allowance=0)
    assert n == 2 and total == mpy > 0
    limit = 20000
    room = ["--manifest", man, "--limit", str(limit), "--allowance", str(limit - mpy)]
    assert fit.main(room) == 0                   # exactly at the limit: fits
    big = tmp_path / "big.py"                    # a module that grows the image by ~4 KB
    big.write_text("DATA = b'%s'\n" % ("x" * 4000))
    assert fit.main(room + ["--extra", str(big)]) == 1
    out = capsys.readouterr().out
    assert "FAIL: the firmware would pass the filesystem's start at 20000" in out
    assert fit.main(["--manifest", man, "--limit", str(limit - 1),
                     "--allowance", str(limit - mpy)]) == 1   # one byte over


def test_a_manifest_it_cannot_count_is_refused(tmp_path):
    man = _manifest(tmp_path, 'require("aioble")\n')
    try:
        fit.frozen_sources(man)
    except SystemExit as e:
        assert "aioble" in str(e)
    else:
        raise AssertionError("require() counted as nothing")
    assert os.path.isfile(man)
