"""Raubritter's help screen: for views made by the real engine it opens at the part of the turn
being played (the initial placement, a turn about to start, a turn after its first tile, the end
of the game) and keeps the rest in reading order; it says this table's area for its number of
players; the app's buttons are named as the screens name them; every text reads in German and
English."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from companion.games.raubritter.help import opening, topics
from companion.games.registry import part
from companion.i18n import Message, render
from engines.raubritter import GAME, Setup
from engines.raubritter.commands import EndTurn, LayTile, Surrender
from tests.companion.games.raubritter.test_happenings import played

READING = [
    "The goal",
    "The initial placement",
    "A turn: 1 to 3 tiles",
    "After the first tile",
    "Where a tile may go",
    "Castles and their knights",
    "Points and ties",
    "Surrender",
    "The end of the game",
    "The app at the table",
]
COLOURS = ("red", "blue", "green", "yellow")


def state_of(players: int = 2) -> Any:
    specs = [
        {"name": f"P{i}", "birthday": datetime.date(1960 + i, 1, 1), "colour": colour}
        for i, colour in enumerate(COLOURS[:players])
    ]
    return GAME.setup(Setup(players=specs))


def play(state: Any, *commands: Any) -> Any:
    for command in commands:
        for event in GAME.decide(state, command):
            state = GAME.evolve(state, event)
    return state


def titles(view: dict[str, Any], language: str = "en") -> list[str]:
    return [render(title, language) for title, _ in topics(view)]


def said(view: dict[str, Any], language: str = "en") -> str:
    return " ".join(render(text, language) for _, paragraphs in topics(view) for text in paragraphs)


def opens(state: Any, title: str) -> None:
    shown = titles(GAME.public_view(state))
    assert shown[0] == title
    assert shown[1:] == [t for t in READING if t != title], "the rest stays in reading order"


def test_the_help_opens_at_the_part_of_the_turn_being_played():
    state = state_of()
    opens(state, "The initial placement")
    state = play(state, LayTile("red", "plain", 0, 0))
    opens(state, "The initial placement")
    state = play(state, LayTile("red", "plain-village", 1, 0), LayTile("blue", "plain", 2, 0))
    state = play(state, LayTile("blue", "plain", 3, 0))
    assert state.phase == "play"
    opens(state, "A turn: 1 to 3 tiles")
    state = play(state, LayTile("red", "plain-castle", 0, 1, drops=(2,)))
    opens(state, "After the first tile")
    state = play(state, EndTurn("red"))
    opens(state, "A turn: 1 to 3 tiles")
    state = play(state, Surrender("blue"), Surrender("red"))
    assert state.phase == "over"
    opens(state, "The end of the game")


def test_the_end_of_a_shipped_game_opens_at_the_end():
    _, _, view = played("23")[-1]
    assert opening(view) == "end"
    assert titles(view, "de")[0] == "Das Spielende"


def test_the_titles_in_german():
    shown = titles(GAME.public_view(state_of()), "de")
    assert shown == [
        "Die Anfangsaufstellung",
        "Das Ziel",
        "Ein Zug: 1 bis 3 Plättchen",
        "Nach dem ersten Plättchen",
        "Wo ein Plättchen liegen darf",
        "Burgen und ihre Ritter",
        "Punkte und Gleichstand",
        "Aufgeben",
        "Das Spielende",
        "Die App am Tisch",
    ]


@pytest.mark.parametrize(("players", "area"), [(2, 7), (3, 9), (4, 10)])
def test_the_area_of_this_table(players, area):
    view = GAME.public_view(state_of(players))
    assert f"At this table: {players} players, so the layout stays within {area}×{area}." in said(view)
    assert f"An diesem Tisch: {players} Spieler, also bleibt die Landschaft innerhalb von {area}×{area}." in said(
        view, "de"
    )


def test_the_rules_in_the_apps_words():
    view = GAME.public_view(state_of())
    english, german = said(view), said(view, "de")
    for words in (
        "up to 5 of yours, never more than you still hold in hand",
        "at least 1 knight on a plain, 2 in a forest, 3 in the mountains",
        "No tile ever carries more than 4 knights",
        "The lake and gaps in the layout stop the march.",
        "Equal points: more knights still in hand come first. Still equal: a draw.",
        "You then score 0 and cannot win",
        "If everyone gives up, the game ends without a winner.",
        "the march is drawn on the board before you confirm it",
    ):
        assert words in english
    for words in (
        "bis zu 5 von deinen, nie mehr, als du noch in der Hand hast",
        "mindestens 1 auf einer Ebene, 2 im Wald, 3 im Gebirge",
        "Auf keinem Plättchen stehen je mehr als 4 Ritter",
        "Der See und Lücken in der Landschaft halten den Zug auf.",
        "Bei gleichen Punkten liegt vorn, wer mehr Ritter in der Hand hat. Immer noch gleich: Gleichstand.",
        "Dann bekommst du 0 Punkte und kannst nicht gewinnen",
        "Geben alle auf, endet das Spiel ohne Sieger.",
        "Ihr Weg wird auf dem Brett gezeigt, bevor du ihn bestätigst.",
    ):
        assert words in german


def test_the_buttons_are_named_as_the_screens_name_them():
    view = GAME.public_view(state_of())
    for language in ("en", "de"):
        text = said(view, language)
        for button in ("Whole layout", "Correct", "Game log"):
            assert render(Message(button), language) in text
    assert "“Whole layout” shows every tile laid." in said(view)
    assert f"„{render(Message('Whole layout'), 'de')}“ zeigt alle gelegten Plättchen." in said(view, "de")


def every_view() -> list[dict[str, Any]]:
    state = state_of(3)
    views = [GAME.public_view(state)]
    state = play(state, *(LayTile(c, "plain", i, 0) for i, c in enumerate(("red", "red", "blue", "blue"))))
    state = play(state, LayTile("green", "plain", 4, 0), LayTile("green", "plain", 5, 0))
    views.append(GAME.public_view(state))
    views.append(GAME.public_view(play(state, LayTile("red", "lake", 6, 0))))
    views.append(played("24")[-1][2])
    return views


@pytest.mark.parametrize("shown", every_view())
def test_every_topic_reads_in_both_languages(shown):
    assert len(topics(shown)) == len(READING)
    for title, paragraphs in topics(shown):
        assert paragraphs
        for text in (title, *paragraphs):
            english, german = render(text, "en"), render(text, "de")
            assert english and german and english != german
            assert "{" not in english and "{" not in german


def test_a_view_without_players_leaves_the_area_out():
    assert "At this table" not in said({"phase": "initial"})
    assert opening({}) == "turn"


def test_the_home_names_its_help():
    assert part("raubritter", "help").topics is topics
