"""A refusal in the table's language: the engine's :class:`RuleViolation` carries its English
template (the catalogue's message id) and its values as plain data; here they become a
:class:`Message` whose values are words where they are words. A value that is a colour is the
player, named as the screens name them. A game whose values need more than that says so in its
home's ``refusals`` part: ``words(values, view) -> values``, ``view`` the game's public view where
the refusal was met (None when there is none)."""

from __future__ import annotations

from typing import Any

from companion.i18n.message import Cap, Message, Text
from engines.core.errors import RuleViolation

COLOURS = frozenset({"blue", "yellow", "green", "red", "white", "black", "orange", "purple"})


def player(colour: str, view: Any = None) -> Any:
    """A player's colour as the screens name the player (:func:`companion.app.people.person`:
    the name given with the colour beside it, or the colour capitalised: "Anna (Rot)", "Rot")."""
    from companion.app.people import person  # no Kivy there: the one rule for a given name

    return person(view, colour)


def colour_words(values: dict[str, Any], view: Any = None) -> dict[str, Any]:
    """Every value that is a player's colour as the player the screens name (``view``: the public
    view with the players' names)."""
    return {
        key: player(value, view) if isinstance(value, str) and value in COLOURS else value
        for key, value in values.items()
    }


def refusal_text(violation: RuleViolation, game: str | None = None, view: Any = None) -> Text:
    """The refusal as a text for the screen, starting with a capital letter (``view``: the game's
    public view, for values the game words from it)."""
    values = colour_words(violation.values, view)
    if game is not None:
        from companion.games import registry  # the game's own words, if it has any

        try:
            part = registry.part(game, "refusals")
        except (ImportError, LookupError):
            part = None
        if part is not None and hasattr(part, "words"):
            values = part.words(values, view)
    return Cap(Message(violation.template, **values))
