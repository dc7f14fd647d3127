"""Every step the table takes is written whole: every player's revealed picks, with the end of the
record of who had locked in, in one transaction; several corrections of one dialog likewise; a
command the rules refuse or a write that fails among them leaves nothing written. A step under way
that the journal does not hold yet (a die of an exchange rolled before the other, a flight asked
for, a castle laid on the board before its march) is kept in public words and taken up again
after a restart, or said to be lost. On real journal files; the restart is a new table on the
file the old one left."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.games.schatzjagd.table import NOT_ROLLED
from companion.games.schatzjagd.table import TABLE as SCHATZJAGD
from companion.journal.session import Session
from companion.journal.store import Journal
from companion.table import Happened, Refused, RollCalled
from companion.table.game import Rolled
from companion.table.notices import StepResumed
from companion.table.underway import KEY
from engines.core.correction import Correct
from engines.core.errors import RuleViolation
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import PlaceDucats
from engines.schatzjagd import Setup
from engines.schatzjagd.commands import EndTurn, Flee, Travel
from tests.companion.games.schatzjagd.test_table_on_a_journal import to_the_monster
from tests.companion.table.panels import keyboard_picks
from tests.companion.table.rig import keyboard_table, make_table

MIX = PlaceDucats(2, 2, field5=Coins(1, 1), field6=Coins(2, 0))
PLAYERS = ({"name": "Anna", "colour": "red"}, {"name": "Ben", "colour": "blue"}, {"name": "Clara", "colour": "green"})


def statements(journal: Journal) -> list[str]:
    """Every SQL statement the journal's connection runs from now on, in order."""
    seen: list[str] = []
    journal.db.set_trace_callback(seen.append)
    return seen


def transactions(seen: list[str]) -> list[list[str]]:
    """The statements grouped by the transaction they ran in (BEGIN ... COMMIT)."""
    groups: list[list[str]] = []
    current: list[str] | None = None
    for statement in seen:
        if statement.startswith("BEGIN"):
            current = []
        elif statement in ("COMMIT", "ROLLBACK"):
            assert current is not None
            groups.append([*current, statement])
            current = None
        elif current is not None:
            current.append(statement)
    return groups


def entries(journal: Journal, session: Session) -> list[Any]:
    return list(journal.entries(session.game_id))


# ------------------------------------------------------------------------------ the reveal


def test_every_pick_of_a_reveal_and_the_end_of_the_choice_are_one_transaction(tmp_path, loop, closing):
    journal, session, table, _ = keyboard_table(tmp_path / "journal.sqlite3", loop, closing)
    table.submit(MIX)
    keyboard_picks(table, loop, {1: (2, 6), 2: (3, 5), 3: (1, 4)})
    assert json.loads(journal.fact("choosing"))["locked"] == ["red", "blue", "green"]
    seen = statements(journal)
    keyboard_picks(table, loop, {4: (1, 3)})  # the last lock-in: the reveal
    loop.run_until(lambda: not table.awaiting().choosing, what="the reveal")
    journal.db.set_trace_callback(None)

    writes = [group for group in transactions(seen) if any(s.startswith("INSERT INTO entries") for s in group)]
    assert len(writes) == 1, writes  # one step, one transaction
    step = writes[0]
    assert sum(s.startswith("INSERT INTO entries") for s in step) == 4
    assert any(s.startswith("DELETE FROM session") for s in step), step  # who had locked in: gone with it
    assert step[-1] == "COMMIT"
    assert journal.fact("choosing") is None
    commands = [row.command["type"] for row in entries(journal, session)]
    assert commands == ["place-ducats", *["choose-actions"] * 4]
    parents = [row.parent for row in entries(journal, session)]
    assert parents == [0, 1, 2, 3, 4]  # a chain, as four steps would have made it
    first = next(i for i, s in enumerate(seen) if s.startswith("INSERT INTO entries"))
    after = seen[seen.index("COMMIT", first) + 1 :]
    assert not [s for s in after if s.startswith(("INSERT", "DELETE", "UPDATE"))], after  # nothing more to write


def test_a_reveal_whose_write_fails_writes_no_pick_and_asks_everyone_again(tmp_path, loop, closing):
    journal, session, table, heard = keyboard_table(tmp_path / "journal.sqlite3", loop, closing)
    table.submit(MIX)
    keyboard_picks(table, loop, {1: (2, 6), 2: (3, 5), 3: (1, 4)})
    before = entries(journal, session)
    # the third pick's entry cannot be written (as a medium failing in the middle of the step)
    journal.db.execute(
        "CREATE TEMP TRIGGER fail BEFORE INSERT ON entries WHEN NEW.seq = 4 "
        "BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END"
    )
    keyboard_picks(table, loop, {4: (1, 3)})
    loop.run_until(lambda: heard.of(Refused) and heard.of(Refused)[-1].rule == "journal.write", what="the refusal")
    assert entries(journal, session) == before  # not one pick
    assert session.head == 1 and table.public_view()["entry"] == 1
    awaited = table.awaiting()  # the picks were revealed in memory only: everyone chooses again
    assert awaited.choosing == ("red", "blue", "green", "yellow") and awaited.locked == ()
    assert journal.fact("choosing") is None


def test_apply_all_refused_in_the_middle_writes_nothing(tmp_path):
    journal = Journal.open(tmp_path / "journal.sqlite3")
    session = Session.start(journal, "schatzjagd", Setup(players=PLAYERS))
    journal.set_fact("something", "kept")
    head, state = session.head, session.state
    with pytest.raises(RuleViolation):
        session.apply_all(
            [Correct("red.gold", 3, "counted"), Correct("red.nothing", 1, "counted")], {"something": None}
        )
    assert (session.head, session.state) == (head, state)
    assert entries(journal, session) == [] and journal.fact("something") == "kept"

    done = session.apply_all([Correct("red.gold", 3, "counted"), Correct("blue.gold", 2, "counted")], {"x": "y"})
    assert [d.seq for d in done] == [1, 2] and session.head == 2
    assert [row.parent for row in entries(journal, session)] == [0, 1]
    assert journal.fact("x") == "y"
    journal.close()
    journal = Journal.open(tmp_path / "journal.sqlite3")
    resumed = Session.resume(journal)
    assert resumed is not None and resumed.state == session.state
    journal.close()


def test_several_corrections_of_one_dialog_are_one_step(tmp_path, loop, closing):
    journal = Journal.open(tmp_path / "journal.sqlite3")
    session = Session.start(journal, "schatzjagd", Setup(players=PLAYERS))
    table, heard = make_table(session, loop, game=SCHATZJAGD)
    closing.append(table)
    table.start()
    refused = table.submit_all([Correct("red.gold", 4, "counted"), Correct("red.life", 99, "counted")])
    assert isinstance(refused, Refused)
    assert entries(journal, session) == []  # the first was not written alone
    seen = statements(journal)
    done = table.submit_all([Correct("red.gold", 4, "counted"), Correct("red.life", 9, "counted")])
    journal.db.set_trace_callback(None)
    assert isinstance(done, Happened) and [n.entry for n in heard.of(Happened)] == [1, 2]
    assert len([g for g in transactions(seen) if any(s.startswith("INSERT INTO entries") for s in g)]) == 1
    red = table.public_view()["view"]["players"][0]
    assert (red["gold"], red["life"]) == (4, 9)
    journal.close()


# ----------------------------------------------------------------------- a step under way


def schatzjagd_table(path: Path, loop, closing, *, resume: bool = False):
    journal = Journal.open(path, create=not resume)
    session = Session.resume(journal) if resume else Session.start(journal, "schatzjagd", Setup(players=PLAYERS))
    assert session is not None
    table, heard = make_table(session, loop, game=SCHATZJAGD)
    closing.append(table)
    table.start()
    loop.drain()
    return journal, session, table, heard


def power_cut(journal, table) -> None:
    table.close()
    journal.close()


def test_the_first_die_of_an_exchange_is_taken_up_again_after_a_power_cut(tmp_path, loop, closing):
    path = tmp_path / "journal.sqlite3"
    journal, session, table, _ = schatzjagd_table(path, loop, closing)
    to_the_monster(table)
    head = session.head
    called = table.type_roll("2")  # blue's own die; green rolls for the monster next
    assert isinstance(called, RollCalled) and called.player == "green"
    kept = json.loads(journal.fact(KEY))
    assert kept == {"game": 1, "entry": head, "command": None, "rolls": [["number", 2]], "screen": None}
    power_cut(journal, table)

    journal, session, table, heard = schatzjagd_table(path, loop, closing, resume=True)
    resumed = heard.of(StepResumed)
    assert resumed == [StepResumed((2,))] and not resumed[0].lost
    assert [r.player for r in table.awaiting().rolls] == ["green"]  # the monster's die is awaited
    assert json.loads(journal.fact(KEY))["rolls"] == [["number", 2]]  # kept for a second cut too
    exchanged = table.type_roll("5")
    assert isinstance(exchanged, Happened) and exchanged.command == "exchange"
    assert journal.entry(session.game_id, session.head).command == {
        "type": "exchange",
        "player": "blue",
        "die": 2,
        "opponent_die": 5,
    }
    assert journal.fact(KEY) is None  # written with the exchange: its record ended with it
    power_cut(journal, table)
    journal, session, table, heard = schatzjagd_table(path, loop, closing, resume=True)
    assert heard.of(StepResumed) == []


def test_a_flight_asked_for_and_a_journey_die_kept_are_taken_up_again(tmp_path, loop, closing):
    path = tmp_path / "journal.sqlite3"
    journal, session, table, _ = schatzjagd_table(path, loop, closing)
    to_the_monster(table)
    table.submit(Flee("blue", NOT_ROLLED))
    assert [r.player for r in table.awaiting().rolls] == ["green"]
    power_cut(journal, table)

    journal, session, table, heard = schatzjagd_table(path, loop, closing, resume=True)
    assert heard.of(StepResumed) == [StepResumed(())]
    assert table.awaiting().asked and [r.player for r in table.awaiting().rolls] == ["green"]
    fled = table.type_roll("2")
    assert isinstance(fled, Happened) and fled.command == "flee"

    table.submit(EndTurn("blue"))
    table.type_roll("4")  # green's journey: kept until the screen says where the henchman stopped
    assert isinstance(table.kept(), Rolled)
    power_cut(journal, table)
    journal, session, table, heard = schatzjagd_table(path, loop, closing, resume=True)
    assert heard.of(StepResumed) == [StepResumed((4,))]
    assert table.kept() is not None and (table.kept().player, table.kept().face) == ("green", 4)


def test_a_step_that_cannot_be_taken_up_again_is_said_lost(tmp_path, loop, closing):
    path = tmp_path / "journal.sqlite3"
    journal, session, table, _ = schatzjagd_table(path, loop, closing)
    to_the_monster(table)
    power_cut(journal, table)
    journal = Journal.open(path)
    game = journal.running()
    head = journal.game(game).head
    journal.set_fact(KEY, json.dumps({"game": game, "entry": head, "command": None, "rolls": [["special", 3]]}))
    journal.close()  # a record without its "screen": unreadable, forgotten with a warning
    journal, session, table, heard = schatzjagd_table(path, loop, closing, resume=True)
    assert heard.of(StepResumed) == [] and journal.fact(KEY) is None
    record = {"game": game, "entry": head, "command": None, "rolls": [["special", 3]], "screen": None}
    journal.set_fact(KEY, json.dumps(record))  # the special die: not what the fight awaits
    power_cut(journal, table)
    journal, session, table, heard = schatzjagd_table(path, loop, closing, resume=True)
    assert heard.of(StepResumed) == [StepResumed((3,), lost=True)]
    assert [r.player for r in table.awaiting().rolls] == ["blue"]  # the exchange from its start
    assert journal.fact(KEY) is None


def test_a_screens_step_is_given_back_once_and_ends_with_the_next_command(tmp_path, loop, closing):
    path = tmp_path / "journal.sqlite3"
    journal, session, table, _ = schatzjagd_table(path, loop, closing)
    table.hold_step({"step": "castle", "cell": [2, -1]})
    assert json.loads(journal.fact(KEY))["screen"] == {"step": "castle", "cell": [2, -1]}
    power_cut(journal, table)

    journal, session, table, heard = schatzjagd_table(path, loop, closing, resume=True)
    assert heard.of(StepResumed) == [StepResumed(())]
    assert table.resumed_step() == {"step": "castle", "cell": [2, -1]}
    assert table.resumed_step() is None  # given once
    assert json.loads(journal.fact(KEY))["screen"] == {"step": "castle", "cell": [2, -1]}  # still kept
    seen = statements(journal)
    table.submit(Travel("red", 3, "B2"))
    journal.db.set_trace_callback(None)
    assert journal.fact(KEY) is None
    step = next(g for g in transactions(seen) if any(s.startswith("INSERT INTO entries") for s in g))
    assert any(s.startswith("DELETE FROM session") for s in step)  # in the command's own transaction

    table.hold_step({"step": "other"})
    power_cut(journal, table)
    journal = Journal.open(path)  # the game moved on meanwhile (written by another table)
    session = Session.resume(journal)
    assert session is not None
    session.apply(EndTurn("red"))
    journal.close()
    journal, session, table, heard = schatzjagd_table(path, loop, closing, resume=True)
    assert heard.of(StepResumed) == [] and table.resumed_step() is None


def test_a_write_that_fails_leaves_the_step_under_way_as_it_was(tmp_path, loop, closing):
    path = tmp_path / "journal.sqlite3"
    journal, session, table, heard = schatzjagd_table(path, loop, closing)
    to_the_monster(table)
    table.type_roll("2")
    journal.db.execute(
        "CREATE TEMP TRIGGER fail BEFORE INSERT ON entries BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END"
    )
    refused = table.type_roll("5")
    assert isinstance(refused, Refused) and refused.rule == "journal.write"
    assert json.loads(journal.fact(KEY))["rolls"] == [["number", 2]]  # the first die stays kept
    assert [r.player for r in table.awaiting().rolls] == ["green"]  # and the second is asked again
    journal.db.execute("DROP TRIGGER fail")
    exchanged = table.type_roll("5")
    assert isinstance(exchanged, Happened)
    assert journal.entry(session.game_id, session.head).command["die"] == 2
    assert journal.fact(KEY) is None
