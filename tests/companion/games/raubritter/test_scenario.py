"""The Raubritter scenario adapter: every shipped Raubritter scenario passes, header mistakes
are reported with the file and the line, and corrections played into a journal are marked as such
in its log."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion.journal.session import Session
from companion.journal.store import Journal
from companion.scenario.run import run_file
from tests.companion.games.scenario_files import assert_error_at, write

SCENARIO_DIR = Path(__file__).resolve().parents[3] / "scenarios" / "raubritter"

HEAD = 'game raubritter\nplayer blue "Anna" 1970-03-01\n'


@pytest.mark.parametrize("path", sorted(SCENARIO_DIR.glob("*.scn")), ids=lambda p: p.name)
def test_shipped_scenario(path: Path) -> None:
    result = run_file(path)
    assert result.ok, result.report()


def test_there_are_enough_shipped_scenarios() -> None:
    assert len(list(SCENARIO_DIR.glob("*.scn"))) >= 30


BAD = [
    (HEAD + 'player blue "Bo" 1980-01-01\n', 3, "blue is given twice (first on line 2)"),
    (HEAD + "player red 1980-01-01\n", 3, "red has no name"),
    (HEAD + 'player red "Bo"\n', 3, "red has no birthday"),
    (HEAD + 'player red "" 1980-01-01\n', 3, "red's name is empty"),
    (HEAD + 'player red "Bo" 1975-02-30\n', 3, "1975-02-30 is not a date in the calendar"),
    (HEAD + 'player red "Bo" 30.02.1975\n', 3, "a birthday is written YYYY-MM-DD"),
    (HEAD + 'player purple "Bo" 1980-01-01\n', 3, "'purple' is not a colour"),
    (HEAD + "players blue red\n", 3, "a Raubritter header has no 'players' line"),
    ("game raubritter\n\nend-turn blue\n", 1, "the header needs one line per player"),
    (HEAD, 2, "2 to 4 players, not 1"),
    (HEAD + 'player red "Bo" 1980-01-01\nend-turn red\nplayer green "Cy" 1990-01-01\n', 5, "belongs to the header"),
    (HEAD + 'player red "Bo" 1980-01-01\nlay-tile blue kind=castle x=0 y=0\n', 4, "kind: Input should be"),
    (HEAD + 'player red "Bo" 1980-01-01\nlay-tile blue kind=plain x=one y=0\n', 4, "x is a whole number"),
    (HEAD + 'player red "Bo" 1980-01-01\nlay-tile blue kind=plain x=0 y=0 where=1\n', 4, "has no key 'where'"),
    (HEAD + 'player red "Bo" 1980-01-01\nexpect green.knights = 3\n', 4, "nobody plays green"),
    (HEAD + 'player red "Bo" 1980-01-01\nexpect red.tiles.castle = 3\n', 4, "there is no tile kind 'castle'"),
    (HEAD + 'player red "Bo" 1980-01-01\nexpect cell.1 = plain\n', 4, "write cell.<x>.<y>"),
    (HEAD + 'player red "Bo" 1980-01-01\nexpect cell.0.0 = meadow\n', 4, "'meadow' is not a tile kind"),
    (HEAD + 'player red "Bo" 1980-01-01\nexpect phase = E\n', 4, "'E' is not a phase"),
    (HEAD + 'player red "Bo" 1980-01-01\nexpect draw = maybe\n', 4, "yes or no"),
    (HEAD + 'player red "Bo" 1980-01-01\nexpect stack.0.0 = blue,pink\n', 4, "'pink' is not a player"),
    (HEAD + 'player red "Bo" 1980-01-01\nexpect red.gold = 3\n', 4, "no expectation key 'red.gold'"),
    (HEAD + 'player red "Bo" 1980-01-01\nexpect surrendered = pink\n', 4, "'pink' is not a player"),
    (HEAD + 'player red "Bo" 1980-01-01\nexpect awaiting = pink\n', 4, "'pink' is not a player or 'table'"),
    (HEAD + 'player red "Bo" 1980-01-01\ncorrect-stack x=0 y=0 stack=blue\n', 4, "reason"),
    (HEAD + 'player red "Bo" 1980-01-01\nmove-tile x=0 y=0 to-x=1 reason=x\n', 4, "to_y"),
    (HEAD + 'player red "Bo" 1980-01-01\ncorrect-tile x=0 y=0 kind=meadow reason=x\n', 4, "kind: Input should be"),
]


@pytest.mark.parametrize(("text", "line", "message"), BAD)
def test_a_header_or_line_it_cannot_understand_is_an_error_naming_file_and_line(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    assert_error_at(write(tmp_path, text), line, message)


def test_negative_coordinates_and_ordered_lists(tmp_path: Path) -> None:
    text = (
        'game raubritter\nplayer red "Bo" 1980-01-01\nplayer blue "Anna" 1970-03-01\n'
        "lay-tile blue kind=plain x=-1 y=-2\n"
        "expect cell.-1.-2 = plain\nexpect order = blue,red\n"
    )
    assert run_file(write(tmp_path, text)).ok
    wrong = run_file(write(tmp_path, text.replace("order = blue,red", "order = red,blue"), "wrong.scn"))
    assert wrong.status == "fail"
    assert "order: expected red,blue, got blue,red" in wrong.message


def test_corrections_in_a_journal_are_marked_in_its_log(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as journal:
        assert run_file(SCENARIO_DIR / "35-correction-after-the-end.scn", journal, io.StringIO()).ok
        game = journal.games()[-1]
        log = Session.open(journal, game.id).log()
    marked = {item["command"] for item in log if item.get("correction")}
    assert marked == {"correct", "correct-stack", "correct-tile"}
    assert not any(item.get("correction") for item in log if item.get("command") == "lay-tile")
