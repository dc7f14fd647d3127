"""Players as the table knows them: by the names they gave, their colours beside them. Every
game's public view lists its ``players`` with ``colour`` and ``name``; a name that only repeats the
colour (what an engine fills in when none was given) is no name. No Kivy here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.i18n import Message, Person


def names(view: Mapping[str, Any] | None) -> dict[str, str | None]:
    """Each colour's given name, or None."""
    found: dict[str, str | None] = {}
    for player in (view or {}).get("players", ()):
        colour, name = player.get("colour"), player.get("name")
        if isinstance(colour, str):
            given = isinstance(name, str) and name.strip() and name.strip().casefold() != colour.casefold()
            found[colour] = name.strip() if given else None
    return found


def person(view: Mapping[str, Any] | None, colour: str | None) -> Any:
    """The player of ``colour`` (``None``: the whole table) as a text."""
    if colour is None:
        return Message("The table")
    return Person(colour, names(view).get(colour))
