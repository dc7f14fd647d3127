"""Reading a PNG's pixels without an imaging library: enough to tell one flat colour from a
picture (8-bit RGB or RGBA, not interlaced, as the app's screenshots are). A row is unfiltered in
Python only when its filter needs it (the app's screenshots have none), so a 1280×720 picture
reads in milliseconds."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from pathlib import Path


def _chunks(path: Path) -> tuple[tuple[int, ...], bytes]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    at, idat, header = 8, b"", None
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    assert header is not None
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"{path}: unexpected PNG kind {header}"
    return header, idat


def size(path: Path) -> tuple[int, int]:
    """Width and height, from the header alone."""
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", f"{path} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def rows(path: Path) -> Iterator[tuple[int, bytes]]:
    """Bytes per pixel and each unfiltered pixel row, top to bottom (decoded as they are asked for)."""
    (width, height, _, colour, _, _, _), idat = _chunks(path)
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    previous = bytearray(stride)
    for row in range(height):
        kind = raw[row * (stride + 1)]
        line = bytearray(raw[row * (stride + 1) + 1 : (row + 1) * (stride + 1)])
        if kind == 2:  # up: a row the same as the one above, as most of a screen's rows are
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous, strict=True))
        elif kind:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                up = previous[i]
                corner = previous[i - bpp] if i >= bpp else 0
                if kind == 1:
                    line[i] = (line[i] + left) & 0xFF
                elif kind == 3:
                    line[i] = (line[i] + (left + up) // 2) & 0xFF
                elif kind == 4:
                    p = left + up - corner
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                    line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        yield bpp, bytes(line)
        previous = line


def pixels(path: Path) -> tuple[int, int, int, bytes]:
    """Width, height, bytes per pixel and the unfiltered pixel rows."""
    width, height = size(path)
    found = list(rows(path))
    return width, height, found[0][0], b"".join(line for _, line in found)


def colours(path: Path, enough: int | None = None) -> int:
    """How many different colours the picture has (RGB, every 7th pixel); with ``enough``, the rows
    are read only until that many are found (a flat picture is read whole)."""
    seen: set[bytes] = set()
    for bpp, line in rows(path):
        seen.update(line[i : i + 3] for i in range(0, len(line), bpp * 7))
        if enough is not None and len(seen) >= enough:
            break
    return len(seen)
