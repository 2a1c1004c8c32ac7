"""`make bench`: run the benchmarks on CPython, the unix port and WebAssembly.

Prints one JSON object per line (runtime, bench, ops_per_s, alloc_bytes_per_op and, for an
optimised implementation, ratio_vs_baseline measured in the same run).
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV_BIN = os.path.dirname(sys.executable)

BENCHES = (
    # (script, argument, unix heap, wasm heap)
    ("tests/perf/trick_bench.py", "2000", "4M", "2M"),
    ("tests/perf/save_bench.py", "all", "512K", "512K"),
    ("tests/perf/crypto_bench.py", "all", "256K", "256K"),
)


def runtimes(heap_unix, heap_wasm):
    return (
        ("cpython", [sys.executable]),
        ("unix", [os.path.join(VENV_BIN, "micropython"), "-X", "heapsize=" + heap_unix]),
        ("wasm", ["node", "tools/wasm_run.mjs", "--heap", heap_wasm]),
    )


def main():
    failed = 0
    for script, arg, heap_unix, heap_wasm in BENCHES:
        for name, cmd in runtimes(heap_unix, heap_wasm):
            proc = subprocess.run(cmd + [script, name, arg], cwd=ROOT, capture_output=True, text=True)
            sys.stdout.write(proc.stdout)
            if proc.returncode != 0:
                failed += 1
                sys.stderr.write("[%s] %s failed:\n%s\n" % (name, script, proc.stderr))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
