"""Scenario files are read in bounded memory: a file beyond ``LARGEST_FILE`` (1 MB) is refused by
its size before it is read, and a file without a size (a device) is never read beyond the limit.
A 50 MB file once took 2 GB of memory."""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest

from companion.cli import main
from companion.scenario import parse
from companion.scenario.parse import ScenarioError, read_scenario, read_text
from companion.scenario.run import check_file, run_file

SMALL = "game gluecksritter\nplayers red blue green\nexpect phase = A\n"


def test_the_limit_is_one_megabyte_and_the_longest_shipped_scenario_is_far_below_it() -> None:
    assert parse.LARGEST_FILE == 2**20
    shipped = Path(__file__).resolve().parents[1] / "scenarios"
    assert max(p.stat().st_size for p in shipped.rglob("*.scn")) < parse.LARGEST_FILE // 50


def test_a_file_beyond_the_limit_is_refused_with_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    at_limit, beyond = tmp_path / "at-limit.scn", tmp_path / "beyond.scn"
    at_limit.write_text(SMALL)
    beyond.write_text(SMALL + "\n")
    monkeypatch.setattr(parse, "LARGEST_FILE", len(SMALL))
    assert check_file(at_limit).ok
    for action in ("check", "run"):
        assert main(["scenario", action, str(beyond)]) == 2
        out = capsys.readouterr().out
        assert out == (
            f"ERROR {beyond}: the file has {len(SMALL) + 1} bytes, more than a scenario may have "
            f"(at most {len(SMALL)} bytes); it was not read\n"
        )
    assert run_file(beyond).status == "error"
    with pytest.raises(ScenarioError, match="more than a scenario may have"):
        read_scenario(beyond)


def test_the_size_is_checked_before_anything_is_read(tmp_path: Path) -> None:
    """A sparse file just past the real limit: refused while far less than its size was allocated,
    so it cannot have been read. (A sparse file of a terabyte is refused as quickly.)"""
    sparse = tmp_path / "sparse.scn"
    with sparse.open("wb") as file:
        file.truncate(parse.LARGEST_FILE + 1)
    huge = tmp_path / "huge.scn"
    with huge.open("wb") as file:
        file.truncate(2**40)
    tracemalloc.start()
    try:
        for path in (sparse, huge):
            with pytest.raises(ScenarioError, match=r"it was not read"):
                read_text(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < parse.LARGEST_FILE // 4
    assert check_file(huge).status == "error"


def test_a_file_without_a_size_is_read_no_further_than_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    monkeypatch.setattr(parse, "LARGEST_FILE", 4096)
    with pytest.raises(ScenarioError, match=r"the file goes on past 4096 bytes, more than a scenario may have"):
        read_text("/dev/zero")


def test_unreadable_and_non_utf8_files_keep_their_messages(tmp_path: Path) -> None:
    bad = tmp_path / "bad.scn"
    bad.write_bytes(b"game gluecksritter\n\xff\n")
    assert check_file(bad).message == "not UTF-8 text (invalid start byte at byte 19)"
    assert check_file(tmp_path / "missing.scn").message == "cannot read the file: No such file or directory"
    assert check_file(tmp_path).message == "cannot read the file: Is a directory"
