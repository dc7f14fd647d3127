"""Words for the table when a Die Glücksritter step is undone or redone, for the steps the
rulings added: a hand-over, the haggling payment and the promise, the round's end awaited, and a
verdict judged again after the end of the game."""

from __future__ import annotations

from engines.core.correction import Correct
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import ChooseActions, PlaceDucats, RevealActions, RevealDocuments
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
