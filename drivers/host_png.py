"""PNG files with zlib and struct only (host side: screenshots and golden images).

`write_indexed` stores a 4-bit palette framebuffer as it is: GS4_HMSB rows are exactly
PNG's packed 4-bit rows (high nibble first), so the file is small and lossless.
`write_rgb` stores 8-bit RGB; `read` decodes what these two write (and other 8-bit
RGB/RGBA/grey/palette PNGs without interlace) into (width, height, rgb bytes).
"""
import struct
import zlib


def _chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def _png(width, height, bit_depth, colour_type, raw_rows, extra=b""):
    return (b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0))
            + extra
            + _chunk(b"IDAT", zlib.compress(raw_rows, 9))
            + _chunk(b"IEND", b""))


def encode_indexed(gs4, width, height, palette_rgb):
    """PNG bytes for a GS4_HMSB buffer (stride = width) and 16 (r, g, b) colours."""
    row = width >> 1
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        raw += gs4[y * row:(y + 1) * row]
    plte = b"".join(bytes(c) for c in palette_rgb)
    return _png(width, height, 4, 3, bytes(raw), _chunk(b"PLTE", plte))


def encode_rgb(rgb, width, height):
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        raw += rgb[y * width * 3:(y + 1) * width * 3]
    return _png(width, height, 8, 2, bytes(raw))


def write_indexed(path, gs4, width, height, palette_rgb):
    with open(path, "wb") as f:
        f.write(encode_indexed(gs4, width, height, palette_rgb))


def write_rgb(path, rgb, width, height):
    with open(path, "wb") as f:
        f.write(encode_rgb(rgb, width, height))


def _unfilter(data, width, height, bpp, row_bytes):
    out = bytearray(height * row_bytes)
    prev = bytearray(row_bytes)
    pos = 0
    for y in range(height):
        ftype = data[pos]
        pos += 1
        cur = bytearray(data[pos:pos + row_bytes])
        pos += row_bytes
        for i in range(row_bytes):
            a = cur[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                cur[i] = (cur[i] + a) & 0xFF
            elif ftype == 2:
                cur[i] = (cur[i] + b) & 0xFF
            elif ftype == 3:
                cur[i] = (cur[i] + ((a + b) >> 1)) & 0xFF
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                cur[i] = (cur[i] + pred) & 0xFF
        out[y * row_bytes:(y + 1) * row_bytes] = cur
        prev = cur
    return out


def decode(blob):
    """(width, height, rgb bytes) of a non-interlaced PNG."""
    if blob[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos = 8
    idat = bytearray()
    plte = None
    while pos < len(blob):
        n, kind = struct.unpack(">I4s", blob[pos:pos + 8])
        data = blob[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", data)
        elif kind == b"PLTE":
            plte = data
        elif kind == b"IDAT":
            idat += data
        elif kind == b"IEND":
            break
    if interlace:
        raise ValueError("interlaced PNG not supported")
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
    bits = depth * channels
    row_bytes = (width * bits + 7) // 8
    px = _unfilter(zlib.decompress(bytes(idat)), width, height, max(1, bits // 8), row_bytes)
    rgb = bytearray(width * height * 3)
    for y in range(height):
        row = px[y * row_bytes:(y + 1) * row_bytes]
        for x in range(width):
            if depth < 8:
                per = 8 // depth
                v = (row[x // per] >> (8 - depth * (x % per + 1))) & ((1 << depth) - 1)
            elif depth == 8:
                v = None
            else:
                raise ValueError("16-bit PNG not supported")
            o = 3 * (y * width + x)
            if ctype == 3:
                k = (v if v is not None else row[x]) * 3
                rgb[o:o + 3] = plte[k:k + 3]
            elif ctype in (0, 4):
                g = v * 255 // ((1 << depth) - 1) if v is not None else row[x * channels]
                rgb[o:o + 3] = bytes((g, g, g))
            else:
                rgb[o:o + 3] = row[x * channels:x * channels + 3]
    return width, height, bytes(rgb)


def read(path):
    with open(path, "rb") as f:
        return decode(f.read())
