"""The stand-ins for a missing die: the on-screen roll and the typed roll."""

from __future__ import annotations

import random

import pytest

from hardware.dice.standins import Refused, ScreenDie, typed_roll
from hardware.events import DieSettled


def test_the_screen_die_draws_from_the_given_random_source():
    roll = ScreenDie(random.Random(5), clock=lambda: 2.0).roll("special")
    assert roll == DieSettled("screen", "special", random.Random(5).randint(1, 6), "screen", 2.0)


def test_the_screen_die_gives_every_face_and_only_faces():
    die = ScreenDie(random.Random(1))
    faces = {die.roll().face for _ in range(500)}
    assert faces == {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize("text", ["1", "6", " 4 ", "3\n"])
def test_a_typed_face_is_a_roll(text):
    roll = typed_roll(text, "number", clock=lambda: 9.0)
    assert roll == DieSettled("typed", "number", int(text), "typed", 9.0)


@pytest.mark.parametrize("text", ["0", "7", "66", "-1", "4.0", "four", "", "  ", "٤", "1 2", "+3"])
def test_anything_else_is_refused_with_a_message(text):
    refused = typed_roll(text, "number")
    assert isinstance(refused, Refused)
    assert "1 to 6" in refused.message


def test_the_refusal_names_the_die():
    refused = typed_roll("9", "special")
    assert isinstance(refused, Refused) and "special die" in refused.message
