"""Raubritter's refusals in the table's language: the values of its refusal templates that are
catalogue words beyond colours (:mod:`companion.i18n.refusals` makes the colours words already).

- ``kind``: a tile kind (``plain-castle`` -> Ebene/Burg);
- ``stack``: the colours of the knights on a tile, bottom to top, as the engine joins them
  (``"blue, red"``), listed again with only commas, each colour a word.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import Join, Word
from companion.i18n.words import WORDS


def _word(value: Any) -> Any:
    return Word(value) if isinstance(value, str) and value in WORDS else value


def words(values: dict[str, Any], view: Any = None) -> dict[str, Any]:
    """The values with Raubritter's words as :class:`~companion.i18n.Word`."""
    done = dict(values)
    if "kind" in done:
        done["kind"] = _word(done["kind"])
    stack = done.get("stack")
    if isinstance(stack, str) and stack:
        done["stack"] = Join(*(_word(colour) for colour in stack.split(", ")), last=False)
    return done
