"""Die Glücksritter's documents in the table's words: a card's name and what it does, as the game's
catalogue gives them per language (the public view's ``catalogue``: the box's kinds of card, no
secret), or, for lines without a view, as the shipped catalogue does. No Kivy here."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from companion.i18n import Local, Message, Text


@cache
def shipped() -> dict[str, Any]:
    """The shipped catalogue as a view's ``catalogue`` gives it: id → entry."""
    from companion.catalogue import load_catalogue

    entries = {}
    for spec in load_catalogue():
        kind = spec.kind()
        entries[kind.id] = {"names": dict(kind.names), "does": dict(kind.does), "seal": kind.seal}
    return entries


def catalogue(view: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """The game's catalogue (from its public view), else the shipped one."""
    found = (view or {}).get("catalogue")
    return found if isinstance(found, Mapping) and found else shipped()


def name(view: Mapping[str, Any] | None, document: str) -> Text:
    """A document by the name on its card, in the table's language; unknown: its id."""
    entry = catalogue(view).get(document)
    return Local(entry["names"]) if entry and entry.get("names") else document


def quoted(view: Mapping[str, Any] | None, document: str) -> Text:
    """The name in the language's quotation marks, as a line names a card."""
    return Message("“{document}”", document=name(view, document))


def does(view: Mapping[str, Any] | None, document: str) -> Text | None:
    """What the document does, in the table's language; None when the catalogue does not say."""
    entry = catalogue(view).get(document)
    return Local(entry["does"]) if entry and entry.get("does") else None


def names(view: Mapping[str, Any] | None) -> dict[str, Text]:
    """Every document of the catalogue by its name in quotation marks, in the catalogue's order."""
    return {document: quoted(view, document) for document in catalogue(view)}
