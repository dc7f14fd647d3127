"""Coins and paying: the app's proposal, what a player may hand over, change, and even splits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.gluecksritter.coins import exact_payment, parse_coins, payment_problem, propose_payment, split
from engines.gluecksritter.commands import BuyPieces, Decline
from tests.engines.gluecksritter.helpers import Table, c

holdings = st.builds(c, st.integers(0, 20), st.integers(0, 20))


def exact_exists(held, amount):
    return any(s + 2 * g == amount for s in range(held.silver + 1) for g in range(held.gold + 1))


# -- the proposal -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("held", "amount", "expected"),
    [
        (c(5, 1), 4, c(4, 0)),  # more silver: silver first
        (c(1, 5), 4, c(0, 2)),  # more gold: gold first
        (c(1, 5), 5, c(1, 2)),  # gold first, the odd Ducat in silver
        (c(5, 3), 6, c(4, 1)),  # silver first, but 5 silver leave an odd remainder
        (c(3, 3), 5, c(3, 1)),  # as many of each: silver first
        (c(2, 2), 6, c(2, 2)),  # everything
        (c(7, 0), 7, c(7, 0)),
        (c(0, 4), 8, c(0, 4)),
    ],
)
def test_the_proposal_is_exact_and_spends_the_more_plentiful_kind_first(held, amount, expected):
    assert exact_payment(held, amount) == expected
    assert propose_payment(held, amount) == expected


@pytest.mark.parametrize(("held", "amount"), [(c(0, 3), 5), (c(0, 1), 1), (c(0, 7), 13)])
def test_only_gold_and_an_odd_price_has_no_exact_payment_so_one_ducat_too_many_is_proposed(held, amount):
    assert exact_payment(held, amount) is None
    proposal = propose_payment(held, amount)
    assert proposal == c(0, (amount + 1) // 2)
    assert proposal.value == amount + 1


@pytest.mark.parametrize(("held", "amount"), [(c(2, 2), 7), (c(0, 0), 1), (c(3, 0), 4)])
def test_nothing_is_proposed_to_a_player_who_cannot_pay(held, amount):
    assert exact_payment(held, amount) is None
    assert propose_payment(held, amount) is None


def test_a_price_of_nothing_is_paid_with_no_coins():
    assert exact_payment(c(3, 3), 0) == c()
    assert propose_payment(c(0, 0), 0) == c()


@given(holdings, st.integers(1, 50))
def test_the_exact_payment_exists_exactly_when_some_coins_add_up_to_the_price(held, amount):
    paid = exact_payment(held, amount)
    assert (paid is not None) == exact_exists(held, amount)
    if paid is not None:
        assert held.covers(paid) and paid.silver >= 0 and paid.gold >= 0
        assert paid.value == amount
        assert payment_problem(held, amount, paid) is None


@given(holdings, st.integers(1, 50))
def test_a_proposal_is_always_acceptable_and_overpays_by_one_ducat_at_most(held, amount):
    proposal = propose_payment(held, amount)
    if held.value < amount:
        assert proposal is None
    else:
        assert proposal is not None and held.covers(proposal)
        assert amount <= proposal.value <= amount + 1
        assert payment_problem(held, amount, proposal) is None


# -- what a player may hand over ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("held", "amount", "paid", "words"),
    [
        (c(3, 3), 4, c(-1, 2), "negative"),
        (c(1, 3), 4, c(2, 1), "holds only"),
        (c(3, 3), 5, c(1, 1), "are due"),
        (c(3, 3), 4, c(1, 2), "exact payment is possible"),
        (c(0, 5), 5, c(0, 4), "more coins than needed"),
    ],
)
def test_bad_payments_are_named(held, amount, paid, words):
    problem = payment_problem(held, amount, paid)
    assert problem is not None and words in problem


@pytest.mark.parametrize(
    ("held", "amount", "paid"), [(c(3, 3), 5, c(1, 2)), (c(3, 3), 5, c(3, 1)), (c(0, 3), 5, c(0, 3))]
)
def test_the_player_may_change_the_proposal_to_any_fitting_coins(held, amount, paid):
    assert payment_problem(held, amount, paid) is None


# -- paying through the engine ------------------------------------------------------------------


def tower_alone(table: Table, colour: str = "red") -> None:
    """``colour`` alone on field 3 (5 Ducats a tower); the others take fields 5 and 6."""
    table.to_resolve(**{colour: (3, 5)})
    assert table.state.field == 3


def test_the_players_own_choice_of_coins_is_taken():
    t = Table.new().give("red", silver=5, gold=3)
    tower_alone(t)
    sack = t.state.sack
    t.do(BuyPieces("red", 1, payment=c(1, 2)))
    assert t.coins("red") == c(4, 1)
    assert t.state.sack == sack + c(1, 2)
    assert t.p("red").towers == 1


def test_without_a_choice_the_proposal_is_paid():
    t = Table.new().give("red", silver=1, gold=5)
    tower_alone(t)
    t.do(BuyPieces("red", 2))  # 10 Ducats: gold first
    assert t.coins("red") == c(1, 0)


def test_only_gold_for_an_odd_price_gets_a_silver_back_from_the_sack():
    t = Table.new().give("red", silver=0, gold=3)
    tower_alone(t)
    sack = t.state.sack
    events = t.do(BuyPieces("red", 1))
    moves = [(e.source, e.target, e.coins) for e in events if e.type == "coins-moved"]
    assert moves == [("red", "sack", c(0, 3)), ("sack", "red", c(1, 0))]
    assert t.coins("red") == c(1, 0)  # 6 - 5 = 1 Ducat back
    assert t.state.sack == sack + c(-1, 3)


def test_without_change_from_the_sack_the_odd_ducat_is_lost():
    t = Table.new(change_from_sack=False).give("red", silver=0, gold=3)
    tower_alone(t)
    t.do(BuyPieces("red", 1))
    assert t.coins("red") == c(0, 0)
    assert t.p("red").towers == 1


def test_a_sack_without_silver_gives_no_change():
    t = Table.new().give("red", silver=0, gold=3)
    t.correct("field6.silver", t.state.sack.silver)  # every silver of the sack lies on field 6
    assert t.state.sack.silver == 0
    t.to_resolve(field6=c(0, 0), red=(3, 5), blue=(1, 2), green=(1, 2))
    t.do(Decline("blue"), Decline("green"), Decline("blue"), Decline("green"))
    assert t.state.field == 3
    t.do(BuyPieces("red", 1))
    assert t.coins("red") == c(0, 0)
    assert t.state.sack.silver == 0


def test_an_overpayment_is_refused_when_exact_coins_exist():
    t = Table.new().give("red", silver=3, gold=3)
    tower_alone(t)
    t.refuse(BuyPieces("red", 1, payment=c(0, 3)), "payment.coins")


def test_coins_the_player_does_not_hold_are_refused():
    t = Table.new().give("red", silver=1, gold=3)
    tower_alone(t)
    t.refuse(BuyPieces("red", 1, payment=c(5, 0)), "payment.coins")


def test_too_little_is_refused():
    t = Table.new().give("red", silver=3, gold=3)
    tower_alone(t)
    t.refuse(BuyPieces("red", 2, payment=c(3, 3)), "payment.coins")  # 9 of 10


def test_a_player_who_cannot_pay_the_price_is_refused():
    t = Table.new().give("red", silver=2, gold=2)  # 6 Ducats: one tower, not two
    tower_alone(t)
    t.refuse(BuyPieces("red", 2), "payment.afford")


# -- splits -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("takers", "share", "rest"),
    [(1, c(3, 5), c(0, 0)), (2, c(1, 2), c(1, 1)), (3, c(1, 1), c(0, 2)), (4, c(0, 1), c(3, 1))],
)
def test_the_rule_books_example_split_of_three_silver_and_five_gold(takers, share, rest):
    assert split(c(3, 5), takers) == (share, rest)


@given(holdings, st.integers(1, 6))
def test_a_split_gives_everyone_the_same_of_each_kind_and_leaves_less_than_one_round_of_it(pile, takers):
    share, rest = split(pile, takers)
    assert c(share.silver * takers + rest.silver, share.gold * takers + rest.gold) == pile
    assert 0 <= rest.silver < takers and 0 <= rest.gold < takers


# -- the notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "coins"),
    [("3s5g", c(3, 5)), ("2s", c(2, 0)), ("1g", c(0, 1)), ("0", c()), (" 4S ", c(4, 0)), ("-1s3g", c(-1, 3))],
)
def test_coin_notation(text, coins):
    assert parse_coins(text) == coins
    assert parse_coins(str(coins)) == coins


@pytest.mark.parametrize("text", ["", "3", "g", "2g3s", "--1s", "1-s", "-s"])
def test_bad_coin_notation_is_refused(text):
    with pytest.raises(ValueError, match="not a coin amount"):
        parse_coins(text)
