"""The app on a journal that cannot be written or read here (issue 30, part 3), on real small
disks (a tmpfs mounted by root; skipped with the reason for a user who may not mount): the start
screen says why in the table's language, never calls a sound journal damaged, never offers to set
it aside and makes nothing; the games of a sound journal on a full disk are shown; each failure is
logged once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.app import settings as app_settings
from companion.journal.store import Journal
from tests.companion.app.ui import run_session
from tests.companion.journal.fixtures.games import play
from tests.support.disks import Disks, fill, small_disks

disks = pytest.fixture(small_disks)

GAME = "gluecksritter/01-split-field5-one-taker.scn"


def german(data: Path) -> None:
    settings, _ = app_settings.load(data)
    settings.language = "de"
    app_settings.save(data, settings)


def sound_journal(folder: Path) -> Path:
    path = folder / "source" / "journal.sqlite3"
    with Journal.open(path) as journal:
        play(journal, GAME)
    return path


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_a_sound_journal_on_a_full_disk_is_shown_and_not_set_aside(disks: Disks, tmp_path: Path) -> None:
    data = disks.mount("64k")
    shutil.copy(sound_journal(tmp_path), data / "journal.sqlite3")
    german(data)
    fill(data)
    path = data / "journal.sqlite3"
    before = path.read_bytes()

    seen = run_session("full-disk", data)

    shown = "\n".join(seen["texts"])
    assert (
        f"Das Protokoll {path} lässt sich nicht schreiben: der Datenträger ist voll. Das ist kein Schaden am "
        "Protokoll: Seine Spiele werden gezeigt, aber nichts lässt sich spielen, speichern oder einstellen, bis es "
        "sich wieder schreiben lässt." in shown
    ), shown
    assert "beschädigt" not in shown and "disk is full" not in shown, shown
    assert seen["journal_open"] and not seen["aside_offered"] and seen["new_disabled"]
    assert seen["screen"] == "start" and seen["game_screen"] != "start"  # the running game can be seen
    assert seen["word"] == (
        "Das Protokoll ließ sich nicht speichern: Der Datenträger ist voll. Von diesem Schritt wurde nichts übernommen."
    )
    assert seen["logged"] == [
        f"journal: cannot write the journal {path}: the disk is full; it is opened for reading only",
        "journal: the journal cannot be written: the disk is full",  # two refused moves: one line
    ]
    assert path.read_bytes() == before
    assert not [p for p in data.iterdir() if "set-aside" in p.name]


def test_an_empty_data_folder_on_a_full_disk_is_said_and_nothing_is_made(disks: Disks) -> None:
    data = disks.mount("64k")
    german(data)
    fill(data)
    before = files(data)

    seen = run_session("full-disk-empty", data)

    shown = "\n".join(seen["texts"])
    path = data / "journal.sqlite3"
    assert (
        f"Unter {path} lässt sich kein Protokoll anlegen: der Datenträger ist voll. Sobald das behoben ist, "
        "starte die App neu." in shown
    ), shown
    assert "beschädigt" not in shown
    assert not seen["journal_open"] and not seen["aside_offered"] and seen["new_disabled"]
    assert seen["logged"] == [f"journal: cannot begin a journal at {path}: the disk is full"]
    assert files(data) == before and sorted(p.name for p in data.iterdir()) == sorted(before)


def test_a_read_only_medium_with_changes_in_the_wal_is_said_in_the_tables_language(
    disks: Disks, tmp_path: Path
) -> None:
    data = disks.mount("1m")
    source = sound_journal(tmp_path)
    with Journal.open(source) as journal:  # open: the -wal keeps what follows
        journal.db.execute("PRAGMA wal_autocheckpoint = 0")
        journal.set_fact("probe", "waits in the -wal")
        for tail in ("", "-wal"):
            shutil.copy(source.with_name(source.name + tail), data / f"journal.sqlite3{tail}")
    german(data)
    disks.read_only(data)
    before = files(data)

    seen = run_session("read-only-wal", data)

    shown = "\n".join(seen["texts"])
    path = data / "journal.sqlite3"
    assert (
        f"Das Protokoll {path} lässt sich hier nicht lesen: Seine letzten Änderungen warten noch in einer Datei "
        "daneben, und um sie zu lesen, muss sich der Ordner schreiben lassen. Das ist kein Schaden am Protokoll: "
        "Starte die App einmal mit einem Ordner, in den sich schreiben lässt." in shown
    ), shown
    assert "changes" not in shown and "Read-only" not in shown and "beschädigt" not in shown
    assert not seen["journal_open"] and not seen["aside_offered"]
    assert len(seen["logged"]) == 1 and "changes still wait in its -wal file" in seen["logged"][0]
    assert files(data) == before
