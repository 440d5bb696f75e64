#!/usr/bin/env python3
"""png-colours.py FILE [LIMIT]: prints the number of distinct colours in a
PNG file (8-bit greyscale, RGB or RGBA, with or without alpha; not
interlaced), reading it with the standard library only, so that the test
needs neither PIL nor ImageMagick.  With LIMIT it stops counting once more
than LIMIT colours are seen (and prints that count), which is all a
"not blank" check needs and much faster.  Exit status 2 when the file is
no PNG this can read."""
import struct
import sys
import zlib


def rows(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, head = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    width, height, depth, ctype, _, _, interlace = head
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(ctype)
    if depth != 8 or channels is None or interlace:
        raise ValueError("unsupported PNG kind")
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    prev = bytearray(stride)
    for y in range(height):
        base = y * (stride + 1)
        ftype = raw[base]
        line = bytearray(raw[base + 1:base + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 255
            elif ftype == 2:
                line[i] = (line[i] + b) & 255
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        yield width, channels, bytes(line)
        prev = line


def main():
    try:
        limit = int(sys.argv[2]) if len(sys.argv) > 2 else None
        seen = set()
        for width, ch, line in rows(sys.argv[1]):
            seen.update(line[i:i + ch] for i in range(0, len(line), ch))
            if limit is not None and len(seen) > limit:
                break
    except (OSError, ValueError, zlib.error, struct.error) as e:
        print("png-colours: %s: %s" % (sys.argv[1], e), file=sys.stderr)
        return 2
    print(len(seen))
    return 0


if __name__ == "__main__":
    sys.exit(main())
