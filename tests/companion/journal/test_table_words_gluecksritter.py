"""Words for the table when a Die Glücksritter step is undone or redone, for the steps the
rulings added: a hand-over, the haggling payment and the promise, the round's end awaited, and a
verdict judged again after the end of the game."""

from __future__ import annotations

from engines.core.correction import Correct
from engines.gluecksritter import OSULLIVAN
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import (
    AcceptOffer,
    ChooseActions,
    ChooseFirstOfferer,
    HandOver,
    KeepLoot,
    KnightAct,
    MakeOffer,
    PayOffer,
    PlaceDucats,
    RevealActions,
    RevealDocuments,
)
from tests.companion.journal.test_table_words import gluecksritter


def test_gluecksritter_a_verdict_judged_again_after_the_end() -> None:
    play = gluecksritter()
    play.do(Correct("red.walls", 4, "set-up"), Correct("red.towers", 4, "set-up"))
    play.do(Correct("blue.walls", 4, "set-up"), Correct("blue.towers", 4, "set-up"))
    play.do(PlaceDucats(0, 0, Coins(), Coins()))
    play.do(ChooseActions("red", (5, 6)), ChooseActions("blue", (5, 6)), ChooseActions("green", (5, 6)))
    play.do(RevealDocuments(), RevealActions())
    assert set(play.history.state.winners) == {"red", "blue"}
    assert play.undo_words(Correct("red.gold", 3, "red's purse was miscounted")) == [
        "Red: put 1 gold back in the sack.",
        "Red and blue win again.",
    ]
    assert play.undo_words(Correct("red.towers", 3, "a tower was counted twice")) == [
        "Red: take 1 tower from the supply.",
        "Red wins again.",
    ]
    assert play.undo_words(Correct("blue.towers", 3, "so was this one")) == [
        "Blue: take 1 tower from the supply.",
        "Red: lay out action cards 5 and 6 face up again.",
        "Blue: lay out action cards 5 and 6 face up again.",
        "Green: lay out action cards 5 and 6 face up again.",
        "The game is over again: blue wins.",
        "It is round 1 again.",
    ]


def haggled(payment: Coins | None = None):
    """osullivan: blue wins the haggling with 1 Ducat and 2 promised, and pays."""
    play = gluecksritter(OSULLIVAN)
    play.do(Correct("red.walls", 1, "set-up"))
    play.do(PlaceDucats(0, 2, Coins(), Coins(0, 2)))
    play.do(ChooseActions("red", (4, 5)), ChooseActions("blue", (4, 6)), ChooseActions("green", (5, 6)))
    play.do(RevealDocuments(), RevealActions())
    play.do(ChooseFirstOfferer("blue", "blue"), MakeOffer("blue", ducats=1, loot_promise=2))
    return play


def test_gluecksritter_the_payment_of_an_accepted_offer_and_the_promise() -> None:
    play = haggled()
    assert play.undo_words(AcceptOffer("red")) == ["It is red's turn to haggle again."]
    assert play.undo_words(PayOffer("blue", payment=Coins(1, 0))) == [
        "Red: give 1 silver back to blue.",
        "Blue pays the accepted offer again.",
    ]
    words = play.undo_words(KnightAct("blue", "field6"))
    assert words == [
        "Blue: put 2 gold back on field 6.",
        "Red: take your knight back out of the dungeon.",
        "Blue: take your knight back out of the dungeon.",
        "Blue acts as the Black Knight again.",
    ]
    words = play.undo_words(HandOver("blue", "red", coins=Coins(0, 1)))  # the round ended with it
    assert words[0] == "Red: give 1 gold back to blue."
    assert words[-1] == "Blue decides again what to hand over of the promised loot."
    assert play.redo_words()[0] == "Blue: give 1 gold back to red."


def test_gluecksritter_keeping_the_promised_loot() -> None:
    play = haggled()
    play.do(AcceptOffer("red"), PayOffer("blue"), KnightAct("blue", "field6"))
    words = play.undo_words(KeepLoot("blue"))  # the round ended with it
    assert words[-4:] == [
        "It is round 1 again.",
        "It is phase E again (the fields).",
        "Field 4 is open again.",
        "Blue decides again what to hand over of the promised loot.",
    ]


def test_gluecksritter_hand_overs_of_a_documents_effect() -> None:
    play = gluecksritter()
    assert play.undo_words(HandOver("sack", "red", coins=Coins(2, 1))) == [
        "Red: put 2 silver and 1 gold back in the sack."
    ]
    assert play.undo_words(HandOver("supply", "blue", walls=1, towers=1)) == [
        "Blue: return 1 wall and 1 tower to the supply."
    ]
    assert play.undo_words(HandOver("blue", "green", towers=1)) == ["Green: give 1 tower back to blue."]
    assert play.undo_words(HandOver("blue", "supply", walls=1)) == ["Blue: take 1 wall from the supply."]
