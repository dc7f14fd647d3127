"""The language the table speaks now: :func:`set_language` switches it at once for everything
rendered afterwards (no restart); :func:`render` turns a text into words in a language, by
default the current one. The command line renders English whatever the table speaks."""

from __future__ import annotations

from typing import Any

from companion.i18n.catalogues import LANGUAGES, catalogue
from companion.i18n.message import show

ENGLISH = "en"
_current = ENGLISH


def set_language(language: str) -> None:
    global _current
    catalogue(language)  # loaded (or compiled) now, not at the next render; an unknown language is refused
    _current = language


def current_language() -> str:
    return _current


def render(text: Any, language: str | None = None) -> str:
    return show(text, catalogue(language or _current))


__all__ = ["ENGLISH", "LANGUAGES", "current_language", "render", "set_language"]
