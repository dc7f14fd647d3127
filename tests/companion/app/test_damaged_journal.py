"""The app started on a damaged journal (a 4 KB page of it zeroed): it does not stop; the start
screen says in the table's language that the journal is damaged, names the command that lists the
damage, and offers to set the file aside; two taps do, the old file is kept byte for byte under a
new name, and a new game begins on a new journal."""

from __future__ import annotations

from pathlib import Path

from companion.journal.store import Journal
from tests.companion.app.ui import run_session
from tests.companion.journal.fixtures.games import play


def test_a_damaged_journal_is_said_and_can_be_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as journal:
        play(journal, "gluecksritter/45-undo-redo-osullivan.scn")
        play(journal, "raubritter/20-complete-game-two-players.scn")
    data = path.read_bytes()
    damaged = data[: 4 * 4096] + bytes(4096) + data[5 * 4096 :]
    path.write_bytes(damaged)

    seen = run_session("damaged-journal", tmp_path)

    shown = "\n".join(seen["texts"])
    assert "Das Protokoll ist beschädigt" in shown and str(path) in shown
    assert "'companion journal verify'" in shown
    assert "Protokoll beiseitelegen und neu beginnen" in shown
    assert seen["new_disabled"], "no new game on a journal that cannot be opened"
    assert "Noch einmal tippen: Protokoll beiseitelegen" in seen["confirming"]
    assert seen["journal_open"] and not any("beschädigt" in text for text in seen["after"])
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("journal.sqlite3.set-aside-")]
    kept = [p for p in kept if not p.name.endswith(("-wal", "-shm"))]  # SQLite's files beside it go along
    assert [p.read_bytes() for p in kept] == [damaged], "the damaged file is kept whole, and only it"
    assert kept[0].name in seen["after_word"]
    assert seen["running"] == 1  # the new journal's first game
