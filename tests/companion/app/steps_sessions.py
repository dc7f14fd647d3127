"""The step the start screen names, in a real window: a game with undos and redos, and the same game
loaded from its save (run by ``python -m tests.companion.app.sessions NAME DATA_DIR``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.companion.app.sessions import say, start
from tests.companion.app.shell_sessions import play_into

SCENARIO = "gluecksritter/45-undo-redo-osullivan.scn"  # ten undos and redos, no pick waiting at its end


def _in_play(data: Path, game_id: int) -> dict[str, int]:
    """The journal's own count: the command entries on the line of play, and the last entry's number."""
    from companion.journal.session import Session
    from companion.journal.store import Journal

    with Journal.open(data / "journal.sqlite3") as journal:
        session = Session.open(journal, game_id)
        return {"commands": len(session.chain(session.head)), "head": session.head}


def _resume(app: Any, driver: Any) -> str:
    app.goto("start")  # as the bottom bar's "Menu" does
    driver.until(lambda: app.root.manager.current == "start", what="the start screen")
    driver.frames()
    return app.screen("start").ids.resume.text


def step_after_undo_and_load(data: Path) -> dict[str, Any]:
    """A running game whose journal holds undos and redos, and a save of it: the start screen's
    step before, the words after loading the save through the saves screen, and the step then;
    with the journal's counts of the commands in play of both games."""
    from companion.journal.saves import save
    from companion.journal.store import Journal

    game_id = play_into(data, SCENARIO)
    with Journal.open(data / "journal.sqlite3") as journal:
        save(journal, "vorher")
    seen: dict[str, Any] = {"before": _in_play(data, game_id)}
    app, driver = start(data, "de")
    driver.until(lambda: app.journal is not None and app.table is not None, what="the running game")
    seen["start_before"] = _resume(app, driver)
    driver.tap(say(app, "Saved games"))
    line = next(
        w for w in app.screen("saves").ids.list.box.children if type(w).__name__ == "SaveLine" and not w.running
    )
    driver.tap(line)
    driver.tap(say(app, "Save it and go on"))  # the running game is not over: it is saved first
    driver.until(lambda: app.root.manager.current != "saves", what="the loaded game")
    seen["load_word"] = app.root.word
    seen["start_after"] = _resume(app, driver)
    driver.stop()
    with Journal.open(data / "journal.sqlite3") as journal:
        loaded = journal.running()
    assert loaded is not None and loaded != game_id
    seen["after"] = _in_play(data, loaded)
    return seen


SESSIONS = {"step-after-undo-and-load": step_after_undo_and_load}
