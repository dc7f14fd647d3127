"""Schatzjagd's own settings: the optional rules and the teleportal's regions as the book plays
them until the table changes them; a value that cannot be used is said and replaced by its default;
what is read is a copy (changing it changes no default)."""

from __future__ import annotations

import pytest

from companion.games.schatzjagd.screens.preferences import DEFAULTS, read
from companion.i18n import render

REGIONS = {"2": "blue", "3": "green", "4": "red", "5": "yellow"}
SAID = "Schatzjagd: Die Einstellung {} war nicht zu gebrauchen und steht wieder auf ihrem Anfangswert."


def test_nothing_stored_gives_the_book():
    assert read(None, {}) == (DEFAULTS, [])
    assert DEFAULTS == {
        "plunder": False,
        "catharsis": False,
        "teleportal": True,
        "show_treasure_kinds": False,
        "regions": {"2": "red", "3": "yellow", "4": "blue", "5": "green"},
    }


def test_what_is_stored_is_used_and_older_files_hold_nothing_of_schatzjagd():
    stored = {"plunder": True, "teleportal": False, "regions": REGIONS, "unknown": 3}
    settings, problems = read(stored, {"plunder": False, "digital_sack": False})
    assert problems == []
    assert settings == {**DEFAULTS, "plunder": True, "teleportal": False, "regions": REGIONS}
    assert read(None, {"plunder": True, "regions": REGIONS}) == (DEFAULTS, [])


def test_regions_with_the_die_values_as_numbers_are_read_as_stored_in_json():
    settings, problems = read({"regions": {5: "yellow", 2: "blue", 3: "green", 4: "red"}}, {})
    assert problems == [] and settings["regions"] == REGIONS and list(settings["regions"]) == ["2", "3", "4", "5"]


@pytest.mark.parametrize(
    "regions",
    [
        {"2": "red", "3": "red", "4": "blue", "5": "green"},  # two values, one castle
        {"2": "red", "3": "yellow", "4": "blue"},  # a value without its castle
        {"1": "red", "3": "yellow", "4": "blue", "5": "green"},
        {"2": "red", "3": "yellow", "4": "blue", "5": "black"},  # no castle of Schatzjagd
        ["red", "yellow", "blue", "green"],
        "red",
    ],
)
def test_regions_that_cannot_be_used_are_said_and_the_book_s_stand(regions):
    settings, problems = read({"regions": regions, "catharsis": True}, {})
    assert settings == {**DEFAULTS, "catharsis": True}
    assert [render(p, "de") for p in problems] == [SAID.format("regions")]


def test_every_value_that_cannot_be_used_is_said_and_its_default_used():
    settings, problems = read({"plunder": "yes", "catharsis": 1, "teleportal": None, "show_treasure_kinds": []}, {})
    assert settings == DEFAULTS
    names = ["plunder", "catharsis", "teleportal", "show_treasure_kinds"]
    assert [render(p, "de") for p in problems] == [SAID.format(name) for name in names]
    assert render(problems[0], "en") == "Schatzjagd: the setting plunder could not be used; it is back to its default."


def test_what_is_read_is_a_copy():
    settings, _ = read(None, {})
    settings["regions"]["2"] = "green"
    assert DEFAULTS["regions"]["2"] == "red"
    stored = {"regions": dict(REGIONS)}
    settings, _ = read(stored, {})
    settings["regions"]["2"] = "red"
    assert stored["regions"]["2"] == "blue"
