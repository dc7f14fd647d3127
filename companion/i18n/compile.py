"""Compile the ``.po`` sources into the ``.mo`` files gettext reads (Babel), every language;
``python -m companion.i18n.compile [LOCALE_DIR]``. Each language's sources are several files (one
per area of the app) merged into one catalogue; a message in two of them is an error. The package's
build runs it (``setup.py``), and :mod:`companion.i18n.catalogues` runs it for one language when
its compiled catalogue is missing or older than its sources, so an edited ``.po`` is never stale.

The same sources give the same bytes: the one time a ``.mo`` carries (its ``POT-Creation-Date``
header, which the sources leave out) is ``SOURCE_DATE_EPOCH`` when that is set to a number of
seconds, else the time of the newest source, never the time of the build."""

from __future__ import annotations

import io
import os
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion.files import replace_bytes
from companion.i18n.paths import DOMAIN, LANGUAGES, mo_file, po_files, sources_digest, stamp_file
from engines.core.errors import CompanionError


class DuplicateMessage(CompanionError, ValueError):
    pass


def read(po: Path, language: str) -> Catalog:
    with po.open("rb") as source:
        return read_po(source, locale=language, domain=DOMAIN)


def merged(language: str, locale: Path | None = None) -> Catalog:
    """Every source of ``language`` in one catalogue (the first file's header)."""
    sources = po_files(language, locale)
    if not sources:
        raise FileNotFoundError(f"no .po sources for {language!r}")
    catalog = read(sources[0], language)
    seen = {message.id: sources[0].name for message in catalog if message.id}
    for po in sources[1:]:
        for message in read(po, language):
            if not message.id:
                continue
            key = message.id
            if key in seen:
                raise DuplicateMessage(f"{key!r} is in both {seen[key]} and {po.name} ({language})")
            seen[key] = po.name
            catalog[message.id] = message
    return catalog


def sources_time(language: str, locale: Path | None = None) -> datetime:
    """The time a compiled catalogue is stamped with: ``SOURCE_DATE_EPOCH`` (whole seconds since
    1970, as reproducible builds set it), else the time of the newest source; a value that is no
    such number is passed over for the sources' time, so a build never depends on the clock."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isascii() and epoch.isdigit():
        return datetime.fromtimestamp(int(epoch), UTC)
    newest = max(po.stat().st_mtime for po in po_files(language, locale))
    return datetime.fromtimestamp(int(newest), UTC)


def mo_bytes(language: str, locale: Path | None = None) -> bytes:
    """The compiled catalogue of ``language``; fuzzy messages are left out (they count as untranslated)."""
    catalog = merged(language, locale)
    catalog.creation_date = sources_time(language, locale)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    return compiled.getvalue()


def keep(language: str, locale: Path | None, data: bytes, digest: str) -> None:
    """The compiled catalogue and its stamp written beside the sources, each whole or not at all."""
    replace_bytes(mo_file(language, locale), data, 0o644)
    replace_bytes(stamp_file(language, locale), f"{digest}\n".encode(), 0o644)


def compile_all(locale: Path | None = None) -> list[str]:
    done = []
    for language in LANGUAGES:
        digest = sources_digest(language, locale)
        if digest is None:
            raise FileNotFoundError(f"no .po sources for {language!r}")
        keep(language, locale, mo_bytes(language, locale), digest)
        done.append(str(mo_file(language, locale)))
    return done


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    compile_all(Path(args[0]) if args else None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
