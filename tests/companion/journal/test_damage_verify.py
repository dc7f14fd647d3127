"""``journal verify`` reports damage and never crashes on it (issue 12, point 1): a byte flipped
anywhere in a journal gives exit 0 (the byte was not in use, or it still reads as the same
game), 1 with every problem named (the game and entry where the file still says which, else
SQLite's own words: pages, indexes) or 2 for a file that cannot be opened as a journal at all;
never a traceback, and the damaged file stays byte for byte.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from companion.cli import main
from companion.journal.store import Journal
from companion.scenario.run import run_file

ROOT = Path(__file__).resolve().parents[3]
FINISHED = ROOT / "tests" / "scenarios" / "raubritter" / "20-complete-game-two-players.scn"


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("clean") / "journal.sqlite3"
    with Journal.open(path) as journal:
        assert run_file(FINISHED, journal, io.StringIO()).ok
    assert not path.with_name(path.name + "-wal").exists()  # closed: everything is in the main file
    return path.read_bytes()


def positions(size: int) -> list[int]:
    """Every 97th byte after the header, and a seeded sample of 50 more with other values."""
    every = list(range(100, size, 97))
    return every + random.Random(12).sample(range(100, size), 50)


def verify_copy(tmp_path: Path, data: bytes, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    copy = tmp_path / "copy.sqlite3"
    for leftover in (copy, copy.with_name(copy.name + "-wal"), copy.with_name(copy.name + "-shm")):
        leftover.unlink(missing_ok=True)
    copy.write_bytes(data)
    code = main(["journal", "verify", str(copy)])  # an exception here fails the test: a traceback
    out, err = capsys.readouterr()
    assert copy.read_bytes() == data, "verify changed the damaged file"
    return code, out, err


def test_a_clean_journal_is_ok(clean: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = verify_copy(tmp_path, clean, capsys)
    assert code == 0 and out.endswith("ok\n")


def test_every_flipped_byte_is_reported_without_a_traceback(
    clean: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    codes = {0: 0, 1: 0, 2: 0}
    named = 0
    for n, pos in enumerate(positions(len(clean))):
        damaged = bytearray(clean)
        damaged[pos] ^= 0xFF if n % 2 == 0 else 0x80 | (1 << (n % 7))
        code, out, err = verify_copy(tmp_path, bytes(damaged), capsys)
        assert code in codes, (pos, code, out, err)
        codes[code] += 1
        assert "Traceback" not in out + err
        if code == 1:
            problems = [line for line in out.splitlines() if line.startswith("PROBLEM ")]
            assert problems and out.endswith("problem(s)\n"), (pos, out)
            named += any(", entry " in line for line in problems)
        elif code == 2:
            assert err.startswith("companion: ") and "left untouched" in err, (pos, err)
        else:
            assert out.endswith("ok\n")
    assert codes[1] > 50 and named > 30, codes  # most damage in the entries is found and named


def test_a_damaged_entry_is_named(clean: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A byte of an entry's events that is no longer UTF-8 (SQLite's own error today)."""
    pos = clean.index(b'[{"type"', len(clean) // 2) + 3
    damaged = bytearray(clean)
    damaged[pos] = 0xFF
    code, out, _ = verify_copy(tmp_path, bytes(damaged), capsys)
    assert code == 1
    assert "PROBLEM game 1, entry " in out and "cannot be read" in out


def test_zeroed_pages_are_reported(clean: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for start in range(4096, len(clean) - 4096, 4096 * 3):
        damaged = clean[:start] + bytes(4096) + clean[start + 4096 :]
        code, out, err = verify_copy(tmp_path, damaged, capsys)
        assert code in (1, 2), (start, out, err)
        assert "PROBLEM the file is damaged" in out or "damaged" in err
