"""A table rebuilt on the same journal file (the companion restarted after a power cut) goes on
where the game stood: an unfinished secret choice is asked again from the start, and what was
pressed before, never written, is nowhere to be seen; a duel waits for the roll still missing."""

from __future__ import annotations

from companion.table import ChoiceOpened, DeviceChanged, Happened, LockedIn, Refused
from engines.core.correction import Correct
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import Decline, PlaceDucats, RevealActions, RevealDocuments
from hardware.panel.keyboard import KeyboardPanel
from tests.companion.table.panels import keyboard_tap
from tests.companion.table.rig import make_table, resume_game, setup, start_game
from tests.companion.table.test_picks import EveryButton

MIX = PlaceDucats(2, 2, field5=Coins(1, 1), field6=Coins(2, 0))
EVERYONE = ("red", "blue", "green", "yellow")


def keyboard(sink):
    return KeyboardPanel(sink)


def press(table, loop, picks):
    for seat, buttons in picks.items():
        for button in buttons:
            keyboard_tap(table, seat, button)
    loop.drain()


def test_an_unfinished_choice_is_asked_again_after_a_restart(tmp_path, loop, closing):
    path = tmp_path / "journal.sqlite3"
    journal, session = start_game(path, setup("schmidt-1998", digital_sack=False))
    before, heard_before = make_table(session, loop, panel=keyboard)
    closing.append(before)
    before.start()
    before.submit(MIX)
    press(before, loop, {1: (2, 6), 2: (3, 5), 3: (1,)})  # red and blue locked in, green half-way
    assert before.awaiting().locked == ("red", "blue")
    before.close()  # the power goes
    journal.close()

    journal, session = resume_game(path)
    after, heard = make_table(session, loop, panel=keyboard)
    closing.append(after)
    after.start()
    loop.drain()
    assert heard == [ChoiceOpened(EVERYONE), DeviceChanged("panel", True, "keyboard, 6 players")]
    awaited = after.awaiting()
    assert (awaited.choosing, awaited.locked) == (EVERYONE, ())
    assert session.head == 1 and [line["command"] for line in after.log()] == ["place-ducats"]
    press(after, loop, {1: (1, 4), 2: (2, 3), 3: (5, 6), 4: (1, 3)})
    assert [n.player for n in heard.of(LockedIn)] == list(EVERYONE)
    after.submit(RevealDocuments())
    after.submit(RevealActions())
    picks = [p["pick"] for p in after.public_view()["view"]["players"]]
    assert picks == [[1, 4], [2, 3], [5, 6], [1, 3]]
    journal.close()


def test_picks_waiting_for_a_refused_player_are_not_kept_over_a_restart(tmp_path, loop, closing):
    path = tmp_path / "journal.sqlite3"
    journal, session = start_game(path, setup("schmidt-1998", digital_sack=False))
    before, heard_before = make_table(session, loop, panel=keyboard, game=EveryButton())
    closing.append(before)
    before.start()
    before.submit(Correct("red.knight-in-dungeon", 1, "left there last game"))
    before.submit(MIX)
    press(before, loop, {1: (4, 5), 2: (1, 2), 3: (1, 3), 4: (2, 6)})
    assert heard_before[-1] == ChoiceOpened(("red",))
    assert before.awaiting().locked == ("blue", "green", "yellow")
    before.close()
    journal.close()

    journal, session = resume_game(path)
    after, heard = make_table(session, loop, panel=keyboard)
    closing.append(after)
    after.start()
    loop.drain()
    assert heard.of(ChoiceOpened) == [ChoiceOpened(EVERYONE)] and after.awaiting().locked == ()
    assert all(player.pick is None for player in session.state.players)
    journal.close()


def test_a_duel_goes_on_with_the_roll_still_missing(tmp_path, loop, closing):
    path = tmp_path / "journal.sqlite3"
    journal, session = start_game(path, setup("schmidt-1998", digital_sack=False))
    before, _ = make_table(session, loop, panel=keyboard)
    closing.append(before)
    before.start()
    before.submit(MIX)
    press(before, loop, {1: (4, 1), 2: (4, 2), 3: (1, 5), 4: (3, 6)})
    before.submit(RevealDocuments())
    before.submit(RevealActions())
    for player in ("red", "green", "blue", "yellow"):  # fields 1, 2 and 3: nobody takes anything
        assert isinstance(before.submit(Decline(player)), Happened)
    assert isinstance(before.type_roll("3"), Happened)  # red's duel roll
    before.close()
    journal.close()

    journal, session = resume_game(path)
    after, heard = make_table(session, loop, panel=keyboard)
    closing.append(after)
    after.start()
    assert [(r.player, r.die, r.words) for r in after.awaiting().rolls] == [
        ("blue", "number", "blue rolls the number die for the duel")
    ]
    assert isinstance(after.redo(), Refused)  # nothing was undone
    duel = after.type_roll("6")
    assert isinstance(duel, Happened) and {"type": "duel-won", "winner": "blue"} in duel.events
    assert after.awaiting().game == ({"player": "blue", "commands": ["knight-act"]},)
    journal.close()
