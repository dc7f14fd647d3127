"""Secrets stay secret until the game reveals them: an export of a running Die Glücksritter game
whose record holds a secret (picks before the reveal, documents in hand or face down, an undone
pick) is refused with nothing written; a save leaves out the picks not yet revealed (those players
choose again after loading); a finished game's export shows everything."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from companion.journal import saves
from companion.journal.session import Session
from companion.journal.store import Journal
from companion.scenario.run import run_file
from engines.gluecksritter.commands import ChooseActions
from tests.companion.journal.fixtures.games import SCENARIOS, cli

START = """\
game gluecksritter
players red blue green
place-ducats top=5 bottom=4 field5=2s3g field6=2s2g
"""
TWO_PICKS = START + "choose-actions red cards=5,6\nchoose-actions blue cards=1,4\n"
# Red first picks 1 and 4, takes it back and picks 5 and 6; everybody picks, the picks are revealed;
# nobody took field 1, so nobody holds a document.
UNDONE_THEN_REVEALED = (
    START
    + "choose-actions red cards=1,4\nundo\nchoose-actions red cards=5,6\nchoose-actions blue cards=2,3\n"
    + "choose-actions green cards=2,3\nreveal-documents\nreveal-actions\n"
)
REVEALED = (
    START
    + "choose-actions red cards=5,6\nchoose-actions blue cards=2,3\nchoose-actions green cards=2,3\n"
    + "reveal-documents\nreveal-actions\n"
)
FINISHED = SCENARIOS / "gluecksritter" / "55-full-game-end-osullivan.scn"


def journal_of(tmp_path: Path, text: str | Path) -> Path:
    scenario = text if isinstance(text, Path) else tmp_path / "game.scn"
    if isinstance(text, str):
        scenario.write_text(text, encoding="utf-8")
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as journal:
        result = run_file(scenario, journal, io.StringIO())
        assert result.ok, result.message
    return path


def picks(data: Any) -> list[Any]:
    """Every pick a document holds: choose-actions commands, actions-chosen events, pick fields."""
    found = []
    if isinstance(data, dict):
        if data.get("type") in ("choose-actions", "actions-chosen") and data.get("cards") is not None:
            found.append(data["cards"])
        if data.get("pick") is not None:
            found.append(data["pick"])
        for value in data.values():
            found += picks(value)
    elif isinstance(data, list):
        for value in data:
            found += picks(value)
    return found


def test_a_running_game_with_two_picks_locked_in_is_not_exported(tmp_path):
    path = journal_of(tmp_path, TWO_PICKS)
    out_file = tmp_path / "game.json"
    for args in (("export", "1"), ("export", "1", "-o", out_file)):
        code, out, err = cli(*args, "--journal", path)
        assert (code, out) == (1, "")
        assert "still being played" in err and "not revealed yet" in err
        assert "5" not in err and "1,4" not in err
    assert not out_file.exists()


def test_a_save_leaves_out_the_picks_not_yet_revealed_and_those_players_choose_again(tmp_path):
    path = journal_of(tmp_path, TWO_PICKS)
    with Journal.open(path) as journal:
        saved = saves.save(journal, "picking")
        _, document = journal.save_document(saved.id)
        assert picks(document) == [] and "choose-actions" not in json.dumps(document)
        assert len(document["entries"]) == 1  # the Ducats placed; the round's picking starts again
        loaded = saves.load(journal, saved.id)
        state = loaded.session.state
        assert state.phase == "B" and all(p.pick is None for p in state.players)
        loaded.session.apply(ChooseActions(player="red", cards=(2, 3)))
        assert loaded.session.state.player("red").pick == (2, 3)


def test_a_save_without_a_pending_pick_keeps_the_whole_line_of_play(tmp_path):
    path = journal_of(tmp_path, REVEALED)
    with Journal.open(path) as journal:
        session = Session.resume(journal)
        saved = saves.save(journal)
        _, document = journal.save_document(saved.id)
        assert len(document["entries"]) == len(session.chain(session.head))


def test_an_undone_pick_keeps_a_running_game_from_being_exported(tmp_path):
    path = journal_of(tmp_path, UNDONE_THEN_REVEALED)
    code, out, err = cli("export", "1", "--journal", path)
    assert (code, out) == (1, "")
    assert "undone command" in err


def test_a_running_game_whose_picks_are_revealed_and_nothing_else_secret_is_exported(tmp_path):
    path = journal_of(tmp_path, REVEALED)
    code, out, _ = cli("export", "1", "--journal", path)
    assert code == 0
    doc = json.loads(out)
    assert doc["finished"] is None
    assert [5, 6] in picks(doc)  # revealed: the table saw them


def test_documents_in_hand_keep_a_running_game_from_being_exported(tmp_path):
    text = (
        START
        + "choose-actions red cards=5,6\nchoose-actions blue cards=2,3\nchoose-actions green cards=1,2\n"
        + "reveal-documents\nreveal-actions\ntake-document green document=yellow-seal\n"
    )
    path = journal_of(tmp_path, text)
    code, out, err = cli("export", "1", "--journal", path)
    assert (code, out) == (1, "") and "documents in hand" in err


def test_a_finished_game_is_exported_with_everything(tmp_path):
    path = journal_of(tmp_path, FINISHED)
    code, out, _ = cli("export", "1", "--journal", path)
    assert code == 0
    doc = json.loads(out)
    assert doc["finished"] is not None
    events = [e for entry in doc["entries"] if entry["kind"] == "command" for e in entry["events"]]
    chosen = [e for e in events if e["type"] == "actions-chosen"]
    assert chosen and all(e["cards"] for e in chosen)
    assert any(e["type"] == "document-drawn" and e["document"] for e in events)


@pytest.mark.parametrize("text", [TWO_PICKS])
def test_the_journal_itself_keeps_the_picks(tmp_path, text):
    """The journal is the referee's private record: it keeps everything, so the game resumes."""
    path = journal_of(tmp_path, text)
    with Journal.open(path) as journal:
        assert Session.resume(journal).state.player("red").pick == (5, 6)
