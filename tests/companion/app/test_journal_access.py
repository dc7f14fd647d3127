"""The app on a journal that cannot be written or read here (issue 30, part 3), on real small
disks (a tmpfs mounted by root; skipped with the reason for a user who may not mount): the start
screen says why in the table's language, never calls a sound journal damaged, never offers to set
it aside and makes nothing; the games of a sound journal on a full disk are shown; each failure is
logged once. The disks are made by the test; the app runs in a window of its own on them, its
Kivy folder elsewhere, as when the app finds its data folder unwritable."""

from __future__ import annotations

import logging
import random
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest

from companion.app import env
from companion.app import settings as app_settings
from companion.journal.store import Journal
from tests.companion.journal.fixtures.games import play
from tests.support.disks import Disks, fill, small_disks
from tests.support.window import run

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


class Said(logging.Handler):
    """What the app logs at ERROR and above."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.lines: list[str] = []
        logging.getLogger("companion").addHandler(self)

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def start(data: Path, read_only: str | None = None) -> tuple[Any, Any]:
    env.prepare(Path(tempfile.mkdtemp(prefix="companion-kivy-")) / "kivy", headless=True)
    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp

    app = CompanionApp(data, hardware=lambda: {}, rng=random.Random(3), read_only=read_only)
    return app, Driver(app).start()


def start_screen(app: Any, driver: Any) -> dict[str, Any]:
    screen = app.root.manager.get_screen("start")
    return {
        "screen": app.root.manager.current,
        "texts": driver.texts(),
        "journal_open": app.journal is not None,
        "aside_offered": not screen.ids.aside.disabled and screen.ids.aside.opacity > 0,
        "new_disabled": screen.ids.new.disabled,
    }


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_a_sound_journal_on_a_full_disk_is_shown_and_not_set_aside(disks: Disks, tmp_path: Path) -> None:
    data = disks.mount("64k")
    shutil.copy(sound_journal(tmp_path), data / "journal.sqlite3")
    german(data)
    fill(data)
    path = data / "journal.sqlite3"
    before = path.read_bytes()

    run(full_disk_is_said, data=data)
    assert path.read_bytes() == before
    assert not [p for p in data.iterdir() if "set-aside" in p.name]


def full_disk_is_said(data: Path) -> None:
    """The start screen says the disk is full, the running game is shown, and a move the rules
    allow is refused by the journal, twice: logged once."""
    from engines.gluecksritter import commands as c
    from engines.gluecksritter.coins import Coins

    path = data / "journal.sqlite3"
    said = Said()
    app, driver = start(data)
    driver.until(lambda: app.journal_problem is not None, what="the journal's problem")
    seen = start_screen(app, driver)
    shown = "\n".join(seen["texts"])
    assert (
        f"Das Protokoll {path} lässt sich nicht schreiben: der Datenträger ist voll. Das ist kein Schaden am "
        "Protokoll: Seine Spiele werden gezeigt, aber nichts lässt sich spielen, speichern oder einstellen, bis es "
        "sich wieder schreiben lässt." in shown
    ), shown
    assert "beschädigt" not in shown and "disk is full" not in shown, shown
    assert seen["journal_open"] and not seen["aside_offered"] and seen["new_disabled"]
    assert seen["screen"] == "start"
    driver.tap(next(t for t in driver.texts() if t.startswith("Weiter:")))
    assert app.root.manager.current != "start"  # the running game can be seen
    view = app.table.public_view()["view"]
    coins = {} if view["digital_sack"] else {"field5": Coins(0, 1), "field6": Coins(0, 1)}
    for _ in range(2):  # the table tries again: the same failure
        app.table.submit(c.PlaceDucats(1, 1, **coins))
        driver.frames()
    assert app.root.word == (
        "Das Protokoll ließ sich nicht speichern: Der Datenträger ist voll. Von diesem Schritt wurde nichts übernommen."
    )
    assert said.lines == [
        f"journal: cannot write the journal {path}: the disk is full; it is opened for reading only",
        "journal: the journal cannot be written: the disk is full",  # two refused moves: one line
    ]
    driver.stop()


def test_an_empty_data_folder_on_a_full_disk_is_said_and_nothing_is_made(disks: Disks) -> None:
    data = disks.mount("64k")
    german(data)
    fill(data)
    before = files(data)

    run(empty_folder_is_said, data=data)
    assert files(data) == before and sorted(p.name for p in data.iterdir()) == sorted(before)


def empty_folder_is_said(data: Path) -> None:
    seen = opened_or_not(data)
    shown = "\n".join(seen["texts"])
    path = data / "journal.sqlite3"
    assert (
        f"Unter {path} lässt sich kein Protokoll anlegen: der Datenträger ist voll. Sobald das behoben ist, "
        "starte die App neu." in shown
    ), shown
    assert "beschädigt" not in shown
    assert not seen["journal_open"] and not seen["aside_offered"] and seen["new_disabled"]
    assert seen["logged"] == [f"journal: cannot begin a journal at {path}: the disk is full"]


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

    run(read_only_wal_is_said, data=data)
    assert files(data) == before


def read_only_wal_is_said(data: Path) -> None:
    seen = opened_or_not(data, "Read-only file system")
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


def opened_or_not(data: Path, read_only: str | None = None) -> dict[str, Any]:
    """The app started where the journal can neither be written nor opened: what the start screen
    says and offers, and what was logged."""
    said = Said()
    app, driver = start(data, read_only)
    driver.until(lambda: app.journal_problem is not None, what="the journal's problem")
    seen = start_screen(app, driver)
    seen["logged"] = said.lines
    driver.stop()
    return seen
