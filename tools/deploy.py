"""Put the app on a board with mpremote: compile, copy what changed, configure, reset.

    python -m tools.deploy [--port auto|PATH] [--board NAME] [--source] [--wipe]
                           [--board-file FILE] [--reserve KB] [--no-reset] [--lines]
    make flash [PORT=...] [BOARD=...]

1. find the board (`auto`: the first USB serial device, as mpremote does);
2. probe it through mpremote: MicroPython version, .mpy ABI (sys.implementation._mpy),
   free flash, the board config, and the SHA-256 of every file this tool put there
   (listed in /.deploy.json on the board);
3. compile the device modules (core/ drivers/ boards/<board> firmware/) with mpy-cross for
   the board's .mpy version and architecture (-O3: no line numbers, --lines keeps them;
   each file's source name is its path on the board), or copy sources with --source;
   firmware/main.py always goes as /main.py source, which the board runs at boot;
4. check there is room (keeping --reserve KB free for saves), remove files of an older
   deploy that are no longer part of the app (a stale core/x.py would shadow core/x.mpy),
   copy only files whose hash differs, write /board.json and /.deploy.json;
5. reset the board so it boots into the menu.

Every failure is a DeployError with a message saying what to do; the exit status is 1.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import tools  # noqa: F401
from tools.check_mpy import DEVICE_DIRS, ROOT

BOARD_CONFIG = "board.json"
MANIFEST = ".deploy.json"
STAMP = ".mpy-flags"        # in a build folder: the options its .mpy files were made with
ARCHES = ("", "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp",
          "armv7emdp", "xtensa", "xtensawin", "rv32imc", "rv64imc")
DEFAULT_RESERVE_KB = 32
FIRST_CONTACT_S = 20        # the probe hashes every deployed file: seconds on a Pico


class DeployError(Exception):
    pass


def _exe(name):
    exe = os.path.join(os.path.dirname(sys.executable), name)
    return exe if os.path.exists(exe) else name


# -- finding the board ----------------------------------------------------------------------
def usb_serial_ports():
    """Serial devices with a USB vendor/product id, like `mpremote connect auto`."""
    from serial.tools import list_ports
    return sorted(p.device for p in list_ports.comports() if p.vid is not None and p.pid is not None)


def find_port(port, lister=usb_serial_ports):
    if port != "auto":
        if not os.path.exists(port):
            raise DeployError("no board found: %s does not exist (is the Pico plugged in?)" % port)
        return port
    ports = lister()
    if not ports:
        raise DeployError("no board found: no USB serial device is connected. Plug the Pico in "
                          "with a data cable (not a charge-only one), or give --port.")
    return ports[0]


# -- talking to it --------------------------------------------------------------------------
class Board:
    """mpremote commands on one port; `resume` keeps a running session (no soft reset)."""

    def __init__(self, port, mpremote=None, timeout=120, first_contact_s=None):
        self.port = port
        self.first_contact_s = first_contact_s or FIRST_CONTACT_S
        self.mpremote = mpremote or _exe("mpremote")
        self.timeout = timeout

    def _not_micropython(self):
        return DeployError(
            "a device is on %s but it is not running MicroPython (no raw REPL). "
            "Flash the MicroPython firmware first: see docs/firmware.md." % self.port)

    def run(self, *args, first_contact=False):
        """mpremote's output; on a pty mpremote waits forever for a device that never
        answers, so the first contact has a short time limit of its own."""
        cmd = [self.mpremote, "connect", self.port, "resume"] + list(args)
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True,
                                  timeout=self.first_contact_s if first_contact else self.timeout)
        except subprocess.TimeoutExpired:
            if first_contact:
                raise self._not_micropython()
            raise DeployError("the board on %s stopped answering (mpremote timed out)" % self.port)
        out = proc.stdout + proc.stderr
        if proc.returncode != 0:
            if "could not enter raw repl" in out:
                raise self._not_micropython()
            if "failed to access" in out:
                raise DeployError("cannot open %s: another program (a serial terminal?) is using "
                                  "it" % self.port)
            raise DeployError("mpremote failed on %s: %s" % (self.port, out.strip()[-500:]))
        return proc.stdout

    def exec(self, code, first_contact=False):
        return self.run("exec", code, first_contact=first_contact)


PROBE = r"""
import sys, os, json
try:
    import hashlib
except ImportError:
    hashlib = None
def _read(p):
    try:
        with open(p) as f:
            return f.read()
    except OSError:
        return None
def _sha(p):
    if hashlib is None:
        return None
    h = hashlib.sha256()
    b = bytearray(512)
    try:
        f = open(p, 'rb')
    except OSError:
        return None
    while True:
        n = f.readinto(b)
        if not n:
            break
        h.update(b[:n] if n < 512 else b)
    f.close()
    return ''.join(['%02x' % x for x in h.digest()])
_m = _read('MANIFEST')
try:
    _m = json.loads(_m) if _m else {}
except ValueError:
    _m = {}
for _p in _m.get('files', ()):
    print('FILE', _sha(_p), _p)
try:
    _s = os.statvfs('.')
    _free = _s[0] * _s[4]
except (AttributeError, OSError):
    _free = None
_cfg = _read('BOARD_CONFIG')
print('PROBE' + json.dumps({'impl': sys.implementation.name,
    'version': list(sys.implementation.version)[:3],
    'mpy': getattr(sys.implementation, '_mpy', 0), 'free': _free,
    'config': _cfg, 'hashlib': hashlib is not None}))
""".replace("MANIFEST", MANIFEST).replace("BOARD_CONFIG", BOARD_CONFIG)


def probe(board):
    out = board.exec(PROBE, first_contact=True)
    files = {}
    for line in out.splitlines():
        if line.startswith("FILE "):     # FILE <sha256 or None> <path>, one per line
            _, digest, path = line.split(" ", 2)
            files[path] = None if digest == "None" else digest
        if line.startswith("PROBE"):
            info = json.loads(line[5:])
            info["files"] = files
            if info.get("impl") != "micropython":
                raise DeployError("the device on %s runs %s, not MicroPython" % (board.port, info.get("impl")))
            return info
    raise DeployError("the device on %s did not answer the probe as MicroPython does: %r"
                      % (board.port, out[-300:]))


# -- versions -------------------------------------------------------------------------------
def mpy_cross_version(mpy_cross=None):
    """((major, minor, patch), (mpy version, sub-version)) of the local mpy-cross."""
    out = subprocess.run([mpy_cross or _exe("mpy-cross"), "--version"],
                         capture_output=True, text=True).stdout
    m = re.search(r"v(\d+)\.(\d+)\.(\d+).*mpy v(\d+)\.(\d+)", out)
    if not m:
        raise DeployError("cannot tell the version of mpy-cross from %r" % out.strip())
    g = [int(x) for x in m.groups()]
    return tuple(g[:3]), (g[3], g[4])


def board_abi(mpy):
    """(mpy version, sub-version, arch name) from sys.implementation._mpy."""
    arch = mpy >> 10
    return mpy & 0xFF, (mpy >> 8) & 3, ARCHES[arch] if arch < len(ARCHES) else "arch%d" % arch


def check_versions(info, cross_version, cross_abi, source):
    """Warnings for the user; DeployError if the board cannot load what we would send."""
    ver = tuple(info["version"])
    warnings = []
    if source:
        return warnings
    mpy_v, mpy_sub, _ = board_abi(info["mpy"])
    if (mpy_v, mpy_sub) != tuple(cross_abi):
        raise DeployError(
            "wrong MicroPython version: the board runs MicroPython %s, which loads .mpy v%d.%d, "
            "but mpy-cross %s makes .mpy v%d.%d. Flash MicroPython %d.%d on the board "
            "(docs/firmware.md), or deploy sources with --source."
            % (".".join(map(str, ver)), mpy_v, mpy_sub, ".".join(map(str, cross_version)),
               cross_abi[0], cross_abi[1], cross_version[0], cross_version[1]))
    if ver[:2] != tuple(cross_version[:2]):
        warnings.append("note: the board runs MicroPython %s and mpy-cross is %s (same .mpy v%d.%d)"
                        % (".".join(map(str, ver)), ".".join(map(str, cross_version)), mpy_v, mpy_sub))
    return warnings


# -- what goes on the board -----------------------------------------------------------------
# The web page's board and its drivers (make web, tools/build_web.py): they run only on
# the WebAssembly port in a browser, so no Pico install carries them (deploy, mip).
BROWSER_ONLY = ("boards/browser.py", "drivers/browser.py")


def is_board_module(path):
    """A board module defines make() at top level (boards/__init__.py); the other files
    in boards/ (hardware.py, link_pins.py) are helpers every board needs."""
    with open(path) as f:
        return re.search(r"^def make\(", f.read(), re.M) is not None


def known_boards(root=ROOT):
    d = os.path.join(root, "boards")
    if not os.path.isdir(d):
        return []
    return sorted(f[:-3] for f in os.listdir(d) if f.endswith(".py") and not f.startswith("_")
                  and "boards/" + f not in BROWSER_ONLY and is_board_module(os.path.join(d, f)))


def app_files(board, board_file=None, on_board=(), root=ROOT):
    """{remote path: local source} of the app for `board` (sources, before compiling).

    A board module that is not in boards/ may come from --board-file, or already be on
    the board from an earlier deploy (`on_board`: paths listed in its manifest)."""
    out = {}
    for top in DEVICE_DIRS:
        base = os.path.join(root, top)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(n for n in dirnames if n != "__pycache__")
            for f in sorted(filenames):
                if not f.endswith(".py"):
                    continue
                local = os.path.join(dirpath, f)
                rel = os.path.relpath(local, root).replace(os.sep, "/")
                if top == "firmware":
                    if f == "main.py":
                        out["main.py"] = local
                    continue        # manifest.py describes a frozen build: host only
                if top == "boards" and f[:-3] != board and is_board_module(local):
                    continue        # only the chosen board (and the boards' helpers)
                if rel in BROWSER_ONLY:
                    continue        # the web page's (tools/build_web.py adds them)
                out[rel] = local
    if board_file is not None:
        out["boards/%s.py" % board] = board_file
    elif "boards/%s.py" % board not in out:
        for p in on_board:
            if p in ("boards/%s.py" % board, "boards/%s.mpy" % board):
                out[p] = None       # keep the custom board module already there
                return out
        raise DeployError("unknown board %r (known: %s)" % (board, ", ".join(known_boards(root)) or "none yet"))
    return out


# mpy-cross options of the installed app: -O3 leaves out the line numbers (a traceback
# on the console names the file and the function, line 1), 4-5 KB less heap with the
# .mpy files loaded into RAM (docs/memory.md); the crash page shows no traceback.
# `deploy --lines` keeps them for debugging on a board.
MPY_FLAGS = ("-O3",)


def build(files, out_dir, source, march=None, mpy_cross=None, flags=MPY_FLAGS):
    """Compile into out_dir; {remote path: built local file}.  A file compiled earlier
    is kept while its source is older and out_dir's were made with the same `flags`."""
    built = {}
    stamp = os.path.join(out_dir, STAMP)
    want = " ".join(("-s=target",) + tuple(flags))
    try:
        with open(stamp) as f:
            same_flags = f.read() == want
    except OSError:
        same_flags = False
    for remote, local in sorted(files.items()):
        if local is None:
            built[remote] = None    # already on the board, kept as it is
            continue
        if source or remote == "main.py":
            built[remote] = local
            continue
        target = remote[:-3] + ".mpy"
        dest = os.path.join(out_dir, target)
        built[target] = dest
        if same_flags and os.path.exists(dest) and os.path.getmtime(dest) >= os.path.getmtime(local):
            continue                # compiled earlier by the same mpy-cross for this arch
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        # the source name a traceback gives is the module's path on the board, which the
        # board interns anyway (__file__): one name per module instead of two
        cmd = [mpy_cross or _exe("mpy-cross")] + list(flags) + ["-o", dest, "-s", target]
        if march:
            cmd.append("-march=" + march)
        proc = subprocess.run(cmd + [local], capture_output=True, text=True)
        if proc.returncode != 0:
            raise DeployError("mpy-cross failed on %s:\n%s" % (remote, proc.stderr.strip()))
    if not same_flags and not source:
        os.makedirs(out_dir, exist_ok=True)
        with open(stamp, "w") as f:
            f.write(want)
    return built


def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


class Plan:
    def __init__(self, built, info, board_name, reserve_kb, wipe):
        remote = {} if wipe else info.get("files", {})
        self.copy = sorted(p for p in built
                           if built[p] is not None and remote.get(p) != sha256_file(built[p]))
        self.remove = sorted(p for p in remote if p not in built)
        self.unchanged = sorted(p for p in built if p not in self.copy)
        self.config = json.dumps({"board": board_name}) + "\n"
        self.manifest = json.dumps({"files": sorted(built)}) + "\n"
        self.need = sum(os.path.getsize(built[p]) for p in self.copy)
        self.reserve = reserve_kb * 1024
        self.free = info.get("free")

    def check_space(self):
        # files being replaced free their blocks only after the copy; count them as used
        if self.free is not None and self.need + self.reserve > self.free:
            raise DeployError(
                "not enough flash space: the app needs %d KB more and %d KB must stay free for "
                "saves, but the board has %d KB free. Try --wipe to clear old files."
                % ((self.need + 1023) // 1024, self.reserve // 1024, self.free // 1024))


WIPE = r"""
import os
def _rm(d):
    for e in os.ilistdir(d):
        p = (d + '/' if d else '') + e[0]
        if e[1] == 0x4000:
            _rm(p)
            os.rmdir(p)
        else:
            os.remove(p)
_rm('')
"""

PREPARE = r"""
import os
for _p in REMOVE:
    try:
        os.remove(_p)
    except OSError:
        pass
for _d in DIRS:
    try:
        os.mkdir(_d)
    except OSError:
        pass
"""

RESET = "import machine\ntry:\n machine.reset()\nexcept AttributeError:\n machine.soft_reset()\n"


def remote_dirs(paths):
    dirs = set()
    for p in paths:
        parts = p.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            dirs.add("/".join(parts[:i]))
    return sorted(dirs, key=lambda d: (d.count("/"), d))


def deploy(port="auto", board_name=None, source=False, wipe=False, board_file=None,
           reserve_kb=DEFAULT_RESERVE_KB, reset=True, out=print, mpremote=None, mpy_cross=None,
           lister=usb_serial_ports, root=ROOT, first_contact_s=None, lines=False):
    """The whole deploy (see the module docstring); `root` is the source tree to deploy;
    `lines`: .mpy files with line numbers (without MPY_FLAGS' -O3)."""
    port = find_port(port, lister)
    board = Board(port, mpremote, first_contact_s=first_contact_s)
    info = probe(board)
    cross_version, cross_abi = mpy_cross_version(mpy_cross)
    for w in check_versions(info, cross_version, cross_abi, source):
        out(w)
    if board_name is None:
        try:
            board_name = json.loads(info.get("config") or "")["board"]
        except (ValueError, KeyError, TypeError):
            raise DeployError("which board? give --board (known: %s)" % (", ".join(known_boards()) or "none yet"))
    files = app_files(board_name, board_file, info.get("files", {}), root)
    _, _, arch = board_abi(info["mpy"])
    out("board on %s: MicroPython %s, .mpy %s, %s KB free; deploying for %s (%s)" % (
        port, ".".join(map(str, info["version"])), arch or "bytecode only",
        "?" if info.get("free") is None else info["free"] // 1024, board_name,
        "sources" if source else ".mpy"))
    tmp = tempfile.mkdtemp(prefix="deploy-")
    try:
        key = hashlib.sha1(("%s|%s|%s" % (root, arch, cross_version)).encode()).hexdigest()[:12]
        cache = os.path.join(tempfile.gettempdir(), "pocket-cards-mpy", key)
        built = build(files, cache, source, arch if arch in ARCHES[1:] else None, mpy_cross,
                      () if lines else MPY_FLAGS)
        if wipe:
            board.exec(WIPE)
            info = probe(board)
        plan = Plan(built, info, board_name, reserve_kb, wipe)
        plan.check_space()
        cfg_path = os.path.join(tmp, BOARD_CONFIG)
        with open(cfg_path, "w") as f:
            f.write(plan.config)
        man_path = os.path.join(tmp, MANIFEST)
        with open(man_path, "w") as f:
            f.write(plan.manifest)
        prepare = PREPARE.replace("REMOVE", repr(plan.remove)).replace("DIRS", repr(remote_dirs(plan.copy)))
        args = ["exec", prepare]
        for p in plan.copy:
            args += ["+", "fs", "cp", "-f", built[p], ":" + p]   # -f: hashes compared already
        args += ["+", "fs", "cp", cfg_path, ":" + BOARD_CONFIG, "+", "fs", "cp", man_path, ":" + MANIFEST]
        board.run(*args)
        out("copied %d file(s) (%d KB), %d unchanged, %d removed; board config: %s" % (
            len(plan.copy), (plan.need + 1023) // 1024, len(plan.unchanged), len(plan.remove), board_name))
        if reset:
            board.run("exec", "--no-follow", RESET)
            out("reset: the board boots into the menu")
        return plan
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.deploy", description=__doc__.split("\n")[0])
    p.add_argument("--port", default="auto", help="serial port of the board, or auto (default)")
    p.add_argument("--board", default=None,
                   help="board module in boards/ (default: the one configured on the board); "
                   "known: %s" % (", ".join(known_boards()) or "none yet"))
    p.add_argument("--board-file", default=None, help="a board module of your own, deployed as "
                   "boards/<--board>.py")
    p.add_argument("--source", action="store_true", help="copy .py sources instead of .mpy")
    p.add_argument("--wipe", action="store_true", help="erase every file on the board first "
                   "(saves and settings too)")
    p.add_argument("--reserve", type=int, default=DEFAULT_RESERVE_KB, metavar="KB",
                   help="flash to keep free for saves (default %d KB)" % DEFAULT_RESERVE_KB)
    p.add_argument("--no-reset", action="store_true", help="do not reset the board afterwards")
    p.add_argument("--lines", action="store_true", help="keep line numbers in the .mpy files "
                   "(tracebacks on the console; 4-5 KB more heap)")
    args = p.parse_args(argv)
    if args.board_file and not args.board:
        p.error("--board-file needs --board NAME")
    try:
        deploy(args.port, args.board, args.source, args.wipe, args.board_file, args.reserve,
               not args.no_reset, lines=args.lines)
    except DeployError as exc:
        sys.stderr.write("deploy: %s\n" % exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
