"""tools/link_bridge.py: the sniffer decodes a live link's traffic from a pseudo-terminal."""
import json
import os
import subprocess
import sys
import time
import tty

from core.link.sim import SimChain
from test_link_trickgame import games, first_legal_ai
from tools.link_bridge import Sniffer

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_sniffer_process_decodes_a_units_traffic_on_a_pty():
    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    proc = subprocess.Popen([sys.executable, "-m", "tools.link_bridge", "sniff", path,
                             "--for", "3"], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    time.sleep(0.8)                      # let it open the port
    # two units in memory; everything unit 0 sends to unit 1 is copied onto the pty
    c = SimChain(2, games, first_legal_ai)
    tap = c.cables[0][0]
    real = tap.write

    def write(buf, n):
        os.write(master, bytes(buf[:n]))
        real(buf, n)
    c.units[0].node.channels[1]._write = write
    c.units[0].host_game("minitrick", {"seats": 2}, 2)
    c.run_until(lambda c: c.units[1].lobby(), 3000)
    os.write(master, b"\x13\x37 line noise \x42")
    c.units[1].join(c.units[1].lobby()[0][0])
    c.run_until(lambda c: c.units[0].session.seats.count(0) == 0, 3000)
    out, _ = proc.communicate(timeout=20)
    os.close(master)
    os.close(slave)
    lines = [json.loads(x) for x in out.splitlines()]
    kinds = set(x.get("frame") for x in lines)
    assert {"HELLO", "DATA", "ACK"} <= kinds, kinds
    msgs = [x["msg"][0] for x in lines if x.get("msg")]
    assert "SESSION" in msgs
    session = [x for x in lines if x.get("msg") and x["msg"][0] == "SESSION"][-1]
    assert session["src"] == c.units[0].node_id and session["dst"] == "all"
    assert "minitrick" in session["msg"]
    summary = lines[-1]["summary"]
    assert summary["frames"] == len(lines) - 1 and summary["crc_errors"] + summary["broken"] >= 1


def test_sniffer_reports_sequence_numbers_in_order():
    got = []
    s = Sniffer(got.append)
    c = SimChain(2, games, first_legal_ai)
    real = c.cables[0][0].write

    def write(buf, n):
        s.feed(bytes(buf[:n]))
        real(buf, n)
    c.units[0].node.channels[1]._write = write
    c.units[0].host_game("minitrick", {"seats": 2}, 2)
    c.step(3000)
    seqs = [x["seq"] for x in got if x["frame"] == "DATA"]
    assert seqs and seqs == sorted(seqs) and seqs[0] == 0
