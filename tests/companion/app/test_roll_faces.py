"""A real special die's face is tapped by its picture, as this table's die is printed: the raid's
roll carries the faces of the game's settings, and the controls offer each picture once, entered
as the first face that shows it."""

from __future__ import annotations

import random

from companion.app.pieces.rolls import pictures
from companion.games.gluecksritter.screens.dice import PICTURES
from companion.games.gluecksritter.table import TABLE
from companion.i18n import Cap, render
from engines.core.frozen import replace
from engines.gluecksritter.commands import KnightAct, RollDie
from tests.companion.games.gluecksritter.test_table import duel


def raid_roll(special_die: tuple[str, ...]):
    history = duel("schmidt-1998")
    history.apply(RollDie("red", 6))
    history.apply(RollDie("blue", 1))
    state = replace(history.state, rules=replace(history.state.rules, special_die=special_die))
    return state, TABLE.prepare(state, KnightAct("red", "raid", victim="green"), random.Random(1))


def test_the_raids_roll_carries_the_faces_of_this_tables_die():
    _state, wanted = raid_roll(("castle", "sack", "sack", "castle", "sack", "sack"))
    assert wanted.die == "special"
    assert wanted.faces == ("castle", "sack", "sack", "castle", "sack", "sack")


def test_each_picture_is_offered_once_as_the_first_face_that_shows_it():
    assert pictures(("sack", "sack", "sack", "sack", "castle", "castle")) == {"sack": 1, "castle": 5}
    assert list(pictures(("castle", "sack", "sack", "castle", "sack", "sack")).items()) == [("castle", 1), ("sack", 2)]
    assert pictures(("sack",) * 6) == {"sack": 1}


def test_a_picture_tapped_makes_the_raid_with_what_the_die_shows():
    state, wanted = raid_roll(("castle", "sack", "sack", "castle", "sack", "sack"))
    for picture, face in pictures(wanted.faces).items():
        command = wanted.make(face)
        assert state.rules.special_die[command.face - 1] == picture


def test_the_pictures_are_named_in_the_tables_language():
    assert [render(Cap(PICTURES[p][0]), "de") for p in ("sack", "castle")] == ["Sack", "Burg"]
    assert [render(Cap(PICTURES[p][0]), "en") for p in ("sack", "castle")] == ["Sack", "Castle"]
