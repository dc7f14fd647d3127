"""The app started on a damaged journal (a 4 KB page of it zeroed): it does not stop; the start
screen says in the table's language that the journal is damaged, names the command that lists the
damage, and offers to set the file aside; two taps do, the old file is kept byte for byte under a
new name, and a new game begins on a new journal."""

from __future__ import annotations

from pathlib import Path

from tests.companion.app.touch import say, start
from tests.companion.games.gluecksritter.screens.driving import PICKS, new_game
from tests.support.window import in_window


@in_window
def test_a_damaged_journal_is_said_and_can_be_set_aside(tmp_path: Path) -> None:
    from companion.journal.store import Journal
    from tests.companion.journal.fixtures.games import play

    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as journal:
        play(journal, "gluecksritter/45-undo-redo-osullivan.scn")
        play(journal, "raubritter/20-complete-game-two-players.scn")
    data = path.read_bytes()
    damaged = data[: 4 * 4096] + bytes(4096) + data[5 * 4096 :]
    path.write_bytes(damaged)

    app, driver = start(tmp_path, "de")
    driver.until(lambda: app.journal_problem is not None, what="the journal's problem")
    driver.shot(tmp_path / "start-damaged.png")
    shown = "\n".join(driver.texts())
    assert "Das Protokoll ist beschädigt" in shown and str(path) in shown, shown
    assert "'companion journal verify'" in shown
    assert "Protokoll beiseitelegen und neu beginnen" in shown
    assert app.root.manager.get_screen("start").ids.new.disabled, "no new game on a journal that cannot be opened"

    driver.tap(say(app, "Set the journal aside and start a new one"))
    assert "Noch einmal tippen: Protokoll beiseitelegen" in driver.texts()
    driver.tap(say(app, "Tap again: set the journal aside"))
    assert app.journal is not None
    after = driver.texts()
    assert not any("beschädigt" in text for text in after), after
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("journal.sqlite3.set-aside-")]
    kept = [p for p in kept if not p.name.endswith(("-wal", "-shm"))]  # SQLite's files beside it go along
    assert [p.read_bytes() for p in kept] == [damaged], "the damaged file is kept whole, and only it"
    assert kept[0].name in app.root.word, app.root.word

    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    assert app.table.public_view()["game_id"] == 1  # the new journal's first game
    driver.stop()
