"""Die Glücksritter's refusals in the table's language: the values of its refusal templates that
are catalogue words beyond single colours (:mod:`companion.i18n.refusals` makes the colours words
already). Its templates name coin kinds, castle pieces and phases in their own words, so the only
such value is:

- ``players``: several colours as the engine joins them (``"blue, red"``: who is still choosing
  action cards, who owes a royal tax), listed again with the language's "and", each colour a word.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import Join, Word
from companion.i18n.words import WORDS


def _word(value: Any) -> Any:
    return Word(value) if isinstance(value, str) and value in WORDS else value


def words(values: dict[str, Any]) -> dict[str, Any]:
    """The values with Die Glücksritter's words as :class:`~companion.i18n.Word`."""
    done = dict(values)
    players = done.get("players")
    if isinstance(players, str) and players:
        done["players"] = Join(*(_word(colour) for colour in players.split(", ")))
    return done
