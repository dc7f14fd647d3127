"""The help screen's texts: every topic in both languages for both rule sets; the topic of the part
of the round being played comes first (views from the scenario files, played through the engine);
the Black Knight and the ransom as the rule set being played has them; how a pick is changed."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from companion.games.gluecksritter.help import topics
from companion.games.gluecksritter.scenario import build_command, build_setup
from companion.i18n import render
from engines.gluecksritter import GAME, OSULLIVAN, SCHMIDT
from tests.companion.games.played import steps

ROOT = Path(__file__).resolve().parents[4]
SCENARIOS = ROOT / "tests" / "scenarios" / "gluecksritter"


@cache
def views(rules: str) -> tuple[dict[str, Any], ...]:
    """The public view before the first command and after every step of every scenario played
    with ``rules``."""
    out = []
    for path in sorted(SCENARIOS.glob("*.scn")):
        initial, found = steps(path, GAME, build_setup, build_command)
        if initial.rules.ruleset != rules:
            continue
        out.append(GAME.public_view(initial))
        out.extend(GAME.public_view(step.after) for step in found)
    return tuple(out)


def moment(view: dict[str, Any]) -> str | None:
    """The part of the round a view shows, in the test's own terms."""
    if view["phase"] == "over":
        return "over"
    if view["taxes"]:
        return "tax"
    if view["phase"] == "A":
        return "ducats"
    if view["phase"] == "B":
        return "choosing" if not all(p["has_chosen"] for p in view["players"]) else "documents"
    if view["phase"] in ("C", "D"):
        return f"reveal-{view['phase']}"
    if view["round_closing"]:
        return "round-end"
    if view["field"]:
        return f"field{view['field']}"
    return None


EXPECTED = {
    "ducats": "A: the Ducat card",
    "choosing": "Choosing two action cards",
    "documents": "Revealing",
    "reveal-C": "Revealing",
    "reveal-D": "Revealing",
    "field1": "Field 1: documents",
    "field2": "Fields 2 and 3: walls and towers",
    "field3": "Fields 2 and 3: walls and towers",
    "field4": "Field 4: the Black Knight",
    "field5": "Fields 5 and 6",
    "field6": "Fields 5 and 6",
    "tax": "Royal tax",
    "round-end": "The end of a round",
    "over": "Winning",
}


def said(found: list, language: str = "en") -> str:
    return " ".join(render(text, language) for _, paragraphs in found for text in paragraphs)


@pytest.mark.parametrize("rules", [SCHMIDT, OSULLIVAN])
def test_every_topic_reads_in_both_languages(rules):
    for title, paragraphs in topics({"rules": rules}):
        for text in (title, *paragraphs):
            english, german = render(text, "en"), render(text, "de")
            assert english and german and english != german
            assert "{" not in german


@pytest.mark.parametrize("rules", [SCHMIDT, OSULLIVAN])
def test_the_help_opens_at_the_part_of_the_round_being_played(rules):
    seen: dict[str, int] = {}
    for view in views(rules):
        part = moment(view)
        if part is None:
            continue
        found = topics(view)
        assert render(found[0][0], "en") == EXPECTED[part], (part, view["phase"], view["field"])
        assert len(found) == len(topics({"rules": rules}))  # nothing lost, only reordered
        seen[part] = seen.get(part, 0) + 1
    # Fields 5 and 6 settle by themselves: the table never waits there (a tax they raise does).
    wanted = set(EXPECTED) - {"field5", "field6"} - ({"reveal-D"} if rules == SCHMIDT else set())
    assert wanted <= set(seen), sorted(wanted - set(seen))
    if rules == SCHMIDT:
        assert "reveal-D" not in seen  # Schmidt's round has no phase D


def test_the_opening_topic_reads_in_german_too():
    view = next(v for v in views(OSULLIVAN) if v["phase"] == "D")
    title, paragraphs = topics(view)[0]
    assert render(title, "de") == "Aufdecken"
    assert any("Phase D" in render(text, "de") and "freigekauft" in render(text, "de") for text in paragraphs)


def test_the_knight_and_the_ransom_follow_the_rule_set():
    schmidt, osullivan = topics({"rules": SCHMIDT}), topics({"rules": OSULLIVAN})
    assert "both roll the number die" in said(schmidt) and "haggle" not in said(schmidt)
    assert "haggle" in said(osullivan) and "both roll the number die" not in said(osullivan)
    assert "at the start of a round" in said(schmidt) and "at the start of a round" not in said(osullivan)
    assert "in phase D" in said(osullivan) and "in phase D" not in said(schmidt)


def test_schmidts_phase_list_takes_the_ransom_at_the_start_not_in_phase_d():
    for language, ransom in (("en", "ransom"), ("de", "lösegeld")):
        (phases,) = [p for t, p in topics({"rules": SCHMIDT}) if render(t, "en") == "A round"]
        lines = [render(text, language) for text in phases]
        assert not any(line.startswith("D:") for line in lines)
        assert not any(line.lower().startswith("d:") and ransom in line.lower() for line in lines)
        start = next(i for i, line in enumerate(lines) if ransom in line.lower())
        assert lines[start - 1].startswith("A:") and lines[start + 1].startswith("B:")
    (phases,) = [p for t, p in topics({"rules": OSULLIVAN}) if render(t, "en") == "A round"]
    assert "D: ransoms, then all action cards are revealed." in [render(text, "en") for text in phases]


def test_the_2002_help_sends_a_lone_black_knight_to_the_dungeon():
    assert "One knight: it acts, and then its card goes to the dungeon" in said(topics({"rules": OSULLIVAN}))
    german = said(topics({"rules": OSULLIVAN}), "de")
    assert "Ein Ritter: Er handelt, und danach kommt seine Karte ins Verlies" in german
    schmidt = said(topics({"rules": SCHMIDT}))
    assert "One knight: it acts, and its owner keeps card 4." in schmidt
    assert "then its card goes to the dungeon" not in schmidt


@pytest.mark.parametrize("rules", [SCHMIDT, OSULLIVAN])
def test_the_help_says_how_a_pick_is_changed(rules):
    english, german = said(topics({"rules": rules})), said(topics({"rules": rules}), "de")
    assert "press it again to drop it" in english and "hold one of your buttons for about 1.5 seconds" in english
    assert "until the last player locks in" in english
    assert "tap it again to drop it" in english and "only undo in the game log takes it back" in english
    assert "noch einmal, um sie wieder abzuwählen" in german and "etwa 1,5 Sekunden gedrückt" in german
    assert "bis der Letzte festgelegt hat" in german and "nur mit Rückgängig im Protokoll" in german


def test_a_view_of_nothing_in_particular_gives_the_reading_order():
    assert render(topics({"rules": SCHMIDT})[0][0], "en") == "A round"


@pytest.mark.parametrize("field", [5, 6])
def test_fields_5_and_6_open_at_their_topic(field):
    view = {"rules": SCHMIDT, "phase": "E", "field": field, "taxes": [], "round_closing": False}
    assert render(topics(view)[0][0], "en") == "Fields 5 and 6"
