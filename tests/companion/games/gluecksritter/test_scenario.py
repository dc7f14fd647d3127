"""The Die Glücksritter scenario adapter: the header's catalogue, the commands' values and the
expectation keys, read from scenario text."""

from __future__ import annotations

from pathlib import Path

from companion.games.gluecksritter.scenario import build_command
from companion.scenario.parse import CommandLine, parse_scenario
from companion.scenario.run import check_file, run_file
from engines.gluecksritter.coins import Coins
from tests.companion.games.scenario_files import write

HEAD = "game gluecksritter\nplayers red blue green\n"


def command(text: str) -> object:
    statement = parse_scenario(HEAD + text + "\n").statements[0]
    assert isinstance(statement, CommandLine)
    return build_command(statement)


def test_a_catalogue_that_does_not_add_up_to_25_is_an_error_on_its_header_line(tmp_path: Path) -> None:
    (tmp_path / "short.toml").write_text(
        '[[document]]\nid = "gift"\nname = "Gift"\nseal = "yellow"\ncount = 3\neffect = "royal-tax-waiver"\n',
        encoding="utf-8",
    )
    path = write(tmp_path, HEAD + "catalogue short.toml\nexpect round = 1\n")
    for result in (run_file(path), check_file(path)):
        assert (result.status, result.line) == ("error", 3)
        assert "counts 3 cards" in result.message and "25" in result.message


def test_coins_may_be_written_negative_so_that_the_referee_can_refuse_them() -> None:
    cmd = command("place-ducats top=2 bottom=0 field5=-1s3g field6=0")
    assert cmd.field5 == Coins(-1, 3)  # type: ignore[attr-defined]
