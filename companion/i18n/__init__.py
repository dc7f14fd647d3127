"""Two languages for the table (German, English): texts as values (:mod:`.message`), rendered
from the gettext catalogues (:mod:`.catalogues`) in the language set now (:mod:`.language`).
See docs/i18n.md."""

from companion.i18n.catalogues import LANGUAGES
from companion.i18n.language import ENGLISH, current_language, render, set_language
from companion.i18n.message import Cap, Join, Local, Message, Person, Plural, Text, Word

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "Cap",
    "Join",
    "Local",
    "Message",
    "Person",
    "Plural",
    "Text",
    "Word",
    "current_language",
    "render",
    "set_language",
]
