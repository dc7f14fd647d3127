"""The tests' PNG reader: every row filter undone as the PNG standard defines it, checked against a
picture filtered here with each of the five filters in turn."""

from __future__ import annotations

import random
import struct
import zlib

from tests.companion.app import png

BPP = 4


def _filtered(kind: int, line: bytes, previous: bytes) -> bytes:
    out = bytearray()
    for i, value in enumerate(line):
        left = line[i - BPP] if i >= BPP else 0
        up, corner = previous[i], previous[i - BPP] if i >= BPP else 0
        guess = {0: 0, 1: left, 2: up, 3: (left + up) // 2}.get(kind, 0)
        if kind == 4:
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            guess = left if pa <= pb and pa <= pc else up if pb <= pc else corner
        out.append((value - guess) & 0xFF)
    return bytes(out)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def test_every_filter_is_undone(tmp_path):
    width, height = 7, 10
    rng = random.Random(3)
    picture = [bytes(rng.randrange(256) for _ in range(width * BPP)) for _ in range(height)]
    raw, previous = b"", bytes(width * BPP)
    for row, line in enumerate(picture):
        raw += bytes([row % 5]) + _filtered(row % 5, line, previous)
        previous = line
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    path = tmp_path / "filters.png"
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(raw)) + _chunk(b"IEND", b"")
    )
    assert png.size(path) == (width, height)
    assert png.pixels(path) == (width, height, BPP, b"".join(picture))
    assert png.colours(path) == len({line[i : i + 3] for line in picture for i in range(0, len(line), BPP * 7)})
    assert png.colours(path, enough=2) == 2  # read only until that many
