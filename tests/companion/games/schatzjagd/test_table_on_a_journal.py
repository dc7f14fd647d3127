"""Schatzjagd at a real table on a real journal file: the journey's die typed, rolled on the screen or
on the electronic die is kept until the screen says where the henchman stopped (nothing written
meanwhile, a second roll refused, a cancel or an undo forgets it); an exchange of blows takes two
dice in a row and is written once, with both; a flight sent from the screen waits for the last
blow's die. The electronic die is the emulator on a real pseudo-terminal."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games.schatzjagd.table import NOT_ROLLED, TABLE
from companion.i18n import render
from companion.journal.session import Session
from companion.journal.store import Journal
from companion.table import DeviceChanged, Happened, Moved, Refused, RollCalled, Table
from companion.table.game import Rolled
from companion.table.notices import RollKept
from engines.schatzjagd import Setup
from engines.schatzjagd.commands import EndTurn, Flee, PlaceCard, Reveal, Teleport, Travel
from hardware.dice.reader import DiceReader
from tests.companion.table.rig import Heard, UILoop, make_table
from tests.hardware.dice.conftest import fast_config

PLAYERS = ({"name": "Anna", "colour": "red"}, {"name": "Ben", "colour": "blue"}, {"name": "Clara", "colour": "green"})
NOBODY = "Nobody has to roll now: the {} of the number die is not used."

Started = tuple[Journal, Session, Table, Heard]


@pytest.fixture
def start(tmp_path: Path, loop: UILoop, closing: list[Table]) -> Iterator[Callable[..., Started]]:
    """A started Schatzjagd table (red Anna, blue Ben, green Clara) on a new journal file."""
    journals: list[Journal] = []

    def started(**hardware: Any) -> Started:
        journal = Journal.open(tmp_path / "journal.sqlite3")
        journals.append(journal)
        session = Session.start(journal, "schatzjagd", Setup(players=PLAYERS))
        table, heard = make_table(session, loop, game=TABLE, **hardware)
        closing.append(table)
        table.start()
        loop.drain()
        return journal, session, table, heard

    yield started
    for journal in journals:
        journal.close()


def written(journal: Journal, session: Session) -> int:
    """How many entries the journal holds for the game."""
    return len(list(journal.entries(session.game_id)))


def rollers(table: Table) -> list[str | None]:
    return [roll.player for roll in table.awaiting().rolls]


def to_the_monster(table: Table) -> None:
    """Red slots a card on C3; blue's henchman stops there and turns up a monster of power 8."""
    for command in (
        Travel("red", 3, "B2"),
        PlaceCard("red", "C3"),
        EndTurn("red"),
        Travel("blue", 4, "C3"),
        Reveal("blue", "monster", 8),
    ):
        assert isinstance(table.submit(command), Happened), command
    fight = table.public_view()["view"]["fight"]
    assert (fight["henchman"], fight["opponent"], fight["monster_life"]) == ("blue", None, 15)


def test_a_typed_journey_roll_is_kept_until_the_screen_says_where_the_henchman_stopped(start):
    journal, session, table, heard = start()
    assert rollers(table) == ["red"]
    head, entries = session.head, written(journal, session)

    kept = table.type_roll("4")
    assert kept == RollKept("red", "number", 4, "travel")
    assert heard[-1] is kept
    assert render(kept.text, "en") == "Anna (Red) rolled 4: where did the henchman stop?"
    assert render(kept.text, "de") == "Anna (Rot) hat 4 gewürfelt: Wo ist der Scherge stehen geblieben?"
    assert table.kept() == Rolled("red", "number", 4, "travel")
    assert (session.head, written(journal, session)) == (head, entries)  # nothing written yet
    assert table.awaiting().rolls == ()

    for again in (table.type_roll("2"), table.roll_on_screen()):  # the die is not awaited now
        assert isinstance(again, Refused) and again.rule == "table.roll-not-awaited"
        assert again.message.startswith("Nobody has to roll now")
    assert heard.of(Refused)[0].message == NOBODY.format(2)
    assert table.kept().face == 4 and session.head == head

    travelled = table.submit(Travel("red", table.kept().face, "C7"))
    assert isinstance(travelled, Happened) and travelled.command == "travel"
    assert travelled.events[0] == {
        "type": "travelled",
        "player": "red",
        "die": 4,
        "origin": "castle-red",
        "to": "C7",
        "before": None,
    }
    assert written(journal, session) == entries + 1
    assert table.kept() is None and table.awaiting().rolls == ()
    assert table.public_view()["view"]["players"][0]["place"] == "C7"


def test_a_place_the_rules_refuse_leaves_the_kept_die_for_another_try(start):
    journal, session, table, heard = start()
    table.type_roll("4")
    refused = table.submit(Travel("red", 4, "castle-blue"))  # no night before blue's walls
    assert isinstance(refused, Refused) and refused.rule == "travel.castle-gate"
    assert written(journal, session) == 0
    assert table.kept() == Rolled("red", "number", 4, "travel")
    assert table.awaiting().rolls == ()


def test_a_roll_on_the_screen_is_kept_the_same_way(start):
    journal, session, table, heard = start()
    kept = table.roll_on_screen()
    assert isinstance(kept, RollKept) and (kept.player, kept.purpose) == ("red", "travel")
    assert 1 <= kept.face <= 6 and table.kept().face == kept.face
    assert session.head == 0 and written(journal, session) == 0


def test_cancelling_forgets_the_kept_roll_and_the_journeys_die_is_awaited_again(start):
    journal, session, table, heard = start()
    table.type_roll("3")
    table.cancel_roll()
    assert table.kept() is None
    assert rollers(table) == ["red"]
    again = table.type_roll("5")
    assert again == RollKept("red", "number", 5, "travel") and table.kept().face == 5
    assert written(journal, session) == 0


def test_an_exchange_by_two_typed_rolls_is_written_once_with_both_dice(start):
    journal, session, table, heard = start()
    to_the_monster(table)
    assert rollers(table) == ["blue"]
    head, entries = session.head, written(journal, session)

    called = table.type_roll("3")
    assert called == RollCalled("green", "number", "green rolls the die for the monster")
    assert heard[-1] is called
    assert render(called.text, "en") == "Ben (Blue) rolled 3; Clara (Green) rolls the die for the monster"
    assert render(called.text, "de") == "Ben (Blau) hat 3 gewürfelt; Clara (Grün) würfelt für den Unhold"
    assert (session.head, written(journal, session)) == (head, entries)
    assert rollers(table) == ["green"] and table.kept() is None

    exchanged = table.type_roll("5")  # blue 2 + 3 against the monster's 8 + 5: blue loses 8
    assert isinstance(exchanged, Happened) and exchanged.command == "exchange"
    assert written(journal, session) == entries + 1
    assert journal.entry(session.game_id, session.head).command == {
        "type": "exchange",
        "player": "blue",
        "die": 3,
        "opponent_die": 5,
    }
    assert exchanged.events[0] == {
        "type": "exchanged",
        "player": "blue",
        "die": 3,
        "opponent_die": 5,
        "blow": 5,
        "opponent_blow": 13,
        "opponent": None,
        "monster": True,
    }
    assert table.public_view()["view"]["players"][1]["life"] == 7
    assert rollers(table) == ["blue"], "the fight goes on: the next exchange's first die"


def test_cancelling_between_the_two_dice_of_an_exchange_starts_it_again(start):
    journal, session, table, heard = start()
    to_the_monster(table)
    entries = written(journal, session)
    table.type_roll("6")
    table.cancel_roll()
    assert rollers(table) == ["blue"]
    table.type_roll("1")
    table.type_roll("2")
    assert journal.entry(session.game_id, session.head).command["die"] == 1
    assert written(journal, session) == entries + 1


def test_a_flight_sent_from_the_screen_waits_for_the_monsters_last_blow(start):
    journal, session, table, heard = start()
    to_the_monster(table)
    entries = written(journal, session)

    refused = table.submit(Flee("green", NOT_ROLLED))  # green is not in the fight: refused before any die
    assert isinstance(refused, Refused) and refused.rule == "fight.not-fighting"
    assert rollers(table) == ["blue"]

    called = table.submit(Flee("blue", NOT_ROLLED))
    assert called == RollCalled("green", "number", "green rolls the die for the monster's last blow")
    assert render(called.text, "de") == "Clara (Grün) würfelt für den letzten Schlag des Unholds"
    assert written(journal, session) == entries and rollers(table) == ["green"]

    fled = table.type_roll("2")  # 8 + 2 against blue's power 2: blue loses 8
    assert isinstance(fled, Happened) and fled.command == "flee"
    assert fled.events[0] == {
        "type": "fled",
        "player": "blue",
        "opponent_die": 2,
        "blow": 10,
        "power": 2,
        "opponent": None,
        "monster": True,
    }
    assert journal.entry(session.game_id, session.head).command == {
        "type": "flee",
        "player": "blue",
        "opponent_die": 2,
    }
    view = table.public_view()["view"]
    assert view["fight"] is None and view["players"][1]["life"] == 7
    assert table.awaiting().rolls == ()


def test_an_undo_forgets_a_kept_roll_and_a_die_awaited_for_an_exchange(start):
    journal, session, table, heard = start()
    table.submit(Travel("red", 3, "B2"))
    table.submit(EndTurn("red"))
    table.type_roll("6")
    assert table.kept().player == "blue"
    undone = table.undo()
    assert isinstance(undone, Moved) and undone.kind == "undo"
    assert table.kept() is None
    assert table.awaiting().rolls == (), "red's turn again, after its journey"
    assert table.type_roll("4").rule == "table.roll-not-awaited"

    table.submit(PlaceCard("red", "C3"))
    table.submit(EndTurn("red"))
    table.submit(Travel("blue", 4, "C3"))
    table.submit(Reveal("blue", "monster", 8))
    table.type_roll("3")
    assert rollers(table) == ["green"]
    table.undo()  # the monster goes face down again
    assert table.public_view()["view"]["fight"] is None
    assert table.awaiting().rolls == () and table.kept() is None


def test_an_exchange_rolled_on_the_electronic_die(start, loop, emulator):
    journal, session, table, heard = start(dice=lambda sink: DiceReader(fast_config(emulator.path), sink))
    loop.run_until(lambda: table.status().die == "waiting", what="the reader to open the die's port")
    emulator.heartbeat()
    loop.run_until(lambda: any(n.kind == "dice" and n.connected for n in heard.of(DeviceChanged)), what="the die")

    emulator.roll("number", 4)  # red's journey: kept for the screen
    loop.run_until(lambda: heard.of(RollKept), what="the journey's die to be kept")
    assert heard.of(RollKept) == [RollKept("red", "number", 4, "travel")]
    assert session.head == 0
    emulator.roll("number", 2)
    loop.run_until(lambda: heard.of(Refused), what="the refusal of a second die")
    assert heard.of(Refused)[-1].message == NOBODY.format(2)
    assert isinstance(table.submit(Travel("red", table.kept().face, "B2")), Happened)
    for command in (PlaceCard("red", "C3"), EndTurn("red"), Travel("blue", 4, "C3"), Reveal("blue", "monster", 8)):
        assert isinstance(table.submit(command), Happened), command
    entries = written(journal, session)

    emulator.roll("number", 6)  # blue's henchman
    loop.run_until(lambda: heard.of(RollCalled), what="the monster's die to be called")
    assert heard.of(RollCalled) == [RollCalled("green", "number", "green rolls the die for the monster")]
    assert written(journal, session) == entries
    emulator.roll("number", 1)  # green for the monster: 2 + 6 against 8 + 1, blue loses 1
    loop.run_until(lambda: heard.of(Happened)[-1].command == "exchange", what="the exchange to be written")
    assert written(journal, session) == entries + 1
    assert journal.entry(session.game_id, session.head).command == {
        "type": "exchange",
        "player": "blue",
        "die": 6,
        "opponent_die": 1,
    }
    assert table.public_view()["view"]["players"][1]["life"] == 14
    assert rollers(table) == ["blue"]


def on_the_teleportal(table: Table) -> None:
    """Red slots a card on E6 and, the next day, turns it up there: a teleportal."""
    for command in (
        Travel("red", 5, "E5"),
        PlaceCard("red", "E6"),
        EndTurn("red"),
        Travel("blue", 1, "castle-blue"),
        EndTurn("blue"),
        Travel("green", 1, "castle-green"),
        EndTurn("green"),
        Travel("red", 1, "E6"),
        Reveal("red", "special", name="teleportal"),
    ):
        assert isinstance(table.submit(command), Happened), command


def test_the_teleportal_waits_for_its_die_and_keeps_a_four_for_the_field(start):
    journal, session, table, heard = start()
    on_the_teleportal(table)
    entries = written(journal, session)
    called = table.submit(Teleport("red", NOT_ROLLED))
    assert called == RollCalled("red", "number", "red rolls the die for the teleportal")
    kept = table.type_roll("4")
    assert kept == RollKept("red", "number", 4, "teleport")
    assert render(kept.text, "en") == (
        "Anna (Red) rolled 4: the teleportal sets the henchman down in the region of castle Blue. On which field?"
    )
    assert written(journal, session) == entries and table.awaiting().rolls == ()
    landed = table.submit(Teleport("red", table.kept().face, "N3"))
    assert isinstance(landed, Happened) and landed.command == "teleport"
    assert journal.entry(session.game_id, session.head).command["die"] == 4
    assert table.kept() is None and written(journal, session) == entries + 1


def test_a_landing_field_the_rules_refuse_leaves_the_teleportals_die(start):
    journal, session, table, heard = start()
    on_the_teleportal(table)
    table.submit(Teleport("red", NOT_ROLLED))
    table.type_roll("4")
    refused = table.submit(Teleport("red", 4, "inn"))  # the teleportal sets the henchman on a field
    assert isinstance(refused, Refused) and refused.rule == "teleportal.field"
    assert table.kept() == Rolled("red", "number", 4, "teleport")
