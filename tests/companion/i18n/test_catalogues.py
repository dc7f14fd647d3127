"""The catalogues are complete: every message the code uses is in them, every one has its German,
every translation keeps exactly its message's values; the language switches without a restart."""

from __future__ import annotations

import re
import string

import pytest

from companion.i18n import Cap, Join, Message, Plural, Word, render, set_language
from companion.i18n.catalogues import LANGUAGES
from companion.i18n.compile import merged
from companion.i18n.extract import used
from companion.i18n.words import WORDS
from engines.raubritter.rules import COLOURS as RB_COLOURS
from engines.raubritter.rules import KINDS as RB_KINDS


def po(language: str):
    return merged(language)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def messages(language: str) -> list:
    return [m for m in po(language) if m.id]


def test_every_message_has_a_german_translation():
    missing = []
    for m in messages("de"):
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(forms):
            missing.append(m.id)
    assert not missing, f"no German (or only fuzzy) for: {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_keeps_exactly_its_values(language):
    wrong = []
    for m in messages(language):
        if isinstance(m.id, tuple):
            ids = (m.id[0], m.id[1])
            forms = m.string
            expected = [placeholders(ids[0])] + [placeholders(ids[1])] * (len(forms) - 1)
        else:
            forms, expected = (m.string,), [placeholders(m.id)]
        for form, want in zip(forms, expected, strict=True):
            if form and placeholders(form) != want:
                wrong.append((m.id, form))
    assert not wrong, f"translations that drop, add or misspell a value: {wrong}"


def test_the_english_catalogue_leaves_every_text_to_its_msgid():
    for m in messages("en"):
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        assert not any(forms), f"English msgstr given for {m.id!r}: the msgid is the English text"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_the_code_uses_is_in_the_catalogue(language):
    catalogue = {m.id[0] if isinstance(m.id, tuple) else m.id: m for m in messages(language)}
    code = used()
    missing = sorted(msgid for msgid in code if msgid not in catalogue)
    assert not missing, f"not in the {language} catalogue: {missing}"
    plurals = sorted(
        msgid
        for msgid, plural in code.items()
        if (catalogue[msgid].id[1] if catalogue[msgid].pluralizable else None) != plural
    )
    assert not plurals, f"plural forms differ from the code's in the {language} catalogue: {plurals}"
    unused = sorted(set(catalogue) - set(code))
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
