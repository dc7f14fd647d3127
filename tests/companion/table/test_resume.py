"""A table rebuilt on the same journal file (the companion restarted after a power cut) goes on
where the game stood: an unfinished secret choice is asked again from the start, and what was
pressed before, never written, is nowhere to be seen; a duel waits for the roll still missing."""

from __future__ import annotations

import json

from companion.table import ChoiceInterrupted, ChoiceOpened, DeviceChanged, Happened, LockedIn, Refused
from engines.core.correction import Correct
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import Decline, PlaceDucats, RevealActions, RevealDocuments
from tests.companion.table.panels import keyboard_picks
from tests.companion.table.rig import keyboard_table
from tests.companion.table.test_picks import EveryButton

MIX = PlaceDucats(2, 2, field5=Coins(1, 1), field6=Coins(2, 0))
EVERYONE = ("red", "blue", "green", "yellow")


def power_cut(journal, table):
    table.close()
    journal.close()


def test_an_unfinished_choice_is_asked_again_after_a_restart(tmp_path, loop, closing):
    path = tmp_path / "journal.sqlite3"
    journal, _, before, _ = keyboard_table(path, loop, closing)
    before.submit(MIX)
    keyboard_picks(before, loop, {1: (2, 6), 2: (3, 5), 3: (1,)})  # red and blue locked in, green half-way
    assert before.awaiting().locked == ("red", "blue")
    kept = json.loads(journal.fact("choosing"))  # public: who locked in at which step, never a card
    assert kept == {"game": 1, "entry": 1, "locked": ["red", "blue"]}
    power_cut(journal, before)

    journal, session, after, heard = keyboard_table(path, loop, closing, resume=True)
    assert heard == [
        ChoiceOpened(EVERYONE),
        ChoiceInterrupted(("red", "blue")),  # said: the picks locked in are gone
        DeviceChanged("panel", True, "keyboard, 6 players"),
    ]
    awaited = after.awaiting()
    assert (awaited.choosing, awaited.locked, awaited.interrupted) == (EVERYONE, (), True)
    assert journal.fact("choosing") is None  # said once
    assert session.head == 1 and [line["command"] for line in after.log()] == ["place-ducats"]
    keyboard_picks(after, loop, {1: (1, 4)})
    assert not after.awaiting().interrupted  # choosing again
    assert json.loads(journal.fact("choosing"))["locked"] == ["red"]
    keyboard_picks(after, loop, {2: (2, 3), 3: (5, 6), 4: (1, 3)})
    assert [n.player for n in heard.of(LockedIn)] == list(EVERYONE)
    assert journal.fact("choosing") is None  # revealed and written: nothing cut off any more
    after.submit(RevealDocuments())
    after.submit(RevealActions())
    picks = [p["pick"] for p in after.public_view()["view"]["players"]]
    assert picks == [[1, 4], [2, 3], [5, 6], [1, 3]]
    journal.close()


def test_picks_waiting_for_a_refused_player_are_not_kept_over_a_restart(tmp_path, loop, closing):
    path = tmp_path / "journal.sqlite3"
    journal, _, before, heard_before = keyboard_table(path, loop, closing, game=EveryButton())
    before.submit(Correct("red.knight-in-dungeon", 1, "left there last game"))
    before.submit(MIX)
    keyboard_picks(before, loop, {1: (4, 5), 2: (1, 2), 3: (1, 3), 4: (2, 6)})
    assert heard_before[-1] == ChoiceOpened(("red",))
    assert before.awaiting().locked == ("blue", "green", "yellow")
    power_cut(journal, before)

    journal, session, after, heard = keyboard_table(path, loop, closing, resume=True)
    assert heard.of(ChoiceOpened) == [ChoiceOpened(EVERYONE)] and after.awaiting().locked == ()
    assert heard.of(ChoiceInterrupted) == [ChoiceInterrupted(("blue", "green", "yellow"))]
    assert all(player.pick is None for player in session.state.players)
    journal.close()


def test_a_record_of_another_step_says_nothing_of_a_cut(tmp_path, loop, closing):
    path = tmp_path / "journal.sqlite3"
    journal, _, before, _ = keyboard_table(path, loop, closing)
    before.submit(MIX)
    keyboard_picks(before, loop, {1: (2, 6)})
    before.undo()  # the Ducat card undone: no choice is awaited any more
    assert journal.fact("choosing") is None
    journal.set_fact("choosing", '{"game": 1, "entry": 1, "locked": ["red"]}')  # as if cut before the undo
    power_cut(journal, before)

    journal, _, after, heard = keyboard_table(path, loop, closing, resume=True)
    assert heard.of(ChoiceInterrupted) == [] and not after.awaiting().interrupted
    assert journal.fact("choosing") is None
    journal.close()


def test_a_duel_goes_on_with_the_roll_still_missing(tmp_path, loop, closing):
    path = tmp_path / "journal.sqlite3"
    journal, _, before, _ = keyboard_table(path, loop, closing)
    before.submit(MIX)
    keyboard_picks(before, loop, {1: (4, 1), 2: (4, 2), 3: (1, 5), 4: (3, 6)})
    before.submit(RevealDocuments())
    before.submit(RevealActions())
    for player in ("red", "green", "blue", "yellow"):  # fields 1, 2 and 3: nobody takes anything
        assert isinstance(before.submit(Decline(player)), Happened)
    assert isinstance(before.type_roll("3"), Happened)  # red's duel roll
    power_cut(journal, before)

    journal, session, after, heard = keyboard_table(path, loop, closing, resume=True)
    assert [(r.player, r.die, r.words) for r in after.awaiting().rolls] == [
        ("blue", "number", "blue rolls the number die for the duel")
    ]
    assert isinstance(after.redo(), Refused)  # nothing was undone
    duel = after.type_roll("6")
    assert isinstance(duel, Happened) and {"type": "duel-won", "winner": "blue"} in duel.events
    assert after.awaiting().game == ({"player": "blue", "commands": ["knight-act"]},)
    journal.close()
