"""Hand-over: coins or castle pieces moved as play (a promised share of loot, a document's
effect), between players, or between a player and the sack (coins) or the supply (pieces); what
the giver holds, what the receiver's castle has room for; the receiver's royal tax follows."""

from __future__ import annotations

import pytest

from engines.gluecksritter import GAME
from engines.gluecksritter.commands import ChooseActions, HandOver, PayRoyalTax, PlayDocument
from engines.gluecksritter.state import CHOOSE, OVER
from tests.engines.gluecksritter.helpers import Table, c


def test_coins_from_the_sack_to_a_player_and_back():
    t = Table.new()
    sack = t.state.sack
    events = t.do(HandOver("sack", "red", coins=c(2, 1)))
    assert t.types(events) == ["handed-over"]
    assert t.coins("red") == c(4, 3) and t.state.sack == sack - c(2, 1)
    t.do(HandOver("red", "sack", coins=c(1, 0)))
    assert t.coins("red") == c(3, 3)


def test_coins_and_castle_pieces_between_players():
    t = Table.new().give("red", walls=2, towers=1)
    t.do(HandOver("red", "blue", coins=c(1, 1), walls=1, towers=1))
    assert t.coins("blue") == c(3, 3) and (t.p("blue").walls, t.p("blue").towers) == (1, 1)
    assert t.coins("red") == c(1, 1) and (t.p("red").walls, t.p("red").towers) == (1, 0)


def test_castle_pieces_from_and_to_the_supply():
    t = Table.new()
    t.do(HandOver("supply", "green", walls=2, towers=1))
    assert (t.p("green").walls, t.p("green").towers) == (2, 1)
    assert (t.state.supply_walls, t.state.supply_towers) == (22, 23)
    t.do(HandOver("green", "supply", walls=1))
    assert (t.p("green").walls, t.state.supply_walls) == (1, 23)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        (HandOver("red", "red", coins=c(1, 0)), "hand-over.places"),
        (HandOver("sack", "supply", coins=c(1, 0)), "hand-over.places"),
        (HandOver("field5", "red", coins=c(1, 0)), "hand-over.places"),
        (HandOver("sack", "red", walls=1), "hand-over.places"),
        (HandOver("supply", "red", coins=c(1, 0)), "hand-over.places"),
        (HandOver("white", "red", coins=c(1, 0)), "player.unknown"),
        (HandOver("red", "blue"), "hand-over.nothing"),
        (HandOver("red", "blue", coins=c(-1, 2)), "hand-over.negative"),
        (HandOver("red", "blue", walls=-1, coins=c(1, 0)), "hand-over.negative"),
        (HandOver("red", "blue", coins=c(3, 0)), "hand-over.holds"),
        (HandOver("red", "blue", walls=1), "hand-over.holds"),
        (HandOver("sack", "red", coins=c(0, 35)), "hand-over.holds"),
        (HandOver("sack", "red", coins=c(1, 0), document="dragon"), "document.unknown"),
    ],
)
def test_impossible_hand_overs_are_refused(command, rule):
    Table.new().refuse(command, rule)


def test_the_supply_gives_only_what_it_holds_and_a_castle_takes_only_what_it_has_room_for():
    t = Table.new().give("red", walls=4, towers=3).give("blue", walls=1)
    error = t.refuse(HandOver("blue", "red", walls=1), "castle.limit")
    assert "room for 0" in error.message
    t.refuse(HandOver("supply", "red", towers=2), "castle.limit")
    t.do(HandOver("supply", "red", towers=1))
    assert t.p("red").towers == 4


def test_an_empty_supply_gives_nothing():
    t = Table.new(players=("red", "blue", "green", "yellow", "white", "black"))
    for colour in ("red", "blue", "green", "yellow", "white"):
        t.give(colour, walls=4)
    t.give("black", walls=3).do(HandOver("black", "supply", walls=3))
    t.do(HandOver("supply", "black", walls=4))
    assert t.state.supply_walls == 0
    error = t.refuse(HandOver("supply", "black", towers=1, walls=1), "hand-over.holds")
    assert "the supply has only 0 walls" in error.message


def test_the_receiver_owes_a_royal_tax_like_after_any_gain_and_a_gift_cancels_it():
    t = Table.new().deal("red", "gift")
    t.do(HandOver("sack", "red", coins=c(6, 0)))
    assert t.state.taxes == (("red", "silver"),)
    t.refuse(HandOver("red", "blue", coins=c(1, 0)), "royal-tax.pending")
    t.do(PlayDocument("red", "gift"))
    assert t.coins("red") == c(8, 2) and t.state.taxes == ()
    t.do(HandOver("red", "blue", coins=c(1, 0)))  # giving raises no tax
    assert t.state.taxes == ()
    t.do(HandOver("blue", "red", coins=c(1, 0)))  # a gain does
    assert t.state.taxes == (("red", "silver"),)
    t.do(PayRoyalTax("red"))
    assert t.coins("red") == c(4, 2)


def test_not_while_action_cards_are_being_chosen():
    t = Table.new()
    t.place()
    assert t.phase == CHOOSE
    t.do(ChooseActions("red", (1, 2)))
    error = t.refuse(HandOver("sack", "red", coins=c(1, 0)), "hand-over.not-now")
    assert "chosen" in error.message
    t.choose(blue=(1, 2), green=(5, 6))
    t.do(HandOver("sack", "red", coins=c(1, 0)))  # everyone has chosen


def test_a_hand_over_is_play_and_the_log_says_what_moved():
    t = Table.new().deal("blue", "yellow-seal")
    t.do(PlayDocument("blue", "yellow-seal"))
    events = t.do(HandOver("sack", "blue", coins=c(1, 0), document="yellow-seal"))
    logged = GAME.public_event(events[0])
    assert logged == {
        "type": "handed-over",
        "source": "sack",
        "target": "blue",
        "coins": {"silver": 1, "gold": 0},
        "walls": 0,
        "towers": 0,
        "document": "yellow-seal",
        "promise": False,
    }


def test_not_after_the_end_of_the_game():
    t = Table.new().give("red", walls=4, towers=4)
    t.next_round()
    assert t.phase == OVER
    t.refuse(HandOver("sack", "red", coins=c(1, 0)), "game.over")
