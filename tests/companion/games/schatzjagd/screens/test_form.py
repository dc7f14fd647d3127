"""Schatzjagd's new-game form and its own settings, in real windows: the form is filled in by touch
(seats, who starts, the victory, an optional rule, a teleportal region) and gives the setup the
engine takes, an empty seating is refused in words, four colours are all there are; the settings
screen's part writes every change to the settings file, and a value there that cannot be used is
said and replaced; while a game runs the part says it is for new games and shows the game's own
choices. No game is started from the form: it ends at its setup. Each test saves screenshots of
what it showed into its data folder (``*.png``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.companion.app.touch import button, chip, say, shots, start, tap_in
from tests.companion.games.schatzjagd.screens.driving import new_game
from tests.support.window import in_window

GAME = "schatzjagd"
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


def colour_word(app: Any, colour: str) -> str:
    from companion.i18n import Cap, Word

    return app.tr(Cap(Word(colour)))


def shown(part: Any) -> list[str]:
    """The texts of the settings screen's part for the game, in order."""
    return [w.text for w in part.walk(restrict=True) if getattr(w, "text", "")]


def stored(data: Path) -> dict[str, Any]:
    """The game's part of the settings file as it is now."""
    return json.loads((data / "app-settings.json").read_text())["games"][GAME]


@pytest.mark.parametrize("language", ["de", "en"])
@in_window
def test_the_form_is_filled_in_by_touch_and_gives_the_setup(tmp_path, language):
    """Schatzjagd chosen on the new-game screen: an empty seating is refused in words; three colours
    seated by touch (red, blue, green), blue named; blue wins the starting roll; the victory set to 3
    treasures of one kind with the stepper (bounded at 4); plunder switched on and the teleportal's 2
    tapped once, for this game only; all four colours seated, a seated one tapped out again; the
    form's setup after each."""
    app, driver = start(tmp_path, language)  # Kivy is imported after the window's size is set
    from kivy.uix.textinput import TextInput

    from companion.app.contract import FormProblem

    names = NAMES[language]
    driver.until(lambda: app.journal is not None, what="the journal")
    driver.tap(say(app, "New game"))
    driver.tap("Schatzjagd")
    screen = app.screen("new")
    form = screen.form
    assert type(form).__name__ == "NewGameForm"

    # nobody seated: not ready, and asked to begin anyway the form says what is missing
    assert not form.ready and screen.ids.begin.disabled
    taken = shots(driver, form, tmp_path, f"form-empty-{language}")
    with pytest.raises(FormProblem) as problem:
        form.setup()
    assert app.tr(problem.value.text) == REFUSAL[language]
    screen.begin()  # as the button would if it could be tapped: the table is told why not
    assert app.root.word == REFUSAL[language] and app.root.word_is_refusal
    assert app.root.manager.current == "new"

    # three seated: the first seated starts unless another is chosen; the book's guide
    for colour in ("red", "blue", "green"):
        tap_in(driver, form, chip(form, colour))
    assert form.ready and not screen.ids.begin.disabled
    assert form.first == "red"
    assert [w.text for w in reversed(form.first_row.children)] == [names["red"], names["blue"], names["green"]]
    fields = [w for w in form.seating.name_rows.children if isinstance(w, TextInput)]
    field = next((f for f in fields if f.hint_text == colour_word(app, "blue")), None)
    assert field is not None, ([f.hint_text for f in fields], form.seating.seated, form.seating.name_rows.children)
    field.text = "Anna"  # a name typed (the only text anyone types; nothing needs it)
    assert form.setup().model_dump(mode="json") == {
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
    tap_in(driver, form, button(form.first_row, colour_word(app, "blue")))
    assert form.first == "blue"
    assert next(w.text for w in form.victories.children if w.state == "down") == GUIDE[language]
    tap_in(driver, form, button(form.victories, say(app, "All of one kind")))
    stepper = form.count_row.children[0]
    assert int(stepper.value) == 4
    plus = next(w for w in stepper.children if w.text == "+")
    minus = next(w for w in stepper.children if w.text == "−")
    for _ in range(2):
        tap_in(driver, form, plus)
    assert int(stepper.value) == 4
    tap_in(driver, form, minus)
    tap_in(driver, form, button(form.kit, say(app, "Plunder: off")))
    tap_in(driver, form, button(form.kit, f"2: {colour_word(app, 'red')}"))
    taken += shots(driver, form, tmp_path, f"form-three-{language}")
    setup = form.setup().model_dump(mode="json")
    assert setup["first"] == "blue"
    assert setup["victory"] == {"treasures": None, "same_kind": 3, "different_kinds": None, "kinds": None}
    assert setup["plunder"] and not setup["catharsis"] and setup["teleportal"]
    assert setup["regions"] == {"2": "yellow", "3": "red", "4": "blue", "5": "green"}
    assert [p["colour"] for p in setup["players"]] == ["red", "blue", "green"]

    # the starter follows the seats; four colours are all there are, and a second tap unseats
    tap_in(driver, form, chip(form, "green"))  # green out: the chosen first stays
    tap_in(driver, form, chip(form, "blue"))  # blue out: the first seated starts again
    assert form.first == "red"
    for colour in ("blue", "yellow", "green"):
        tap_in(driver, form, chip(form, colour))
    assert len(form.seating.chips.children) == 4 and len(form.first_row.children) == 4
    assert list(form.seating.seated) == ["red", "blue", "yellow", "green"]
    taken += shots(driver, form, tmp_path, f"form-four-{language}")
    assert [p["colour"] for p in form.setup().model_dump(mode="json")["players"]] == ["red", "blue", "yellow", "green"]
    tap_in(driver, form, chip(form, "yellow"))  # a second tap takes a colour out again
    assert list(form.seating.seated) == ["red", "blue", "green"]
    driver.stop()

    # the changes were for this game only: the game's settings are not written
    assert json.loads((tmp_path / "app-settings.json").read_text()).get("games", {}) == {}
    assert len(taken) >= 6 and all((tmp_path / Path(p).name).exists() for p in taken), taken


@in_window
def test_the_settings_part_stores_each_change_and_replaces_what_cannot_be_used(tmp_path):
    """A settings file whose Schatzjagd part holds two values that cannot be used (plunder "yes", a
    teleportal whose 2 and 3 are both red) beside one that can (catharsis on): the problems are said
    and the defaults used; plunder switched on and the teleportal's 5 tapped on the settings screen
    are written to the file at once; the next new-game form starts from them."""
    (tmp_path / "app-settings.json").write_text(
        json.dumps(
            {
                "language": "de",
                "games": {
                    GAME: {
                        "plunder": "yes",
                        "catharsis": True,
                        "regions": {"2": "red", "3": "red", "4": "blue", "5": "green"},
                    }
                },
            }
        )
    )
    app, driver = start(tmp_path, "de")
    driver.until(lambda: app.journal is not None, what="the journal")
    driver.tap(say(app, "Settings"))
    screen = app.screen("settings")
    choices = screen.ids.list
    games = screen.ids.games
    if games.children:  # no game runs: the game is chosen here
        tap_in(driver, choices, button(games, "Schatzjagd"))
    said = "Schatzjagd: Die Einstellung {} war nicht zu gebrauchen und steht wieder auf ihrem Anfangswert."
    assert app.root.word_is_refusal
    assert app.root.word == "  ·  ".join(said.format(name) for name in ("plunder", "regions"))
    part = screen.ids.game.children[0]
    assert type(part).__name__ == "NewGameDefaults"
    texts = shown(part)
    assert texts[:6] == [
        "Für neue Spiele; ein laufendes Spiel behält seine eigene Wahl.",  # no game runs: no line of its own
        "Plünderung: aus",
        "Grandlins Katharsis: an",  # the value that could be used is kept
        "Teleportal: an",
        "Schatzarten: verdeckt",
        "Teleportal: Tippe eine Augenzahl an, um ihre Burg zu wechseln",
    ]
    assert not any(text.startswith("Dieses Spiel") for text in texts)
    shots(driver, choices, tmp_path, "settings-de")

    tap_in(driver, choices, button(part, say(app, "Plunder: off")))
    after_plunder = stored(tmp_path)
    book = {"2": "red", "3": "yellow", "4": "blue", "5": "green"}
    assert after_plunder == {
        "plunder": True,
        "catharsis": True,
        "teleportal": True,
        "show_treasure_kinds": False,
        "regions": book,
    }
    tap_in(driver, choices, button(part, f"5: {colour_word(app, 'green')}"))
    # 5 was green: it becomes red, and 2, which was red, takes green
    changed = {"2": "green", "3": "yellow", "4": "blue", "5": "red"}
    after_region = stored(tmp_path)
    assert after_region == {**after_plunder, "regions": changed}

    tap_in(driver, choices, button(part, say(app, "Teleportal: on")))
    teleportal_off = shown(part)
    assert "Teleportal: aus" in teleportal_off
    assert not any(text.startswith("2: ") for text in teleportal_off)
    shots(driver, choices, tmp_path, "settings-changed-de")
    tap_in(driver, choices, button(part, say(app, "Teleportal: off")))

    driver.tap(say(app, "Back"))
    driver.tap(say(app, "New game"))
    driver.tap("Schatzjagd")
    assert dict(app.screen("new").form.kit.settings) == after_region  # the form starts from them
    driver.stop()
    assert stored(tmp_path) == after_region


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
@in_window
def test_while_a_game_runs_the_settings_say_they_are_for_new_games_and_show_the_game_s_own(tmp_path, language):
    """A Schatzjagd game runs as the book plays it (plunder off); on the settings screen the switches
    are said to be for new games, and under them a line says this game's own choices, which stay as
    they were when plunder is switched on there."""
    (tmp_path / "app-settings.json").write_text(json.dumps({"language": language}))
    app, driver = start(tmp_path, language)
    driver.until(lambda: app.journal is not None, what="the journal")
    new_game(app, driver, {"red": "Anna"}, ("red", "blue"), 2)
    driver.tap(say(app, "Settings"))
    screen = app.screen("settings")
    choices = screen.ids.list
    part = screen.ids.game.children[0]
    assert type(part).__name__ == "NewGameDefaults"
    texts = shown(part)
    assert NEW_GAMES[language] in texts
    assert THIS_GAME[language] in texts
    assert texts.index(NEW_GAMES[language]) < texts.index(THIS_GAME[language])
    shots(driver, choices, tmp_path, f"settings-playing-{language}")

    # plunder switched on for new games: written at once, the running game keeps it off, and says so
    tap_in(driver, choices, button(part, say(app, "Plunder: off")))
    assert THIS_GAME[language] in shown(part)
    assert stored(tmp_path)["plunder"] is True
    assert app.table.public_view()["view"]["options"]["plunder"] is False
    shots(driver, choices, tmp_path, f"settings-playing-changed-{language}")
    driver.stop()
