"""No notes (Schatzjagd, rule 13.4): nothing the players can read of a running game says who slotted
a face-down card or which types of card lie in the discard pile — not the public view (``journal
show --json``), not a prince's own view, not the game log (``journal show --log``, with the words of
every undo and redo), and not an export, which waits until the game is over. A finished game may
show everything."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.journal.session import Session
from companion.journal.store import Journal
from companion.scenario.run import run_file
from engines.schatzjagd.rules import CARD_TYPES

ROOT = Path(__file__).resolve().parents[3]
FINISHED = ROOT / "tests" / "scenarios" / "schatzjagd" / "48-no-notes.scn"

# Red slots a card into D4 and blue one into G7 (both stay face down; neither henchman ever stands
# there); blue's card on E5 is turned up by red and goes to the discard pile; slotting and turning
# up are each undone and redone.
RUNNING = """\
game schatzjagd
player red "Anna"
player blue "Ben"
travel red die=2 to=B2
place-card red field=D4
undo
redo
end-turn red
travel blue die=3 to=F3
place-card blue field=E5
end-turn blue
travel red die=3 to=E5
reveal red card=weapon value=3
undo
redo
end-turn red
travel blue die=2 to=C6
place-card blue field=G7
end-turn blue
travel red die=1 to=E5
"""
SLOTTED = {"D4": "red", "G7": "blue"}  # the face-down cards and who slotted them


@pytest.fixture
def running(tmp_path: Path) -> Path:
    scenario = tmp_path / "running.scn"
    scenario.write_text(RUNNING, encoding="utf-8")
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as journal:
        assert run_file(scenario, journal, io.StringIO()).ok
    return path


def dicts(data: Any):
    if isinstance(data, dict):
        yield data
        for value in data.values():
            yield from dicts(value)
    elif isinstance(data, list):
        for value in data:
            yield from dicts(value)


def no_notes_in_view(view: dict[str, Any]) -> None:
    for card in view["board"]:
        assert "owner" not in card, card
        if card["field"] in SLOTTED:
            assert SLOTTED[card["field"]] not in card.values(), card
    assert view["piles"]["discard"] == 1  # a count
    for d in dicts(view):
        assert sum(1 for key in d if key in CARD_TYPES) < 2, f"a count by card type: {d}"


def test_the_public_view_shows_the_discard_pile_as_a_count_and_no_card_s_owner(
    running: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["journal", "show", str(running), "--json"]) == 0
    view = json.loads(capsys.readouterr().out)["view"]
    assert {c["field"] for c in view["board"] if c["face_down"]} == set(SLOTTED)
    no_notes_in_view(view)


def test_no_prince_s_own_view_shows_more_of_the_board(running: Path) -> None:
    with Journal.open(running, readonly=True) as journal:
        session = Session.resume(journal)
        assert session is not None
        for colour in ("red", "blue"):
            no_notes_in_view(session.game.player_view(session.state, colour))


def test_the_log_never_names_the_field_of_a_card_slotted_face_down(
    running: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["journal", "show", str(running), "--log"]) == 0
    text = capsys.readouterr().out
    assert "card-placed: player=red\n" in text and "card-placed: player=blue\n" in text
    assert "Take the card slotted face down this turn back into the hand it came from." in text
    for field in SLOTTED:  # so nothing in the log can tie the card to the turn it was slotted in
        assert field not in text, text
    assert main(["journal", "show", str(running), "--log", "--json"]) == 0
    log = json.loads(capsys.readouterr().out)
    for field in SLOTTED:
        assert field not in json.dumps(log)
    for item in log:
        for words in item.get("words", []):
            assert not any(kind in words for kind in CARD_TYPES if "discard pile" in words and "off" not in words)


def test_a_running_game_is_not_exported(running: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "running.json"
    assert main(["export", "1", "--journal", str(running), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("companion: game 1 (schatzjagd) is still being played and its rules allow no notes")
    assert not out.exists()
    assert main(["export", "1", "--journal", str(running)]) == 1
    assert capsys.readouterr().out == ""


def test_a_finished_game_shows_and_exports_everything(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as journal:
        assert run_file(FINISHED, journal, io.StringIO()).ok
    assert main(["journal", "show", str(path), "--json"]) == 0
    view = json.loads(capsys.readouterr().out)["view"]
    assert view["phase"] == "over"
    assert [(c["field"], c["owner"]) for c in view["board"]] == [("G7", "blue")]
    assert view["piles"]["discard_by_type"]["weapon"] == 1 and view["piles"]["discard_by_type"]["monster"] == 1
    assert main(["export", "1", "--journal", str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["final_state"]["board"][0]["owner"] == "blue"
