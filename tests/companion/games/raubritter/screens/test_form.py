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

import pytest

from companion.app.pieces.date import EARLIEST, date_words, days_in, within
from companion.i18n import render
from engines.raubritter.rules import Setup
from tests.companion.app.ui import run_session

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


@pytest.mark.parametrize("size", [None, "1280x720"], ids=["800x480", "1280x720"])
@pytest.mark.parametrize("language", ["de", "en"])
def test_the_form_is_filled_in_by_touch_and_starts_the_game(tmp_path, language, size):
    seen = run_session("raubritter-form", tmp_path, language, *([size] if size else []))
    words = WORDS[language]
    assert seen["form"] == "NewGameForm"

    # nobody seated, then two without birthdays: not ready, and each refusal said in words
    assert not seen["ready_empty"] and seen["begin_disabled_empty"]
    assert seen["beginner_empty"] == words["nobody_yet"]
    assert seen["problems"] == [words["refusal"], words["unborn"]]
    assert not seen["ready_unborn"] and seen["begin_disabled_unborn"]
    assert seen["birthday_buttons_unborn"] == [words["birthday"]] * 2
    assert seen["word_unborn"] == words["unborn"] and seen["word_refusal"]
    assert seen["screen_after_refusal"] == "new"

    # the picker starts thirty years back and says the date in its title as it is tapped
    assert seen["dialog_title"] == words["title"].format(words["start"])
    assert seen["picker_title"] == words["title"].format(words["set"])
    assert seen["after_red"] == words["nobody_yet"]  # blue has no birthday yet

    # 31 January, then February: its last day; 1991 has no 29 February, 1992 has
    assert seen["february_1991"] == "1991-02-28"
    assert seen["february_1991_days"] == [str(day) for day in range(1, 29)]
    assert seen["february_1992"] == "1992-02-28" and seen["february_1992_days"] == 29
    assert seen["leap_day"] == "1992-02-29"
    assert not seen["after_back"]  # "Back" set nothing

    # two players: ready, each row shows the date, Anna (red, seated second) begins as the oldest
    assert seen["ready_two"] and not seen["begin_disabled_two"]
    assert seen["birthday_buttons_two"] == words["dates"]
    assert seen["beginner_two"] == words["anna"]
    assert seen["two_setup"] == {"players": engine_players([BLUE, RED])}

    # four: not ready until yellow and green have birthdays; yellow shares Anna's day
    assert not seen["ready_four_unborn"]
    assert seen["seated_four"] == ["blue", "red", "yellow", "green"]
    assert seen["beginner_four"] == words["same_day"]
    assert seen["screen_after_start"] == "raubritter-table"
    assert seen["stored_after_four"] == {"remember": True, "players": [BLUE, RED, YELLOW, GREEN]}

    # the next form starts with the last game's players; two out, the second game starts
    assert seen["seated_again"] == ["blue", "red", "yellow", "green"]
    assert seen["birthdays_again"] == {p["colour"]: p["birthday"] for p in (BLUE, RED, YELLOW, GREEN)}
    assert seen["names_again"] == {"red": "Anna"} and seen["ready_again"]
    assert seen["beginner_again"] == words["anna"]
    assert seen["stored_after_two"] == {"remember": True, "players": [BLUE, RED]}

    # the journal holds both games with their setups: the oldest first, then on in seating order
    four, two = seen["games"]
    assert four == {"game": "raubritter", "config": {"players": engine_players([BLUE, RED, YELLOW, GREEN])}}
    assert two == {"game": "raubritter", "config": {"players": engine_players([BLUE, RED])}}
    order = [p.colour for p in Setup.model_validate(four["config"]).turn_order()]
    assert order == ["red", "yellow", "green", "blue"]  # red and yellow: same day, red seated first
    assert [p.colour for p in Setup.model_validate(two["config"]).turn_order()] == ["red", "blue"]
    assert len(seen["shots"]) >= 7 and all((tmp_path / p.rsplit("/", 1)[1]).exists() for p in seen["shots"])


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
def test_the_settings_remember_and_forget_the_players(tmp_path, language, size):
    seen = run_session("raubritter-settings", tmp_path, language, *([size] if size else []))
    words = SETTINGS_WORDS[language]
    # remember "yes", a birthday after today, blue twice and a player without a colour: said, and
    # the two players that can be used are kept
    assert seen["refusal"] and seen["word"] == words["word"]
    assert seen["part"] == "RememberedPlayers"
    assert [text for text in seen["shown"] if not text.isdigit()] == words["shown"]  # beside the seats' chips
    assert seen["form_seated"] == ["blue", "red"] and seen["form_names"] == {"blue": "Ben"}
    assert seen["form_ready"] and seen["form_beginner"] == words["beginner"]

    # forgotten: the file's list and the next form are empty; remembering off is kept in the file
    assert seen["after_forget"] == {"remember": True, "players": []}
    assert words["none"] in seen["forgotten_shown"]
    assert seen["after_off"] == {"remember": False, "players": []}
    assert seen["off_shown"] == words["off"]
    assert seen["form_seated_after_forget"] == []

    # a game started while remembering is off keeps nobody
    assert seen["beginner"] == words["yellow"]
    assert seen["stored_after_game"] == {"remember": False, "players": []}
    assert seen["form_seated_after_game"] == []
    players = [
        {"name": "green", "birthday": "2001-02-03", "colour": "green"},
        {"name": "yellow", "birthday": "1999-12-31", "colour": "yellow"},
    ]
    assert seen["games"] == [{"game": "raubritter", "config": {"players": players}}]
    assert json.loads((tmp_path / "app-settings.json").read_text())["games"]["raubritter"] == seen["stored_after_game"]


# ---------------------------------------------------------------------------------- the date picker
def test_a_day_the_month_lacks_becomes_its_last_day():
    today = datetime.date(2026, 11, 27)
    assert within(1990, 4, 31, EARLIEST, today) == datetime.date(1990, 4, 30)
    assert within(1991, 2, 29, EARLIEST, today) == datetime.date(1991, 2, 28)
    assert within(1992, 2, 31, EARLIEST, today) == datetime.date(1992, 2, 29)
    assert within(2000, 2, 29, EARLIEST, today) == datetime.date(2000, 2, 29)  # 2000 is a leap year
    assert within(1900, 2, 29, EARLIEST, today) == datetime.date(1920, 2, 29)  # before 1920: 1920
    assert [days_in(1900, 2), days_in(2000, 2), days_in(2023, 2), days_in(2024, 2)] == [28, 29, 28, 29]


def test_nothing_after_today():
    today = datetime.date(2026, 11, 27)
    assert within(2026, 12, 24, EARLIEST, today) == today
    assert within(2026, 11, 30, EARLIEST, today) == today
    assert within(2031, 12, 31, EARLIEST, today) == today
    assert within(2031, 1, 1, EARLIEST, today) == datetime.date(2026, 1, 1)  # a decade tapped keeps the day
    assert within(2026, 10, 31, EARLIEST, today) == datetime.date(2026, 10, 31)


def test_a_date_in_the_table_s_words():
    assert render(date_words(datetime.date(1987, 3, 14)), "de") == "14. März 1987"
    assert render(date_words(datetime.date(1987, 3, 14)), "en") == "14 March 1987"
    assert render(date_words(datetime.date(2001, 12, 1)), "de") == "1. Dezember 2001"
