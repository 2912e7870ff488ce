#!/usr/bin/env python3
"""Draws the browser client's app icons into client/web/icons/ (committed; run this again only
to change them). Python's standard library only: shapes as signed distances, anti-aliased by
the distance itself, written as PNG with zlib.

The emblem, in the client's palette: an amber disc holding a board of lines (a square, its
middle lines and its diagonals: the board of Bagh Chal and of its cousins) with three pieces
on its points, on the client's dark background.

    icon-192.png, icon-512.png    purpose "any": a dark rounded square, transparent corners
    icon-maskable-512.png         purpose "maskable": dark to the edges, the emblem inside the
                                  safe zone (the middle circle of 80% of the width)
    apple-touch-icon.png          180 px, dark to the edges (iOS rounds the corners itself)

    python3 scripts/make-icons.py [--out client/web/icons]
"""

import argparse
import math
import os
import struct
import zlib

BACKGROUND = (0x1D, 0x26, 0x2C)
AMBER = (0xF0, 0xB4, 0x43)
CREAM = (0xEE, 0xE8, 0xDA)


# --- shapes: signed distance in units of the icon's width (negative inside) ------------------

def disc(cx, cy, r):
    return lambda x, y: math.hypot(x - cx, y - cy) - r


def segment(ax, ay, bx, by, width):
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy

    def d(x, y):
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length2))
        return math.hypot(x - (ax + t * dx), y - (ay + t * dy)) - width / 2

    return d


def rounded_square(half, radius):
    """A square centred on (0.5, 0.5), `half` its half side, its corners rounded by `radius`."""

    def d(x, y):
        qx = abs(x - 0.5) - (half - radius)
        qy = abs(y - 0.5) - (half - radius)
        outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
        return outside + min(max(qx, qy), 0.0) - radius

    return d


def union(*shapes):
    return lambda x, y: min(s(x, y) for s in shapes)


def emblem(scale):
    """The emblem's layers, bottom first: (shape, colour). `scale` 1 fills most of the icon; the
    emblem reaches `0.40 * scale` from the centre."""
    c = 0.5

    def at(u, v):
        return c + u * scale, c + v * scale

    board = 0.195  # half the board's side
    line = 0.024
    lines = []
    corners = [(-board, -board), (board, -board), (board, board), (-board, board)]
    for i in range(4):  # the square
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 4]
        lines.append(segment(*at(ax, ay), *at(bx, by), line * scale))
    for a, b in (((-board, 0), (board, 0)), ((0, -board), (0, board)),
                 ((-board, -board), (board, board)), ((board, -board), (-board, board))):
        lines.append(segment(*at(*a), *at(*b), line * scale))
    piece = 0.054
    edge = 0.02
    layers = [
        (disc(c, c, 0.40 * scale), AMBER),
        (union(*lines), BACKGROUND),
    ]
    # Two cream pieces and a dark one, each ringed in the background's colour.
    for (u, v), colour in (((-board, -board), CREAM), ((board, 0), CREAM),
                           ((0, board), BACKGROUND)):
        layers.append((disc(*at(u, v), (piece + edge) * scale), BACKGROUND))
        layers.append((disc(*at(u, v), piece * scale), colour))
    return layers


# --- drawing ----------------------------------------------------------------------------------

def draw(size, shape, layers):
    """RGBA rows: `shape` (None: the whole square) in the background colour, then each layer
    over it. Coverage is the signed distance in pixels, clamped: half a pixel each side."""
    rows = []
    for py in range(size):
        row = bytearray()
        y = (py + 0.5) / size
        for px in range(size):
            x = (px + 0.5) / size
            alpha = 1.0 if shape is None else min(1.0, max(0.0, 0.5 - shape(x, y) * size))
            r, g, b = BACKGROUND
            for layer, colour in layers:
                cover = min(1.0, max(0.0, 0.5 - layer(x, y) * size))
                if cover > 0.0:
                    r += (colour[0] - r) * cover
                    g += (colour[1] - g) * cover
                    b += (colour[2] - b) * cover
            row += bytes((round(r), round(g), round(b), round(alpha * 255)))
        rows.append(bytes(row))
    return rows


def png(rows, size, opaque):
    """A PNG of `rows` (RGBA; written as RGB when `opaque`), each row with the filter that
    makes it smallest by the usual sum-of-differences guess."""
    channels = 3 if opaque else 4
    if opaque:
        rows = [bytes(b for i, b in enumerate(row) if i % 4 != 3) for row in rows]
    stride = size * channels
    previous = bytes(stride)
    raw = bytearray()
    for row in rows:
        candidates = []
        for kind in range(5):
            out = bytearray(stride)
            for i in range(stride):
                a = row[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                if kind == 0:
                    predict = 0
                elif kind == 1:
                    predict = a
                elif kind == 2:
                    predict = b
                elif kind == 3:
                    predict = (a + b) // 2
                else:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    predict = a if pa <= pb and pa <= pc else b if pb <= pc else c
                out[i] = (row[i] - predict) & 0xFF
            cost = sum(v if v < 128 else 256 - v for v in out)
            candidates.append((cost, kind, bytes(out)))
        _, kind, filtered = min(candidates)
        raw.append(kind)
        raw += filtered
        previous = row

    def chunk(tag, data):
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2 if opaque else 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", default=os.path.normpath(os.path.join(here, "..", "client", "web", "icons")))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    tile = rounded_square(0.5, 0.11)
    icons = [
        # name, size, the tile's shape (None: to the edges), the emblem's scale
        ("icon-192.png", 192, tile, 1.0),
        ("icon-512.png", 512, tile, 1.0),
        # The safe zone is a circle of radius 0.40: the emblem's disc stays inside it.
        ("icon-maskable-512.png", 512, None, 0.90),
        ("apple-touch-icon.png", 180, None, 1.0),
    ]
    for name, size, shape, scale in icons:
        data = png(draw(size, shape, emblem(scale)), size, opaque=shape is None)
        path = os.path.join(args.out, name)
        with open(path, "wb") as f:
            f.write(data)
        print(f"make-icons: {path}: {len(data)} bytes")


if __name__ == "__main__":
    main()
