"""The Die Glücksritter document catalogue: a data file a table can edit.

The shipped file lies beside this module (``data/gluecksritter-documents.toml``); a table's
own file can be named instead (a scenario's ``catalogue`` line), or read on the touch screen from
a USB stick into the game's settings (``check_catalogue`` on what the file holds). Bad files are
refused with the reason and the line's document: a card list that does not make the box's 25
cards, or names an id twice, is refused here as the game's setup would refuse it.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from engines.gluecksritter.rules import DOCUMENT_TOTAL, DocumentSpec

DEFAULT_CATALOGUE = Path(__file__).with_name("data") / "gluecksritter-documents.toml"
_SPECS = TypeAdapter(tuple[DocumentSpec, ...])


class CatalogueError(ValueError):
    pass


def load_catalogue(path: Path | None = None) -> tuple[DocumentSpec, ...]:
    path = path or DEFAULT_CATALOGUE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CatalogueError(f"cannot read the document catalogue {path}: {exc.strerror}") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise CatalogueError(f"the document catalogue {path} is not valid TOML: {exc}") from exc
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
