"""Schatzjagd's help screen: for views made by the real engine it opens at the part of the turn
being played (the journey, cards to turn up, a fight, a death, the city, the prince's card, the
end of the turn, Grandlin's catharsis, the end of the game) and keeps the rest in reading order;
the optional rules appear only when they are on; the agreed victory is said in the table's
language; every text reads in German and English; a prince's secrets change nothing."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.games.schatzjagd.help import topics
from companion.i18n import render
from engines.core.correction import Correct
from engines.core.history import History, replay
from engines.schatzjagd import GAME, Setup
from engines.schatzjagd.commands import Dig, EndTurn, Exchange, HideTreasure, PlaceCard, Reveal, Travel
from engines.schatzjagd.rules import CARD_TYPES

READING = [
    "The goal",
    "A turn, step by step",
    "The journey",
    "Turning up cards",
    "Fights",
    "When a henchman dies",
    "The city",
    "Treasures",
    "The prince's card",
    "The end of a turn",
    "Values and poison",
]
OPTIONAL = ["Plunder", "The teleportal", "Grandlin's catharsis", "Treasure kinds shown"]
CLOSING = ["The end of the game", "The app at the table"]


def game(**settings: Any) -> History:
    return History(GAME, Setup(players=[{"name": c.title(), "colour": c} for c in ("red", "blue")], **settings))


def view(history: History) -> dict[str, Any]:
    return GAME.public_view(history.state)


def titles(view: dict[str, Any]) -> list[str]:
    return [render(title, "en") for title, _ in topics(view)]


def said(view: dict[str, Any], language: str = "en") -> str:
    return " ".join(render(text, language) for _, paragraphs in topics(view) for text in paragraphs)


def stay(h: History) -> None:
    colour = h.state.current
    h.apply(Travel(colour, 1, h.state.henchman(colour).place))


def slot(h: History, field: str) -> None:
    """The current prince stays home, slots a card into ``field`` and ends the turn."""
    stay(h)
    h.apply(PlaceCard(h.state.current, field))
    h.apply(EndTurn(h.state.current))


def opens(history_or_view: History | dict[str, Any], title: str) -> None:
    shown = titles(history_or_view if isinstance(history_or_view, dict) else view(history_or_view))
    assert shown[0] == title
    rest = [t for t in READING + [o for o in OPTIONAL if o in shown] + CLOSING if t != title]
    assert shown[1:] == rest, "the rest stays in reading order"


def test_a_turn_opens_at_the_journey_then_the_prince_card_then_the_end_of_the_turn():
    h = game()
    opens(h, "The journey")
    h.apply(Travel("red", 3, "B2"))
    opens(h, "The prince's card")
    h.apply(PlaceCard("red", "C3"))
    opens(h, "The end of a turn")
    h.apply(EndTurn("red"))
    opens(h, "The journey")


def test_a_card_face_down_where_the_henchman_stopped_opens_at_turning_up_then_a_monster_at_the_fight():
    h = game()
    slot(h, "C3")
    h.apply(Travel("blue", 4, "C3"))
    opens(h, "Turning up cards")
    h.apply(Reveal("blue", "monster", 8))
    assert view(h)["fight"] is not None
    opens(h, "Fights")


def test_a_henchman_dead_this_turn_opens_at_death():
    h = game()
    slot(h, "C3")
    h.apply(Travel("blue", 4, "C3"))
    h.apply(Reveal("blue", "monster", 20))
    h.apply(Correct("blue.life", 1, "prepared for the test"))
    h.apply(Exchange("blue", 1, 6))  # 2 + 1 against 20 + 6: blue falls
    assert view(h)["turn"]["died"] and view(h)["fight"] is None
    opens(h, "When a henchman dies")


def test_the_city_and_its_shops_open_at_the_city():
    h = game()
    h.apply(Travel("red", 5, "H8", "city"))
    opens(h, "The prince's card")  # before the walls: not yet in the city
    h.apply(EndTurn("red"))
    stay(h)
    h.apply(EndTurn("blue"))
    h.apply(Travel("red", 2, "inn"))
    opens(h, "The city")
    for place in ("city", "healer", "school", "smith"):
        shown = view(h)
        shown["players"] = [{**p, "place": place} if p["colour"] == "red" else p for p in shown["players"]]
        opens(shown, "The city")


def test_grandlins_catharsis_opens_at_the_catharsis():
    h = game(catharsis=True)
    stay(h)
    h.apply(PlaceCard("red", "D4"))
    h.apply(EndTurn("red"))
    stay(h)
    h.apply(PlaceCard("blue", "E5"))
    unseen = (0,) * len(CARD_TYPES) + (112,)  # 1 left to draw + 112 discarded + 7 in hands + 2 slotted
    state = replace(h.state, draw=1, discard=unseen)
    state = replay(GAME, state, GAME.decide(state, EndTurn("blue")))
    shown = GAME.public_view(state)
    assert shown["phase"] == "catharsis"
    opens(shown, "Grandlin's catharsis")


def test_the_end_of_the_game_opens_at_the_end():
    h = game(victory={"treasures": 1})
    h.apply(Travel("red", 3, "B2"))
    h.apply(Dig("red", "B2", "crown"))
    opens(h, "The end of a turn")
    h.apply(EndTurn("red"))
    stay(h)
    h.apply(EndTurn("blue"))
    h.apply(Travel("red", 3, "castle-red"))
    opens(h, "The prince's card")  # the treasure can be hidden
    h.apply(HideTreasure("red", "crown"))
    assert view(h)["phase"] == "over"
    opens(h, "The end of the game")


@pytest.mark.parametrize(
    ("settings", "optional"),
    [
        ({}, ["The teleportal"]),  # the teleportal is on unless switched off
        ({"teleportal": False}, []),
        ({"plunder": True, "catharsis": True, "show_treasure_kinds": True}, OPTIONAL),
        ({"plunder": True, "teleportal": False}, ["Plunder"]),
    ],
)
def test_the_optional_rules_appear_only_when_they_are_on(settings, optional):
    shown = titles(view(game(**settings)))
    assert [t for t in shown if t in OPTIONAL] == optional
    catharsis = "Grandlin's catharsis is on: it comes before the shuffle."
    assert (catharsis in said(view(game(**settings)))) == ("Grandlin's catharsis" in optional)


def test_the_cover_is_named_only_while_the_treasure_kinds_are_secret():
    assert "behind the cover" in said(view(game()))
    assert "behind the cover" not in said(view(game(show_treasure_kinds=True)))


@pytest.mark.parametrize(
    ("victory", "english", "german"),
    [
        ({"treasures": 1}, "1 treasure hidden in your own castle", "1 Schatz in der eigenen Burg versteckt"),
        ({"treasures": 3}, "3 treasures hidden in your own castle", "3 Schätze in der eigenen Burg versteckt"),
        ({"same_kind": 2}, "2 treasures of one kind", "2 Schätze desselben Typs"),
        ({"different_kinds": 3}, "3 different kinds of treasure", "3 verschiedene Schatztypen"),
        ({"kinds": ["crown", "chalice", "orb"]}, "crown, chalice and orb", "Krone, Kelch und Reichsapfel"),
    ],
)
def test_the_agreed_victory_is_said_in_the_tables_language(victory, english, german):
    shown = view(game(victory=victory))
    assert english in said(shown, "en") and german in said(shown, "de")


def test_without_an_agreement_the_guide_value_is_said_and_own_treasure_kinds_as_entered():
    assert "6 treasures hidden in your own castle" in said(view(game()))  # 12 treasures, two players
    shown = view(game(treasure_kinds={"sceptre": 6, "amulet": 6}, victory={"kinds": ["sceptre", "amulet"]}))
    assert "in der eigenen Burg: sceptre und amulet." in said(shown, "de")


def test_an_unknown_victory_wording_leaves_the_victory_out():
    shown = {**view(game()), "victory": "something new"}
    assert "Agreed for this game" not in said(shown)


def every_view() -> list[dict[str, Any]]:
    views = []
    for settings in ({}, {"plunder": True, "catharsis": True, "show_treasure_kinds": True, "teleportal": False}):
        h = game(**settings)
        views.append(view(h))
        h.apply(Travel("red", 3, "B2"))
        views.append(view(h))
    for victory in ({"same_kind": 2}, {"different_kinds": 1}, {"kinds": ["crown", "orb"]}):
        views.append(view(game(victory=victory)))
    return views


@pytest.mark.parametrize("shown", every_view())
def test_every_topic_reads_in_both_languages(shown):
    for title, paragraphs in topics(shown):
        for text in (title, *paragraphs):
            english, german = render(text, "en"), render(text, "de")
            assert english and german and english != german
            assert "{" not in english and "{" not in german


def test_a_princes_own_view_changes_nothing():
    h = game(victory={"treasures": 2})
    h.apply(Travel("red", 3, "B2"))
    h.apply(Dig("red", "B2", "crown"))
    assert topics(GAME.player_view(h.state, "red")) == topics(GAME.public_view(h.state))
