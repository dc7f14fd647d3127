"""Raubritter's new-game form, its date picker and its own settings, in real windows: the form is
filled in by touch (seats, a name, each birthday with four taps of the date picker), says who
begins (the oldest; of equal birthdays the one seated first), refuses in words what is missing,
and starts games that the journal holds with their birthdays; the players are remembered for the
next form; the settings screen's part says what could not be used, lists the players, forgets
them, and stops remembering. At 800×480 and 1280×720, in German and English.

The date picker's arithmetic (a day the month lacks, the limits) is checked here without a window."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import pytest

from engines.raubritter.rules import Setup
from tests.companion.app.touch import button, chip, say, shots, sized, start, tap_in
from tests.companion.games.raubritter.screens.driving import BIRTHDAYS, birthday, open_form, pick, picker_dialog
from tests.support.window import in_window

GAME = "raubritter"
TODAY = datetime.date.today()
WORDS = {
    "de": {
        "refusal": "Tippe die Farben in Sitzreihenfolge an (2 bis 4 Spieler).",
        "unborn": "Wähle den Geburtstag von Blau und Anna (Rot): Der Älteste beginnt.",
        "birthday": "Geburtstag?",
        "nobody_yet": "Der Älteste beginnt: Wähle für jeden den Geburtstag.",
        "anna": "Anna (Rot) beginnt: am ältesten.",
        "same_day": "Anna (Rot) beginnt: am ältesten, am selben Tag geboren wie Gelb "
        "und in der Sitzreihenfolge zuerst.",
        "title": "Geburtstag von Anna (Rot): {}",
        "dates": ["14. März 1987", "2. Mai 1990"],
        "start": f"1. Januar {TODAY.year - 30}",
        "set": "14. März 1987",
    },
    "en": {
        "refusal": "Tap the colours in seating order (2 to 4 players).",
        "unborn": "Set the birthday of Blue and Anna (Red): the oldest begins.",
        "birthday": "Birthday?",
        "nobody_yet": "The oldest begins: set each player's birthday.",
        "anna": "Anna (Red) begins: the oldest.",
        "same_day": "Anna (Red) begins: the oldest, born on the same day as Yellow, and first in seating order.",
        "title": "Birthday of Anna (Red): {}",
        "dates": ["14 March 1987", "2 May 1990"],
        "start": f"1 January {TODAY.year - 30}",
        "set": "14 March 1987",
    },
}
RED = {"colour": "red", "name": "Anna", "birthday": "1987-03-14"}
BLUE = {"colour": "blue", "name": None, "birthday": "1990-05-02"}
YELLOW = {"colour": "yellow", "name": None, "birthday": "1987-03-14"}
GREEN = {"colour": "green", "name": None, "birthday": "2012-07-30"}


def engine_players(players: list[dict]) -> list[dict]:
    """As the engine's setup stores them: a player without a name is named by the colour."""
    return [{"name": p["name"] or p["colour"], "birthday": p["birthday"], "colour": p["colour"]} for p in players]


def begin(app: Any, driver: Any, confirm: bool = False) -> None:
    """The form's "Start the game" tapped (and the running game saved first, if ``confirm``)."""
    driver.tap(app.screen("new").ids.begin)
    if confirm:
        driver.tap(say(app, "Save it and go on"))
    driver.until(lambda: app.root.manager.current != "new", what="the game's table")


def journal_games(data: Path) -> list[dict[str, Any]]:
    from companion.journal.store import Journal

    with Journal.open(data / "journal.sqlite3") as journal:
        return [{"game": row.game, "config": row.config} for row in journal.games()]


def stored(data: Path) -> Any:
    """Raubritter's part of the settings file."""
    return json.loads((data / "app-settings.json").read_text()).get("games", {}).get(GAME)


def shown(widget: Any) -> list[str]:
    """Every text ``widget`` shows, top to bottom as drawn."""
    texts = [widget.text] if isinstance(getattr(widget, "text", None), str) and widget.text else []
    for child in reversed(widget.children):
        texts += shown(child)
    return texts


def colour_word(app: Any, colour: str) -> str:
    from companion.i18n import Cap, Word

    return app.tr(Cap(Word(colour)))


def problem(app: Any, form: Any) -> str | None:
    """What the form says is missing, in the table's words (None: nothing)."""
    from companion.app.contract import FormProblem

    try:
        form.setup()
    except FormProblem as refused:
        return app.tr(refused.text)
    return None


@pytest.mark.parametrize("size", [None, "1280x720"], ids=["800x480", "1280x720"])
@pytest.mark.parametrize("language", ["de", "en"])
@in_window
def test_the_form_is_filled_in_by_touch_and_starts_the_game(tmp_path, language, size):
    """The new-game screen with Raubritter chosen: an empty seating is refused in words; blue and
    red seated, red named Anna, and refused while birthdays are missing; both birthdays set with
    the date picker (a day the month lacks cannot be tapped, 29 February only in a leap year);
    who begins said; yellow and green seated too, yellow born on red's day; the game started
    (four players), its players remembered; the next form starts with them, two tapped out, and
    a second game started (two players) after the running one is put aside. Each step's
    screenshots are kept in the data folder."""
    sized(size)
    app, driver = start(tmp_path, language)
    from kivy.uix.textinput import TextInput

    words = WORDS[language]
    driver.until(lambda: app.journal is not None, what="the journal")
    tag = f"{language}-{size or '800x480'}"
    form = open_form(app, driver)
    screen = app.screen("new")
    assert type(form).__name__ == "NewGameForm"

    # nobody seated, then two without birthdays: not ready, and each refusal said in words
    assert not form.ready and screen.ids.begin.disabled
    assert form.beginner.text == words["nobody_yet"]
    taken = shots(driver, form, tmp_path, f"rb-form-empty-{tag}")
    assert problem(app, form) == words["refusal"]
    for colour in ("blue", "red"):
        tap_in(driver, form, chip(form, colour))
    fields = {w.hint_text: w for w in form.seating.name_rows.children if isinstance(w, TextInput)}
    fields[colour_word(app, "red")].text = "Anna"  # a name typed (the only text anyone types; nothing needs it)
    assert not form.ready and screen.ids.begin.disabled
    assert [form.seating.birthday_buttons[c].text for c in ("red", "blue")] == [words["birthday"]] * 2
    assert problem(app, form) == words["unborn"]
    screen.begin()  # as the button would if it could be tapped: the table is told why not
    assert app.root.word == words["unborn"] and app.root.word_is_refusal
    assert app.root.manager.current == "new"
    taken += shots(driver, form, tmp_path, f"rb-form-unborn-{tag}")

    # red's birthday: the picker starts thirty years back and says the date in its title as it is tapped
    tap_in(driver, form, form.seating.birthday_buttons["red"])
    dialog = picker_dialog()
    assert dialog.sheet.children[-1].text == words["title"].format(words["start"])
    taken.append(str(driver.shot(tmp_path / f"rb-picker-start-{tag}.png")))
    pick(driver, BIRTHDAYS["red"])
    assert dialog.title_label.text == words["title"].format(words["set"])
    taken.append(str(driver.shot(tmp_path / f"rb-picker-set-{tag}.png")))
    driver.tap(say(app, "Done"))
    driver.until(lambda: "red" in form.birthdays, what="red's birthday")
    assert form.beginner.text == words["nobody_yet"]  # blue has no birthday yet

    # blue's: 31 January, then February takes the month's last day; 1991 has no 29 February, 1992 has
    tap_in(driver, form, form.seating.birthday_buttons["blue"])
    picker = picker_dialog().picker
    pick(driver, datetime.date(1991, 1, 31))
    driver.tap(picker.month_buttons[1])
    assert picker.date.isoformat() == "1991-02-28"
    days = [b.text for b in picker.day_buttons if not b.disabled and b.opacity]
    assert days == [str(day) for day in range(1, 29)]
    taken.append(str(driver.shot(tmp_path / f"rb-picker-february-{tag}.png")))
    driver.tap(picker.year_buttons[2])
    assert picker.date.isoformat() == "1992-02-28"
    assert len([b for b in picker.day_buttons if not b.disabled and b.opacity]) == 29
    driver.tap(picker.day_buttons[28])
    assert picker.date.isoformat() == "1992-02-29"
    driver.tap(say(app, "Back"))
    assert "blue" not in form.birthdays  # "Back" set nothing
    birthday(app, driver, form, "blue", BIRTHDAYS["blue"])

    # two players: ready, each row shows the date, Anna (red, seated second) begins as the oldest
    assert form.ready and not screen.ids.begin.disabled
    assert [form.seating.birthday_buttons[c].text for c in ("red", "blue")] == words["dates"]
    assert form.beginner.text == words["anna"]
    assert form.setup().model_dump(mode="json") == {"players": engine_players([BLUE, RED])}
    taken += shots(driver, form, tmp_path, f"rb-form-two-{tag}")

    # four: not ready until yellow and green have birthdays; yellow shares Anna's day
    for colour in ("yellow", "green"):
        tap_in(driver, form, chip(form, colour))
    assert not form.ready
    for colour in ("yellow", "green"):
        birthday(app, driver, form, colour, BIRTHDAYS[colour])
    assert form.beginner.text == words["same_day"]
    assert list(form.seating.seated) == ["blue", "red", "yellow", "green"]
    taken += shots(driver, form, tmp_path, f"rb-form-four-{tag}")
    begin(app, driver)
    assert app.root.manager.current == "raubritter-table"
    assert stored(tmp_path) == {"remember": True, "players": [BLUE, RED, YELLOW, GREEN]}

    # the next form starts with the last game's players; two out, the second game starts
    form = open_form(app, driver)
    assert list(form.seating.seated) == ["blue", "red", "yellow", "green"]
    assert {c: d.isoformat() for c, d in form.birthdays.items()} == {
        p["colour"]: p["birthday"] for p in (BLUE, RED, YELLOW, GREEN)
    }
    assert form.seating.given_names() == {"red": "Anna"} and form.ready
    taken += shots(driver, form, tmp_path, f"rb-form-again-{tag}")
    for colour in ("yellow", "green"):
        tap_in(driver, form, chip(form, colour))
    assert form.beginner.text == words["anna"]
    begin(app, driver, confirm=True)
    assert stored(tmp_path) == {"remember": True, "players": [BLUE, RED]}
    driver.stop()

    # the journal holds both games with their setups: the oldest first, then on in seating order
    four, two = journal_games(tmp_path)
    assert four == {"game": "raubritter", "config": {"players": engine_players([BLUE, RED, YELLOW, GREEN])}}
    assert two == {"game": "raubritter", "config": {"players": engine_players([BLUE, RED])}}
    order = [p.colour for p in Setup.model_validate(four["config"]).turn_order()]
    assert order == ["red", "yellow", "green", "blue"]  # red and yellow: same day, red seated first
    assert [p.colour for p in Setup.model_validate(two["config"]).turn_order()] == ["red", "blue"]
    assert len(taken) >= 7 and all(Path(shot).exists() for shot in taken), taken


SETTINGS_WORDS = {
    "de": {
        "word": "Raubritter: Die Einstellung remember war nicht zu gebrauchen und steht wieder auf ihrem "
        "Anfangswert.  ·  Raubritter: 3 gemerkte Spieler waren nicht zu gebrauchen und bleiben weg.",
        "shown": [
            "Spieler merken: an",
            "Jedes neue Spiel beginnt mit den Spielern, Namen und Geburtstagen des letzten Spiels.",
            "Ben (Blau), geboren am 2. November 1979",
            "Rot, geboren am 2. November 1979",
            "Spieler vergessen",
        ],
        "beginner": "Ben (Blau) beginnt: am ältesten, am selben Tag geboren wie Rot und in der Sitzreihenfolge zuerst.",
        "none": "Noch keine Spieler gemerkt.",
        "off": ["Spieler merken: aus", "Jedes neue Spiel beginnt leer; Namen und Geburtstage werden nicht gemerkt."],
        "yellow": "Gelb beginnt: am ältesten.",
    },
    "en": {
        "word": "Raubritter: the setting remember could not be used; it is back to its default.  ·  "
        "Raubritter: 3 remembered players could not be used and are left out.",
        "shown": [
            "Remember the players: on",
            "Each new game starts with the last game's players, names and birthdays.",
            "Ben (Blue), born 2 November 1979",
            "Red, born 2 November 1979",
            "Forget the players",
        ],
        "beginner": "Ben (Blue) begins: the oldest, born on the same day as Red, and first in seating order.",
        "none": "No players remembered yet.",
        "off": [
            "Remember the players: off",
            "Each new game starts with nobody seated; no names or birthdays are kept.",
        ],
        "yellow": "Yellow begins: the oldest.",
    },
}


@pytest.mark.parametrize("size", [None, "1280x720"], ids=["800x480", "1280x720"])
@pytest.mark.parametrize("language", ["de", "en"])
@in_window
def test_the_settings_remember_and_forget_the_players(tmp_path, language, size):
    """A settings file whose Raubritter part cannot be used whole (remember "yes", a birthday in
    the future, a colour twice, a player without a colour) beside two players that can: the problems
    are said, the two filled into the form; the settings screen lists them; "Forget the players"
    empties the file's list and the form; remembering switched off, a game started keeps nobody."""
    sized(size)
    words = SETTINGS_WORDS[language]
    later = (datetime.date.today() + datetime.timedelta(days=2)).isoformat()
    players = [
        {"colour": "blue", "name": "Ben", "birthday": "1979-11-02"},
        {"colour": "green", "name": "Clara", "birthday": later},
        {"colour": "blue", "name": "Bo", "birthday": "1980-01-01"},
        {"name": "Dora", "birthday": "1980-01-01"},
        {"colour": "red", "name": None, "birthday": "1979-11-02"},
    ]
    (tmp_path / "app-settings.json").write_text(
        json.dumps({"language": language, "games": {GAME: {"remember": "yes", "players": players}}})
    )
    app, driver = start(tmp_path, language)
    tag = f"{language}-{size or '800x480'}"
    driver.until(lambda: app.journal is not None, what="the journal")
    driver.tap(say(app, "Settings"))
    settings = app.screen("settings")
    choices = settings.ids.list
    if settings.ids.games.children:  # no game runs: the game is chosen here
        tap_in(driver, choices, button(settings.ids.games, "Raubritter"))
    # remember "yes", a birthday after today, blue twice and a player without a colour: said, and
    # the two players that can be used are kept
    assert app.root.word_is_refusal and app.root.word == words["word"], app.root.word
    part = settings.ids.game.children[0]
    assert type(part).__name__ == "RememberedPlayers"
    assert [text for text in shown(part) if not text.isdigit()] == words["shown"]  # beside the seats' chips
    taken = shots(driver, choices, tmp_path, f"rb-settings-{tag}")

    form = open_form(app, driver)
    assert list(form.seating.seated) == ["blue", "red"] and form.seating.given_names() == {"blue": "Ben"}
    assert form.ready and form.beginner.text == words["beginner"]
    taken += shots(driver, form, tmp_path, f"rb-form-remembered-{tag}")

    # forgotten: the file's list and the next form are empty; remembering off is kept in the file
    driver.tap(say(app, "Back"))
    driver.tap(say(app, "Settings"))
    tap_in(driver, choices, button(part, say(app, "Forget the players")))
    assert stored(tmp_path) == {"remember": True, "players": []}
    assert words["none"] in shown(part)
    tap_in(driver, choices, button(part, say(app, "Remember the players: on")))
    assert stored(tmp_path) == {"remember": False, "players": []}
    assert shown(part) == words["off"]
    taken += shots(driver, choices, tmp_path, f"rb-settings-off-{tag}")
    driver.tap(say(app, "Back"))
    form = open_form(app, driver)
    assert list(form.seating.seated) == []

    # a game started while remembering is off keeps nobody
    for colour in ("green", "yellow"):
        tap_in(driver, form, chip(form, colour))
    birthday(app, driver, form, "green", datetime.date(2001, 2, 3))
    birthday(app, driver, form, "yellow", datetime.date(1999, 12, 31))
    assert form.beginner.text == words["yellow"]
    begin(app, driver)
    assert stored(tmp_path) == {"remember": False, "players": []}
    form = open_form(app, driver)
    assert list(form.seating.seated) == []
    driver.stop()
    started = [
        {"name": "green", "birthday": "2001-02-03", "colour": "green"},
        {"name": "yellow", "birthday": "1999-12-31", "colour": "yellow"},
    ]
    assert journal_games(tmp_path) == [{"game": "raubritter", "config": {"players": started}}]
    assert json.loads((tmp_path / "app-settings.json").read_text())["games"]["raubritter"] == stored(tmp_path)
    assert all(Path(shot).exists() for shot in taken), taken


# ---------------------------------------------------------------------------------- the date picker
# (companion.app.pieces.date brings Kivy with it: imported by these tests only, not by the windows' ones)
def test_a_day_the_month_lacks_becomes_its_last_day():
    from companion.app.pieces.date import EARLIEST, days_in, within

    today = datetime.date(2026, 11, 27)
    assert within(1990, 4, 31, EARLIEST, today) == datetime.date(1990, 4, 30)
    assert within(1991, 2, 29, EARLIEST, today) == datetime.date(1991, 2, 28)
    assert within(1992, 2, 31, EARLIEST, today) == datetime.date(1992, 2, 29)
    assert within(2000, 2, 29, EARLIEST, today) == datetime.date(2000, 2, 29)  # 2000 is a leap year
    assert within(1900, 2, 29, EARLIEST, today) == datetime.date(1920, 2, 29)  # before 1920: 1920
    assert [days_in(1900, 2), days_in(2000, 2), days_in(2023, 2), days_in(2024, 2)] == [28, 29, 28, 29]


def test_nothing_after_today():
    from companion.app.pieces.date import EARLIEST, within

    today = datetime.date(2026, 11, 27)
    assert within(2026, 12, 24, EARLIEST, today) == today
    assert within(2026, 11, 30, EARLIEST, today) == today
    assert within(2031, 12, 31, EARLIEST, today) == today
    assert within(2031, 1, 1, EARLIEST, today) == datetime.date(2026, 1, 1)  # a decade tapped keeps the day
    assert within(2026, 10, 31, EARLIEST, today) == datetime.date(2026, 10, 31)


def test_a_date_in_the_table_s_words():
    from companion.app.pieces.date import date_words
    from companion.i18n import render

    assert render(date_words(datetime.date(1987, 3, 14)), "de") == "14. März 1987"
    assert render(date_words(datetime.date(1987, 3, 14)), "en") == "14 March 1987"
    assert render(date_words(datetime.date(2001, 12, 1)), "de") == "1. Dezember 2001"
