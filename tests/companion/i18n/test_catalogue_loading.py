"""A catalogue is loaded however the package was installed: a compiled one that matches its
sources as it is; a missing, stale or damaged one compiled from the ``.po`` sources at once (and
kept where the folder can be written), said in one log line; without sources, English with a log
line. Never a traceback. Each test works on a copy of the catalogues in a temporary folder."""

from __future__ import annotations

import logging
import shutil

import pytest

from companion.i18n import Message
from companion.i18n.catalogues import load
from companion.i18n.compile import compile_all
from companion.i18n.paths import LOCALE, mo_file, stamp_file

RED = Message("red")


@pytest.fixture
def locale(tmp_path):
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE, copy, ignore=shutil.ignore_patterns("*.mo", "*.mo.sources"))
    return copy


def german(locale):
    return RED.show(load("de", locale))


def test_a_compiled_catalogue_that_matches_its_sources_is_read_as_it_is(locale, caplog):
    compile_all(locale)
    written = mo_file("de", locale).stat().st_mtime_ns
    with caplog.at_level(logging.INFO, logger="companion.i18n"):
        assert german(locale) == "Rot"
    assert not caplog.records
    assert mo_file("de", locale).stat().st_mtime_ns == written


def test_a_missing_catalogue_is_compiled_from_its_sources_and_kept(locale, caplog):
    with caplog.at_level(logging.INFO, logger="companion.i18n"):
        assert german(locale) == "Rot"
    assert "missing or older than its sources; compiled from the sources now, kept" in caplog.text
    assert mo_file("de", locale).exists() and stamp_file("de", locale).exists()
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="companion.i18n"):
        assert german(locale) == "Rot"
    assert not caplog.records  # the next start reads the kept one


def test_an_edited_source_makes_the_compiled_catalogue_stale(locale, caplog):
    compile_all(locale)
    po = locale / "de" / "LC_MESSAGES" / "companion.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Rot"', 'msgstr "Karminrot"'), encoding="utf-8")
    with caplog.at_level(logging.INFO, logger="companion.i18n"):
        assert german(locale) == "Karminrot"
    assert "older than its sources" in caplog.text


def test_a_damaged_catalogue_is_compiled_again(locale, caplog):
    compile_all(locale)
    mo_file("de", locale).write_bytes(b"\x00" * 10)
    with caplog.at_level(logging.INFO, logger="companion.i18n"):
        assert german(locale) == "Rot"
    assert "damaged" in caplog.text or "cannot be read" in caplog.text


def test_a_folder_that_cannot_be_written_keeps_nothing_and_the_texts_are_german(locale, caplog):
    mo_file("de", locale).mkdir()  # nothing can be renamed over it, whoever runs the test
    with caplog.at_level(logging.INFO, logger="companion.i18n"):
        assert german(locale) == "Rot"
    assert "not kept" in caplog.text


def test_without_sources_or_catalogue_the_texts_are_english_with_a_log_line(locale, caplog):
    shutil.rmtree(locale / "de")
    with caplog.at_level(logging.INFO, logger="companion.i18n"):
        assert german(locale) == "red"
    assert "texts are shown in English" in caplog.text


def test_a_source_that_cannot_be_compiled_leaves_english_with_a_log_line(locale, caplog):
    (locale / "de" / "LC_MESSAGES" / "broken.po").write_text('msgid "red"\nmsgstr "Rot"\n', encoding="utf-8")
    with caplog.at_level(logging.INFO, logger="companion.i18n"):
        assert german(locale) == "red"  # "red" is in two sources: refused, as compile refuses it
    assert "cannot be compiled" in caplog.text
