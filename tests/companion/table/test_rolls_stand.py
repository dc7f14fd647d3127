"""A die that fell stands, as a real die thrown on the table: a roll on the screen (or on the
electronic die) is kept with its source, held in the journal at once, and a cancel gives it up
neither for the journey nor between the two dice of an exchange; only a face tapped from a real
die (source "typed") may be tapped again, for the same roll, the command it serves staying."""

from __future__ import annotations

import json

from companion.games.schatzjagd.table import NOT_ROLLED
from companion.i18n import render
from companion.table import Happened, Refused, RollCalled, RollKept, StepHeld, underway
from engines.schatzjagd.commands import Flee, Teleport, Travel
from tests.companion.games.schatzjagd.test_table_on_a_journal import (
    on_the_teleportal,
    rollers,
    start,
    to_the_monster,
    written,
)

__all__ = ["start"]  # the fixture, from the Schatzjagd table's tests


def held_faces(journal) -> list[list]:
    """The dice the journal holds for the step under way."""
    text = journal.fact(underway.KEY)
    return json.loads(text)["rolls"] if text else []


def test_a_journey_rolled_on_the_screen_is_kept_with_its_source_and_stands_over_a_cancel(start):
    journal, session, table, heard = start()
    kept = table.roll_on_screen()
    assert isinstance(kept, RollKept)
    assert table.kept().source == "screen"
    assert table.awaiting().held
    assert held_faces(journal) == [["number", kept.face]]  # in the journal the moment it fell

    assert table.cancel_roll() is False
    assert table.kept().face == kept.face and table.kept().source == "screen"
    assert held_faces(journal) == [["number", kept.face]]
    again = table.roll_on_screen()  # no second roll for the same journey
    assert isinstance(again, Refused) and again.rule == "table.roll-not-awaited"

    travelled = table.submit(Travel("red", table.kept().face, "B2"))
    assert isinstance(travelled, Happened)  # written with the face as it fell
    assert journal.entry(session.game_id, session.head).command["die"] == kept.face
    assert held_faces(journal) == [] and not table.awaiting().held


def test_a_typed_journey_face_may_be_tapped_again_for_the_same_roll(start):
    journal, session, table, heard = start()
    table.type_roll("3")
    assert table.kept().source == "typed" and not table.awaiting().held
    assert table.cancel_roll() is True
    assert table.kept() is None and rollers(table) == ["red"]
    assert held_faces(journal) == []
    assert isinstance(heard[-1], RollCalled) and heard[-1].player == "red"  # the line asks the roll again
    assert table.type_roll("5") == RollKept("red", "number", 5, "travel")
    assert table.kept().face == 5


def test_a_typed_teleportal_face_tapped_again_keeps_the_step_into_the_teleportal(start):
    journal, session, table, heard = start()
    on_the_teleportal(table)
    entries = written(journal, session)
    table.submit(Teleport("red", NOT_ROLLED))
    table.type_roll("4")
    assert table.cancel_roll() is True
    awaited = table.awaiting()
    assert awaited.asked and [r.player for r in awaited.rolls] == ["red"], "the teleportal's die is asked again"
    assert table.type_roll("3").face == 3
    landed = table.submit(Teleport("red", 3, "N3"))
    assert isinstance(landed, Happened)
    assert journal.entry(session.game_id, session.head).command["die"] == 3
    assert written(journal, session) == entries + 1


def test_the_first_die_of_an_exchange_rolled_on_the_screen_stands(start):
    journal, session, table, heard = start()
    to_the_monster(table)
    entries = written(journal, session)
    called = table.roll_on_screen()  # blue's henchman's die: the monster's is called next
    assert isinstance(called, RollCalled) and rollers(table) == ["green"]
    first = held_faces(journal)[0][1]
    assert table.awaiting().held

    assert table.cancel_roll() is False
    assert rollers(table) == ["green"] and held_faces(journal) == [["number", first]]
    flight = table.submit(Flee("blue", NOT_ROLLED))  # no flight between the two dice of an exchange
    assert isinstance(flight, Refused) and flight.rule == "table.roll-held"
    assert render(flight.text, "de") == (
        f"Für den laufenden Schritt ist schon gewürfelt ({first}): erst diesen Schritt beenden."
    )
    assert rollers(table) == ["green"]

    exchanged = table.type_roll("2")
    assert isinstance(exchanged, Happened) and exchanged.command == "exchange"
    assert journal.entry(session.game_id, session.head).command["die"] == first
    assert written(journal, session) == entries + 1
    assert not table.awaiting().held


def test_a_flight_asked_for_is_given_up_while_its_die_has_not_fallen(start):
    journal, session, table, heard = start()
    to_the_monster(table)
    table.submit(Flee("blue", NOT_ROLLED))
    assert table.awaiting().asked and not table.awaiting().held
    assert table.cancel_roll() is True
    assert heard[-1] == StepHeld(given_up=True)  # the bottom line lets go of the roll's words
    assert not table.awaiting().asked and rollers(table) == ["blue"]
    assert table.cancel_roll() is False  # nothing left to give up


def test_a_step_a_screen_holds_is_told_when_it_goes_on(start):
    journal, session, table, heard = start()
    table.hold_step({"step": "a"})
    assert heard[-1] == StepHeld()
    told = len(heard)
    table.hold_step({"step": "a"})  # the same again: nothing new
    assert len(heard) == told
    table.hold_step(None)
    assert heard[-1] == StepHeld() and len(heard) == told + 1
