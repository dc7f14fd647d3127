"""Every game the companion serves passes the conformance check (:mod:`tests.support.conformance`):
seeded random play with its random table on a real journal, replayed, undone and redone, saved and
loaded, its secrets kept until their reveal, its result agreeing with the engine, ``awaiting`` in
the shape of docs/games.md. A game of the registry without a random table fails here, naming the
file to add."""

from __future__ import annotations

import types
from pathlib import Path

import pytest

from companion.games.registry import HOMES, UnknownGame
from tests.support.conformance import Broken, conform
from tests.support.players import NoRandomTable, engine_table, table

STEPS = 300  # Die Glücksritter's random games end after some 200 to 300 commands


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))


@pytest.mark.parametrize("game", sorted(HOMES))
def test_the_game_conforms(game: str, tmp_path: Path) -> None:
    conform(game, table(game), steps=STEPS, data=tmp_path)


def test_a_game_without_a_random_table_is_told_which_file_to_add() -> None:
    with pytest.raises(NoRandomTable, match=r"add tests/engines/chess/table\.py with random_config"):
        engine_table("chess")
    with pytest.raises(UnknownGame, match="no game 'chess'"):
        table("chess")


@pytest.mark.filterwarnings("ignore:raubritter has no secrets part")
def test_a_table_whose_illegal_command_the_rules_accept_is_named_in_words(tmp_path: Path) -> None:
    """The check itself: a table that offers a legal command as an illegal one does not pass."""
    real = table("raubritter")
    wrong = types.ModuleType("wrong_table")
    wrong.random_config = real.random_config  # type: ignore[attr-defined]
    wrong.legal_command = real.legal_command  # type: ignore[attr-defined]
    wrong.illegal_command = real.legal_command  # type: ignore[attr-defined]
    with pytest.raises(Broken, match=r"raubritter, seed 1, step \d+: the rules accept .*illegal_command offered"):
        conform("raubritter", wrong, seeds=(1,), data=tmp_path)
