"""Setting a journal aside: every file of it gets the new name, nothing is deleted, an earlier
set-aside of the same second is not overwritten, and the next open starts a new journal."""

from __future__ import annotations

import datetime
from pathlib import Path

from companion.journal.opening import open_running, set_aside
from companion.journal.store import Journal
from tests.companion.journal.fixtures.games import play

MOMENT = datetime.datetime(2026, 11, 27, 20, 15, 3)


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_the_journal_and_its_wal_move_together_and_a_new_one_opens(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    journal = Journal.open(path)
    play(journal, "gluecksritter/01-split-field5-one-taker.scn")  # still open: its -wal holds pages
    before = files(tmp_path)
    assert {"journal.sqlite3", "journal.sqlite3-wal", "journal.sqlite3-shm"} <= set(before)
    kept = set_aside(path, moment=MOMENT)
    journal.close()
    assert kept.name == "journal.sqlite3.set-aside-20261127-201503"
    assert not path.exists() and not path.with_name("journal.sqlite3-wal").exists()
    assert kept.read_bytes() == before["journal.sqlite3"]
    with Journal.open(kept, create=False) as old:  # the old journal, whole, with what its -wal held
        assert len(old.games()) == 1 and old.running() == 1
    opened = open_running(path)
    with opened.journal:
        assert opened.session is None and opened.journal.games() == []


def test_a_second_set_aside_in_the_same_second_gets_its_own_name(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    names = []
    for text in (b"first", b"second"):
        path.write_bytes(text)
        names.append(set_aside(path, moment=MOMENT).name)
    assert names == ["journal.sqlite3.set-aside-20261127-201503", "journal.sqlite3.set-aside-20261127-201503-2"]
    assert [(tmp_path / name).read_bytes() for name in names] == [b"first", b"second"]


def test_a_running_game_that_is_not_there_is_damage_the_app_can_set_aside(tmp_path: Path) -> None:
    import sqlite3

    import pytest

    from companion.journal.errors import JournalDamaged

    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as journal:
        play(journal, "gluecksritter/01-split-field5-one-taker.scn")
    raw = sqlite3.connect(path)
    with raw:
        raw.execute("UPDATE session SET value = '7' WHERE key = 'running'")
    raw.close()
    before = path.read_bytes()
    with pytest.raises(JournalDamaged, match="the journal has no game 7"):
        open_running(path)
    assert path.read_bytes() == before
