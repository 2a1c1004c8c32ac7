"""The link's cryptographic primitives (core/link/crypto.py), runnable unchanged on CPython,
the unix port and WebAssembly.  Prints one JSON line per figure:

- x25519: one blocking X25519 (ms, median and best of 15; on a loaded machine the best
  is the better figure), with the device estimate unix ms x 270 (the project's
  factor: optimistic, no flash-cache misses) and the garbage one X25519 leaves (every
  bigint op allocates: the collector runs several times per X25519 on the device);
- ladder_slice16: one Ladder.step(16) (median and max: how long the UI waits per slice),
  and how many slices one X25519 takes;
- int_loop: a small-int loop (pystone-like bytecode, no bigints): compare the wasm/unix
  ratio of x25519 with this one's.  The unix port has 32-bit mpz digits, the WebAssembly
  port and the RP2040 16-bit ones, so a larger ratio for x25519 says the bigint part scales
  worse than bytecode and the x270 estimate is optimistic for it;
- tag60 / keystream60 / hmac60: one call on a 60-byte message (us, median and best of 9
  batches of 100, 1000 on wasm), with the bytes each allocates (MicroPython:
  gc.mem_alloc() with the collector off; CPython: null).
Usage: <runtime> tests/perf/crypto_bench.py RUNTIME_NAME [all|x25519|sym]
`make bench` runs it on all three runtimes with a 256 KB heap, about what the RP2040
has free at boot: the collector's share of X25519's time depends on the heap's size.
"""
import gc
import json
import sys

for _p in ("tests/core", ""):
    if _p not in sys.path:
        sys.path.insert(0, _p)
try:
    import micropython  # noqa: F401
except ImportError:  # CPython: the project's stand-in
    sys.path.insert(0, "tools/hostshim")

from core.link.crypto import (X25519_BASE, x25519, Ladder, hmac_sha256, keystream_xor,  # noqa: E402
                              tag)
from perf_clock import elapsed_us, now_us  # noqa: E402

DEVICE_FACTOR = 270
K = bytes(range(1, 33))
KEY = bytes(range(32, 64))
NONCE = bytes(12)


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def timed(fn, reps, batches=7):
    """Median over `batches` of the mean time of `reps` calls, in us (the WebAssembly
    port's clock ticks in ms, hence batches)."""
    out = []
    for _ in range(batches):
        t0 = now_us()
        for _ in range(reps):
            fn()
        out.append(elapsed_us(t0) / reps)
    return median(out)


def alloc(fn):
    if not hasattr(gc, "mem_alloc"):
        return None
    fn()
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    fn()
    a = gc.mem_alloc() - a0
    gc.enable()
    return a


def device_ms(runtime, us):
    return round(us / 1000 * DEVICE_FACTOR) if runtime == "unix" else None


def ladder_alloc(pub):
    """Bytes one X25519 allocates: the sum over its slices, each measured with the
    collector off (the whole would not fit a device-sized heap)."""
    if not hasattr(gc, "mem_alloc"):
        return None
    lad = Ladder(K, pub)
    total = 0
    done = False
    while not done:
        gc.collect()
        gc.disable()
        a0 = gc.mem_alloc()
        done = lad.step(16)
        total += gc.mem_alloc() - a0
        gc.enable()
    return total


def line(runtime, bench, us, extra=None):
    d = {"runtime": runtime, "bench": bench, "us": round(us, 1),
         "ops_per_s": round(1e6 / us, 1) if us else None}
    if extra:
        d.update(extra)
    print(json.dumps(d))


def int_loop():
    s = 0
    i = 0
    while i < 2000:
        s = (s + i * 3) & 0xFFFF
        i += 1
    return s


def bench_x25519(runtime):
    pub = x25519(K, X25519_BASE)
    runs = []
    for _ in range(15):
        runs.append(timed(lambda: x25519(K, pub), 1, 1))
    us = median(runs)
    line(runtime, "x25519", us, {"ms": round(us / 1000, 2), "min_ms": round(min(runs) / 1000, 2),
                                  # the factor is for the unix port only
                                  "device_ms_x270": device_ms(runtime, us),
                                  "device_min_ms_x270": device_ms(runtime, min(runs)),
                                  "alloc_bytes_per_op": ladder_alloc(pub)})
    slices = []
    calls = 0
    for _ in range(5):
        lad = Ladder(K, pub)
        done = False
        while not done:
            t0 = now_us()
            done = lad.step(16)
            slices.append(elapsed_us(t0))
            calls += 1
    line(runtime, "ladder_slice16", median(slices),
         {"max_us": max(slices), "slices_per_x25519": calls // 5})
    runs = [timed(int_loop, 20, 1) for _ in range(15)]
    line(runtime, "int_loop", median(runs), {"min_us": round(min(runs), 1)})


def bench_sym(runtime):
    msg = bytearray(range(60))
    fns = (
        ("tag60", lambda: tag(KEY, NONCE, msg, 0, 60, 12)),
        ("keystream60", lambda: keystream_xor(KEY, NONCE, msg, 0, 60)),
        ("hmac60", lambda: hmac_sha256(KEY, msg)),
    )
    reps = 1000 if runtime == "wasm" else 100  # that port's clock ticks in ms
    for name, fn in fns:
        runs = [timed(fn, reps, 1) for _ in range(9)]
        line(runtime, name, median(runs), {"min_us": round(min(runs), 1),
                                           "alloc_bytes_per_op": alloc(fn)})


def main(args):
    runtime = args[0] if args else sys.implementation.name
    what = args[1] if len(args) > 1 else "all"
    if what in ("all", "x25519"):
        bench_x25519(runtime)
    gc.collect()
    if what in ("all", "sym"):
        bench_sym(runtime)


main((globals().get("ARGV") or sys.argv)[1:])
