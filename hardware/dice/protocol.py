"""The serial dice line protocol (docs/dice-protocol.md): encoding, strict parsing and framing.

Everything here is pure: bytes in, typed values out, no I/O and no clock. ``parse`` never raises
on bad input; it returns a ``Rejected`` value with a short code (for counters) and a reason in
plain words. A line is accepted only if every byte, field and the checksum are exactly right.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from hardware.events import Die

PREFIX = "DICE"
PROTOCOL_VERSION = 1
BAUDRATE = 9600
MAX_LINE = 80  # bytes, terminator included; the longest valid line is 53 bytes
SEQUENCE_MODULUS = 65536
HEARTBEAT_SECONDS = 1.0

DEVICE_ID_PATTERN = r"[A-Za-z0-9_-]{1,12}"
FIRMWARE_PATTERN = r"[A-Za-z0-9._+-]{1,16}"

_DEVICE_ID = re.compile(DEVICE_ID_PATTERN)
_FIRMWARE = re.compile(FIRMWARE_PATTERN)
_SEQUENCE = re.compile(r"0|[1-9][0-9]{0,4}")
_PROTOCOL = re.compile(r"[1-9][0-9]{0,2}")
_CHECKSUM = re.compile(rb"[0-9A-F]{2}")
_DIE_TOKENS: dict[str, Die] = {"NUMBER": "number", "SPECIAL": "special"}
_DIE_NAMES: dict[Die, str] = {die: token for token, die in _DIE_TOKENS.items()}
_FACES = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6}

RejectCode = Literal[
    "too-long",
    "no-end",
    "bad-byte",
    "no-start",
    "no-checksum",
    "checksum",
    "prefix",
    "fields",
    "device",
    "sequence",
    "type",
    "die",
    "face",
    "protocol",
    "firmware",
    "noise",
    "partial",
]


@dataclass(frozen=True, slots=True)
class Hello:
    """Sent once when the device starts (sequence 0): a new session begins."""

    device: str
    seq: int
    protocol: int
    firmware: str


@dataclass(frozen=True, slots=True)
class Heartbeat:
    """Sent at least once a second when the device has nothing else to say."""

    device: str
    seq: int
    protocol: int
    firmware: str


@dataclass(frozen=True, slots=True)
class Rolling:
    device: str
    seq: int
    die: Die


@dataclass(frozen=True, slots=True)
class Settled:
    device: str
    seq: int
    die: Die
    face: int


@dataclass(frozen=True, slots=True)
class Tilted:
    device: str
    seq: int
    die: Die


Line = Hello | Heartbeat | Rolling | Settled | Tilted


@dataclass(frozen=True, slots=True)
class Rejected:
    """A line (or piece of a stream) that is not used: ``code`` for counting, ``reason`` for people."""

    code: RejectCode
    reason: str


def _make_crc8_table() -> tuple[int, ...]:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
        table.append(crc)
    return tuple(table)


_CRC8_TABLE = _make_crc8_table()


def crc8(data: bytes) -> int:
    """CRC-8 with polynomial 0x07, start value 0, no reflection, no final XOR ("CRC-8/SMBUS")."""
    crc = 0
    for byte in data:
        crc = _CRC8_TABLE[crc ^ byte]
    return crc


def encode(line: Line) -> bytes:
    """The bytes a device sends for ``line``, checksum and ``\\n`` included."""
    fields = [PREFIX, line.device, str(line.seq)]
    match line:
        case Hello():
            fields += ["HELLO", str(line.protocol), line.firmware]
        case Heartbeat():
            fields += ["BEAT", str(line.protocol), line.firmware]
        case Rolling():
            fields += ["ROLLING", _DIE_NAMES[line.die]]
        case Settled():
            fields += ["SETTLED", _DIE_NAMES[line.die], str(line.face)]
        case Tilted():
            fields += ["TILTED", _DIE_NAMES[line.die]]
    body = ",".join(fields).encode("ascii")
    return b"$" + body + b"*" + f"{crc8(body):02X}".encode("ascii") + b"\n"


def parse(raw: bytes) -> Line | Rejected:
    """Read one line, terminator included. Returns the typed line or why it is not used."""
    if len(raw) > MAX_LINE:
        return Rejected("too-long", f"{len(raw)} bytes, more than {MAX_LINE}")
    if not raw.endswith(b"\n"):
        return Rejected("no-end", "the line does not end with a newline (cut off)")
    text = raw[:-2] if raw.endswith(b"\r\n") else raw[:-1]
    if any(byte < 0x21 or byte > 0x7E for byte in text):
        return Rejected("bad-byte", "a byte that is not printable ASCII")
    if not text.startswith(b"$"):
        return Rejected("no-start", "the line does not start with '$'")
    star = text.find(b"*")
    if star < 0 or len(text) - star != 3 or not _CHECKSUM.fullmatch(text, star + 1):
        return Rejected("no-checksum", "no '*' followed by two upper-case hex digits at the end")
    body = text[1:star]
    expected = crc8(body)
    if int(text[star + 1 :], 16) != expected:
        return Rejected("checksum", f"checksum {text[star + 1 :].decode()} but the line gives {expected:02X}")
    return _fields(body.decode("ascii").split(","))


def _fields(fields: list[str]) -> Line | Rejected:
    if fields[0] != PREFIX:
        return Rejected("prefix", f"prefix {fields[0]!r} is not {PREFIX!r}")
    if len(fields) < 4:
        return Rejected("fields", "fewer than four fields")
    device, seq_text, kind, rest = fields[1], fields[2], fields[3], fields[4:]
    if not _DEVICE_ID.fullmatch(device):
        return Rejected("device", f"device id {device!r} is not 1-12 of A-Z a-z 0-9 _ -")
    if not _SEQUENCE.fullmatch(seq_text) or int(seq_text) >= SEQUENCE_MODULUS:
        return Rejected("sequence", f"sequence {seq_text!r} is not a number 0-{SEQUENCE_MODULUS - 1}")
    seq = int(seq_text)
    if kind in ("HELLO", "BEAT"):
        return _status(kind, device, seq, rest)
    if kind in ("ROLLING", "SETTLED", "TILTED"):
        return _die_line(kind, device, seq, rest)
    return Rejected("type", f"unknown line type {kind!r}")


def _status(kind: str, device: str, seq: int, rest: list[str]) -> Line | Rejected:
    if len(rest) != 2:
        return Rejected("fields", f"{kind} takes 2 fields after the type, not {len(rest)}")
    protocol_text, firmware = rest
    if not _PROTOCOL.fullmatch(protocol_text) or int(protocol_text) != PROTOCOL_VERSION:
        return Rejected("protocol", f"protocol version {protocol_text!r}; this reader speaks {PROTOCOL_VERSION}")
    if not _FIRMWARE.fullmatch(firmware):
        return Rejected("firmware", f"firmware {firmware!r} is not 1-16 of A-Z a-z 0-9 . _ + -")
    if kind == "HELLO":
        if seq != 0:
            return Rejected("sequence", f"HELLO must have sequence 0, not {seq}")
        return Hello(device, seq, PROTOCOL_VERSION, firmware)
    return Heartbeat(device, seq, PROTOCOL_VERSION, firmware)


def _die_line(kind: str, device: str, seq: int, rest: list[str]) -> Line | Rejected:
    wanted = 2 if kind == "SETTLED" else 1
    if len(rest) != wanted:
        return Rejected("fields", f"{kind} takes {wanted} field(s) after the type, not {len(rest)}")
    die = _DIE_TOKENS.get(rest[0])
    if die is None:
        return Rejected("die", f"unknown die {rest[0]!r} (NUMBER or SPECIAL)")
    if kind == "ROLLING":
        return Rolling(device, seq, die)
    if kind == "TILTED":
        return Tilted(device, seq, die)
    face = _FACES.get(rest[1])
    if face is None:
        return Rejected("face", f"face {rest[1]!r} is not 1-6")
    return Settled(device, seq, die, face)


class LineFramer:
    """Cuts a byte stream into candidate lines for ``parse``.

    A line starts at its last ``$``: bytes before it (noise, or the head of a line cut off by a
    device reset) are handed back as ``Rejected("noise")``. An unfinished line longer than
    ``MAX_LINE`` is dropped as ``Rejected("too-long")`` without waiting for its newline.
    """

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._overflowed = False  # the rest of a too-long line is still coming

    def feed(self, data: bytes) -> list[bytes | Rejected]:
        """Candidate lines (terminator included) and dropped pieces, in stream order."""
        out: list[bytes | Rejected] = []
        self._buffer += data
        while (end := self._buffer.find(b"\n")) >= 0:
            piece = bytes(self._buffer[: end + 1])
            del self._buffer[: end + 1]
            start = piece.rfind(b"$")
            if self._overflowed:
                self._overflowed = False
                if start < 0:
                    continue  # the tail of a line already counted as too long
                piece = piece[start:]
            elif start > 0:
                out.append(Rejected("noise", f"{start} bytes before '$'"))
                piece = piece[start:]
            out.append(piece)
        if len(self._buffer) > MAX_LINE:
            start = self._buffer.rfind(b"$")
            if 0 < start and len(self._buffer) - start <= MAX_LINE:
                out.append(Rejected("noise", f"{start} bytes before '$'"))
                del self._buffer[:start]
            else:
                out.append(Rejected("too-long", f"more than {MAX_LINE} bytes without a newline"))
                self._buffer.clear()
                self._overflowed = True
        return out

    def reset(self) -> Rejected | None:
        """Forget any unfinished line (the port closed); returns it as dropped if there was one."""
        had_partial = bool(self._buffer)
        self._buffer.clear()
        self._overflowed = False
        return Rejected("partial", "an unfinished line when the port closed") if had_partial else None
