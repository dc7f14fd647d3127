"""Phase E, fields 1-3 (documents, walls, towers: alone and shared prices, 0-2 pieces, supply,
castle limit, the deck) and fields 5/6 (everything alone, even splits, leftovers)."""

from __future__ import annotations

import pytest

from engines.gluecksritter.commands import BuyPieces, Decline, KnightAct, PlayDocument, TakeDocument
from engines.gluecksritter.state import DUCATS, RESOLVE
from tests.engines.gluecksritter.helpers import Table, c, doc

SIX = ("red", "blue", "green", "yellow", "white", "black")


# -- order --------------------------------------------------------------------------------------


def test_fields_are_resolved_lowest_number_first_and_unplayed_fields_are_skipped():
    t = Table.new().give("red", silver=7).give("green", silver=7)
    t.to_resolve(red=(3, 6), blue=(2, 6), green=(2, 3))
    assert (t.phase, t.state.field, t.state.todo) == (RESOLVE, 2, ("blue", "green"))
    t.do(Decline("blue"), Decline("green"))
    assert (t.state.field, t.state.todo) == (3, ("red", "green"))
    t.do(Decline("green"), Decline("red"))
    assert t.phase == DUCATS and t.state.round == 2
    opened = [e.field for e in t.events if e.type == "field-opened"]
    assert opened == [2, 3, 6]


def test_a_decision_for_a_field_that_is_not_open_is_refused():
    t = Table.new()
    t.to_resolve(red=(3, 6), blue=(2, 6), green=(2, 3))
    t.refuse(TakeDocument("blue", "gift"), "resolve.not-now")


def test_only_players_of_the_card_decide_and_only_once():
    t = Table.new()
    t.to_resolve(red=(3, 6), blue=(2, 6), green=(2, 3))
    t.refuse(BuyPieces("red", 1), "resolve.not-present")
    t.do(BuyPieces("blue", 1))
    t.refuse(BuyPieces("blue", 1), "resolve.decided")
    assert t.p("blue").walls == 1


# -- field 1: documents ---------------------------------------------------------------------------


def test_a_lone_brother_jacob_gives_the_drawn_document_for_nothing():
    t = Table.new()
    t.to_resolve(red=(1, 5))
    deck = len(t.state.deck)
    t.refuse(TakeDocument("red", "gift", payment=c(1, 0)), "field1.free")
    t.do(TakeDocument("red", "gift"))
    assert t.p("red").documents == ("gift",)
    assert t.coins("red") == c(2, 2)
    assert len(t.state.deck) == deck - 1


def test_several_at_brother_jacob_pay_four_each_for_a_document():
    t = Table.new()
    t.to_resolve(red=(1, 5), blue=(1, 5))
    sack = t.state.sack
    t.do(TakeDocument("red", "red-seal"))
    assert t.coins("red") == c(0, 1)  # 4 of 2 silver + 2 gold: silver first
    t.do(Decline("blue"))  # paying is optional
    assert t.coins("blue") == c(2, 2) and t.p("blue").documents == ()
    assert t.state.sack == sack + c(2, 1)


def test_the_named_document_must_still_be_in_the_deck():
    t = Table.new(documents=[doc("gift", "yellow", 1, "royal-tax-waiver"), doc("edict", "yellow", 24)])
    t.deal("blue", "gift")
    t.to_resolve(red=(1, 5))
    t.refuse(TakeDocument("red", "gift"), "field1.document")
    t.refuse(TakeDocument("red", "dragon"), "field1.document")


def test_a_player_who_cannot_pay_four_is_passed_over_and_told_why():
    t = Table.new().give("blue", silver=1, gold=1)
    t.to_resolve(red=(1, 5), blue=(1, 5))
    assert t.state.todo == ("red",)
    passed = [e for e in t.events if e.type == "player-passed-over"]
    assert [(e.player, e.field) for e in passed] == [("blue", 1)]
    reason = "blue can't pay 4 for a document and was passed over"
    assert passed[0].reason == reason
    assert t.state.passed_over == (("blue", reason),)
    for command in (TakeDocument("blue", "red-seal"), Decline("blue")):
        assert t.refuse(command, "resolve.passed-over").message == reason
    t.do(Decline("red"))
    assert t.state.passed_over == ()  # field 1 is closed; the reason went with it


def two_documents() -> Table:
    """Only a Gift and an edict are left in the deck; green holds the box's 23 other documents."""
    rest = doc("chronicle", "yellow", 23)
    t = Table.new(documents=[doc("gift", "yellow", 1, "royal-tax-waiver"), doc("edict", "yellow", 1), rest])
    return t.deal("green", *["chronicle"] * 23)


def test_an_empty_deck_is_made_from_the_played_documents_when_someone_draws():
    t = two_documents().deal("blue", "gift", "edict")
    t.do(PlayDocument("blue", "edict"))
    assert (t.state.deck, t.state.discard) == ((), ("edict",))
    t.to_resolve(red=(1, 5))
    events = t.do(TakeDocument("red", "edict"))
    assert [e.type for e in events][:2] == ["deck-reshuffled", "document-drawn"]
    assert events[0].count == 1
    assert (t.state.deck, t.state.discard) == ((), ())
    assert t.p("red").documents == ("edict",)


def test_the_reshuffled_deck_holds_only_what_was_played():
    t = two_documents().deal("blue", "gift", "edict")
    t.do(PlayDocument("blue", "edict"))
    t.to_resolve(red=(1, 5))
    t.refuse(TakeDocument("red", "gift"), "field1.document")


def test_with_no_document_anywhere_field_1_gives_nothing_and_asks_nobody():
    t = two_documents().deal("blue", "gift", "edict")
    t.to_resolve(red=(1, 5), blue=(1, 5))
    assert t.state.field != 1
    assert t.state.round_closing  # everything else resolved by itself; the hands hold documents
    assert t.p("red").documents == ()


# -- fields 2 and 3: walls and towers --------------------------------------------------------------


@pytest.mark.parametrize(("card", "alone", "shared", "attr"), [(2, 4, 6, "walls"), (3, 5, 7, "towers")])
def test_piece_prices_alone_and_shared(card, alone, shared, attr):
    t = Table.new().give("red", silver=6, gold=6).give("blue", silver=6, gold=6)
    t.to_resolve(red=(card, 5))
    t.do(BuyPieces("red", 2))
    assert t.coins("red").value == 18 - 2 * alone
    assert getattr(t.p("red"), attr) == 2
    t.to_resolve(red=(card, 5), blue=(card, 5))
    t.do(BuyPieces("red", 1), BuyPieces("blue", 2))
    assert t.coins("red").value == 18 - 2 * alone - shared
    assert t.coins("blue").value == 18 - 2 * shared
    assert getattr(t.p("red"), attr) == 3 and getattr(t.p("blue"), attr) == 2
    supply = t.state.supply_walls if attr == "walls" else t.state.supply_towers
    assert supply == 24 - 5


def test_the_shared_price_holds_even_if_the_other_player_declines():
    t = Table.new()
    t.to_resolve(red=(2, 5), blue=(2, 5))
    t.do(Decline("blue"))
    t.do(BuyPieces("red", 1))
    assert t.coins("red").value == 6 - 6


@pytest.mark.parametrize("count", [3, -1])
def test_a_player_buys_zero_one_or_two_pieces(count):
    t = Table.new().give("red", silver=7, gold=7)
    t.to_resolve(red=(2, 5))
    t.refuse(BuyPieces("red", count), "field2.max-two")


def test_buying_none_is_declining():
    t = Table.new()
    t.to_resolve(red=(3, 5))
    t.do(BuyPieces("red", 0))
    assert t.p("red").towers == 0 and t.coins("red") == c(2, 2)
    assert t.state.field != 3


def test_field_3_also_sells_at_most_two():
    t = Table.new().give("red", silver=7, gold=7)
    t.to_resolve(red=(3, 5))
    t.refuse(BuyPieces("red", 3), "field3.max-two")


def test_a_castle_holds_at_most_four_walls_and_four_towers():
    t = Table.new().give("red", silver=7, gold=7, walls=3, towers=4)
    t.to_resolve(red=(2, 3))
    error = t.refuse(BuyPieces("red", 2), "castle.limit")
    assert "room for 1" in error.message
    t.do(BuyPieces("red", 1))
    assert t.p("red").walls == 4
    assert t.state.field != 3  # four towers already: field 3 asks red nothing
    assert t.p("red").towers == 4


def test_a_player_who_cannot_afford_one_piece_is_passed_over():
    t = Table.new().give("red", silver=1, gold=2)  # 5: one tower alone, no wall shared
    t.to_resolve(red=(2, 3), blue=(2, 5))
    assert t.state.todo == ("blue",)  # a shared wall costs 6
    error = t.refuse(BuyPieces("red", 1), "resolve.passed-over")
    assert error.message == "red can't pay 6 for a wall and was passed over"
    t.do(Decline("blue"))
    assert (t.state.field, t.state.todo) == (3, ("red",))
    t.do(BuyPieces("red", 1))
    assert t.coins("red") == c(0, 0)


def six_players_with_walls(white_walls: int) -> Table:
    t = Table.new(players=SIX).give("white", silver=7, gold=7, walls=white_walls)
    for colour in ("red", "blue", "green", "yellow", "black"):
        t.give(colour, walls=4)
    return t


def test_a_full_castle_is_passed_over_with_its_reason():
    t = Table.new().give("red", silver=7, gold=7, towers=4).give("blue", silver=7)
    t.to_resolve(red=(3, 5), blue=(3, 5))
    error = t.refuse(BuyPieces("red", 1), "resolve.passed-over")
    assert error.message == "red can't build another tower (the castle holds 4) and was passed over"


def test_an_empty_deck_and_played_pile_pass_everybody_over_with_the_reason():
    t = two_documents().deal("blue", "gift", "edict")
    t.to_resolve(red=(1, 5), blue=(1, 5))
    reasons = [e.reason for e in t.events if e.type == "player-passed-over"]
    assert reasons == [
        "red can't draw a document (none is left) and was passed over",
        "blue can't draw a document (none is left) and was passed over",
    ]


def test_the_supply_of_24_walls_can_run_out_only_as_the_last_castles_fill():
    t = six_players_with_walls(3)
    assert t.state.supply_walls == 1
    t.to_resolve(white=(2, 5))
    t.refuse(BuyPieces("white", 2), "field2.supply")
    t.do(BuyPieces("white", 1))
    assert t.state.supply_walls == 0 and t.p("white").walls == 4


def test_an_empty_supply_asks_nobody():
    t = six_players_with_walls(4)
    assert t.state.supply_walls == 0
    t.to_resolve(white=(2, 5), red=(2, 5))
    assert t.state.field != 2
    assert t.coins("white") == c(7, 7)
    reasons = {e.player: e.reason for e in t.events if e.type == "player-passed-over"}
    assert reasons["white"] == "white can't buy a wall (none is left in the supply) and was passed over"


# -- fields 5 and 6 ------------------------------------------------------------------------------


@pytest.mark.parametrize("card", [5, 6])
def test_a_lone_collector_takes_everything(card):
    t = Table.new()
    pile = {"field5": c(), "field6": c()}
    pile[f"field{card}"] = c(3, 2)
    t.to_resolve(field5=pile["field5"], field6=pile["field6"], red=(1, card), blue=(1, 2), green=(1, 2))
    t.settle()
    assert t.coins("red") == c(5, 4)
    assert getattr(t.state, f"field{card}") == c()


@pytest.mark.parametrize(("takers", "share", "rest"), [(2, c(1, 2), c(1, 1)), (3, c(1, 1), c(0, 2))])
def test_several_collectors_split_silver_and_gold_evenly_and_leave_the_rest(takers, share, rest):
    t = Table.new()
    picks = {p: ((5, 1) if i < takers else (1, 2)) for i, p in enumerate(("red", "blue", "green"))}
    t.to_resolve(field5=c(3, 5), **picks)
    t.settle()
    for i, colour in enumerate(("red", "blue", "green")):
        assert t.coins(colour) == c(2, 2) + (share if i < takers else c())
    assert t.state.field5 == rest


def test_leftovers_on_field_6_wait_for_the_next_round_and_grow():
    t = Table.new()
    t.to_resolve(field6=c(3, 5), red=(5, 6), blue=(5, 6), green=(1, 2))
    t.settle()
    assert t.state.field6 == c(1, 1)
    t.to_resolve(field6=c(2, 0), red=(1, 6), blue=(1, 2), green=(1, 2))
    t.settle()
    assert t.coins("red") == c(2, 2) + c(1, 2) + c(3, 1)
    assert t.state.field6 == c()


def test_an_empty_field_pays_nothing():
    t = Table.new()
    t.to_resolve()
    assert t.phase == DUCATS
    assert [t.coins(p) for p in ("red", "blue", "green")] == [c(2, 2)] * 3
    assert not [e for e in t.events if e.type == "coins-moved"]


def test_field_5_is_split_after_the_knight_took_its_gold():
    t = Table.new()
    t.to_resolve(field5=c(2, 2), red=(4, 5), blue=(1, 5), green=(1, 6))
    t.do(Decline("blue"), Decline("green"))
    t.do(KnightAct("red", "field5"))
    assert t.coins("red") == c(2, 2) + c(0, 2) + c(1, 0)
    assert t.coins("blue") == c(2, 2) + c(1, 0)
