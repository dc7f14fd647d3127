"""A journal that cannot be read or written here is not a damaged one (issue 30, part 3): on a
real full disk (a 64 KB tmpfs holding the journal and a filler file), a sound journal is read as
it lies in its file (verify: ok, with a note), every command that writes says the disk is full,
exit 2, never "damaged", and nothing changes; no journal is begun on a full disk; a journal that
cannot be read at all gives verify its own exit code, 3. Without root, a file size limit
(RLIMIT_FSIZE, EFBIG) is another cause of a journal that cannot be written."""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.journal.cli import UNREADABLE
from companion.journal.errors import JournalAccessError, JournalDamaged
from companion.journal.store import Journal
from tests.companion.journal.fixtures.games import ROOT, SCENARIOS, cli, play, private_home
from tests.support.disks import Disks, fill, small_disks
from tests.support.waiting import PROCESS

home = pytest.fixture(autouse=True)(private_home)
disks = pytest.fixture(small_disks)

GAME = "gluecksritter/01-split-field5-one-taker.scn"
ANOTHER = SCENARIOS / "raubritter" / "16-undo-redo-tile-and-march.scn"


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture
def sound(tmp_path: Path) -> Path:
    """A sound journal of one game, about 45 KB, whose WAL is checkpointed into it."""
    path = tmp_path / "sound" / "journal.sqlite3"
    with Journal.open(path) as journal:
        play(journal, GAME)
    assert 40_000 < path.stat().st_size < 56_000
    assert cli("journal", "verify", path)[0] == 0
    return path


def on_full_disk(disks: Disks, sound: Path) -> Path:
    data = disks.mount("64k")
    shutil.copy(sound, data / "journal.sqlite3")
    fill(data)
    return data / "journal.sqlite3"


def test_a_sound_journal_on_a_full_disk_is_read_and_never_called_damaged(disks: Disks, sound: Path) -> None:
    path = on_full_disk(disks, sound)
    before = path.read_bytes()

    code, out, err = cli("journal", "verify", path)
    assert (code, out.splitlines()[-1]) == (0, "ok"), (out, err)
    assert err == "companion: note: the disk is full: the journal is read as it lies in its file\n"
    assert cli("journal", "show", path)[0] == 0

    for args in (
        ("scenario", "run", "--journal", path, ANOTHER),
        ("saves", "save", "kept", "--journal", path),
    ):
        code, out, err = cli(*args)
        assert code == 2, (args, out, err)
        assert err == f"companion: cannot write the journal {path}: the disk is full\n", err
    with pytest.raises(JournalAccessError) as refused:
        Journal.open(path).close()
    assert refused.value.cause == "full" and not isinstance(refused.value, JournalDamaged)

    assert path.read_bytes() == before
    assert not [p for p in path.parent.iterdir() if "set-aside" in p.name or p.name.endswith(".bak")]
    copy = sound.parent / "copy.sqlite3"
    shutil.copy(path, copy)
    assert cli("journal", "verify", copy)[0] == 0  # a copy on another disk verifies ok


def test_a_journal_read_as_it_lies_refuses_every_write_for_its_reason(disks: Disks, sound: Path) -> None:
    path = on_full_disk(disks, sound)
    with Journal.open(path, readonly=True) as journal:
        assert journal.unwritable is not None and journal.unwritable.cause == "full"
        with pytest.raises(Exception) as refused:
            journal.set_fact("probe", "1")
    assert type(refused.value).__name__ == "JournalWriteError" and refused.value.cause == "full"
    assert str(refused.value) == "the journal cannot be written: the disk is full"


def test_no_journal_is_begun_on_a_full_disk(disks: Disks) -> None:
    data = disks.mount("64k")
    fill(data)
    before = files(data)
    path = data / "games" / "journal.sqlite3"
    code, out, err = cli("scenario", "run", "--journal", path, ANOTHER)
    assert (code, err) == (2, f"companion: cannot begin a journal at {path}: the disk is full\n"), out
    with pytest.raises(JournalAccessError) as refused:
        Journal.open(data / "journal.sqlite3")
    assert refused.value.cause == "full"
    assert files(data) == before and sorted(p.name for p in data.iterdir()) == ["filler"]


def test_a_journal_whose_changes_wait_in_its_wal_cannot_be_read_on_a_full_disk(disks: Disks, sound: Path) -> None:
    """SQLite needs its -shm file to read the -wal, and a full disk has no room for it: verify
    cannot read the journal (exit 3), which says nothing of damage."""
    data = disks.mount("128k")
    source = sound.parent
    with Journal.open(source / "journal.sqlite3") as journal:
        journal.db.execute("PRAGMA wal_autocheckpoint = 0")
        journal.set_fact("probe", "kept in the -wal")
        for name in ("journal.sqlite3", "journal.sqlite3-wal"):
            shutil.copy(source / name, data / name)
    assert (data / "journal.sqlite3-wal").stat().st_size > 0
    fill(data)
    path = data / "journal.sqlite3"
    code, out, err = cli("journal", "verify", path)
    assert (code, out) == (UNREADABLE, ""), err
    assert err == (
        f"companion: cannot read the journal {path}: the disk is full "
        "(no finding of damage: the journal cannot be read here)\n"
    )
    code, _, err = cli("scenario", "run", "--journal", path, ANOTHER)
    assert code == 2 and "the disk is full" in err and "damaged" not in err, err


LIMITED = """
import resource, sys
from companion.cli import main
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
sys.exit(main(sys.argv[2:]))
"""


def limited(limit: int, *args: object) -> tuple[int, str, str]:
    """``companion ARGS`` in a process whose files may not grow beyond ``limit`` bytes (a write
    beyond it fails with EFBIG; Python ignores SIGXFSZ)."""
    done = subprocess.run(
        [sys.executable, "-c", LIMITED, str(limit), *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=PROCESS,
    )
    return done.returncode, done.stdout, done.stderr


def test_a_file_size_limit_is_no_damage(sound: Path) -> None:
    assert resource.getrlimit(resource.RLIMIT_FSIZE)[0] == resource.RLIM_INFINITY, "this test sets the limit"
    path = sound
    before = files(path.parent)
    code, out, err = limited(16_384, "scenario", "run", "--journal", path, ANOTHER)
    assert code == 2, (out, err)
    assert err == f"companion: cannot write the journal {path}: a file size limit stops the journal growing\n"
    code, out, err = limited(16_384, "journal", "verify", path)
    assert (code, out.splitlines()[-1]) == (0, "ok"), (out, err)
    assert "a file size limit stops the journal growing: the journal is read as it lies in its file" in err
    after = files(path.parent)
    assert after.pop("journal.sqlite3") == before["journal.sqlite3"]
    assert not after.pop("journal.sqlite3-wal", b""), "nothing was written"
    assert set(after) <= {"journal.sqlite3-shm"}  # SQLite's index of the -wal, made anew by the next opening
    assert cli("journal", "verify", path)[0] == 0
