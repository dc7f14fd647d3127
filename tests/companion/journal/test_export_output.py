"""``companion export -o PATH`` writes where PATH points without breaking what is there: a regular
file (or a new one) is replaced whole, atomically; a symbolic link is followed and kept; a pipe,
FIFO or character device is written into and stays what it was; a directory is refused (exit 2)."""

from __future__ import annotations

import io
import json
import os
import stat
import threading
from pathlib import Path

import pytest

from companion.journal.store import Journal
from companion.scenario.run import run_file
from tests.companion.journal.fixtures.games import SCENARIOS, cli

GAME = SCENARIOS / "raubritter" / "20-complete-game-two-players.scn"


@pytest.fixture
def journal(tmp_path: Path) -> Path:
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as j:
        assert run_file(GAME, j, io.StringIO()).ok
    return path


def export(journal: Path, output: str | Path) -> tuple[int, str, str]:
    return cli("export", "1", "--journal", str(journal), "-o", str(output))


def is_export(text: str) -> bool:
    doc = json.loads(text)
    return doc["format"] == "companion.export" and doc["game"] == "raubritter"


def test_a_regular_file_is_replaced_whole_and_no_temporary_file_is_left(journal, tmp_path):
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    target = out_dir / "game.json"
    target.write_text("old", encoding="utf-8")
    before = target.stat().st_ino
    code, out, err = export(journal, target)
    assert (code, err) == (0, "")
    assert out == f"game 1 written to {target} (json)\n"
    assert is_export(target.read_text(encoding="utf-8"))
    assert target.stat().st_ino != before  # a new file renamed over the old one, not rewritten in place
    assert [p.name for p in out_dir.iterdir()] == ["game.json"]


def test_a_new_file_is_created(journal, tmp_path):
    target = tmp_path / "new.json"
    assert export(journal, target)[0] == 0
    assert is_export(target.read_text(encoding="utf-8"))


def test_a_symbolic_link_is_followed_its_target_replaced_and_the_link_kept(journal, tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    code, out, _ = export(journal, link)
    assert code == 0 and out == f"game 1 written to {link} (json)\n"
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert is_export(real.read_text(encoding="utf-8"))
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".json") or ".part" in p.name) == [
        "link.json",
        "real.json",
    ]


def test_a_dangling_symbolic_link_gets_its_target_created(journal, tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "later.json")
    assert export(journal, link)[0] == 0
    assert link.is_symlink() and is_export((tmp_path / "later.json").read_text(encoding="utf-8"))


def test_a_directory_is_refused_and_left_as_it_was(journal, tmp_path):
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "keep.txt").write_text("x", encoding="utf-8")
    code, out, err = export(journal, folder)
    assert (code, out) == (2, "")
    assert err == f"companion: {folder} is a directory; name a file\n"
    assert [p.name for p in folder.iterdir()] == ["keep.txt"]
    link = tmp_path / "to-folder"
    link.symlink_to(folder)
    assert export(journal, link)[0] == 2 and link.is_symlink()


def test_a_fifo_is_written_into_and_stays_a_fifo(journal, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def reader() -> None:
        with open(fifo, "rb") as f:
            received.append(f.read())

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        code, out, err = export(journal, fifo)
    finally:
        thread.join(timeout=10)
    assert not thread.is_alive()
    assert code == 0
    assert is_export(received[0].decode("utf-8"))
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert out == "" and err == f"game 1 written to {fifo} (json)\n"  # never inside the document's stream
    assert not [p.name for p in tmp_path.iterdir() if ".part" in p.name]


def test_dev_null_is_written_into_and_stays_a_device(journal):
    code, out, err = export(journal, "/dev/null")
    assert (code, out) == (0, "") and err == "game 1 written to /dev/null (json)\n"
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_full_device_reports_the_failure_and_stays_a_device(journal):
    code, out, err = export(journal, "/dev/full")
    assert (code, out) == (2, "")
    assert err.startswith("companion: cannot write /dev/full: No space left on device")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_dev_stdout_into_a_pipe_carries_only_the_document(journal, tmp_path):
    read_end, write_end = os.pipe()
    saved = os.dup(1)
    chunks: list[bytes] = []

    def reader() -> None:
        with os.fdopen(read_end, "rb") as f:
            chunks.append(f.read())

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        os.dup2(write_end, 1)
        os.close(write_end)
        code, _, err = export(journal, "/dev/stdout")
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        thread.join(timeout=10)
    assert code == 0 and err == "game 1 written to /dev/stdout (json)\n"
    assert is_export(chunks[0].decode("utf-8"))
