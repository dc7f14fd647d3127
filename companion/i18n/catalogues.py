"""The gettext catalogues, loaded: ``companion/locale/<language>/LC_MESSAGES/companion.mo``,
compiled from the ``.po`` sources beside them, one file per area of the app
(:mod:`companion.i18n.compile`; the places: :mod:`companion.i18n.paths`).

A built package carries them compiled (``setup.py``), and each ``.mo`` has a stamp beside it
(``companion.mo.sources``) with the digest of the sources it was compiled from. A catalogue that is
missing, or whose stamp does not match its sources (a ``.po`` edited in a checkout), is compiled
from the sources when first used, kept for the next start where the folder can be written, and
said in one log line; one that cannot be had at all is said in a log line too, and its texts are
shown in English (the message ids). Never a traceback.

A game may bring its own catalogues (its home's ``locale``: a folder of
``<language>/LC_MESSAGES/*.po``, as a game outside this package does): :func:`catalogue` consults
them after the app's own, for every text, each compiled and kept the same way (only in memory
where its folder cannot be written). The games served are asked when a language is first used;
:func:`forget` (called when a game is registered or unregistered) makes the next use ask again."""

from __future__ import annotations

import copy
import gettext
import io
import logging
from functools import cache
from pathlib import Path

from companion.i18n import paths
from companion.i18n.paths import LANGUAGES, mo_file, sources_digest

log = logging.getLogger(__name__)


def catalogue(language: str) -> gettext.NullTranslations:
    """The app's catalogue of ``language``, then each served game's own (a message the app's
    lacks is looked up there, in the order the games are served); made once for the games served
    now (:data:`companion.games.registry.GENERATION`)."""
    from companion.games import registry  # the homes only: no engine, no part

    return _chained(language, registry.GENERATION)


@cache
def _chained(language: str, generation: int) -> gettext.NullTranslations:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
    own = _own(language)
    folders = game_locales()
    if not folders:
        return own
    chained = copy.copy(own)  # the app's own stays as it is: the games' words hang on a copy
    for folder in folders:
        chained.add_fallback(load(language, folder))  # each loaded anew: add_fallback links them
    return chained


@cache
def _own(language: str) -> gettext.NullTranslations:
    return load(language, paths.LOCALE)


def game_locales() -> list[Path]:
    """The folders of the games' own catalogues, in the order the games are served."""
    from companion.games.registry import HOMES  # the homes only: no engine, no part

    return [Path(home.locale) for home in HOMES.values() if home.locale is not None]


def load(language: str, locale: Path) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` under ``locale`` if it matches its sources; else one
    compiled from them now (and kept where it can be); else English."""
    digest = sources_digest(language, locale)
    if digest is None or paths.stamp(language, locale) == digest:
        try:
            with mo_file(language, locale).open("rb") as compiled:
                return gettext.GNUTranslations(compiled)
        except (OSError, ValueError) as error:  # ValueError, struct.error: a damaged .mo
            why = f"the compiled catalogue cannot be read ({getattr(error, 'strerror', None) or error})"
        except Exception as error:  # gettext's reading of a damaged .mo can fail in any way; said below
            why = f"the compiled catalogue is damaged ({error})"
    else:
        why = "the compiled catalogue is missing or older than its sources"
    if digest is None:
        log.error("no %s catalogue under %s: %s, and no sources; texts are shown in English", language, locale, why)
        return gettext.NullTranslations()
    from companion.i18n import compile  # Babel: only when a catalogue has to be compiled

    try:
        data = compile.mo_bytes(language, locale)
    except Exception as error:  # Babel's reading of a damaged .po can fail in any way; texts stay English
        log.error("the %s catalogue cannot be compiled (%s); texts are shown in English", language, error)
        return gettext.NullTranslations()
    try:
        compile.keep(language, locale, data, digest)
        kept = "kept for the next start"
    except OSError as error:
        kept = f"not kept ({error.strerror or error})"
    log.info("%s: %s; compiled from the sources now, %s", language, why, kept)
    return gettext.GNUTranslations(io.BytesIO(data))
