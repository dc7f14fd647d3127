"""The Die Glücksritter document catalogue: a data file a table can edit.

The shipped file lies beside this module (``data/gluecksritter-documents.toml``); a table's
own file can be named instead (a scenario's ``catalogue`` line), or read on the touch screen from
a USB stick into the game's settings (``check_catalogue`` on what the file holds). Bad files are
refused with the reason and the line's document: a card list that does not make the box's 25
cards, or names an id twice, is refused here as the game's setup would refuse it. A file is read
as :mod:`companion.inputs` reads every file handed to the app, at most :data:`LARGEST` bytes: a
file that cannot be read at all says why in the table's language too (``CatalogueError.reason``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from companion.i18n import Text, render
from companion.inputs import InputProblem, read_toml
from engines.core.errors import CompanionError
from engines.gluecksritter.rules import DOCUMENT_TOTAL, DocumentSpec

DEFAULT_CATALOGUE = Path(__file__).with_name("data") / "gluecksritter-documents.toml"
_SPECS = TypeAdapter(tuple[DocumentSpec, ...])
LARGEST = 256 * 1024
"""The most bytes a card list may have: the shipped one has 3 KB, with both languages' words."""


class CatalogueError(CompanionError, ValueError):
    """English for the command line; ``reason``, when the file could not be read at all, why in
    the table's language (without the file's name)."""

    def __init__(self, message: str, reason: Text | None = None) -> None:
        super().__init__(message)
        self.reason = reason


def load_catalogue(path: Path | None = None) -> tuple[DocumentSpec, ...]:
    path = path or DEFAULT_CATALOGUE
    try:
        data = read_toml(path, LARGEST)
    except InputProblem as problem:
        why = render(problem.reason, "en")
        raise CatalogueError(f"cannot read the document catalogue {path}: {why}", problem.reason) from None
    return check_catalogue(data.get("document", []), f"the document catalogue {path}")


def check_catalogue(documents: Any, where: str = "the document catalogue") -> tuple[DocumentSpec, ...]:
    """The catalogue's documents as the game's setup takes them: each a valid entry, the counts
    making the box's 25 cards, every id once; CatalogueError says what is wrong and where."""
    try:
        specs = _SPECS.validate_python(documents)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise CatalogueError(f"{where}: {err['msg']} at document {err['loc']}") from exc
    total = sum(spec.count for spec in specs)
    if total != DOCUMENT_TOTAL:
        raise CatalogueError(f"{where} counts {total} cards, but the box holds {DOCUMENT_TOTAL}")
    ids = [spec.id for spec in specs]
    twice = sorted({doc for doc in ids if ids.count(doc) > 1})
    if twice:
        raise CatalogueError(f"{where} names {', '.join(twice)} more than once")
    return specs
