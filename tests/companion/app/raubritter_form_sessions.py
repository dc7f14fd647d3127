"""Sessions of Raubritter's new-game form and its own settings (run as
:mod:`tests.companion.app.sessions` runs them): the form filled in by touch, birthdays with the
date picker, games started into the journal; the settings screen's part for Raubritter on a real
settings file. Each saves screenshots of what it showed into the data folder (``*.png``).

The game's table screen is built beside this form; while its module cannot be imported yet, a
bare screen of its name stands in for it (for these sessions only): the sessions end at the journal."""

from __future__ import annotations

import dataclasses
import datetime
import importlib
import json
from pathlib import Path
from typing import Any

from tests.companion.app.touch import button, chip, say, shots, sized, start, tap_in
from tests.companion.games.raubritter.screens.driving import BIRTHDAYS, birthday, open_form, pick, picker_dialog

GAME = "raubritter"
BOARD = "companion.games.raubritter.screens.board"


def table_screen_or_stand_in() -> bool:
    """Whether the game's own table screen can be shown; if not (not there yet, or half built), a
    bare screen of its name stands in."""
    try:
        importlib.import_module(BOARD)
        return True
    except Exception:  # noqa: BLE001 - the screen being built beside this form
        pass
    from companion.app import contract
    from companion.app.room import AppScreen

    class StandIn(AppScreen):
        screen_name = contract.screens_of(GAME).first

    contract._LOADED[GAME] = dataclasses.replace(contract.screens_of(GAME), screens=lambda: (StandIn,))
    return False


def begin(app: Any, driver: Any, form: Any, confirm: bool = False) -> None:
    driver.tap(app.screen("new").ids.begin)
    if confirm:
        driver.tap(say(app, "Save it and go on"))
    driver.until(lambda: app.root.manager.current != "new", what="the game's table")


def journal_games(data: Path) -> list[dict[str, Any]]:
    from companion.journal.store import Journal

    with Journal.open(data / "journal.sqlite3") as journal:
        return [{"game": row.game, "config": row.config} for row in journal.games()]


def stored(data: Path) -> Any:
    return json.loads((data / "app-settings.json").read_text()).get("games", {}).get(GAME)


def shown(widget: Any) -> list[str]:
    """Every text ``widget`` shows, top to bottom as drawn."""
    texts = [widget.text] if isinstance(getattr(widget, "text", None), str) and widget.text else []
    for child in reversed(widget.children):
        texts += shown(child)
    return texts


def new_game_form(data: Path, language: str, size: str | None = None) -> dict[str, Any]:
    """The new-game screen with Raubritter chosen: an empty seating is refused in words; blue and
    red seated, red named Anna, and refused while birthdays are missing; both birthdays set with
    the date picker (a day the month lacks cannot be tapped, 29 February only in a leap year);
    who begins said; yellow and green seated too, yellow born on red's day; the game started
    (four players), its players remembered; the next form starts with them, two tapped out, and
    a second game started (two players) after the running one is put aside."""
    sized(size)
    app, driver = start(data, language)
    from kivy.uix.textinput import TextInput

    from companion.app.contract import FormProblem

    seen: dict[str, Any] = {"table_screen": table_screen_or_stand_in()}
    driver.until(lambda: app.journal is not None, what="the journal")
    tag = f"{language}-{size or '800x480'}"
    form = open_form(app, driver)
    screen = app.screen("new")
    seen["form"] = type(form).__name__
    seen["ready_empty"], seen["begin_disabled_empty"] = form.ready, screen.ids.begin.disabled
    seen["beginner_empty"] = form.beginner.text
    seen["shots"] = shots(driver, form, data, f"rb-form-empty-{tag}")
    problems = []
    try:
        form.setup()
    except FormProblem as problem:
        problems.append(app.tr(problem.text))

    for colour in ("blue", "red"):
        tap_in(driver, form, chip(form, colour))
    fields = {w.hint_text: w for w in form.seating.name_rows.children if isinstance(w, TextInput)}
    fields[_colour(app, "red")].text = "Anna"  # a name typed (the only text anyone types; nothing needs it)
    seen["ready_unborn"], seen["begin_disabled_unborn"] = form.ready, screen.ids.begin.disabled
    seen["birthday_buttons_unborn"] = [form.seating.birthday_buttons[c].text for c in ("red", "blue")]
    try:
        form.setup()
    except FormProblem as problem:
        problems.append(app.tr(problem.text))
    seen["problems"] = problems
    screen.begin()  # as the button would if it could be tapped: the table is told why not
    seen["word_unborn"], seen["word_refusal"] = app.root.word, app.root.word_is_refusal
    seen["screen_after_refusal"] = app.root.manager.current
    seen["shots"] += shots(driver, form, data, f"rb-form-unborn-{tag}")

    # red's birthday; the picker's first shot shows it untouched, the second set
    tap_in(driver, form, form.seating.birthday_buttons["red"])
    dialog = picker_dialog()
    seen["dialog_title"] = dialog.sheet.children[-1].text
    seen["shots"].append(str(driver.shot(data / f"rb-picker-start-{tag}.png")))
    pick(driver, BIRTHDAYS["red"])
    seen["picker_title"] = dialog.title_label.text
    seen["shots"].append(str(driver.shot(data / f"rb-picker-set-{tag}.png")))
    driver.tap(say(app, "Done"))
    driver.until(lambda: "red" in form.birthdays, what="red's birthday")
    seen["after_red"] = form.beginner.text

    # blue's: 31 January, then February takes the month's last day; 1992 has a 29 February
    tap_in(driver, form, form.seating.birthday_buttons["blue"])
    picker = picker_dialog().picker
    pick(driver, datetime.date(1991, 1, 31))
    driver.tap(picker.month_buttons[1])
    seen["february_1991"] = picker.date.isoformat()
    seen["february_1991_days"] = [b.text for b in picker.day_buttons if not b.disabled and b.opacity]
    seen["shots"].append(str(driver.shot(data / f"rb-picker-february-{tag}.png")))
    driver.tap(picker.year_buttons[2])
    seen["february_1992"] = picker.date.isoformat()
    seen["february_1992_days"] = len([b for b in picker.day_buttons if not b.disabled and b.opacity])
    driver.tap(picker.day_buttons[28])
    seen["leap_day"] = picker.date.isoformat()
    driver.tap(say(app, "Back"))  # nothing changes
    seen["after_back"] = "blue" in form.birthdays
    birthday(app, driver, form, "blue", BIRTHDAYS["blue"])
    seen["ready_two"], seen["begin_disabled_two"] = form.ready, screen.ids.begin.disabled
    seen["birthday_buttons_two"] = [form.seating.birthday_buttons[c].text for c in ("red", "blue")]
    seen["beginner_two"] = form.beginner.text
    seen["two_setup"] = form.setup().model_dump(mode="json")
    seen["shots"] += shots(driver, form, data, f"rb-form-two-{tag}")

    for colour in ("yellow", "green"):
        tap_in(driver, form, chip(form, colour))
    seen["ready_four_unborn"] = form.ready
    for colour in ("yellow", "green"):
        birthday(app, driver, form, colour, BIRTHDAYS[colour])
    seen["beginner_four"] = form.beginner.text
    seen["seated_four"] = list(form.seating.seated)
    seen["shots"] += shots(driver, form, data, f"rb-form-four-{tag}")
    begin(app, driver, form)
    seen["screen_after_start"] = app.root.manager.current
    seen["stored_after_four"] = stored(data)

    form = open_form(app, driver)
    seen["seated_again"] = list(form.seating.seated)
    seen["birthdays_again"] = {c: d.isoformat() for c, d in form.birthdays.items()}
    seen["names_again"] = form.seating.given_names()
    seen["ready_again"] = form.ready
    seen["shots"] += shots(driver, form, data, f"rb-form-again-{tag}")
    for colour in ("yellow", "green"):
        tap_in(driver, form, chip(form, colour))
    seen["beginner_again"] = form.beginner.text
    begin(app, driver, form, confirm=True)
    seen["stored_after_two"] = stored(data)
    driver.stop()
    seen["games"] = journal_games(data)
    return seen


def _colour(app: Any, colour: str) -> str:
    from companion.i18n import Cap, Word

    return app.tr(Cap(Word(colour)))


def settings_part(data: Path, language: str, size: str | None = None) -> dict[str, Any]:
    """A settings file whose Raubritter part cannot be used whole (remember "yes", a birthday in
    the future, a colour twice, a player without a colour) beside two players that can: the problems
    are said, the two filled into the form; the settings screen lists them; "Forget the players"
    empties the file's list and the form; remembering switched off, a game started keeps nobody."""
    sized(size)
    later = (datetime.date.today() + datetime.timedelta(days=2)).isoformat()
    players = [
        {"colour": "blue", "name": "Ben", "birthday": "1979-11-02"},
        {"colour": "green", "name": "Clara", "birthday": later},
        {"colour": "blue", "name": "Bo", "birthday": "1980-01-01"},
        {"name": "Dora", "birthday": "1980-01-01"},
        {"colour": "red", "name": None, "birthday": "1979-11-02"},
    ]
    (data / "app-settings.json").write_text(
        json.dumps({"language": language, "games": {GAME: {"remember": "yes", "players": players}}})
    )
    app, driver = start(data, language)
    seen: dict[str, Any] = {"table_screen": table_screen_or_stand_in()}
    tag = f"{language}-{size or '800x480'}"
    driver.until(lambda: app.journal is not None, what="the journal")
    driver.tap(say(app, "Settings"))
    settings = app.screen("settings")
    choices = settings.ids.list
    if settings.ids.games.children:  # no game runs: the game is chosen here
        tap_in(driver, choices, button(settings.ids.games, "Raubritter"))
    seen["word"], seen["refusal"] = app.root.word, app.root.word_is_refusal
    part = settings.ids.game.children[0]
    seen["part"] = type(part).__name__
    seen["shown"] = shown(part)
    seen["shots"] = shots(driver, choices, data, f"rb-settings-{tag}")

    form = open_form(app, driver)
    seen["form_seated"] = list(form.seating.seated)
    seen["form_names"] = form.seating.given_names()
    seen["form_ready"] = form.ready
    seen["form_beginner"] = form.beginner.text
    seen["shots"] += shots(driver, form, data, f"rb-form-remembered-{tag}")

    driver.tap(say(app, "Back"))
    driver.tap(say(app, "Settings"))
    tap_in(driver, choices, button(part, say(app, "Forget the players")))
    seen["after_forget"] = stored(data)
    seen["forgotten_shown"] = shown(part)
    tap_in(driver, choices, button(part, say(app, "Remember the players: on")))
    seen["after_off"] = stored(data)
    seen["off_shown"] = shown(part)
    seen["shots"] += shots(driver, choices, data, f"rb-settings-off-{tag}")

    driver.tap(say(app, "Back"))
    form = open_form(app, driver)
    seen["form_seated_after_forget"] = list(form.seating.seated)
    for colour in ("green", "yellow"):
        tap_in(driver, form, chip(form, colour))
    birthday(app, driver, form, "green", datetime.date(2001, 2, 3))
    birthday(app, driver, form, "yellow", datetime.date(1999, 12, 31))
    seen["beginner"] = form.beginner.text
    begin(app, driver, form)
    seen["stored_after_game"] = stored(data)
    form = open_form(app, driver)
    seen["form_seated_after_game"] = list(form.seating.seated)
    driver.stop()
    seen["games"] = journal_games(data)
    return seen


SESSIONS = {
    "raubritter-form": new_game_form,
    "raubritter-settings": settings_part,
}
