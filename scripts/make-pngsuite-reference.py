#!/usr/bin/env python3
"""Writes reference decodes of PngSuite as checksums, from an independent decoder.

Run once (the output is committed):
    pip install pypng
    python3 scripts/make-pngsuite-reference.py ../shared/pngsuite/common \
        > Tests/Image/PNGCodecTests/Fixtures/pngsuite-reference.tsv

pypng reads the raw samples; the expansion to RGBA below follows the PNG spec and
the rules PNGCodec documents: sub-8-bit gray scaled by bit replication, 16-bit
rounded to the nearest 8-bit value, palette alpha and colour keys from tRNS,
gamma and sBIT ignored. Each row: file, width, height, FNV-1a 64 of the RGBA8
bytes, and for 16-bit sources FNV-1a 64 of the big-endian RGBA16 samples.
"""
import os
import sys

import png


def fnv1a64(data: bytes) -> str:
    h = 0xCBF29CE484222325
    for b in data:
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def rgba_samples(path):
    reader = png.Reader(filename=path)
    width, height, rows, info = reader.read()
    depth = info["bitdepth"]
    maxval = (1 << depth) - 1
    planes = info["planes"]
    palette = info.get("palette") if planes == 1 and not info["greyscale"] else None
    key = info.get("transparent")
    out = []
    for row in rows:
        row = list(row)
        for x in range(width):
            if palette is not None:
                entry = palette[row[x]]
                r, g, b = entry[0], entry[1], entry[2]
                a = entry[3] if len(entry) == 4 else 255
                out.append((r, g, b, a))
                continue
            px = row[x * planes:(x + 1) * planes]
            if planes == 1:
                v = px[0]
                a = 0 if key is not None and (key if isinstance(key, int) else key[0]) == v else maxval
                out.append((v, v, v, a))
            elif planes == 2:
                out.append((px[0], px[0], px[0], px[1]))
            elif planes == 3:
                a = 0 if key is not None and tuple(key) == tuple(px) else maxval
                out.append((px[0], px[1], px[2], a))
            else:
                out.append(tuple(px))
    return width, height, depth, palette is not None, out


def to8(v, depth):
    if depth == 16:
        return (v * 255 + 32767) // 65535
    if depth == 8:
        return v
    return v * (255 // ((1 << depth) - 1))


def main(folder):
    print("# file\twidth\theight\trgba8-fnv1a64\trgba16-fnv1a64")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".png"):
            continue
        width, height, depth, paletted, pixels = rgba_samples(os.path.join(folder, name))
        eight = bytearray()
        for p in pixels:
            eight.extend(p if paletted else (to8(c, depth) for c in p))
        wide = "-"
        if depth == 16:
            sixteen = bytearray()
            for p in pixels:
                for c in p:
                    sixteen.extend(c.to_bytes(2, "big"))
            wide = fnv1a64(bytes(sixteen))
        print(f"{name}\t{width}\t{height}\t{fnv1a64(bytes(eight))}\t{wide}")


if __name__ == "__main__":
    main(sys.argv[1])
