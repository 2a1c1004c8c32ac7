"""CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): every value stays below 2**16.

Table-driven with a preallocated 256-entry array; crc16() allocates nothing.
"""
from array import array

from micropython import const

INIT = const(0xFFFF)


def _make_table():
    t = array("H", bytes(512))
    for i in range(256):
        c = i << 8
        for _ in range(8):
            if c & 0x8000:
                c = ((c << 1) ^ 0x1021) & 0xFFFF
            else:
                c = (c << 1) & 0xFFFF
        t[i] = c
    return t


_TABLE = _make_table()


def crc16(buf, start, end, crc=INIT):
    """CRC of buf[start:end], continuing from `crc`."""
    t = _TABLE
    i = start
    while i < end:
        crc = ((crc << 8) & 0xFFFF) ^ t[((crc >> 8) ^ buf[i]) & 0xFF]
        i += 1
    return crc
