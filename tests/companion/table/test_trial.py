"""The table tries a command without writing, drawing or telling anything (``trial``): None when the
rules would take it, the refusal in the table's words when not. The screens grey a choice with it."""

from __future__ import annotations

from companion.table.notices import Refused
from engines.core.correction import Correct
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import (
    BuyPieces,
    ChooseActions,
    Decline,
    PlaceDucats,
    Ransom,
    RevealActions,
    RevealDocuments,
)
from tests.companion.table.rig import keyboard_table


def test_a_trial_says_what_the_rules_would_say_and_changes_nothing(tmp_path, loop, closing):
    journal, session, table, heard = keyboard_table(tmp_path / "journal.sqlite3", loop, closing)
    table.submit(Correct("green.knight-in-dungeon", 1, "set-up"))
    table.submit(Correct("green.gold", 0, "set-up: green is poor"))
    entry, told = session.head, len(heard)
    assert table.trial(Ransom("red")) is not None  # red's knight is free
    refused = table.trial(Ransom("green"))
    assert isinstance(refused, Refused) and refused.rule == "payment.afford" and refused.player == "green"
    assert (session.head, len(heard)) == (entry, told), "a trial writes and tells nothing"
    assert table.trial(PlaceDucats(3, 2, field5=Coins(3, 0), field6=Coins(2, 0))) is None
    table.submit(PlaceDucats(3, 2, field5=Coins(3, 0), field6=Coins(2, 0)))
    for player, cards in (("red", (2, 5)), ("blue", (1, 5)), ("green", (5, 6)), ("yellow", (5, 6))):
        table._session.apply(ChooseActions(player, cards))  # the keyboard panel's picks, made directly
    table.submit(RevealDocuments())
    table.submit(RevealActions())
    assert table.trial(BuyPieces("red", 1)).rule == "resolve.not-now"  # field 1 first: blue's
    table.submit(Decline("blue"))
    assert table.trial(BuyPieces("red", 1)) is None
    two = table.trial(BuyPieces("red", 2))
    assert two is not None and two.message == "red cannot pay 8 Ducats for 2 walls (holds 2 silver and 2 gold)"
    assert table.trial(BuyPieces("blue", 1)).rule == "resolve.not-present"
    assert session.state.player("red").walls == 0
    journal.close()
