"""The catalogues are complete: every message the code uses is in them, every one has its German,
every translation keeps exactly its message's values; the language switches without a restart."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from companion.i18n import Cap, Join, Message, Plural, Word, render, set_language
from companion.i18n.catalogues import LANGUAGES
from companion.i18n.compile import merged
from companion.i18n.extract import used
from companion.i18n.words import WORDS
from engines.raubritter.rules import COLOURS as RB_COLOURS
from engines.raubritter.rules import KINDS as RB_KINDS


def po(language: str, locale=None):
    """The merged catalogue of ``language``: the app's, or a game's own under ``locale``."""
    return merged(language, locale)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def messages(language: str, locale=None) -> list:
    return [m for m in po(language, locale) if m.id]


# Each check as a function of a catalogue's messages: the app's below, and a game's own catalogue
# (its home's ``locale``, consulted after the app's) in that game's tests, with the messages its
# code uses (:func:`used_in`).


def untranslated(found: list) -> list:
    """The messages without their German (or only a fuzzy one)."""
    missing = []
    for m in found:
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(forms):
            missing.append(m.id)
    return missing


def other_values(found: list) -> list:
    """The translations that drop, add or misspell a value of their message."""
    wrong = []
    for m in found:
        if isinstance(m.id, tuple):
            ids = (m.id[0], m.id[1])
            forms = m.string
            expected = [placeholders(ids[0])] + [placeholders(ids[1])] * (len(forms) - 1)
        else:
            forms, expected = (m.string,), [placeholders(m.id)]
        for form, want in zip(forms, expected, strict=True):
            if form and placeholders(form) != want:
                wrong.append((m.id, form))
    return wrong


def english_given(found: list) -> list:
    """The English messages with a msgstr (the msgid is the English text)."""
    return [m.id for m in found if any(m.string if isinstance(m.string, tuple) else (m.string,))]


def compared(found: list, code: dict[str, str | None]) -> tuple[list, list, list]:
    """What the code uses that the catalogue lacks, the plurals that differ, and what the
    catalogue holds that the code does not use."""
    catalogue = {m.id[0] if isinstance(m.id, tuple) else m.id: m for m in found}
    missing = sorted(msgid for msgid in code if msgid not in catalogue)
    plurals = sorted(
        msgid
        for msgid, plural in code.items()
        if msgid in catalogue and (catalogue[msgid].id[1] if catalogue[msgid].pluralizable else None) != plural
    )
    return missing, plurals, sorted(set(catalogue) - set(code))


def used_in(folder: Path) -> dict[str, str | None]:
    """``{msgid: msgid_plural or None}`` of the messages and refusal templates in the Python files
    under ``folder`` (a game's package outside ``companion/``), as :func:`companion.i18n.extract.used`
    finds them in the app's."""
    from babel.messages.extract import extract_from_dir

    from companion.i18n.extract import KEYWORDS, REFUSALS

    found: dict[str, str | None] = {}
    for keywords in (KEYWORDS, REFUSALS):
        for _file, _line, message, _comments, _context in extract_from_dir(
            folder, method_map=[("**.py", "python")], keywords=keywords, comment_tags=()
        ):
            if isinstance(message, tuple) and message[0]:
                found[message[0]] = message[1]
            elif isinstance(message, str) and message:
                found[message] = None
    return found


def test_every_message_has_a_german_translation():
    missing = untranslated(messages("de"))
    assert not missing, f"no German (or only fuzzy) for: {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_keeps_exactly_its_values(language):
    wrong = other_values(messages(language))
    assert not wrong, f"translations that drop, add or misspell a value: {wrong}"


def test_the_english_catalogue_leaves_every_text_to_its_msgid():
    given = english_given(messages("en"))
    assert not given, f"English msgstr given for {given}: the msgid is the English text"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_the_code_uses_is_in_the_catalogue(language):
    missing, plurals, unused = compared(messages(language), used())
    assert not missing, f"not in the {language} catalogue: {missing}"
    assert not plurals, f"plural forms differ from the code's in the {language} catalogue: {plurals}"
    assert not unused, f"in the {language} catalogue but used nowhere: {unused}"


def test_every_raubritter_word_is_in_the_catalogue():
    assert set(RB_COLOURS) | set(RB_KINDS) <= WORDS


def test_values_are_rendered_in_the_same_language():
    message = Message(
        "{player}: set {knights} aside again.", player=Cap(Word("red")), knights=Plural("{n} knight", "{n} knights", 2)
    )
    assert render(message, "en") == "Red: set 2 knights aside again."
    assert render(message, "de") == "Rot: Lege 2 Ritter wieder beiseite."
    players = Join(Word("red"), Word("blue"), Word("green"))
    assert render(Message("a draw between {players}", players=players), "en") == "a draw between red, blue and green"
    assert (
        render(Message("a draw between {players}", players=players), "de") == "Gleichstand zwischen Rot, Blau und Grün"
    )


def test_plurals_follow_the_count():
    aside = [Plural("{n} set-aside knight", "{n} set-aside knights", n) for n in (1, 2)]
    assert [render(m, "en") for m in aside] == ["1 set-aside knight", "2 set-aside knights"]
    assert [render(m, "de") for m in aside] == ["1 beiseitegelegten Ritter", "2 beiseitegelegte Ritter"]


def test_switching_the_language_changes_the_next_render():
    message = Message("{player} surrenders again.", player=Cap(Word("red")))
    try:
        set_language("de")
        assert render(message) == "Rot gibt wieder auf."
        set_language("en")
        assert render(message) == "Red surrenders again."
        set_language("de")
        assert render(message) == "Rot gibt wieder auf."
    finally:
        set_language("en")


def test_a_plain_string_is_shown_as_it_is():
    assert render("Red's henchman goes back to C7.", "de") == "Red's henchman goes back to C7."


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language"):
        set_language("fr")


def test_message_ids_are_english_sentences_with_named_values():
    for msgid in used():
        assert not re.search(r"\{\d*\}|%[sd(]", msgid), f"positional or printf value in {msgid!r}"


def test_a_message_in_two_source_files_is_refused(tmp_path, monkeypatch):
    from companion.i18n import compile as compile_module

    header = 'msgid ""\nmsgstr ""\n"Language: de\\n"\n\n'
    for name in ("a.po", "b.po"):
        (tmp_path / name).write_text(header + 'msgid "red"\nmsgstr "Rot"\n', encoding="utf-8")
    monkeypatch.setattr(compile_module, "po_files", lambda language, locale=None: sorted(tmp_path.glob("*.po")))
    with pytest.raises(compile_module.DuplicateMessage, match="a.po and b.po"):
        compile_module.merged("de")
