"""Compile the ``.po`` sources into the ``.mo`` files gettext reads (Babel), every language;
``python -m companion.i18n.compile``. Each language's sources are several files (one per area of
the app) merged into one catalogue; a message in two of them is an error. Run by
``scripts/run-app`` on every start and by the test suite, so an edited ``.po`` is never stale."""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion.i18n.catalogues import DOMAIN, LANGUAGES, mo_file, po_files


class DuplicateMessage(ValueError):
    pass


def read(po: Path, language: str) -> Catalog:
    with po.open("rb") as source:
        return read_po(source, locale=language, domain=DOMAIN)


def merged(language: str) -> Catalog:
    """Every source of ``language`` in one catalogue (the first file's header)."""
    sources = po_files(language)
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


def compile_all() -> list[str]:
    done = []
    for language in LANGUAGES:
        catalog = merged(language)
        with mo_file(language).open("wb") as target:
            write_mo(target, catalog)  # fuzzy messages are left out: they count as untranslated
        done.append(str(mo_file(language)))
    return done


def main() -> int:
    compile_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
