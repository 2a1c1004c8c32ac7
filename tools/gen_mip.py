"""Write the mip fields of package.json: `mpremote mip install` installs the app.

    python -m tools.gen_mip            # rewrite package.json's "urls", "deps", "version"
    python -m tools.gen_mip --check    # exit 1 if package.json is out of date

package.json is two manifests in one file: npm reads "dependencies" (the WebAssembly
port for the tests: `npm install` keeps working) and mip reads "urls" (device file ->
path in this repository), "deps" and "version".  The device files are the sources of
core/, drivers/ and boards/ (every board: board.json picks one at boot) plus
firmware/main.py as /main.py, but the web page's board and drivers (deploy.BROWSER_ONLY:
they need a browser), the same set tools/deploy.py puts on a board (deploy
compiles them to .mpy; mip copies sources, which the board compiles when importing).

Install from a checkout or from GitHub (a board with MicroPython 1.29 on USB):
    mpremote mip install --target / ./package.json
    mpremote mip install --target / github:NAME   (NAME: the owner/name of the GitHub
                                                   repository, git remote get-url origin)
then choose the board:  mpremote fs cp board.json :board.json   ({"board": "pico_lcd_1_3"}).
"""
import argparse
import json
import os
import sys
from collections import OrderedDict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "package.json")
MIP_DIRS = ("core", "drivers", "boards")
MAIN = ("main.py", "firmware/main.py")


def device_files(root=ROOT):
    """[(device path, repository path)] of every module the device needs, sorted."""
    from tools.deploy import BROWSER_ONLY
    out = []
    for top in MIP_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for f in sorted(filenames):
                if f.endswith(".py"):
                    rel = os.path.relpath(os.path.join(dirpath, f), root).replace(os.sep, "/")
                    if rel not in BROWSER_ONLY:
                        out.append((rel, rel))
    out.sort()
    out.append(MAIN)
    return out


def render(package):
    """package.json's text with the mip fields set from the tree (other fields kept),
    one url pair per line."""
    package = OrderedDict(package)
    package.setdefault("version", "0.1.0")
    package["urls"] = None
    package["deps"] = []
    lines = []
    for key in package:
        if key == "urls":
            pairs = ",\n".join("    %s" % json.dumps(list(p)) for p in device_files())
            lines.append('  "urls": [\n%s\n  ]' % pairs)
        else:
            v = json.dumps(package[key], indent=2).replace("\n", "\n  ")
            lines.append("  %s: %s" % (json.dumps(key), v))
    return "{\n" + ",\n".join(lines) + "\n}\n"


def load(path=PACKAGE):
    with open(path) as f:
        return json.load(f, object_pairs_hook=OrderedDict)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.gen_mip", description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="fail if package.json is out of date")
    args = ap.parse_args(argv)
    with open(PACKAGE) as f:
        old = f.read()
    new = render(json.loads(old, object_pairs_hook=OrderedDict))
    if args.check:
        if old != new:
            print("package.json is out of date: run python -m tools.gen_mip")
            return 1
        print("package.json: %d device files" % len(device_files()))
        return 0
    if old != new:
        with open(PACKAGE, "w") as f:
            f.write(new)
    print("package.json: %d device files" % len(device_files()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
