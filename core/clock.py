"""Millisecond ticks with MicroPython's wrap-safe API on both runtimes.

On the device `time.ticks_ms` and friends exist; on CPython they are built here from
`time.monotonic`, masked to the same 30-bit period so wrap-around behaves identically.
"""
import time

try:
    ticks_ms = time.ticks_ms
    ticks_diff = time.ticks_diff
    ticks_add = time.ticks_add
except AttributeError:
    _PERIOD = 1 << 30
    _HALF = _PERIOD >> 1
    _MASK = _PERIOD - 1

    def ticks_ms():
        return int(time.monotonic() * 1000) & _MASK

    def ticks_add(ticks, delta):
        return (ticks + delta) & _MASK

    def ticks_diff(end, start):
        return ((end - start + _HALF) & _MASK) - _HALF
