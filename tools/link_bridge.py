"""A PC on a real link through a USB-serial adapter (pyserial): as a seat, or as a sniffer.

    python -m tools.link_bridge sniff /dev/ttyUSB0 [--baud 115200] [--for S]
    python -m tools.link_bridge seat /dev/ttyUSB0 --node 900 [--host GAME:SEATS | --join]

`sniff` listens on one wire (tap the RX of the adapter onto a unit's TX) and prints every
frame it decodes as one JSON line: the channel frame (HELLO/DATA/ACK/NAK/DGRAM with its
sequence numbers) and, for DATA and DGRAM, the net header and the decoded application
message.  Damaged frames are counted, not printed.  `seat` runs tools/link_unit.py's unit
loop on the port: the PC is one unit of the chain with a bot in its chair.
"""
import json
import sys

import tools  # noqa: F401  (puts the MicroPython shim on sys.path)
from core.link import messages as M
from core.link.channel import HELLO, DATA, ACK, NAK, DGRAM, FRAG, DATA_HDR
from core.link.framing import FrameDecoder
from core.link.net import HDR

KINDS = {HELLO: "HELLO", DATA: "DATA", ACK: "ACK", NAK: "NAK", DGRAM: "DGRAM", FRAG: "FRAG"}
MSG_NAMES = {}
for _k in dir(M):
    _v = getattr(M, _k)
    if _k.isupper() and isinstance(_v, int) and 0x10 <= _v < 0x40:
        MSG_NAMES[_v] = _k


def describe(body, n):
    """A dict describing one decoded frame body."""
    kind = body[0]
    out = {"frame": KINDS.get(kind, "?%d" % kind), "len": n}
    if kind == HELLO and n >= 8:
        out.update(epoch=body[1] << 8 | body[2], echo=body[3] << 8 | body[4],
                   node=body[5] << 8 | body[6], txbase=body[7])
        return out
    if n >= 3:
        out["tag"] = body[1] << 8 | body[2]
    if kind in (ACK, NAK) and n >= 4:
        out["ack"] = body[3]
        if n >= 6:
            out["sack"] = body[4]
            out["echo"] = body[5]
    start = None
    if kind in (DATA, FRAG) and n >= DATA_HDR:
        out["seq"] = body[3]
        out["ack"] = body[4]
        out["tx"] = body[5]
        if kind == DATA:        # FRAG: part of a message cut up on a lossy line, not decoded
            start = DATA_HDR    # (the DATA that ends such a message holds only its tail)
    elif kind == DGRAM:
        start = 3
    if start is not None and n - start >= HDR:
        out["src"] = body[start] << 8 | body[start + 1]
        dst = body[start + 2] << 8 | body[start + 3]
        out["dst"] = "all" if dst == 0xFFFF else dst
        out["ttl"] = body[start + 4] & 0x0F
        i = start + HDR
        env = body[i] & 0xF8 if n > i else 0
        if env in (M.SEALED, M.SIGNED) and 1 <= body[i] & 7 <= M.MAX_TAGS:
            # core/link/secure.py's envelopes: a sealed one cannot be read here; a signed
            # one (SESSION) carries its message in clear after the counter and the tags
            skip = 5 + M.TAG_LEN * (body[i] & 7)
            if env == M.SEALED:
                out["msg"] = "sealed message (%d bytes)" % (n - i)
                return out
            out["signed"] = True
            i += skip
        m = M.decode(body, i, n - i)
        if m is None:
            out["msg"] = None
        else:
            out["msg"] = [MSG_NAMES.get(m[0], m[0])] + [
                x.hex() if isinstance(x, bytes) else x for x in m[1:]]
    return out


class Sniffer:
    """Decodes a byte stream into frame descriptions."""

    def __init__(self, out=None):
        self.dec = FrameDecoder()
        self.out = out or (lambda d: print(json.dumps(d), flush=True))
        self.frames = 0

    def feed(self, data):
        i = 0
        while i < len(data):
            i = self.dec.feed(data, i, len(data))
            if self.dec.length:
                self.frames += 1
                self.out(describe(self.dec.body, self.dec.length))

    def summary(self):
        d = self.dec
        return {"frames": d.frames, "crc_errors": d.crc_errors, "broken": d.broken,
                "overflows": d.overflows}


def sniff(port, baud, seconds=None):
    import time
    import serial
    ser = serial.Serial(port, baud, timeout=0.05)
    s = Sniffer()
    t0 = time.monotonic()
    try:
        while seconds is None or time.monotonic() - t0 < seconds:
            data = ser.read(4096)
            if data:
                s.feed(data)
    except KeyboardInterrupt:
        pass
    print(json.dumps({"summary": s.summary()}), flush=True)


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mode", choices=("sniff", "seat"))
    ap.add_argument("port")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--for", dest="seconds", type=float, default=None)
    a, rest = ap.parse_known_args(argv[1:])
    if a.mode == "sniff":
        sniff(a.port, a.baud, a.seconds)
        return
    from tools import link_unit
    link_unit.main(["link_unit", "--ports", a.port + ",-"] + rest)


if __name__ == "__main__":
    main(sys.argv)
