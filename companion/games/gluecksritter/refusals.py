"""Die Glücksritter's refusals in the table's language: the values of its refusal templates that
are catalogue words beyond single colours (:mod:`companion.i18n.refusals` makes the colours words
already). Its templates name coin kinds, castle pieces and phases in their own words, so the only
such values are:

- a player: a colour (``player``, ``decider``, ``turn``, ...), named as the screen names them
  (:func:`companion.app.people.person`: the name given with the colour, or the capitalised colour);
- ``players``: several colours as the engine joins them (``"blue, red"``: who is still choosing
  action cards, who owes a royal tax), listed again with the language's "and", each named so;
- ``document``: a document's id, as the name on its card in the game's catalogue (``view``).
"""

from __future__ import annotations

from typing import Any

from companion.app.people import person
from companion.games.gluecksritter.documents import name
from companion.i18n import Join, Word
from companion.i18n.refusals import COLOURS
from companion.i18n.words import WORDS


def _word(value: Any, view: Any) -> Any:
    if isinstance(value, str) and value in COLOURS:
        return person(view, value)
    return Word(value) if isinstance(value, str) and value in WORDS else value


def words(values: dict[str, Any], view: Any = None) -> dict[str, Any]:
    """The values with Die Glücksritter's words as :class:`~companion.i18n.Word`, each player as
    the screen names them, a document by its name."""
    done = {key: _player(value, view) for key, value in values.items()}
    if isinstance(done.get("document"), str):
        done["document"] = name(view, done["document"])
    players = done.get("players")
    if isinstance(players, str) and players:
        done["players"] = Join(*(_word(colour, view) for colour in players.split(", ")))
    return done


def _player(value: Any, view: Any) -> Any:
    """A colour (as a word already, or not) as the player the screen names; anything else as it is."""
    colour = value.word if isinstance(value, Word) else value
    return person(view, colour) if isinstance(colour, str) and colour in COLOURS else value
