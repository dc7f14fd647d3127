"""Raubritter's refusals in the table's language: the values of its refusal templates that are
catalogue words beyond colours (:mod:`companion.i18n.refusals` makes the colours words already).

- ``kind``: a tile kind (``plain-castle`` -> Ebene/Burg);
- ``stack``: the colours of the knights on a tile, bottom to top, as the engine joins them
  (``"blue, red"``): every knight by its player, the bottom and the top one marked
  (:func:`companion.games.raubritter.happenings.knights_bottom_to_top`).
"""

from __future__ import annotations

from typing import Any

from companion.games.raubritter.happenings import knights_bottom_to_top
from companion.i18n import Word
from companion.i18n.refusals import player
from companion.i18n.words import WORDS


def _word(value: Any) -> Any:
    return Word(value) if isinstance(value, str) and value in WORDS else value


def words(values: dict[str, Any], view: Any = None) -> dict[str, Any]:
    """The values with Raubritter's words as texts: tile kinds as :class:`~companion.i18n.Word`,
    a stack knight by knight (a single player is named already,
    :func:`companion.i18n.refusals.colour_words`)."""
    done = dict(values)
    if "kind" in done:
        done["kind"] = _word(done["kind"])
    stack = done.get("stack")
    if isinstance(stack, str) and stack:
        done["stack"] = knights_bottom_to_top([player(colour, view) for colour in stack.split(", ")])
    return done
