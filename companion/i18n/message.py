"""Texts the table reads, as values: what is said and with which values, rendered only when shown.

- :class:`Message` — a catalogue message (its English text is the message id) and named values:
  ``Message("{player}: set {knights} aside again.", player=..., knights=...)``;
- :class:`Plural` — a message whose wording depends on a count ``n`` (gettext's ngettext forms):
  ``Plural("{n} knight", "{n} knights", 3)``;
- :class:`Word` — a word the code only knows at run time (a colour, a tile kind) that is itself in
  the catalogue: ``Word("red")`` renders "red" or "Rot";
- :class:`Cap` — a value starting a sentence: its first letter in upper case ("Red: ...");
- :class:`Join` — values listed with the language's "and" ("a, b and c"), or only with commas;
- :class:`Person` — a player: the name given, with the colour beside it, or the colour alone;
- :class:`Local` — a text the data gives in each language (a table's own words, such as the names
  on its document cards): shown in the language rendered, else in English, else as given.

A value may be a plain ``str`` or ``int`` (shown as it is: places, numbers) or any of the above
(rendered in the same language). A plain ``str`` where a text is expected is a text not yet in the
catalogues: it is shown as it is, in English.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, Union


class _Catalogue(Protocol):
    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


Text = Union[str, "Message", "Plural", "Word", "Cap", "Join", "Person", "Local"]


def _values(values: tuple[tuple[str, Any], ...], catalogue: _Catalogue) -> dict[str, Any]:
    return {key: value.show(catalogue) if hasattr(value, "show") else value for key, value in values}


@dataclass(frozen=True, slots=True, init=False)
class Message:
    msgid: str
    values: tuple[tuple[str, Any], ...]

    def __init__(self, msgid: str, /, **values: Any) -> None:
        object.__setattr__(self, "msgid", msgid)
        object.__setattr__(self, "values", tuple(sorted(values.items())))

    def show(self, catalogue: _Catalogue) -> str:
        return catalogue.gettext(self.msgid).format(**_values(self.values, catalogue))


@dataclass(frozen=True, slots=True, init=False)
class Plural:
    singular: str
    plural: str
    n: int
    values: tuple[tuple[str, Any], ...]

    def __init__(self, singular: str, plural: str, n: int, /, **values: Any) -> None:
        object.__setattr__(self, "singular", singular)
        object.__setattr__(self, "plural", plural)
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "values", tuple(sorted(values.items())))

    def show(self, catalogue: _Catalogue) -> str:
        text = catalogue.ngettext(self.singular, self.plural, self.n)
        return text.format(n=self.n, **_values(self.values, catalogue))


@dataclass(frozen=True, slots=True)
class Word:
    """A word known only at run time; every word the code can pass is listed in
    :mod:`companion.i18n.words` so that the catalogues hold it."""

    word: str

    def show(self, catalogue: _Catalogue) -> str:
        return catalogue.gettext(self.word)


@dataclass(frozen=True, slots=True)
class Cap:
    value: Any

    def show(self, catalogue: _Catalogue) -> str:
        text = show(self.value, catalogue)
        return text[:1].upper() + text[1:]


@dataclass(frozen=True, slots=True, init=False)
class Join:
    """``Join(a, b, c)``: "a, b and c" ("a, b und c"); ``Join(a, b, c, last=False)``: "a, b, c"."""

    items: tuple[Any, ...]
    last: bool

    def __init__(self, *items: Any, last: bool = True) -> None:
        object.__setattr__(self, "items", items)
        object.__setattr__(self, "last", last)

    def show(self, catalogue: _Catalogue) -> str:
        items = [show(item, catalogue) for item in self.items]
        if not self.last or len(items) <= 1:
            return ", ".join(items)
        return Message("{items} and {last}", items=", ".join(items[:-1]), last=items[-1]).show(catalogue)


@dataclass(frozen=True, slots=True)
class Person:
    """A player as the table knows them: the name they gave, with their colour beside it
    ("Anna (Rot)"), or their colour alone ("Rot") when they gave none."""

    colour: str
    name: str | None = None

    def show(self, catalogue: _Catalogue) -> str:
        colour = Cap(Word(self.colour)).show(catalogue)
        if not self.name:
            return colour
        return Message("{name} ({colour})", name=self.name, colour=colour).show(catalogue)


@dataclass(frozen=True, slots=True, init=False)
class Local:
    """``Local({"de": "Geschenke", "en": "Gift"})``: the text of the language rendered; without it
    the English one, else the first given. ``"*"`` stands for every language (one text for all)."""

    texts: tuple[tuple[str, str], ...]

    def __init__(self, texts: Any) -> None:
        pairs = tuple(texts.items()) if hasattr(texts, "items") else (("*", str(texts)),)
        object.__setattr__(self, "texts", pairs)

    def show(self, catalogue: _Catalogue) -> str:
        found = dict(self.texts)
        info = getattr(catalogue, "info", None)
        language = info().get("language") if callable(info) else None
        for key in (language, "*", "en"):
            if key in found:
                return found[key]
        return self.texts[0][1] if self.texts else ""


def show(value: Any, catalogue: _Catalogue) -> str:
    return value.show(catalogue) if hasattr(value, "show") else str(value)
