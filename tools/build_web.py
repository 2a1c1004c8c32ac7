"""Build the web page (the third way to play: the app in a browser) and serve it.

    python -m tools.build_web [--out build/web] [--source] [--serve [--port 8000]]   (make web)

The folder works from any static web server.  It holds:
  index.html, pocket.js   the page and its script (tools/web/)
  micropython.mjs/.wasm   MicroPython's WebAssembly port, from the npm package in
                          package.json (@micropython/micropython-webassembly-pyscript)
  app.pack                the app's device modules, the files a Pico gets (package.json
                          "urls", which tools.gen_mip writes from the tree, so the page
                          follows any change of layout) but firmware/main.py, plus the
                          browser's board and drivers (tools.deploy.BROWSER_ONLY) and the
                          page's main (tools/web/start.py); compiled with mpy-cross
                          -march=armv6m as tools.deploy compiles them for a Pico (--source:
                          as source).  One file: "path length\\n" then the bytes, per file.
  config.json             each layout's buttons, keyboard keys (the simulator's,
                          boards/host.py KEYS), what each button does and the chords
"""
import argparse
import functools
import http.server
import json
import os
import shutil
import sys

import tools  # noqa: F401  (the MicroPython shim on sys.path)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "tools", "web")
OUT = os.path.join(ROOT, "build", "web")
MPY_CACHE = os.path.join(ROOT, "build", "web-mpy")
PORT_PKG = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE_FILES = ("index.html", "pocket.js")
HEAP = 256 * 1024       # the port's first heap area (it adds areas on demand)


def app_sources():
    """{device path: source path}: package.json's mip urls (without main.py) plus the
    browser-only board and drivers."""
    from tools.deploy import BROWSER_ONLY
    with open(os.path.join(ROOT, "package.json")) as f:
        urls = json.load(f)["urls"]
    files = dict((dev, os.path.join(ROOT, src)) for dev, src in urls if dev != "main.py")
    for rel in BROWSER_ONLY:
        files[rel] = os.path.join(ROOT, rel)
    return files


def board_config():
    """config.json: per layout its board's name, size, buttons (bit order), keys, roles, chords."""
    from boards import browser, host
    from core.ui import keys
    out = {"heap": HEAP, "layouts": {}}
    for layout, mod in browser.LAYOUTS.items():
        b = __import__("boards." + mod, None, None, ("NAME",))
        chords = []
        for m, key in b.CHORDS:
            names = [b.BUTTONS[i] for i in range(len(b.BUTTONS)) if (m >> i) & 1]
            chords.append(["+".join(names), keys.NAMES[key]])
        out["layouts"][layout] = {
            "name": b.NAME, "width": b.WIDTH, "height": b.HEIGHT, "buttons": list(b.BUTTONS),
            "keys": dict((n, list(host.KEYS[layout].get(n, ()))) for n in b.BUTTONS),
            "roles": dict((b.BUTTONS[i], keys.NAMES[b.KEYMAP[i]]) for i in range(len(b.BUTTONS))),
            "chords": chords}
    return out


def build(out=OUT, source=False):
    """Write the folder; returns {file: bytes}."""
    from tools import deploy
    if not os.path.isdir(PORT_PKG):
        raise SystemExit("%s is missing: run make setup (npm install)" % PORT_PKG)
    os.makedirs(out, exist_ok=True)
    built = deploy.build(app_sources(), MPY_CACHE, source, march="armv6m")
    pack = bytearray()
    for dev in sorted(built):
        with open(built[dev], "rb") as f:
            data = f.read()
        pack += b"%s %d\n" % (dev.encode(), len(data)) + data
    with open(os.path.join(WEB, "start.py"), "rb") as f:
        data = f.read()
    pack += b"start.py %d\n" % len(data) + data
    with open(os.path.join(out, "app.pack"), "wb") as f:
        f.write(pack)
    for name in PAGE_FILES:
        shutil.copyfile(os.path.join(WEB, name), os.path.join(out, name))
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copyfile(os.path.join(PORT_PKG, name), os.path.join(out, name))
    with open(os.path.join(out, "config.json"), "w") as f:
        json.dump(board_config(), f, indent=1)
    return dict((n, os.path.getsize(os.path.join(out, n))) for n in sorted(os.listdir(out)))


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".js": "text/javascript",
                             ".wasm": "application/wasm"})

    def log_message(self, *args):
        pass


def serve(out, port):
    handler = functools.partial(Handler, directory=out)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    print("Serving the page at http://localhost:%d/  (Ctrl-C stops; any static server of %s works)"
          % (httpd.server_address[1], os.path.relpath(out, ROOT)), flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.build_web", description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--source", action="store_true", help="ship sources instead of .mpy")
    ap.add_argument("--serve", action="store_true", help="then serve the folder on localhost")
    ap.add_argument("--port", type=int, default=8000)
    args = ap.parse_args(argv)
    sizes = build(args.out, args.source)
    print("%s: %s (%d bytes)" % (os.path.relpath(args.out, ROOT),
                                 ", ".join("%s %d" % kv for kv in sizes.items()), sum(sizes.values())))
    if args.serve:
        return serve(args.out, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
