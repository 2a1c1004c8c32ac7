"""The CPython framebuf stand-in draws exactly what MicroPython's real framebuf draws.

One drawing script runs on the MicroPython unix port (built-in C framebuf) and on CPython
(tools/hostshim/framebuf.py); every case prints its buffer in hex and the two outputs must
match byte for byte.  Cases cover every format, odd sizes and strides, clipping at all
edges, negative coordinates, text at odd positions (and non-ASCII), lines in all octants,
ellipses and polygons (filled and not), blit with key and palette, scroll, and a seeded
batch of random commands.
"""
import io
import os
import random
import subprocess
import contextlib

import pytest

import framebuf as standin

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")

PRELUDE = """
import framebuf, binascii
from array import array
F = framebuf

def size(fmt, w, h, stride):
    if fmt == F.RGB565: return 2 * stride * h
    if fmt == F.GS8: return stride * h
    if fmt == F.GS4_HMSB: return (stride * h + 1) // 2
    if fmt == F.GS2_HMSB: return (stride * h + 3) // 4
    if fmt == F.MONO_VLSB: return ((h + 7) // 8) * stride
    return (stride * h + 7) // 8

def new(fmt, w, h, stride=None, seed=0):
    s = w if stride is None else stride
    if fmt in (F.MONO_HLSB, F.MONO_HMSB): s = (s + 7) & ~7
    if fmt == F.GS2_HMSB: s = (s + 3) & ~3
    if fmt == F.GS4_HMSB: s = (s + 1) & ~1
    buf = bytearray(size(fmt, w, h, s))
    for i in range(len(buf)):   # a known non-zero background shows stray writes
        buf[i] = (i * 37 + seed) & 0xFF
    fb = F.FrameBuffer(buf, w, h, fmt) if stride is None else F.FrameBuffer(buf, w, h, fmt, stride)
    return buf, fb

def out(name, buf):
    print(name, binascii.hexlify(buf).decode())
"""

FORMATS = ("GS4_HMSB", "RGB565", "MONO_HLSB", "MONO_HMSB", "MONO_VLSB", "GS8", "GS2_HMSB")

FIXED = """
pal = {'GS4_HMSB': 15, 'RGB565': 0xF81F, 'GS8': 200, 'GS2_HMSB': 3}.get('FMT', 1)
for (w, h, stride) in ((37, 23, None), (40, 17, 45), (8, 8, None), (1, 5, None)):
    buf, fb = new(F.FMT, w, h, stride)
    fb.fill(pal)
    fb.fill_rect(-3, -2, 7, 5, 0)
    fb.fill_rect(w - 4, h - 3, 10, 10, 2)
    fb.fill_rect(3, 4, 0, 5, 1); fb.fill_rect(3, 4, 5, -1, 1)
    fb.fill_rect(1, 1, 1, 1, 3); fb.fill_rect(2, 3, 3, 7, 5); fb.fill_rect(5, 2, 4, 6, 6)
    fb.hline(-5, 2, 100, 7); fb.vline(w - 1, -9, 100, 9); fb.hline(3, h, 5, 1)
    fb.rect(-1, -1, w + 2, h + 2, 4); fb.rect(2, 2, 5, 4, 11, True); fb.rect(4, 3, 1, 1, 12)
    fb.pixel(0, 0, 13); fb.pixel(w - 1, h - 1, 14); fb.pixel(-1, 0, 1); fb.pixel(w, 0, 1)
    print('get', fb.pixel(0, 0), fb.pixel(w - 1, h - 1), fb.pixel(-1, 3), fb.pixel(w, h))
    for (x1, y1, x2, y2) in ((0, 0, w - 1, h - 1), (w, -3, -4, h + 2), (5, 20, 6, -7),
                             (-8, 4, 60, 9), (3, 3, 3, 3), (10, 1, 2, 15), (2, 15, 10, 1)):
        fb.line(x1, y1, x2, y2, 8)
    out('FMT-a-%d-%d' % (w, h), buf)
    fb.fill(0)
    for (s, x, y) in (('Ag%', 1, 0), ('Hi 10', -3, 5), ('xyz', w - 5, h - 6), ('~', 3, -4),
                      ('\\xe9!', 0, 12), ('\\x07\\x7f', 9, 9)):
        fb.text(s, x, y, 5)
    out('FMT-t-%d-%d' % (w, h), buf)
    fb.fill(1)
    fb.ellipse(w // 2, h // 2, w // 3, h // 3, 6)
    fb.ellipse(w // 2, h // 2, 4, 2, 7, True)
    fb.ellipse(-2, 3, 6, 9, 3, True)
    fb.ellipse(w - 2, h - 1, 9, 4, 9, False, 5)
    fb.ellipse(w // 3, h // 2, 5, 5, 10, True, 0b1010)
    fb.ellipse(3, 3, 0, 0, 2); fb.ellipse(5, 5, 0, 3, 12, True)
    out('FMT-e-%d-%d' % (w, h), buf)
    fb.fill(0)
    fb.poly(2, 1, array('h', (0, 0, 12, 3, 7, 14, 1, 9)), 3, True)
    fb.poly(w // 2, 0, array('h', (0, 0, 8, 10, 0, 5, -8, 10)), 9, True)
    fb.poly(-5, h // 2, array('b', (0, 0, 20, 0, 20, 6, 10, 3, 0, 6)), 7, True)
    fb.poly(3, 3, array('i', (0, 0, 30, 5, 5, 30)), 4)
    fb.poly(1, 1, array('h', (0, 0, 5, 0)), 2, True)
    fb.poly(1, 1, array('h', ()), 2, True)
    out('FMT-p-%d-%d' % (w, h), buf)
    sbuf, src = new(F.FMT, 9, 7, None, 99)
    fb.blit(src, 2, 1, 7)       # noisy source, no palette: every value copied
    src.fill(0)                 # palette lookups need small source values
    src.text('Q', 1, -1, 2)
    src.rect(0, 0, 9, 7, 1)
    pbuf, pal_fb = new(F.RGB565, 16, 1)
    for i in range(16):
        pal_fb.pixel(i, 0, (i * 3 + 1) & 1 if F.FMT in (F.MONO_HLSB, F.MONO_HMSB, F.MONO_VLSB) else (i * 5 + 2) & 3)
    for (x, y) in ((-4, -3), (w - 5, h - 4), (3, 2), (w, 0), (0, h), (-9, 0), (0, -7)):
        fb.blit(src, x, y)
    fb.blit(src, 6, 5, 2)
    fb.blit(src, 1, 9, 0, pal_fb)
    fb.blit(src, 12, -2, -1, pal_fb)
    out('FMT-b-%d-%d' % (w, h), buf)
    for (dx, dy) in ((3, 0), (0, -2), (-5, 4), (2, 3), (-1, -1), (w, 0), (0, -h), (0, 0)):
        fb.scroll(dx, dy)
        out('FMT-s-%d-%d-%d-%d' % (w, h, dx, dy), buf)
"""


def random_script(seed, n=60):
    """A seeded list of random drawing commands, as source text valid on both runtimes."""
    rng = random.Random(seed)
    lines = []
    for fmt in FORMATS:
        w, h = rng.randint(3, 41), rng.randint(3, 29)
        lines.append("buf, fb = new(F.%s, %d, %d)" % (fmt, w, h))
        for _ in range(n):
            def r(lo=-12, hi=45):
                return rng.randint(lo, hi)
            c = rng.randint(0, 17)
            k = rng.randrange(9)
            if k == 0:
                lines.append("fb.fill_rect(%d, %d, %d, %d, %d)" % (r(), r(), r(-3), r(-3), c))
            elif k == 1:
                lines.append("fb.line(%d, %d, %d, %d, %d)" % (r(), r(), r(), r(), c))
            elif k == 2:
                lines.append("fb.text(%r, %d, %d, %d)" % (
                    "".join(chr(rng.randint(32, 126)) for _ in range(rng.randint(1, 4))), r(), r(), c))
            elif k == 3:
                lines.append("fb.rect(%d, %d, %d, %d, %d, %s)" % (r(), r(), r(-2), r(-2), c, rng.random() < 0.5))
            elif k == 4:
                lines.append("fb.ellipse(%d, %d, %d, %d, %d, %s, %d)" % (
                    r(), r(), r(0, 15), r(0, 15), c, rng.random() < 0.5, rng.randrange(16)))
            elif k == 5:
                pts = ", ".join(str(r(-20, 30)) for _ in range(2 * rng.randint(1, 6)))
                lines.append("fb.poly(%d, %d, array('h', (%s,)), %d, %s)" % (r(), r(), pts, c, rng.random() < 0.6))
            elif k == 6:
                lines.append("fb.scroll(%d, %d)" % (r(-6, 6), r(-6, 6)))
            elif k == 7:
                lines.append("fb.pixel(%d, %d, %d)" % (r(), r(), c))
            else:
                lines.append("fb.hline(%d, %d, %d, %d); fb.vline(%d, %d, %d, %d)" % (
                    r(), r(), r(-3), c, r(), r(), r(-3), c))
        lines.append("out('rand-%s-%d', buf)" % (fmt, seed))
    return "\n".join(lines) + "\n"


def full_script():
    parts = [PRELUDE]
    for fmt in FORMATS:
        parts.append(FIXED.replace("FMT", fmt))
    for seed in (1, 2, 3):
        parts.append(random_script(seed))
    return "".join(parts)


def run_cpython(script):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(script, "<framebuf-script>", "exec"), {"__name__": "fbscript"})
    return out.getvalue().splitlines()


def run_micropython(script):
    proc = subprocess.run([MPY, "-X", "heapsize=4M", "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr or proc.stdout
    return proc.stdout.splitlines()


@pytest.mark.skipif(not os.path.exists(MPY), reason="MicroPython unix port not installed (make setup)")
def test_standin_matches_micropython_byte_for_byte():
    script = full_script()
    expected = run_micropython(script)
    got = run_cpython(script)
    assert len(expected) > 300
    assert len(got) == len(expected)
    bad = [(e.split()[0], g.split()[0]) for e, g in zip(expected, got) if e != g]
    assert not bad, "%d cases differ, first: %s\nmicropython: %s\nstand-in:    %s" % (
        len(bad), bad[0], next(e for e, g in zip(expected, got) if e != g)[:200],
        next(g for e, g in zip(expected, got) if e != g)[:200])


def test_font_table_is_micropythons():
    """The stored glyphs are what tools/gen_font.py extracts from the real framebuf."""
    if not os.path.exists(MPY):
        pytest.skip("MicroPython unix port not installed")
    import tools.gen_font as gen
    rows = gen.extract_font()
    assert standin.FONT == bytes.fromhex("".join(rows))


def test_standin_rejects_bad_format_and_small_buffer():
    with pytest.raises(ValueError):
        standin.FrameBuffer(bytearray(100), 10, 10, 99)
    with pytest.raises(ValueError):
        standin.FrameBuffer(bytearray(10), 10, 10, standin.GS4_HMSB)
