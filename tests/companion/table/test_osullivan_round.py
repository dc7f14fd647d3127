"""A whole round of Die Glücksritter (osullivan-2002) through the table with the keyboard standing
in for the panel and no electronic die: the haggling tie rolled on the screen and typed, the
offers from the screen, the sack mixed by hand (no digital sack), the document drawn by the table."""

from __future__ import annotations

from companion.games.gluecksritter.table import DRAW
from companion.table import Happened, LockedIn, Refused
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import (
    AcceptOffer,
    BuyPieces,
    ChooseFirstOfferer,
    EndRound,
    KnightAct,
    MakeOffer,
    PayOffer,
    PlaceDucats,
    RevealActions,
    RevealDocuments,
    RollDie,
    TakeDocument,
)
from tests.companion.table.panels import keyboard_picks
from tests.companion.table.rig import keyboard_table

PICKS = {1: (4, 1), 2: (4, 5), 3: (2, 6), 4: (3, 5)}  # red, blue, green, yellow


def test_a_round_with_a_haggle(tmp_path, loop, closing):
    journal, session, table, heard = keyboard_table(tmp_path / "journal.sqlite3", loop, closing, rules="osullivan-2002")
    assert table.status().panel == "connected"

    # No digital sack: the table enters the mix that landed; a command without it is refused
    refused = table.submit(PlaceDucats(2, 2))
    assert isinstance(refused, Refused) and refused.rule == "A.entered-mix"
    table.submit(PlaceDucats(2, 2, field5=Coins(1, 1), field6=Coins(2, 0)))

    keyboard_picks(table, loop, PICKS)
    assert [n.player for n in heard.of(LockedIn)] == ["red", "blue", "green", "yellow"]
    assert [n.command for n in heard.of(Happened)[1:]] == ["choose-actions"] * 4

    # picks come from the panel only, also after the choice
    refused = table.submit(RollDie("red", 3))
    assert isinstance(refused, Refused) and refused.rule == "field4.not-now"
    table.submit(RevealDocuments())
    table.submit(RevealActions())  # the first command of phase D ends the ransom window

    assert isinstance(table.submit(TakeDocument("red", DRAW)), Happened)  # field 1, alone: free
    table.submit(BuyPieces("green", 1))  # field 2
    table.submit(BuyPieces("yellow", 1))  # field 3

    # Field 4: red and blue have equal castles, so both roll; a tie rolls again
    assert [(r.player, r.die) for r in table.awaiting().rolls] == [("red", "number"), ("blue", "number")]
    typo = table.type_roll("seven")
    assert typo == Refused(
        "table.typed-roll", "'seven' is not a face of the number die: type a number from 1 to 6.", "red"
    )
    table.type_roll("4")
    tie = table.type_roll(" 4 ")
    assert isinstance(tie, Happened) and {"type": "rolls-tied"} in tie.events
    while table.awaiting().rolls:
        table.roll_on_screen()
    decider = table.public_view()["view"]["knight"]["decider"]
    other = "blue" if decider == "red" else "red"
    assert table.awaiting().game == ({"player": decider, "commands": ["choose-first-offerer"]},)
    rolls = [e for n in heard.of(Happened) for e in n.events if e["type"] == "die-rolled"]
    assert len(rolls) >= 4 and rolls[-1]["value"] != rolls[-2]["value"]

    table.submit(ChooseFirstOfferer(decider, other))
    low = table.submit(MakeOffer(other, ducats=0))
    assert isinstance(low, Refused) and low.rule == "haggle.minimum"
    table.submit(MakeOffer(other, ducats=2))
    table.submit(AcceptOffer(decider))
    paid = table.submit(PayOffer(other))
    assert isinstance(paid, Happened)
    table.submit(KnightAct(other, "field6"))
    players = {p["colour"]: p for p in table.public_view()["view"]["players"]}
    assert players["red"]["knight_in_dungeon"] and players["blue"]["knight_in_dungeon"]

    # fields 5 and 6 resolve by themselves; red holds a document: the round waits for the table
    table.submit(EndRound())
    view = table.public_view()["view"]
    assert (view["round"], view["phase"], view["rules"]) == (2, "A", "osullivan-2002")
    table.close()
    journal.close()
