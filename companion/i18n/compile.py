"""Compile the ``.po`` sources into the ``.mo`` files gettext reads (Babel), every language;
``python -m companion.i18n.compile``. Run by ``scripts/_env.sh`` on every run of the tests and
the app, so an edited ``.po`` is never stale."""

from __future__ import annotations

import sys

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion.i18n.catalogues import LANGUAGES, po_file


def compile_all() -> list[str]:
    done = []
    for language in LANGUAGES:
        po = po_file(language)
        with po.open("rb") as source:
            messages = read_po(source, locale=language, domain="companion")
        with po.with_suffix(".mo").open("wb") as target:
            write_mo(target, messages)  # fuzzy messages are left out: they count as untranslated
        done.append(str(po.with_suffix(".mo")))
    return done


def main() -> int:
    compile_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
