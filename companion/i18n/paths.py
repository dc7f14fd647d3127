"""Where the catalogues are: each language's ``.po`` sources under
``companion/locale/<language>/LC_MESSAGES/``, the ``companion.mo`` compiled from them beside them,
and its stamp (``companion.mo.sources``): the digest of the sources it was compiled from, which
tells a compiled catalogue that is older than its sources (:mod:`companion.i18n.catalogues`)."""

from __future__ import annotations

import hashlib
from pathlib import Path

DOMAIN = "companion"
LOCALE = Path(__file__).resolve().parent.parent / "locale"
LANGUAGES = ("en", "de")
STAMP = f"{DOMAIN}.mo.sources"


def po_files(language: str, locale: Path | None = None) -> list[Path]:
    """The ``.po`` sources of a language: one file per area (``companion.po`` for the games'
    table words, ``refusals-<game>.po``, ``screens.po``, ...), merged into one ``.mo``."""
    return sorted(((locale or LOCALE) / language / "LC_MESSAGES").glob("*.po"))


def mo_file(language: str, locale: Path | None = None) -> Path:
    return (locale or LOCALE) / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def stamp_file(language: str, locale: Path | None = None) -> Path:
    return (locale or LOCALE) / language / "LC_MESSAGES" / STAMP


def sources_digest(language: str, locale: Path | None = None) -> str | None:
    """The digest of every source of ``language`` (names and contents); None when there is none."""
    sources = po_files(language, locale)
    if not sources:
        return None
    digest = hashlib.sha256()
    try:
        for po in sources:
            digest.update(po.name.encode() + b"\0" + po.read_bytes() + b"\0")
    except OSError:
        return None
    return digest.hexdigest()


def stamp(language: str, locale: Path | None = None) -> str | None:
    """The digest the compiled catalogue was made from, as its stamp says (None: no stamp)."""
    try:
        return stamp_file(language, locale).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
