"""What Schatzjagd's new-game form sets up: a prince per seated colour in seating order, named as
typed or else by the colour (which every screen says in the table's language); who won the
starting roll; the victory agreed (none for the book's guide); the optional rules and the
teleportal's regions as the settings give them; the counts the form offers are the ones the
engine's setup takes."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from companion.games.schatzjagd.screens.setup import COUNTS, PLAYERS, guide, setup
from companion.i18n import current_language, set_language
from engines.schatzjagd.rules import Victory

SETTINGS = {
    "plunder": True,
    "catharsis": True,
    "teleportal": False,
    "show_treasure_kinds": True,
    "regions": {"2": "green", "3": "blue", "4": "yellow", "5": "red"},
}


@pytest.fixture
def german():
    before = current_language()
    set_language("de")
    yield
    set_language(before)


def test_every_seated_colour_is_a_prince_named_as_typed_or_by_its_colour(german):
    made = setup(("blue", "red", "green"), {"red": "Anna", "green": "  "}, "red", None, {})
    assert [(p.colour, p.name) for p in made.players] == [("blue", "blue"), ("red", "Anna"), ("green", "green")]
    assert made.first == "red"
    assert [p.colour for p in made.turn_order()] == ["red", "green", "blue"]


def test_a_prince_without_a_name_is_called_by_the_colour_in_the_table_s_language():
    """The name is the colour itself, which the screens treat as no name: they say the colour in
    whatever language the table reads now, also after a switch of language mid-game."""
    from companion.app.people import person
    from companion.i18n import render

    made = setup(("yellow", "red"), {}, None, None, {})
    view = {"players": [{"colour": p.colour, "name": p.name} for p in made.players]}
    assert [render(person(view, p.colour), "de") for p in made.players] == ["Gelb", "Rot"]
    assert [render(person(view, p.colour), "en") for p in made.players] == ["Yellow", "Red"]


def test_without_settings_the_book_s_rules_and_regions_apply():
    made = setup(("red", "blue"), {}, "blue", None, {})
    assert (made.plunder, made.catharsis, made.teleportal, made.show_treasure_kinds) == (False, False, True, False)
    assert made.regions == {2: "red", 3: "yellow", 4: "blue", 5: "green"}
    assert made.victory is None and made.agreed_victory() == Victory(treasures=6)


def test_the_settings_and_the_victory_agreed_are_the_setup_s():
    made = setup(("red", "yellow", "blue", "green"), {}, "green", Victory(same_kind=3), SETTINGS)
    assert (made.plunder, made.catharsis, made.teleportal, made.show_treasure_kinds) == (True, True, False, True)
    assert made.regions == {2: "green", 3: "blue", 4: "yellow", 5: "red"}
    assert made.victory == Victory(same_kind=3) and made.first == "green"


def test_the_guide_shares_the_twelve_treasures():
    assert [guide(n) for n in range(PLAYERS[0], PLAYERS[1] + 1)] == [6, 4, 3]


@pytest.mark.parametrize("kind", sorted(COUNTS))
def test_the_counts_offered_are_exactly_the_ones_the_setup_takes(kind):
    low, high = COUNTS[kind]
    for n in (low, high):
        assert setup(("red", "blue"), {}, None, Victory(**{kind: n}), {}).victory == Victory(**{kind: n})
    with pytest.raises(ValidationError):
        setup(("red", "blue"), {}, None, Victory(**{kind: high + 1}), {})
    with pytest.raises(ValidationError):
        Victory(**{kind: low - 1})


def test_one_prince_alone_is_no_game():
    with pytest.raises(ValidationError, match="2 to 4 players"):
        setup(("red",), {}, None, None, {})
