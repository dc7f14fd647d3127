"""Victory: checked at the end of a round. One complete castle (4 walls + 4 towers) wins; several:
the most Ducats (value, not coins); still equal: a shared win. After that only corrections."""

from __future__ import annotations

import pytest

from engines.core.correction import Correct
from engines.gluecksritter import GAME
from engines.gluecksritter.commands import (
    BuyPieces,
    ChooseActions,
    KnightAct,
    PlaceDucats,
    PlayDocument,
    RaidPiece,
    Ransom,
)
from engines.gluecksritter.state import DUCATS, OVER, RESOLVE
from tests.engines.gluecksritter.helpers import RULESETS, Table, c


@pytest.mark.parametrize("rules", RULESETS)
def test_a_castle_completed_during_the_round_wins_at_the_end_of_the_round(rules):
    t = Table.new(rules=rules).give("red", silver=7, walls=4, towers=3)
    t.to_resolve(red=(3, 5), blue=(4, 6))
    t.do(BuyPieces("red", 1))
    assert (t.p("red").walls, t.p("red").towers) == (4, 4)
    assert t.phase == RESOLVE and t.state.winners == ()  # field 4 still to come
    events = t.do(KnightAct("blue", "pass"))
    ended = events[-1]
    assert (ended.type, ended.winners) == ("game-ended", ("red",))
    assert t.phase == OVER and t.state.winners == ("red",)
    assert GAME.public_view(t.state)["winners"] == ["red"]


def test_a_castle_raided_before_the_end_of_the_round_does_not_win():
    t = Table.new().give("red", silver=7, walls=4, towers=3)
    t.to_resolve(red=(3, 5), blue=(4, 6))
    t.do(BuyPieces("red", 1))
    t.do(KnightAct("blue", "raid", victim="red", face=5))
    t.do(RaidPiece("blue", "tower"))
    assert t.phase == DUCATS and t.state.round == 2
    assert t.state.winners == ()


def test_four_walls_alone_are_no_castle():
    t = Table.new().give("red", walls=4, towers=3).give("blue", walls=3, towers=4)
    t.next_round()
    assert t.phase == DUCATS and t.state.round == 2


def test_a_complete_castle_from_earlier_wins_at_the_end_of_the_next_round():
    t = Table.new().give("red", walls=4, towers=4)  # the table fixed a miscount
    assert t.phase == DUCATS
    t.next_round()
    assert t.state.winners == ("red",)


def both_complete(red: tuple[int, int], blue: tuple[int, int], red_pays=None) -> Table:
    """red and blue (4 walls, 3 towers) both buy their last tower on field 3 (7 each, shared)."""
    t = Table.new()
    for colour, (silver, gold) in (("red", red), ("blue", blue)):
        t.give(colour, silver=silver, gold=gold, walls=4, towers=3)
    t.to_resolve(red=(3, 5), blue=(3, 5))
    t.do(BuyPieces("red", 1, payment=red_pays), BuyPieces("blue", 1))
    return t


def test_of_several_complete_castles_the_most_ducats_win():
    t = both_complete(red=(7, 4), blue=(7, 1))  # after paying: red 8, blue 2
    assert t.state.winners == ("red",)
    ended = t.events[-1]
    assert "most Ducats" in ended.reason


def test_ducats_are_counted_by_value_not_by_coins():
    t = both_complete(red=(7, 3), blue=(1, 7), red_pays=c(1, 3))
    assert t.coins("red") == c(6, 0) and t.coins("blue") == c(0, 4)
    assert t.state.winners == ("blue",)


def test_complete_castles_with_equal_ducats_share_the_win():
    t = both_complete(red=(5, 2), blue=(3, 3))  # 2 Ducats each after paying
    assert t.coins("red").value == t.coins("blue").value == 2
    assert set(t.state.winners) == {"red", "blue"}
    assert "shared" in t.events[-1].reason


def test_a_complete_castle_beats_more_ducats_without_one():
    t = Table.new().give("red", silver=5, walls=4, towers=3).give("blue", silver=7, gold=7, walls=4, towers=2)
    t.to_resolve(red=(3, 5), blue=(3, 6))
    t.do(BuyPieces("red", 1), BuyPieces("blue", 1))
    assert t.state.winners == ("red",)


@pytest.mark.parametrize(
    "command",
    [
        PlaceDucats(0, 0, c(), c()),
        ChooseActions("red", (1, 2)),
        PlayDocument("blue", "yellow-seal"),
        Ransom("green"),
        KnightAct("red", "pass"),
    ],
)
def test_after_the_game_is_over_commands_are_refused(command):
    t = Table.new().give("red", walls=4, towers=4).give("green", jailed=1).deal("blue", "yellow-seal")
    t.next_round()
    assert t.phase == OVER
    t.refuse(command, "game.over")


def test_after_the_game_is_over_the_table_may_still_correct():
    t = Table.new().give("red", walls=4, towers=4)
    t.next_round()
    t.do(Correct("blue.silver", 3, "blue had one more"))
    assert t.coins("blue") == c(3, 2)
    assert t.phase == OVER and t.state.winners == ("red",)
    assert GAME.public_view(t.state)["awaiting"] == []


# -- a correction after the end of the game ---------------------------------------------------------


def test_a_correction_that_takes_the_only_complete_castle_lets_the_game_go_on():
    t = Table.new().give("red", walls=4, towers=4)
    t.next_round()
    assert t.state.winners == ("red",)
    events = t.do(Correct("red.towers", 3, "a tower was counted twice"))
    assert t.types(events) == ["corrected", "victory-judged-again", "round-ended"]
    assert "goes on" in events[1].reason
    assert (t.phase, t.state.round, t.state.winners) == (DUCATS, 2, ())
    t.do(PlaceDucats(0, 0, c(), c()))  # the next round is played as usual


def test_a_correction_of_a_purse_can_change_the_winner_among_complete_castles():
    t = both_complete(red=(5, 2), blue=(3, 3))  # a shared win, 2 Ducats each
    events = t.do(Correct("red.silver", 2, "red's purse was miscounted"))
    assert t.types(events) == ["corrected", "victory-judged-again"]
    assert (t.phase, t.state.winners) == (OVER, ("red",))
    assert "most Ducats" in events[1].reason
    assert GAME.public_view(t.state)["winners"] == ["red"]


def test_a_correction_that_changes_no_verdict_adds_nothing():
    t = Table.new().give("red", walls=4, towers=4)
    t.next_round()
    events = t.do(Correct("red.silver", 5, "red's purse was miscounted"))
    assert t.types(events) == ["corrected"]
    assert t.state.winners == ("red",)


def test_a_correction_can_make_a_second_castle_complete_after_the_end():
    t = Table.new().give("red", walls=4, towers=4).give("blue", silver=9, walls=4, towers=3)
    t.next_round()
    t.do(Correct("blue.towers", 4, "blue's last tower was not entered"))
    assert t.state.winners == ("blue",)  # 11 Ducats against red's 6
