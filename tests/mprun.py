"""Minimal test runner for the MicroPython ports (unix and WebAssembly).

Usage: micropython tests/mprun.py RUNTIME_NAME module [module ...]
Imports each module from tests/core, runs every function named test_*, prints one line
per failure naming the runtime and the test, and ends with "RUNTIME: N passed, N failed".
The same test modules run under pytest on CPython; they use only plain asserts.
"""
import sys

# Run from the project root: the core package and the test modules must both import.
for _p in ("tests/core", ""):
    if _p not in sys.path:
        sys.path.insert(0, _p)

# Tests that lock the heap unlock it in a `finally`; the runner never calls heap_unlock()
# itself, because unlocking an unlocked heap leaves MicroPython's lock counter negative,
# which locks the heap for good.

def run(runtime, modules):
    passed = 0
    failed = 0
    for modname in modules:
        try:
            mod = __import__(modname)
        except Exception as exc:
            failed += 1
            print("[%s] FAIL %s (import): %s: %s" % (runtime, modname, type(exc).__name__, exc))
            if hasattr(sys, "print_exception"):
                sys.print_exception(exc)
            continue
        names = sorted([n for n in dir(mod) if n.startswith("test_")])
        for name in names:
            fn = getattr(mod, name)
            try:
                fn()
                passed += 1
            except Exception as exc:
                failed += 1
                print("[%s] FAIL %s.%s: %s: %s" % (runtime, modname, name, type(exc).__name__, exc))
                if hasattr(sys, "print_exception"):
                    sys.print_exception(exc)
    print("%s: %d passed, %d failed" % (runtime, passed, failed))
    return failed


def main(argv):
    runtime = argv[1]
    failed = run(runtime, argv[2:])
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    # The WebAssembly port has no sys.argv: tools/wasm_run.mjs passes ARGV as a global.
    main(globals().get("ARGV") or sys.argv)
