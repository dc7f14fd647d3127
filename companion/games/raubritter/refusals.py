"""Raubritter's refusals in the table's language: the values of its refusal templates that are
catalogue words beyond colours (:mod:`companion.i18n.refusals` makes the colours words already).

- a player (``player``, ``colour``, every value that is a colour): named as the screens name them,
  the name given with the colour beside it, or the colour capitalised ("Anna (Rot)", "Rot":
  :func:`companion.app.people.person`, with the public view where the refusal was met);
- ``kind``: a tile kind (``plain-castle`` -> Ebene/Burg);
- ``stack``: the colours of the knights on a tile, bottom to top, as the engine joins them
  (``"blue, red"``): every knight by its player, the bottom and the top one marked
  (:func:`companion.games.raubritter.happenings.knights_bottom_to_top`).
"""

from __future__ import annotations

from typing import Any

from companion.app.people import person
from companion.games.raubritter.happenings import knights_bottom_to_top
from companion.i18n import Word
from companion.i18n.refusals import COLOURS
from companion.i18n.words import WORDS


def _word(value: Any) -> Any:
    return Word(value) if isinstance(value, str) and value in WORDS else value


def _colour(value: Any) -> str | None:
    """The colour a value names (a colour, or the colour's word), else None."""
    word = value.word if isinstance(value, Word) else value
    return word if isinstance(word, str) and word in COLOURS else None


def words(values: dict[str, Any], view: Any = None) -> dict[str, Any]:
    """The values with Raubritter's words as texts: players as the screens name them, tile kinds
    as :class:`~companion.i18n.Word`, a stack knight by knight."""
    done = {key: person(view, colour) if (colour := _colour(value)) else value for key, value in values.items()}
    if "kind" in done:
        done["kind"] = _word(done["kind"])
    stack = done.get("stack")
    if isinstance(stack, str) and stack:
        done["stack"] = knights_bottom_to_top([person(view, colour) for colour in stack.split(", ")])
    return done
