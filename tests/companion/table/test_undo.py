"""Undo and redo through the table: the words for the cardboard come along, and the secret
choice follows the game back and forth without naming a card."""

from __future__ import annotations

from companion.table import ChoiceOpened, Happened, Moved, Refused
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import PlaceDucats
from tests.companion.table.panels import keyboard_picks, keyboard_tap
from tests.companion.table.rig import keyboard_table


def test_undoing_a_pick_asks_that_player_again(tmp_path, loop, closing):
    journal, session, table, heard = keyboard_table(tmp_path / "journal.sqlite3", loop, closing)
    assert table.undo() == Refused("history.undo", "there is nothing to undo")
    table.submit(PlaceDucats(2, 2, field5=Coins(1, 1), field6=Coins(2, 0)))
    keyboard_picks(table, loop, {1: (1, 2), 2: (3, 4), 3: (5, 6), 4: (2, 6)})
    assert table.awaiting().choosing == ()

    undone = table.undo()
    assert isinstance(undone, Moved) and (undone.kind, undone.target) == ("undo", 5)
    assert undone.words and not any(any(c.isdigit() for c in line) for line in undone.words)
    assert heard[-1] == ChoiceOpened(("yellow",))
    assert table.public_view()["can_redo"]

    redone = table.redo()
    assert isinstance(redone, Moved) and redone.kind == "redo"
    assert table.awaiting().choosing == ()
    assert session.state.player("yellow").pick == (2, 6)

    table.undo()
    keyboard_tap(table, 4, 1)
    keyboard_tap(table, 4, 5)  # yellow chooses anew: the redo is gone
    loop.drain()
    assert isinstance(heard.of(Happened)[-1], Happened) and session.state.player("yellow").pick == (1, 5)
    assert not table.public_view()["can_redo"]
    journal.close()


def test_the_words_of_an_undo_are_shown_before_it_is_written(tmp_path, loop, closing):
    from companion.i18n import render

    journal, session, table, heard = keyboard_table(tmp_path / "journal.sqlite3", loop, closing)
    assert table.preview("undo") is None and table.preview("redo") is None
    assert isinstance(table.submit(PlaceDucats(3, 2, field5=Coins(3, 0), field6=Coins(2, 0))), Happened)
    head = session.head
    words = table.preview("undo")
    assert words and session.head == head  # nothing written
    undone = table.undo()
    assert [render(w, "en") for w in words] == list(undone.words)
    assert [render(w, "de") for w in table.preview("redo")] == [render(w, "de") for w in table.redo().messages]
    journal.close()
