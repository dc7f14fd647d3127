"""The step the start screen names counts the commands in play, as a save keeps them: undos and
redos do not make it jump, and a loaded save continues at the same step, which the words after
loading name too. In a real window: a game with undos and redos, and the same game loaded from its
save through the saves screen."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.companion.app.touch import play_into, say, start
from tests.support.window import in_window

SCENARIO = "gluecksritter/45-undo-redo-osullivan.scn"  # ten undos and redos, no pick waiting at its end


def _in_play(data: Path, game_id: int) -> dict[str, int]:
    """The journal's own count: the command entries on the line of play, and the last entry's number."""
    from companion.journal.session import Session
    from companion.journal.store import Journal

    with Journal.open(data / "journal.sqlite3") as journal:
        session = Session.open(journal, game_id)
        return {"commands": len(session.chain(session.head)), "head": session.head}


def _resume(app: Any, driver: Any) -> int:
    """The step the start screen names (the bottom bar's "Menu" goes there)."""
    app.goto("start")
    driver.until(lambda: app.root.manager.current == "start", what="the start screen")
    driver.frames()
    resume = app.screen("start").ids.resume.text
    match = re.fullmatch(r"Weiter: .+, Schritt (\d+)", resume)
    assert match, resume
    return int(match.group(1))


@in_window
def test_the_start_screen_and_the_load_count_the_commands_in_play(tmp_path):
    from companion.journal.saves import save
    from companion.journal.store import Journal

    game_id = play_into(tmp_path, SCENARIO)
    with Journal.open(tmp_path / "journal.sqlite3") as journal:
        save(journal, "vorher")
    before = _in_play(tmp_path, game_id)
    assert before["head"] > before["commands"], "the scenario's undos and redos are entries of the journal"

    app, driver = start(tmp_path, "de")
    driver.until(lambda: app.journal is not None and app.table is not None, what="the running game")
    assert _resume(app, driver) == before["commands"]

    driver.tap(say(app, "Saved games"))
    line = next(
        w for w in app.screen("saves").ids.list.box.children if type(w).__name__ == "SaveLine" and not w.running
    )
    driver.tap(line)
    driver.tap(say(app, "Save it and go on"))  # the running game is not over: it is saved first
    driver.until(lambda: app.root.manager.current != "saves", what="the loaded game")
    word = app.root.word
    assert word.startswith("Das Spiel davor ist gespeichert als "), word
    loaded_step = re.search(r"vorher geladen: Schritt (\d+)\.$", word)  # the save's name, its step
    assert loaded_step and int(loaded_step.group(1)) == before["commands"], word
    step_after = _resume(app, driver)
    driver.stop()

    with Journal.open(tmp_path / "journal.sqlite3") as journal:
        loaded = journal.running()
    assert loaded is not None and loaded != game_id
    after = _in_play(tmp_path, loaded)
    assert after["commands"] == before["commands"], "the save keeps every command in play"
    assert step_after == after["commands"]
