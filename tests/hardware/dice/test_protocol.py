"""The line protocol: round trips, every rejection reason, framing, the examples of
docs/dice-protocol.md, and fuzzing: no crash and no roll from damaged lines."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from hardware.dice.protocol import (
    MAX_LINE,
    Heartbeat,
    Hello,
    LineFramer,
    Rejected,
    Rolling,
    Settled,
    Tilted,
    crc8,
    encode,
    parse,
)

DOC = Path(__file__).resolve().parents[3] / "docs" / "dice-protocol.md"

devices = st.from_regex(r"[A-Za-z0-9_-]{1,12}", fullmatch=True)
seqs = st.integers(0, 65535)
dice = st.sampled_from(["number", "special"])
firmwares = st.from_regex(r"[A-Za-z0-9._+-]{1,16}", fullmatch=True)
lines = st.one_of(
    st.builds(Hello, devices, st.just(0), st.just(1), firmwares),
    st.builds(Heartbeat, devices, seqs, st.just(1), firmwares),
    st.builds(Rolling, devices, seqs, dice),
    st.builds(Settled, devices, seqs, dice, st.integers(1, 6)),
    st.builds(Tilted, devices, seqs, dice),
)


def with_crc(body: bytes, ending: bytes = b"\n") -> bytes:
    return b"$" + body + b"*" + f"{crc8(body):02X}".encode() + ending


def test_crc8_check_value():
    assert crc8(b"123456789") == 0xF4


@pytest.mark.parametrize(
    ("line", "raw"),
    [
        (Hello("D7", 0, 1, "1.4.2"), b"$DICE,D7,0,HELLO,1,1.4.2*AB\n"),
        (Settled("D7", 3, "number", 5), b"$DICE,D7,3,SETTLED,NUMBER,5*47\n"),
        (Tilted("D7", 5, "special"), b"$DICE,D7,5,TILTED,SPECIAL*9E\n"),
    ],
)
def test_known_encodings(line, raw):
    assert encode(line) == raw
    assert parse(raw) == line


@given(lines)
def test_round_trip(line):
    raw = encode(line)
    assert len(raw) <= MAX_LINE
    assert parse(raw) == line
    assert parse(raw[:-1] + b"\r\n") == line


def test_longest_line_fits():
    longest = [
        Heartbeat("A" * 12, 65535, 1, "f" * 16),
        Settled("A" * 12, 65535, "special", 6),
        Rolling("A" * 12, 65535, "special"),
    ]
    assert max(len(encode(line)) + 1 for line in longest) == 53  # with \r\n


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        (b"$DICE,D7,3,SETTLED,NUMBER,5*46\n", "checksum"),
        (with_crc(b"DICE,D7,3,SETTLED,NUMBER,7"), "face"),
        (with_crc(b"DICE,D7,3,SETTLED,NUMBER,0"), "face"),
        (with_crc(b"DICE,D7,3,SETTLED,NUMBER,55"), "face"),
        (with_crc(b"DICE,D7,3,SETTLED,NUMBER"), "fields"),
        (with_crc(b"DICE,D7,3,SETTLED,NUMBER,5,5"), "fields"),
        (with_crc(b"DICE,D7,3,ROLLING,NUMBER,5"), "fields"),
        (with_crc(b"DICE,D7,3"), "fields"),
        (with_crc(b"DICE,D7,3,SETTLED,DOUBLE,5"), "die"),
        (with_crc(b"DICE,D7,3,LANDED,NUMBER,5"), "type"),
        (with_crc(b"DICE,D7,3,settled,number,5"), "type"),
        (with_crc(b"DICE,D7,03,SETTLED,NUMBER,5"), "sequence"),
        (with_crc(b"DICE,D7,65536,SETTLED,NUMBER,5"), "sequence"),
        (with_crc(b"DICE,D7,-1,SETTLED,NUMBER,5"), "sequence"),
        (with_crc(b"DICE,D7,3,HELLO,1,1.4.2"), "sequence"),
        (with_crc(b"DICE,D7,0,HELLO,2,2.0"), "protocol"),
        (with_crc(b"DICE,D7,0,HELLO,01,2.0"), "protocol"),
        (with_crc(b"DICE,D7,4,BEAT,1,"), "firmware"),
        (with_crc(b"DICE,D7,4,BEAT,1,a/b"), "firmware"),
        (with_crc(b"DICE,,3,SETTLED,NUMBER,5"), "device"),
        (with_crc(b"DICE,ABCDEFGHIJKLM,3,SETTLED,NUMBER,5"), "device"),
        (with_crc(b"DIE,D7,3,SETTLED,NUMBER,5"), "prefix"),
        (with_crc(b"DICE,D 7,3,SETTLED,NUMBER,5"), "bad-byte"),
        (with_crc(b"DICE,D7,3,SETTLED,NUMBER,\xb5"), "bad-byte"),
        (b"$DICE,D7,3,SETTLED,NUMBER,5*47\r\r\n", "bad-byte"),
        (b"$DICE,D7,3,SETTLED,NUMBER,5*47 \n", "bad-byte"),
        (b"$DICE,D7,3,SETTLED,NUMBER,5*47", "no-end"),
        (b"$DICE,D7,3,SETTLED,NUMBER,5*47\r", "no-end"),
        (b"$DICE,D7,3,SETTLED,NUMB\n", "no-checksum"),
        (b"$DICE,D7,3,SETTLED,NUMBER,5*4\n", "no-checksum"),
        (b"$DICE,D7,3,SETTLED,NUMBER,5*47F\n", "no-checksum"),
        (b"$DICE,D7,3,SETTLED,NUMBER,5*47*47\n", "no-checksum"),
        (b"$DICE,D7,3,SETTLED,NUMBER,5*47\n".lower(), "checksum"),
        (b"DICE,D7,3,SETTLED,NUMBER,5*47\n", "no-start"),
        (b"\n", "no-start"),
        (b"", "no-end"),
        (b"$" + b"A" * 90 + b"\n", "too-long"),
    ],
)
def test_rejections(raw, code):
    result = parse(raw)
    assert isinstance(result, Rejected), result
    assert result.code == code, result.reason
    assert result.reason


def doc_block(title: str) -> list[str]:
    """The first fenced block after the paragraph containing ``title`` in the protocol doc."""
    text = DOC.read_text(encoding="utf-8")
    after = text[text.index(title) :]
    block = re.search(r"```\n(.*?)```", after, re.DOTALL)
    assert block is not None
    return [row.split()[0] for row in block.group(1).splitlines() if row.strip()]


def test_the_documented_session_is_valid():
    rows = doc_block("Every line here is valid")
    assert len(rows) == 9
    for row in rows:
        assert not isinstance(parse(row.encode() + b"\n"), Rejected), row


def test_the_documented_bad_lines_are_dropped_for_the_documented_reason():
    text = DOC.read_text(encoding="utf-8")
    after = text[text.index("Lines the reader drops") :]
    block = re.search(r"```\n(.*?)```", after, re.DOTALL)
    assert block is not None
    for row in block.group(1).splitlines():
        raw, reason = row.split(maxsplit=1)
        result = parse(raw.encode() + b"\n")
        assert isinstance(result, Rejected), row
        assert result.code == reason.split(":")[0], (row, result)


# -- fuzzing


@settings(max_examples=500)
@given(st.binary(max_size=120))
def test_random_bytes_never_crash_and_are_never_accepted_unless_canonical(raw):
    result = parse(raw)
    if not isinstance(result, Rejected):  # only an exact protocol line may pass
        assert encode(result) in (raw, raw.replace(b"\r\n", b"\n"))


@settings(max_examples=500)
@given(lines, st.data())
def test_one_changed_byte_is_always_rejected(line, data):
    raw = bytearray(encode(line))
    index = data.draw(st.integers(0, len(raw) - 1))
    value = data.draw(st.integers(0, 255).filter(lambda v: v != raw[index]))
    raw[index] = value
    assert isinstance(parse(bytes(raw)), Rejected)


@settings(max_examples=500)
@given(lines, st.data())
def test_two_swapped_neighbours_are_always_rejected(line, data):
    raw = bytearray(encode(line))
    index = data.draw(st.integers(0, len(raw) - 2))
    assume(raw[index] != raw[index + 1])
    raw[index], raw[index + 1] = raw[index + 1], raw[index]
    assert isinstance(parse(bytes(raw)), Rejected)


mutations = st.lists(
    st.tuples(st.sampled_from(["replace", "insert", "delete", "swap"]), st.integers(0, 200), st.integers(0, 255)),
    min_size=1,
    max_size=6,
)


def mutate(raw: bytes, steps) -> bytes:
    data = bytearray(raw)
    for kind, where, value in steps:
        if not data:
            break
        i = where % len(data)
        if kind == "replace":
            data[i] = value
        elif kind == "insert":
            data.insert(i, value)
        elif kind == "delete":
            del data[i]
        else:
            j = value % len(data)
            data[i], data[j] = data[j], data[i]
    return bytes(data)


@settings(max_examples=1000)
@given(lines, mutations)
def test_mutated_lines_are_never_a_false_roll(line, steps):
    original = encode(line)
    raw = mutate(original, steps)
    assume(raw != original)
    result = parse(raw)
    star = raw.rfind(b"*")
    checksum_matches = (
        raw.startswith(b"$") and star > 0 and raw[star + 1 : star + 3] == f"{crc8(raw[1:star]):02X}".encode()
    )
    if not checksum_matches:
        assert isinstance(result, Rejected)
    if not isinstance(result, Rejected):
        # Only a checksum collision could get here, and then only as another exact, canonical line.
        assert encode(result) in (raw, raw.replace(b"\r\n", b"\n"))


@given(lines, st.data())
def test_truncated_lines_are_rejected(line, data):
    raw = encode(line)
    cut = data.draw(st.integers(0, len(raw) - 1))
    assert isinstance(parse(raw[:cut]), Rejected)
    if cut < len(raw) - 1:
        assert isinstance(parse(raw[:cut] + b"\n"), Rejected)


# -- framing


def frame_all(chunks: list[bytes]) -> tuple[list[bytes], list[str]]:
    framer = LineFramer()
    candidates, dropped = [], []
    for chunk in chunks:
        for item in framer.feed(chunk):
            if isinstance(item, Rejected):
                dropped.append(item.code)
            else:
                candidates.append(item)
    return candidates, dropped


def test_framer_splits_lines_across_chunks():
    stream = encode(Rolling("D7", 1, "number")) + encode(Settled("D7", 2, "number", 4))
    candidates, dropped = frame_all([stream[i : i + 3] for i in range(0, len(stream), 3)])
    assert [parse(c) for c in candidates] == [Rolling("D7", 1, "number"), Settled("D7", 2, "number", 4)]
    assert dropped == []


def test_framer_resyncs_at_the_last_dollar():
    good = encode(Hello("D7", 0, 1, "1.0"))
    candidates, dropped = frame_all([b"$DICE,D7,5,SETT" + good])
    assert candidates == [good]
    assert dropped == ["noise"]


def test_framer_drops_overlong_lines_early_and_keeps_the_next_line():
    good = encode(Settled("D7", 2, "number", 4))
    candidates, dropped = frame_all([b"x" * 200, b"more junk\n", good])
    assert candidates == [good]
    assert dropped == ["too-long"]


def test_framer_keeps_a_line_that_follows_long_noise_in_the_same_chunk():
    good = encode(Settled("D7", 2, "number", 4))
    candidates, dropped = frame_all([b"x" * 100 + good[:10], good[10:]])
    assert candidates == [good]
    assert dropped == ["noise"]


def test_framer_reports_an_unfinished_line_on_reset():
    framer = LineFramer()
    assert framer.feed(b"$DICE,D7,2,SETTLED") == []
    assert framer.reset() == Rejected("partial", "an unfinished line when the port closed")
    assert framer.reset() is None


garbage = st.binary(max_size=100).map(lambda b: b.replace(b"\n", b""))


@settings(max_examples=300)
@given(st.lists(st.tuples(garbage, st.booleans(), lines), max_size=8), st.lists(st.integers(1, 40), min_size=1))
def test_valid_lines_survive_noise_and_any_chunking(items, sizes):
    stream = b""
    for noise, end_noise_with_newline, line in items:
        stream += noise + (b"\n" if end_noise_with_newline else b"") + encode(line)
    chunks, i, k = [], 0, 0
    while i < len(stream):
        chunks.append(stream[i : i + sizes[k % len(sizes)]])
        i += sizes[k % len(sizes)]
        k += 1
    candidates, _ = frame_all(chunks)
    parsed = [parse(c) for c in candidates]
    assert [p for p in parsed if not isinstance(p, Rejected)] == [line for _, _, line in items]
