"""The Die Glücksritter document catalogue: a data file a table can edit.

The shipped file lies beside this module (``data/gluecksritter-documents.toml``); a table's
own file can be named instead. Bad files are refused with the reason and the line's document.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from engines.gluecksritter.rules import DocumentSpec

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
    except tomllib.TOMLDecodeError as exc:
        raise CatalogueError(f"the document catalogue {path} is not valid TOML: {exc}") from exc
    try:
        return _SPECS.validate_python(data.get("document", []))
    except ValidationError as exc:
        err = exc.errors()[0]
        raise CatalogueError(f"the document catalogue {path}: {err['msg']} at document {err['loc']}") from exc
