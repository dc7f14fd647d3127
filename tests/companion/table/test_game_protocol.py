"""Every game's table part is a :class:`TableGame`: each member the table calls is there. The typed
assignments below are what mypy checks (``mypy tests/companion/table/test_game_protocol.py``); the
tests check the same at run time for every game the registry names. (That a Table is the
``TableSide`` the screens see is checked where the protocol is, in :mod:`companion.app.room`.)"""

from __future__ import annotations

import importlib

from companion.games.gluecksritter.table import TABLE as GLUECKSRITTER
from companion.games.raubritter.table import TABLE as RAUBRITTER
from companion.games.registry import HOMES
from companion.games.schatzjagd.table import TABLE as SCHATZJAGD
from companion.table import TableGame

PARTS: dict[str, TableGame] = {
    "gluecksritter": GLUECKSRITTER,
    "raubritter": RAUBRITTER,
    "schatzjagd": SCHATZJAGD,
}


def members(protocol: type) -> set[str]:
    """The protocol's methods and attributes (what mypy compares)."""
    names = {name for name in vars(protocol) if not name.startswith("_")}
    return names | set(getattr(protocol, "__annotations__", {}))


def test_every_table_part_is_checked() -> None:
    assert set(PARTS) == {home.name for home in HOMES.values() if home.table is not None}


def test_each_table_part_has_every_member() -> None:
    for name, game in PARTS.items():
        assert importlib.import_module(f"companion.games.{name}.table").TABLE is game
        missing = {member for member in members(TableGame) if not hasattr(game, member)}
        assert not missing, f"{name}'s table part lacks {sorted(missing)}"
        assert game.name == name
