"""The royal tax: 8 or more coins of one kind after a step that gave the player coins of that kind →
half of that kind (rounded down) back to the sack; silver and gold each on its own; paying never
raises it; nothing else happens until it is paid; a Gift cancels one tax."""

from __future__ import annotations

import pytest

from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import (
    AcceptOffer,
    BuyPieces,
    ChooseFirstOfferer,
    Decline,
    EndRound,
    KnightAct,
    MakeOffer,
    PayOffer,
    PayRoyalTax,
    PlaceDucats,
    PlayDocument,
    RollDie,
)
from engines.gluecksritter.state import DUCATS
from tests.engines.gluecksritter.helpers import EMPTY, OSULLIVAN, Table, c


def red_collects(t: Table, field5: Coins = EMPTY, field6: Coins = EMPTY) -> Table:
    """A round where red alone takes fields 5 and 6; blue and green decline fields 1 and 2."""
    t.to_resolve(field5=field5, field6=field6, red=(5, 6), blue=(1, 2), green=(1, 2))
    t.do(Decline("blue"), Decline("green"), Decline("blue"), Decline("green"))
    assert t.state.field == 5 or t.phase == DUCATS
    return t


def collect(field5: Coins) -> Table:
    """red (2 silver + 2 gold) alone takes field 5."""
    return red_collects(Table.new(), field5)


@pytest.mark.parametrize(
    ("field5", "kind", "held", "paid", "kept"),
    [
        (c(6, 0), "silver", 8, 4, 4),
        (c(9, 0), "silver", 11, 5, 6),
        (c(0, 6), "gold", 8, 4, 4),
        (c(0, 10), "gold", 12, 6, 6),
    ],
)
def test_eight_or_more_of_a_kind_gives_half_rounded_down_back_to_the_sack(field5, kind, held, paid, kept):
    t = collect(field5)
    assert t.state.taxes == (("red", kind),)
    assert getattr(t.p("red"), kind) == held
    sack = t.state.sack
    events = t.do(PayRoyalTax("red"))
    moved = next(e for e in events if e.type == "coins-moved")
    assert (moved.source, moved.target, moved.coins.count) == ("red", "sack", paid)
    assert getattr(t.p("red"), kind) == kept
    assert t.state.sack.count == sack.count + paid
    assert t.state.taxes == ()


def test_the_tax_is_paid_once_even_when_the_half_kept_is_eight_or_more():
    """15 gold: 7 go back and the player keeps 8 (the odd coin is kept); paying the tax is not a
    new step that taxes the kept half again (which would leave 4)."""
    t = collect(c(0, 13))
    assert t.state.taxes == (("red", "gold"),)
    t.do(PayRoyalTax("red"))
    assert t.p("red").gold == 8
    assert t.state.taxes == ()
    assert t.phase == DUCATS  # the round is over: nothing else was due


def test_seven_of_each_kind_is_no_tax_however_many_coins_in_all():
    t = collect(c(5, 5))
    assert t.coins("red") == c(7, 7)
    assert t.state.taxes == ()
    assert t.phase == DUCATS


def test_silver_and_gold_are_taxed_separately():
    t = collect(c(7, 7))
    assert t.state.taxes == (("red", "silver"), ("red", "gold"))
    t.do(PayRoyalTax("red"))
    assert t.coins("red") == c(5, 5)
    assert t.phase == DUCATS


def test_the_tax_falls_on_every_player_it_concerns():
    t = Table.new()
    t.to_resolve(field5=c(12, 0), red=(5, 6), blue=(5, 6), green=(1, 2))
    t.do(Decline("green"), Decline("green"))
    assert sorted(t.state.taxes) == [("blue", "silver"), ("red", "silver")]
    t.do(PayRoyalTax("blue"))
    assert t.state.taxes == (("red", "silver"),)
    assert t.state.field == 5  # still waiting for red
    t.do(PayRoyalTax("red"))
    assert t.coins("red") == t.coins("blue") == c(4, 2)


def test_nothing_else_happens_until_the_tax_is_paid():
    t = Table.new()
    t.to_resolve(field5=c(6, 0), field6=c(0, 3), red=(5, 6), blue=(2, 6), green=(2, 6))
    # field 2 first
    t.do(Decline("blue"))
    t.do(Decline("green"))
    assert t.state.taxes == (("red", "silver"),) and t.state.field == 5
    t.refuse(PlaceDucats(0, 0, c(), c()), "royal-tax.pending")
    t.refuse(KnightAct("red", "pass"), "royal-tax.pending")
    error = t.refuse(Decline("green"), "royal-tax.pending")
    assert "red" in error.message
    assert t.state.field6 == c(0, 3)  # field 6 waits
    t.do(PayRoyalTax("red"))
    assert t.phase == DUCATS and t.state.field6 == c(0, 0)


def test_only_a_player_who_owes_pays():
    t = collect(c(6, 0))
    t.refuse(PayRoyalTax("blue"), "royal-tax.none-due")
    t.do(PayRoyalTax("red"))
    t.refuse(PayRoyalTax("red"), "royal-tax.none-due")


def test_the_loot_of_a_raid_is_taxed():
    t = Table.new().give("blue", silver=6, gold=1)
    t.to_resolve(red=(4, 5))
    t.do(KnightAct("red", "raid", victim="blue", face=1))
    assert t.coins("red") == c(8, 3)
    assert t.state.taxes == (("red", "silver"),)
    t.do(PayRoyalTax("red"))
    assert t.coins("red") == c(4, 3)


def test_osullivan_a_haggling_payment_is_taxed_before_the_knight_acts():
    t = Table.new(rules=OSULLIVAN).give("red", silver=6, gold=0)
    t.to_resolve(field5=c(0, 1), red=(4, 5), blue=(4, 5))
    t.do(RollDie("red", 2), RollDie("blue", 5))
    t.do(ChooseFirstOfferer("blue", "red"))
    t.do(MakeOffer("red", ducats=6))
    t.do(AcceptOffer("blue"), PayOffer("red"))
    assert t.coins("blue") == c(8, 2)
    assert t.state.taxes == (("blue", "silver"),)
    t.refuse(KnightAct("red", "field5"), "royal-tax.pending")
    t.do(PayRoyalTax("blue"))
    t.do(KnightAct("red", "field5"))
    assert t.coins("red") == c(0, 1)


def test_corrections_set_the_truth_and_raise_no_tax():
    t = Table.new()
    t.correct("red.silver", 9)
    assert t.state.taxes == ()


# -- the Gift -------------------------------------------------------------------------------------


def with_gifts(field5: Coins, field6: Coins = EMPTY, gifts: int = 1) -> Table:
    t = Table.new().deal("red", *["gift"] * gifts)
    red_collects(t, field5, field6)
    assert t.state.field == 5
    return t


def test_a_gift_cancels_the_tax_and_the_coins_stay():
    t = with_gifts(c(6, 0))
    assert t.state.taxes == (("red", "silver"),)
    events = t.do(PlayDocument("red", "gift"))
    settled = next(e for e in events if e.type == "royal-tax-settled")
    assert (settled.player, settled.kind, settled.waived) == ("red", "silver", True)
    assert t.p("red").silver == 8
    assert t.p("red").documents == () and t.state.discard == ("gift",)
    assert t.phase == DUCATS  # the round went on


def test_a_gift_without_a_tax_due_is_refused():
    t = Table.new().deal("red", "gift")
    t.refuse(PlayDocument("red", "gift"), "gift.no-tax")


def test_a_gift_cancels_only_its_players_tax():
    t = with_gifts(c(6, 0))
    t.deal("blue", "gift")
    assert t.state.taxes == (("red", "silver"),)
    t.refuse(PlayDocument("blue", "gift"), "gift.no-tax")


def test_with_both_kinds_due_the_gift_must_name_the_kind_it_cancels():
    t = with_gifts(c(7, 7))
    assert t.state.taxes == (("red", "silver"), ("red", "gold"))
    error = t.refuse(PlayDocument("red", "gift"), "gift.which-tax")
    assert "silver and gold" in error.message
    t.do(PlayDocument("red", "gift", kind="gold"))
    assert t.state.taxes == (("red", "silver"),)
    t.do(PayRoyalTax("red"))
    assert t.coins("red") == c(5, 9)  # silver halved, gold kept
    assert t.phase == DUCATS


def test_a_gift_naming_a_kind_that_is_not_due_is_refused():
    t = with_gifts(c(6, 0))
    t.refuse(PlayDocument("red", "gift", kind="gold"), "gift.which-tax")


def test_a_kept_pile_is_not_taxed_again_while_it_does_not_change():
    t = with_gifts(c(6, 0), field6=c(0, 2))
    t.do(PlayDocument("red", "gift"))
    assert t.coins("red") == c(8, 4)  # field 6 brought gold only
    assert t.state.taxes == () and t.phase == DUCATS


def test_a_kept_pile_is_taxed_again_when_it_grows_and_the_same_gift_cannot_be_played_twice_a_round():
    t = with_gifts(c(6, 0), field6=c(1, 0), gifts=2)
    t.do(PlayDocument("red", "gift"))
    assert t.coins("red").silver == 9  # field 6 added a silver
    assert t.state.taxes == (("red", "silver"),)
    error = t.refuse(PlayDocument("red", "gift"), "document.twice")
    assert "this round" in error.message
    t.do(PayRoyalTax("red"))
    assert t.coins("red").silver == 5


def test_paying_from_a_kept_pile_raises_no_tax():
    """10 silver kept with a Gift; a tower paid with 1 silver and 2 gold leaves 9: no tax."""
    t = with_gifts(c(8, 0))
    t.do(PlayDocument("red", "gift"))
    assert t.coins("red").silver == 10 and t.state.taxes == ()
    t.to_resolve(red=(3, 5), blue=(5, 6), green=(5, 6))
    t.do(BuyPieces("red", 1, payment=c(1, 2)))
    assert t.coins("red") == c(9, 0)
    assert t.state.taxes == ()
    assert t.phase == DUCATS


def test_losing_coins_to_a_raid_raises_no_tax_for_the_victim():
    t = Table.new().give("blue", silver=9, gold=9)
    t.refuse(PayRoyalTax("blue"), "royal-tax.none-due")  # set by a correction: no tax
    t.to_resolve(red=(4, 5))
    t.do(KnightAct("red", "raid", victim="blue", face=1))
    assert t.coins("blue") == c(0, 0)
    assert sorted(t.state.taxes) == [("red", "gold"), ("red", "silver")]


def test_the_second_gift_may_be_played_in_the_next_round():
    t = with_gifts(c(6, 0), gifts=2)
    t.do(PlayDocument("red", "gift"))
    assert t.state.round_closing  # red holds the other Gift: the round waits for its end
    t.do(EndRound())
    red_collects(t, field5=c(1, 0))
    assert t.state.taxes == (("red", "silver"),)
    t.do(PlayDocument("red", "gift"))
    assert t.coins("red").silver == 9 and t.state.taxes == ()
    assert t.p("red").documents == ()
