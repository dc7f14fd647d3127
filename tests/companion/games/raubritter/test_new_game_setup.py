"""What Raubritter's new-game form sets up: a player per seated colour in seating order, named as
typed or else by the colour (which every screen says in the table's language), each with the
birthday set; who begins as the form says it (the oldest; of equal birthdays the one seated first)
is exactly the engine's turn order."""

from __future__ import annotations

import datetime
import itertools
import random

import pytest
from pydantic import ValidationError

from companion.games.raubritter.screens.setup import PLAYERS, beginner, setup
from engines.raubritter.rules import COLOURS

D = datetime.date
BORN = {"red": D(1987, 3, 14), "blue": D(1990, 5, 2), "yellow": D(1987, 3, 14), "green": D(2012, 7, 30)}


def test_every_seated_colour_is_a_player_named_as_typed_or_by_its_colour_with_the_birthday():
    made = setup(("blue", "red", "green"), {"red": "Anna", "green": "  "}, BORN)
    assert [(p.colour, p.name, p.birthday) for p in made.players] == [
        ("blue", "blue", D(1990, 5, 2)),
        ("red", "Anna", D(1987, 3, 14)),
        ("green", "green", D(2012, 7, 30)),
    ]


def test_the_oldest_begins_then_on_in_seating_order():
    made = setup(("blue", "green", "red"), {}, BORN)
    assert beginner(("blue", "green", "red"), BORN) == ("red", ())
    assert [p.colour for p in made.turn_order()] == ["red", "blue", "green"]


def test_of_equal_birthdays_the_one_seated_first_begins_and_the_others_are_named():
    seated = ("blue", "yellow", "green", "red")
    assert beginner(seated, BORN) == ("yellow", ("red",))
    assert [p.colour for p in setup(seated, {}, BORN).turn_order()] == ["yellow", "green", "red", "blue"]
    same = {colour: D(2000, 1, 1) for colour in COLOURS}
    assert beginner(("green", "red", "blue"), same) == ("green", ("red", "blue"))


def test_nobody_begins_while_a_birthday_is_missing_or_one_sits_alone():
    assert beginner(("red", "blue"), {"red": D(1987, 3, 14)}) is None
    assert beginner(("red",), BORN) is None
    assert beginner((), BORN) is None


@pytest.mark.parametrize("seed", range(40))
def test_the_form_s_beginner_is_the_engine_s_first(seed):
    rng = random.Random(seed)
    seated = tuple(rng.sample(COLOURS, rng.randint(*PLAYERS)))
    days = [D(1960, 1, 1), D(1960, 1, 1), D(1975, 6, 30), D(2004, 2, 29)]
    born = {colour: rng.choice(days) for colour in seated}
    first, same_day = beginner(seated, born)
    order = setup(seated, {}, born).turn_order()
    assert order[0].colour == first
    assert all(born[colour] == born[first] and seated.index(colour) > seated.index(first) for colour in same_day)


def test_a_player_without_a_name_is_called_by_the_colour_in_the_table_s_language():
    from companion.app.people import person
    from companion.i18n import render

    made = setup(("yellow", "red"), {}, BORN)
    view = {"players": [{"colour": p.colour, "name": p.name} for p in made.players]}
    assert [render(person(view, p.colour), "de") for p in made.players] == ["Gelb", "Rot"]
    assert [render(person(view, p.colour), "en") for p in made.players] == ["Yellow", "Red"]


def test_the_counts_the_form_allows_are_the_engine_s():
    for n in range(PLAYERS[0], PLAYERS[1] + 1):
        for seated in itertools.islice(itertools.permutations(COLOURS, n), 3):
            assert len(setup(seated, {}, BORN).players) == n
    with pytest.raises(ValidationError, match="2 to 4 players"):
        setup(("red",), {}, BORN)
