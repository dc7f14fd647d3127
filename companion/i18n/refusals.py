"""A refusal in the table's language: the engine's :class:`RuleViolation` carries its English
template (the catalogue's message id) and its values as plain data; here they become a
:class:`Message` whose values are words where they are words. A game whose values need more than
colours translated says so in its home's ``refusals`` part: ``words(values, view) -> values``,
``view`` the game's public view where the refusal was met (None when there is none)."""

from __future__ import annotations

from typing import Any

from companion.i18n.message import Cap, Message, Text, Word
from engines.core.errors import RuleViolation

COLOURS = frozenset({"blue", "yellow", "green", "red", "white", "black", "orange", "purple"})


def colour_words(values: dict[str, Any]) -> dict[str, Any]:
    """Every value that is a player's colour as its word (``"red"`` -> Rot)."""
    return {key: Word(value) if isinstance(value, str) and value in COLOURS else value for key, value in values.items()}


def refusal_text(violation: RuleViolation, game: str | None = None, view: Any = None) -> Text:
    """The refusal as a text for the screen, starting with a capital letter (``view``: the game's
    public view, for values the game words from it)."""
    values = colour_words(violation.values)
    if game is not None:
        from companion.games import registry  # the game's own words, if it has any

        try:
            part = registry.part(game, "refusals")
        except (ImportError, LookupError):
            part = None
        if part is not None and hasattr(part, "words"):
            values = part.words(values, view)
    return Cap(Message(violation.template, **values))
