"""Minimal test runner for the MicroPython ports (unix and WebAssembly).

Usage: micropython tests/mprun.py RUNTIME_NAME [--path DIR ...] module [module ...]
--path puts DIR first on sys.path (tools/mp_suite.py passes a folder of core modules
precompiled by mpy-cross, which is how the device holds them).  Imports each module from
tests/core, runs every function named test_*, prints one line
per failure naming the runtime and the test, and ends with "RUNTIME: N passed, N failed".
The same test modules run under pytest on CPython; they use only plain asserts.
"""
import gc
import sys

# Run from the project root: the core package and the test modules must both import.
for _p in ("tests/core", ""):
    if _p not in sys.path:
        sys.path.insert(0, _p)

# Tests that lock the heap unlock it in a `finally`; the runner never calls heap_unlock()
# itself, because unlocking an unlocked heap leaves MicroPython's lock counter negative,
# which locks the heap for good.

RESULTS = [0, 0]  # passed, failed


def _forget_new_modules(before):
    """Drop every module imported since `before` so the next test module starts with the
    heap it would have on its own (the unix run caps the heap like a board)."""
    for name in list(sys.modules):
        if name not in before:
            del sys.modules[name]
    gc.collect()


def _fail(runtime, where, exc):
    RESULTS[1] += 1
    print("[%s] FAIL %s: %s: %s" % (runtime, where, type(exc).__name__, exc))
    if hasattr(sys, "print_exception"):
        sys.print_exception(exc)


def _run_module(runtime, modname):
    try:
        mod = __import__(modname)
    except Exception as exc:
        _fail(runtime, modname + " (import)", exc)
        return
    for name in sorted([n for n in dir(mod) if n.startswith("test_")]):
        try:
            getattr(mod, name)()
            RESULTS[0] += 1
        except Exception as exc:
            _fail(runtime, modname + "." + name, exc)


def run(runtime, modules):
    for modname in modules:
        before = set(sys.modules)
        try:
            _run_module(runtime, modname)
        finally:
            _forget_new_modules(before)
    print("%s: %d passed, %d failed" % (runtime, RESULTS[0], RESULTS[1]))
    return RESULTS[1]


def main(argv):
    runtime = argv[1]
    args = list(argv[2:])
    while len(args) >= 2 and args[0] == "--path":
        sys.path.insert(0, args[1])
        args = args[2:]
    failed = run(runtime, args)
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    # The WebAssembly port has no sys.argv: tools/wasm_run.mjs passes ARGV as a global.
    main(globals().get("ARGV") or sys.argv)
