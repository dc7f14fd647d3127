"""Raubritter's own settings: the last table's players (colour, name, birthday) remembered unless
the table says not to; a value that cannot be used is said in words and replaced by its default, a
player that cannot be used is left out (and counted); what is read is a copy; the form's players
go in and out of the settings unchanged."""

from __future__ import annotations

import datetime

import pytest

from companion.games.raubritter.screens.preferences import DEFAULTS, read, remembered, table_of
from companion.i18n import render

TODAY = datetime.date(2026, 11, 27)
ANNA = {"colour": "red", "name": "Anna", "birthday": "1987-03-14"}
BLUE = {"colour": "blue", "name": None, "birthday": "1990-05-02"}
SAID = "Raubritter: Die Einstellung {} war nicht zu gebrauchen und steht wieder auf ihrem Anfangswert."


def test_nothing_stored_remembers_nobody_yet():
    assert DEFAULTS == {"remember": True, "players": []}
    assert read(None, {}, TODAY) == (DEFAULTS, [])
    assert read({}, {"language": "de", "digital_sack": True}, TODAY) == (DEFAULTS, [])


def test_what_is_stored_is_used():
    stored = {"remember": True, "players": [ANNA, BLUE], "unknown": 3}
    assert read(stored, {}, TODAY) == ({"remember": True, "players": [ANNA, BLUE]}, [])


def test_names_are_kept_trimmed_and_an_empty_one_is_none():
    players = [{**ANNA, "name": "  Anna   Maria "}, {**BLUE, "name": ""}]
    settings, problems = read({"players": players}, {}, TODAY)
    assert problems == []
    assert [p["name"] for p in settings["players"]] == ["Anna Maria", None]


def test_while_remembering_is_off_nobody_is_kept():
    assert read({"remember": False, "players": [ANNA]}, {}, TODAY) == ({"remember": False, "players": []}, [])


@pytest.mark.parametrize("remember", ["yes", 1, None, []])
def test_a_remember_that_cannot_be_used_is_said_and_remembering_stays_on(remember):
    settings, problems = read({"remember": remember, "players": [ANNA]}, {}, TODAY)
    assert settings == {"remember": True, "players": [ANNA]}
    assert [render(p, "de") for p in problems] == [SAID.format("remember")]
    assert render(problems[0], "en") == "Raubritter: the setting remember could not be used; it is back to its default."


@pytest.mark.parametrize("players", ["Anna", {"red": ANNA}, 3])
def test_players_that_are_no_list_are_said(players):
    settings, problems = read({"players": players}, {}, TODAY)
    assert settings == DEFAULTS
    assert [render(p, "de") for p in problems] == [SAID.format("players")]


@pytest.mark.parametrize(
    "bad",
    [
        {**BLUE, "birthday": "2026-11-28"},  # after today
        {**BLUE, "birthday": "1919-12-31"},  # before the picker's first year
        {**BLUE, "birthday": "1990-02-30"},  # no such day
        {**BLUE, "birthday": "2.5.1990"},
        {**BLUE, "birthday": None},
        {**BLUE, "colour": "black"},  # no colour of Raubritter
        {**BLUE, "colour": "red"},  # red is Anna's
        {"name": "Ben", "birthday": "1990-05-02"},  # no colour
        {**BLUE, "name": "A name far too long for a seat"},
        {**BLUE, "name": 7},
        "blue",
    ],
)
def test_a_player_that_cannot_be_used_is_left_out_and_counted(bad):
    settings, problems = read({"players": [ANNA, bad]}, {}, TODAY)
    assert settings == {"remember": True, "players": [ANNA]}
    assert [render(p, "de") for p in problems] == [
        "Raubritter: 1 gemerkter Spieler war nicht zu gebrauchen und bleibt weg."
    ]


def test_more_than_four_players_and_every_bad_one_are_counted_once():
    players = [
        ANNA,
        BLUE,
        {"colour": "green", "name": None, "birthday": "2012-07-30"},
        {"colour": "green", "name": None, "birthday": "2013-01-01"},
        {"colour": "yellow", "name": "Dora", "birthday": "1950-01-01"},
        {"colour": "yellow", "name": "Emil", "birthday": "1951-01-01"},  # a fifth
    ]
    settings, problems = read({"remember": "no", "players": players}, {}, TODAY)
    assert [p["colour"] for p in settings["players"]] == ["red", "blue", "green", "yellow"]
    assert [render(p, "en") for p in problems] == [
        "Raubritter: the setting remember could not be used; it is back to its default.",
        "Raubritter: 2 remembered players could not be used and are left out.",
    ]


def test_the_birthday_of_today_can_be_used_and_today_comes_from_the_clock_otherwise():
    born_today = {**BLUE, "birthday": TODAY.isoformat()}
    assert read({"players": [born_today]}, {}, TODAY)[0]["players"] == [born_today]
    tomorrow = {**BLUE, "birthday": (datetime.date.today() + datetime.timedelta(days=1)).isoformat()}
    assert read({"players": [tomorrow]}, {})[0]["players"] == []


def test_what_is_read_is_a_copy():
    settings, _ = read(None, {}, TODAY)
    settings["players"].append(ANNA)
    assert DEFAULTS["players"] == []
    stored = {"players": [dict(ANNA)]}
    settings, _ = read(stored, {}, TODAY)
    settings["players"][0]["name"] = "Bea"
    assert stored["players"][0]["name"] == "Anna"


def test_the_form_s_players_go_into_the_settings_and_back_unchanged():
    seated = ["blue", "red"]
    names = {"red": "Anna"}
    birthdays = {"blue": datetime.date(1990, 5, 2), "red": datetime.date(1987, 3, 14)}
    stored = remembered(seated, names, birthdays)
    assert stored == [BLUE, ANNA]
    settings, problems = read({"remember": True, "players": stored}, {}, TODAY)
    assert problems == [] and table_of(settings) == (seated, names, birthdays)
    assert remembered(["green", *seated], names, birthdays) == stored  # green had no birthday yet
