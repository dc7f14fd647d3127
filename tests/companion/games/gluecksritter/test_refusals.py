"""Die Glücksritter's refusals in the table's language: a refusal raised by the engine is a template
with plain values; the table says it in German or English, with the players (one or several) named
as the screen names them (the capitalised colour in that language) and the numbers and coins as
they are."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir

from companion.i18n import render
from companion.i18n.compile import merged
from companion.i18n.extract import ENGINES
from companion.i18n.refusals import refusal_text
from engines.core.errors import RuleViolation
from engines.gluecksritter.commands import BuyPieces, ChooseActions, EndRound, RevealDocuments
from tests.engines.gluecksritter.helpers import Table, c


def said(violation: RuleViolation) -> tuple[str, str]:
    text = refusal_text(violation, "gluecksritter")
    return render(text, "en"), render(text, "de")


def passed_over() -> tuple[Table, Any]:
    """Red (5 Ducats) shares field 2 with blue: a shared wall costs 6."""
    t = Table.new().give("red", silver=1, gold=2)
    t.to_resolve(red=(2, 3), blue=(2, 5))
    return t, BuyPieces("red", 1)


def castle_full() -> tuple[Table, Any]:
    t = Table.new().give("red", silver=7, gold=7, walls=3)
    t.to_resolve(red=(2, 3))
    return t, BuyPieces("red", 2)


def underpaid() -> tuple[Table, Any]:
    """Red alone on field 3: a tower costs 5, red pays 3."""
    t = Table.new().give("red", silver=3, gold=3)
    t.to_resolve(red=(3, 5))
    return t, BuyPieces("red", 1, payment=c(1, 1))


def still_choosing() -> tuple[Table, Any]:
    t = Table.new()
    t.place()
    t.do(ChooseActions("red", (1, 2)))
    return t, RevealDocuments()


def in_the_dungeon() -> tuple[Table, Any]:
    t = Table.new().give("red", jailed=1)
    t.place()
    return t, ChooseActions("red", (4, 5))


def two_owe_royal_tax() -> tuple[Table, Any]:
    """Blue and red hold 7 silver; each takes 1 of the 3 silver on field 5 and reaches 8."""
    t = Table.new().give("red", silver=7).give("blue", silver=7).fields(field5=c(3, 0))
    t.to_resolve()
    assert {who for who, _ in t.state.taxes} == {"red", "blue"}
    return t, EndRound()


CASES: list[tuple[Callable[[], tuple[Table, Any]], str, str, str]] = [
    (
        passed_over,
        "resolve.passed-over",
        "Red can't pay 6 for a wall and was passed over",
        "Rot kann 6 für eine Mauer nicht zahlen und wurde übergangen",
    ),
    (
        castle_full,
        "castle.limit",
        "A castle holds at most 4 walls; Red has room for 1",
        "Eine Burg hat höchstens 4 Mauern; Rot hat Platz für 1",
    ),
    (
        underpaid,
        "payment.coins",
        "Red pays 1 silver and 1 gold, worth 3 Ducats, but 5 are due",
        "Rot zahlt 1 Silber und 1 Gold, 3 Dukaten wert, fällig sind aber 5",
    ),
    (
        still_choosing,
        "B.waiting",
        "Still choosing: Blue and Green",
        "Es wählen noch: Blau und Grün",
    ),
    (
        in_the_dungeon,
        "B.in-hand",
        "Card 4 is in the dungeon: pick from [1, 2, 3, 5, 6]",
        "Karte 4 ist im Verlies: Wähle aus [1, 2, 3, 5, 6]",
    ),
    (
        two_owe_royal_tax,
        "royal-tax.pending",
        "First the royal tax: Blue and Red must pay it or play a Gift",
        "Zuerst die Königssteuer: Blau und Rot müssen sie zahlen oder ein Geschenk spielen",
    ),
]


@pytest.mark.parametrize(("arrange", "rule", "english", "german"), CASES, ids=[case[1] for case in CASES])
def test_a_refusal_is_said_in_the_tables_language(arrange, rule, english, german):
    table, command = arrange()
    violation = table.refuse(command, rule)
    en, de = said(violation)
    assert (en, de) == (english, german)
    assert de != en and "{" not in de and "{" not in en
    for number in re.findall(r"\d+", violation.message):  # the numbers stay as they are
        assert number in de


def test_the_colours_are_words_of_the_language():
    table, command = passed_over()
    en, de = said(table.refuse(command, "resolve.passed-over"))
    assert "Rot" in de and "red" not in de
    assert en.startswith("Red ")


def test_the_engine_keeps_its_english_message():
    table, command = still_choosing()
    assert table.refuse(command, "B.waiting").message == "still choosing: blue, green"


def templates(package: str) -> set[str]:
    found = extract_from_dir(
        ENGINES / package, method_map=[("**.py", "python")], keywords={"RuleViolation": (2,)}, comment_tags=()
    )
    return {message for _file, _line, message, _comments, _context in found if message}


@pytest.mark.parametrize("package", ["gluecksritter", "core"])
def test_every_refusal_template_has_its_german(package):
    german = merged("de")
    found = templates(package)
    assert found
    missing = sorted(template for template in found if template not in german or not german[template].string)
    assert not missing, f"refusals without German: {missing}"
    same = sorted(template for template in found if german[template].string == template)
    assert not same, f"German that is the English: {same}"
