"""The gettext catalogues: ``companion/locale/<language>/LC_MESSAGES/companion.mo``, compiled from
the ``.po`` sources beside them, one file per area of the app (:mod:`companion.i18n.compile`).
A missing catalogue is an error, never a silent fall back to English."""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

DOMAIN = "companion"
LOCALE = Path(__file__).resolve().parent.parent / "locale"
LANGUAGES = ("en", "de")


class MissingCatalogue(RuntimeError):
    pass


@cache
def catalogue(language: str) -> gettext.GNUTranslations:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
    try:
        return gettext.translation(DOMAIN, LOCALE, languages=[language])  # no fallback: fail loudly
    except OSError as error:
        raise MissingCatalogue(
            f"no compiled catalogue for {language!r} under {LOCALE} ({error}); "
            "compile them with: python -m companion.i18n.compile"
        ) from None


def po_files(language: str) -> list[Path]:
    """The ``.po`` sources of a language: one file per area (``companion.po`` for the games'
    table words, ``refusals-<game>.po``, ``screens.po``, ...), merged into one ``.mo``."""
    return sorted((LOCALE / language / "LC_MESSAGES").glob("*.po"))


def mo_file(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
