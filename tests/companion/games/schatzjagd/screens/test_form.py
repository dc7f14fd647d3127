"""Schatzjagd's new-game form and its own settings, in real windows: the form is filled in by
touch (seats, who starts, the victory, an optional rule, a teleportal region) and gives the setup
the engine takes, an empty seating is refused in words, four colours are all there are; the
settings screen's part writes every change to the settings file, and a value there that cannot be
used is said and replaced. No game is started: the form ends at its setup."""

from __future__ import annotations

import json

import pytest

from tests.companion.app.ui import run_session

BOOK = {
    "plunder": False,
    "catharsis": False,
    "teleportal": True,
    "show_treasure_kinds": False,
    "treasure_kinds": {"crown": 4, "chalice": 4, "orb": 4},
}
NAMES = {"de": {"red": "Rot", "blue": "Blau", "green": "Grün", "yellow": "Gelb"}}
NAMES["en"] = {colour: colour.capitalize() for colour in NAMES["de"]}
REFUSAL = {
    "de": "Tippe die Farben in Sitzreihenfolge an (2 bis 4 Spieler).",
    "en": "Tap the colours in seating order (2 to 4 players).",
}
GUIDE = {"de": "Richtwert: 4 Schätze (3 Spieler)", "en": "Guide: 4 treasures (3 players)"}


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_form_is_filled_in_by_touch_and_gives_the_setup(tmp_path, language):
    seen = run_session("schatzjagd-form", tmp_path, language)
    names = NAMES[language]
    assert seen["form"] == "NewGameForm"

    # nobody seated: not ready, and asked to begin anyway the form says what is missing
    assert not seen["ready_empty"] and seen["begin_disabled_empty"]
    assert seen["problem"] == seen["word_empty"] == REFUSAL[language]
    assert seen["word_refusal"] and seen["screen_after_refusal"] == "new"

    # three seated: the first seated starts unless another is chosen; the book's guide
    assert seen["ready"] and not seen["begin_disabled"]
    assert seen["first_default"] == "red"
    assert seen["first_buttons"] == [names["red"], names["blue"], names["green"]]
    assert seen["plain_setup"] == {
        **BOOK,
        "players": [  # a prince without a name is called by the colour, which the screens say in their language
            {"name": "red", "colour": "red"},
            {"name": "Anna", "colour": "blue"},
            {"name": "green", "colour": "green"},
        ],
        "first": "red",
        "victory": None,
        "regions": {"2": "red", "3": "yellow", "4": "blue", "5": "green"},
    }

    # blue starts, 3 of one kind (the stepper stops at 4), plunder on, the teleportal's 2 yellow
    assert seen["first_chosen"] == "blue"
    assert seen["guide_label"] == GUIDE[language]
    assert seen["stepper_start"] == 4 and seen["stepper_high"] == 4
    setup = seen["setup"]
    assert setup["first"] == "blue"
    assert setup["victory"] == {"treasures": None, "same_kind": 3, "different_kinds": None, "kinds": None}
    assert setup["plunder"] and not setup["catharsis"] and setup["teleportal"]
    assert setup["regions"] == {"2": "yellow", "3": "red", "4": "blue", "5": "green"}
    assert [p["colour"] for p in setup["players"]] == ["red", "blue", "green"]

    # the starter follows the seats; four colours are all there are, and a second tap unseats
    assert seen["first_after_blue_left"] == "red"
    assert seen["chips"] == 4 and seen["first_buttons_all"] == 4
    assert seen["seated_all"] == ["red", "blue", "yellow", "green"]
    assert [p["colour"] for p in seen["four_setup"]["players"]] == seen["seated_all"]
    assert seen["seated_after_out"] == ["red", "blue", "green"]

    # the changes were for this game only: the game's settings are not written
    assert seen["stored_games"] == {}
    assert len(seen["shots"]) >= 6 and all((tmp_path / p.rsplit("/", 1)[1]).exists() for p in seen["shots"])


def test_the_settings_part_stores_each_change_and_replaces_what_cannot_be_used(tmp_path):
    seen = run_session("schatzjagd-settings", tmp_path, "de")
    said = "Schatzjagd: Die Einstellung {} war nicht zu gebrauchen und steht wieder auf ihrem Anfangswert."
    assert seen["refusal"] and seen["word"] == "  ·  ".join(said.format(name) for name in ("plunder", "regions"))
    assert seen["part"] == "NewGameDefaults"
    assert seen["shown"][:6] == [
        "Für neue Spiele; ein laufendes Spiel behält seine eigene Wahl.",  # no game runs: no line of its own
        "Plünderung: aus",
        "Grandlins Katharsis: an",  # the value that could be used is kept
        "Teleportal: an",
        "Schatzarten: verdeckt",
        "Teleportal: Tippe eine Augenzahl an, um ihre Burg zu wechseln",
    ]
    assert not any(text.startswith("Dieses Spiel") for text in seen["shown"])
    book = {"2": "red", "3": "yellow", "4": "blue", "5": "green"}
    assert seen["after_plunder"] == {
        "plunder": True,
        "catharsis": True,
        "teleportal": True,
        "show_treasure_kinds": False,
        "regions": book,
    }
    # 5 was green: it becomes red, and 2, which was red, takes green
    changed = {"2": "green", "3": "yellow", "4": "blue", "5": "red"}
    assert seen["after_region"] == {**seen["after_plunder"], "regions": changed}
    assert "Teleportal: aus" in seen["teleportal_off_shown"]
    assert not any(text.startswith("2: ") for text in seen["teleportal_off_shown"])
    assert seen["file"] == seen["after_region"] == seen["form_kit"]
    assert json.loads((tmp_path / "app-settings.json").read_text())["games"]["schatzjagd"] == seen["file"]


THIS_GAME = {
    "de": "Dieses Spiel: Plünderung aus, Grandlins Katharsis aus, Teleportal an (2 Rot, 3 Gelb, 4 Blau und 5 Grün), "
    "Schatzarten verdeckt.",
    "en": "This game: plunder off, Grandlin's catharsis off, teleportal on (2 Red, 3 Yellow, 4 Blue and 5 Green), "
    "treasure kinds hidden.",
}
NEW_GAMES = {
    "de": "Für neue Spiele; ein laufendes Spiel behält seine eigene Wahl.",
    "en": "For new games; a game already running keeps its own choices.",
}


@pytest.mark.parametrize("language", ["de", "en"])
def test_while_a_game_runs_the_settings_say_they_are_for_new_games_and_show_the_game_s_own(tmp_path, language):
    seen = run_session("schatzjagd-settings-playing", tmp_path, language)
    assert NEW_GAMES[language] in seen["shown"]
    assert THIS_GAME[language] in seen["shown"]
    # plunder switched on for new games: written at once, the running game keeps it off, and says so
    assert seen["stored"]["plunder"] is True and seen["game_plunder"] is False
    assert THIS_GAME[language] in seen["after_plunder"]
    assert seen["shown"].index(NEW_GAMES[language]) < seen["shown"].index(THIS_GAME[language])
