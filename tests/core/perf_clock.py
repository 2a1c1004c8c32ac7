"""Microsecond timing for the benchmarks in tests/perf/, the same on every runtime:
time.ticks_us on MicroPython, time.perf_counter on CPython."""
import time

try:
    _ticks_us = time.ticks_us
    _ticks_diff = time.ticks_diff

    def now_us():
        return _ticks_us()

    def elapsed_us(t0):
        return _ticks_diff(_ticks_us(), t0)
except AttributeError:
    def now_us():
        return time.perf_counter()

    def elapsed_us(t0):
        return (time.perf_counter() - t0) * 1e6
