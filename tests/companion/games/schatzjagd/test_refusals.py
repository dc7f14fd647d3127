"""Schatzjagd's refusals in German and English: real refusals of the engine, rendered as the table
shows them (colours, places, card types and what the player tried as words of the catalogues), and
every template the engine raises has its German. A refusal names nothing the table may not know
(rule 13.4: no notes), in neither language."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from companion.i18n import render
from companion.i18n.compile import merged
from companion.i18n.refusals import refusal_text
from engines.core.errors import RuleViolation
from engines.schatzjagd.commands import EndTurn, Reveal, School, Smith, Travel
from tests.engines.schatzjagd.test_rules import fix, game, into_the_city, refused, slot, visit

ENGINE = Path(__file__).resolve().parents[4] / "engines" / "schatzjagd"
REFUSALS = Path(__file__).resolve().parents[4] / "companion" / "games" / "schatzjagd"


def both(violation: RuleViolation) -> tuple[str, str]:
    text = refusal_text(violation, "schatzjagd")
    return render(text, "en"), render(text, "de")


def said(violation: RuleViolation) -> tuple[str, str]:
    english, german = both(violation)
    assert german != english
    assert "{" not in english and "}" not in english
    assert "{" not in german and "}" not in german
    return english, german


def test_not_the_players_turn_names_both_colours_and_what_was_tried():
    h = game()
    violation = refused(h, Travel("blue", 3, "C3"), "turn.not-yours")
    assert violation.message == "it is red's turn, blue cannot travel now"  # the journal's English
    assert said(violation) == (
        "It is Red's turn, Blue cannot travel now",
        "Rot ist am Zug, Blau kann jetzt nicht reisen",
    )


def test_a_colour_nobody_plays_lists_the_players_colours():
    violation = refused(game(), Travel("green", 3, "C3"), "player.absent")
    assert said(violation) == (
        "Nobody plays 'Green' in this game (players: Red, Blue)",
        "Niemand spielt 'Grün' in diesem Spiel (Spieler: Rot, Blau)",
    )


def test_a_rival_castle_names_its_owner():
    violation = refused(game(), Travel("red", 6, "castle-blue"), "travel.castle-gate")
    english, german = said(violation)
    assert english.startswith("The Blue castle lets in a rival's henchman only after a night")
    assert german.startswith("Die Burg von Blau lässt einen fremden Schergen erst nach einer Nacht")


def test_the_wrong_shop_names_the_place_as_a_dative():
    h = into_the_city("inn")
    violation = refused(h, School("red"), "city.not-at-shop")
    assert violation.message == "the henchman must stop at the school (travel to=school), not inn"
    assert said(violation) == (
        "The henchman must stop at the school (travel to=school), not the inn",
        "Der Scherge muss bei der Schule anhalten (travel to=school), nicht bei dem Gasthaus",
    )


def test_the_smith_counts_gold_and_weapon_points():
    h = into_the_city("smith")
    fix(h, "red.gold", 2)
    violation = refused(h, Smith("red", 3), "shop.gold")
    assert said(violation) == (
        "3 weapon points cost 3 gold; Red's henchman has 2",
        "3 Waffenpunkte kosten 3 Gulden; der Scherge von Rot hat 2",
    )


def test_a_card_type_entered_for_a_face_down_card_is_worded():
    h = game()
    slot(h, "C3")
    h.apply(Travel("blue", 2, "C3"))
    violation = refused(h, Reveal("blue", "potion"), "card.numbers")
    english, german = said(violation)
    assert english == "Enter what the potion does, e.g. effects=life+3 or effects=poison=1"
    assert german == "Gib ein, was die Karte vom Typ Trank bewirkt, z. B. effects=life+3 oder effects=poison=1"
    violation = refused(h, EndTurn("blue"), "card.reveal-first")
    assert said(violation)[1] == "Decke erst die Karte bei C3 auf, dann kannst du den Zug beenden"


def test_the_hand_limit_lists_what_may_be_played():
    h = game()
    visit(h, "C3", "map")
    violation = refused(h, EndTurn("blue"), "hand.over-four")
    english, german = said(violation)
    assert english == (
        "Blue holds 5 cards, more than 4: play one before the turn ends — slot a card face down into a free "
        "field, show a spell or dig with a map of C3"
    )
    assert german == (
        "Blau hält 5 Karten, mehr als 4: Spiel eine aus, bevor der Zug endet – eine Karte verdeckt in ein "
        "freies Feld stecken, einen Zauber zeigen oder mit einem Lageplan von Feld C3 graben"
    )


def raised() -> set[str]:
    """Every template raised under engines/schatzjagd, and every word of its refusals' values."""
    found = {
        message
        for _file, _line, message, _comments, _context in extract_from_dir(
            ENGINE, method_map=[("**.py", "python")], keywords={"RuleViolation": (2,)}, comment_tags=()
        )
        if message
    }
    words = {
        message
        for _file, _line, message, _comments, _context in extract_from_dir(
            REFUSALS, method_map=[("refusals.py", "python")], keywords={"Message": None}, comment_tags=()
        )
        if message
    }
    return found | words


def test_every_template_schatzjagd_raises_has_its_german():
    templates = raised()
    assert len(templates) > 100
    german = {m.id: m.string for m in merged("de") if m.id}
    assert sorted(t for t in templates if not german.get(t)) == []


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_german_keeps_every_value_and_english_is_the_template(language):
    catalogue = {m.id: m.string for m in merged(language) if m.id}

    def names(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}

    for template in raised():
        if language == "en":
            assert catalogue[template] == "", template
        else:
            assert names(catalogue[template]) == names(template), template
