"""Die Glücksritter's refusals in the table's language: the values of its refusal templates that
are catalogue words beyond single colours (:mod:`companion.i18n.refusals` makes the colours words
already). Its templates name coin kinds, castle pieces and phases in their own words, so the only
such values are:

- ``players``: several colours as the engine joins them (``"blue, red"``: who is still choosing
  action cards, who owes a royal tax), listed again with the language's "and", each named so;
- ``document``: a document's id, as the name on its card in the game's catalogue (``view``).
"""

from __future__ import annotations

from typing import Any

from companion.games.gluecksritter.documents import name
from companion.i18n import Join, Word
from companion.i18n.refusals import COLOURS, player
from companion.i18n.words import WORDS


def _word(value: Any, view: Any) -> Any:
    if isinstance(value, str) and value in COLOURS:
        return player(value, view)
    return Word(value) if isinstance(value, str) and value in WORDS else value


def words(values: dict[str, Any], view: Any = None) -> dict[str, Any]:
    """The values with Die Glücksritter's words as :class:`~companion.i18n.Word`, a document by
    its name (a single player is named already, :func:`companion.i18n.refusals.colour_words`)."""
    done = dict(values)
    if isinstance(done.get("document"), str):
        done["document"] = name(view, done["document"])
    players = done.get("players")
    if isinstance(players, str) and players:
        done["players"] = Join(*(_word(colour, view) for colour in players.split(", ")))
    return done
