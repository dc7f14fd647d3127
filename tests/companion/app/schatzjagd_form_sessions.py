"""Sessions of Schatzjagd's new-game form and its own settings (run as
:mod:`tests.companion.app.sessions` runs them): the form filled in by touch up to its setup (no
game is started), and the settings screen's part for Schatzjagd on a real settings file. Each
saves screenshots of what it showed into the data folder (``*.png``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.companion.app.touch import button, chip, say, shots, start, tap_in

GAME = "schatzjagd"


def colour_word(app: Any, colour: str) -> str:
    from companion.i18n import Cap, Word

    return app.tr(Cap(Word(colour)))


def new_game_form(data: Path, language: str) -> dict[str, Any]:
    """The new-game screen with Schatzjagd chosen: an empty seating is refused in words; three
    colours seated by touch (red, blue, green), blue named; blue wins the starting roll; the
    victory set to 3 treasures of one kind with the stepper (bounded at 4); plunder switched on
    and the teleportal's 2 tapped once, for this game only; all four colours seated, a seated one
    tapped out again; the form's setup after each."""
    app, driver = start(data, language)  # Kivy is imported after the window's size is set
    from kivy.uix.textinput import TextInput

    from companion.app.contract import FormProblem

    driver.until(lambda: app.journal is not None, what="the journal")
    driver.tap(say(app, "New game"))
    driver.tap("Schatzjagd")
    screen = app.screen("new")
    form = screen.form
    seen: dict[str, Any] = {"form": type(form).__name__, "ready_empty": form.ready}
    seen["begin_disabled_empty"] = screen.ids.begin.disabled
    seen["shots"] = shots(driver, form, data, f"form-empty-{language}")
    try:
        form.setup()
    except FormProblem as problem:
        seen["problem"] = app.tr(problem.text)
    screen.begin()  # as the button would if it could be tapped: the table is told why not
    seen["word_empty"], seen["word_refusal"] = app.root.word, app.root.word_is_refusal
    seen["screen_after_refusal"] = app.root.manager.current

    for colour in ("red", "blue", "green"):
        tap_in(driver, form, chip(form, colour))
    seen["ready"], seen["begin_disabled"] = form.ready, screen.ids.begin.disabled
    seen["first_default"] = form.first
    seen["first_buttons"] = [w.text for w in reversed(form.first_row.children)]
    fields = [w for w in form.seating.name_rows.children if isinstance(w, TextInput)]
    field = next((f for f in fields if f.hint_text == colour_word(app, "blue")), None)
    assert field is not None, ([f.hint_text for f in fields], form.seating.seated, form.seating.name_rows.children)
    field.text = "Anna"  # a name typed (the only text anyone types; nothing needs it)
    seen["plain_setup"] = form.setup().model_dump(mode="json")

    tap_in(driver, form, button(form.first_row, colour_word(app, "blue")))
    seen["first_chosen"] = form.first
    seen["guide_label"] = next(w.text for w in form.victories.children if w.state == "down")
    tap_in(driver, form, button(form.victories, say(app, "All of one kind")))
    stepper = form.count_row.children[0]
    seen["stepper_start"] = int(stepper.value)
    plus = next(w for w in stepper.children if w.text == "+")
    minus = next(w for w in stepper.children if w.text == "−")
    for _ in range(2):
        tap_in(driver, form, plus)
    seen["stepper_high"] = int(stepper.value)
    tap_in(driver, form, minus)
    tap_in(driver, form, button(form.kit, say(app, "Plunder: off")))
    tap_in(driver, form, button(form.kit, f"2: {colour_word(app, 'red')}"))
    seen["shots"] += shots(driver, form, data, f"form-three-{language}")
    seen["setup"] = form.setup().model_dump(mode="json")

    tap_in(driver, form, chip(form, "green"))  # green out: the chosen first stays
    tap_in(driver, form, chip(form, "blue"))  # blue out: the first seated starts again
    seen["first_after_blue_left"] = form.first
    for colour in ("blue", "yellow", "green"):
        tap_in(driver, form, chip(form, colour))
    seen["chips"] = len(form.seating.chips.children)
    seen["seated_all"] = list(form.seating.seated)
    seen["first_buttons_all"] = len(form.first_row.children)
    seen["shots"] += shots(driver, form, data, f"form-four-{language}")
    seen["four_setup"] = form.setup().model_dump(mode="json")
    tap_in(driver, form, chip(form, "yellow"))  # a second tap takes a colour out again
    seen["seated_after_out"] = list(form.seating.seated)
    driver.stop()
    stored = json.loads((data / "app-settings.json").read_text())
    seen["stored_games"] = stored.get("games", {})
    return seen


def settings_part(data: Path, language: str) -> dict[str, Any]:
    """A settings file whose Schatzjagd part holds two values that cannot be used (plunder "yes",
    a teleportal whose 2 and 3 are both red) beside one that can (catharsis on): the problems are
    said and the defaults used; plunder switched on and the teleportal's 5 tapped on the settings
    screen are written to the file at once; the next new-game form starts from them."""
    (data / "app-settings.json").write_text(
        json.dumps(
            {
                "language": language,
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
    app, driver = start(data, language)
    driver.until(lambda: app.journal is not None, what="the journal")
    driver.tap(say(app, "Settings"))
    screen = app.screen("settings")
    choices = screen.ids.list
    games = screen.ids.games
    if games.children:  # no game runs: the game is chosen here
        tap_in(driver, choices, button(games, "Schatzjagd"))
    seen: dict[str, Any] = {"word": app.root.word, "refusal": app.root.word_is_refusal}
    part = screen.ids.game.children[0]
    seen["part"] = type(part).__name__
    seen["shown"] = [w.text for w in part.walk(restrict=True) if getattr(w, "text", "")]
    seen["shots"] = shots(driver, choices, data, f"settings-{language}")
    tap_in(driver, choices, button(part, say(app, "Plunder: off")))
    seen["after_plunder"] = json.loads((data / "app-settings.json").read_text())["games"][GAME]
    tap_in(driver, choices, button(part, f"5: {colour_word(app, 'green')}"))
    seen["after_region"] = json.loads((data / "app-settings.json").read_text())["games"][GAME]
    tap_in(driver, choices, button(part, say(app, "Teleportal: on")))
    seen["teleportal_off_shown"] = [w.text for w in part.walk(restrict=True) if getattr(w, "text", "")]
    seen["shots"] += shots(driver, choices, data, f"settings-changed-{language}")
    tap_in(driver, choices, button(part, say(app, "Teleportal: off")))
    driver.tap(say(app, "Back"))
    driver.tap(say(app, "New game"))
    driver.tap("Schatzjagd")
    seen["form_kit"] = dict(app.screen("new").form.kit.settings)
    driver.stop()
    seen["file"] = json.loads((data / "app-settings.json").read_text())["games"][GAME]
    return seen


def settings_while_playing(data: Path, language: str) -> dict[str, Any]:
    """A Schatzjagd game runs as the book plays it (plunder off); on the settings screen the
    switches are said to be for new games, and under them a line says this game's own choices,
    which stay as they were when plunder is switched on there."""
    from tests.companion.games.schatzjagd.screens.driving import new_game

    (data / "app-settings.json").write_text(json.dumps({"language": language}))
    app, driver = start(data, language)
    driver.until(lambda: app.journal is not None, what="the journal")
    new_game(app, driver, {"red": "Anna"}, ("red", "blue"), 2)
    driver.tap(say(app, "Settings"))
    screen = app.screen("settings")
    choices = screen.ids.list
    part = screen.ids.game.children[0]
    seen: dict[str, Any] = {"part": type(part).__name__}
    seen["shown"] = [w.text for w in part.walk(restrict=True) if getattr(w, "text", "")]
    seen["shots"] = shots(driver, choices, data, f"settings-playing-{language}")
    tap_in(driver, choices, button(part, say(app, "Plunder: off")))
    seen["after_plunder"] = [w.text for w in part.walk(restrict=True) if getattr(w, "text", "")]
    seen["stored"] = json.loads((data / "app-settings.json").read_text())["games"][GAME]
    seen["game_plunder"] = app.table.public_view()["view"]["options"]["plunder"]
    seen["shots"] += shots(driver, choices, data, f"settings-playing-changed-{language}")
    driver.stop()
    return seen


SESSIONS = {
    "schatzjagd-form": new_game_form,
    "schatzjagd-settings": settings_part,
    "schatzjagd-settings-playing": settings_while_playing,
}
