"""Phase A: the Ducat card, the coins that land on fields 5 and 6, the digital sack, a short sack."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.gluecksritter import GAME
from engines.gluecksritter.commands import ChooseActions, PlaceDucats
from engines.gluecksritter.rules import GOLD_TOTAL, SILVER_TOTAL
from engines.gluecksritter.state import CHOOSE, DUCATS
from tests.engines.gluecksritter.helpers import Table, c, setup

START_SACK = c(SILVER_TOTAL - 3 * 2, GOLD_TOTAL - 3 * 2)  # three players hold 2 silver + 2 gold each


def test_at_the_start_everyone_holds_two_silver_and_two_gold_and_the_sack_the_rest():
    t = Table.new()
    assert [t.coins(p) for p in ("red", "blue", "green")] == [c(2, 2)] * 3
    assert t.state.sack == START_SACK
    assert t.phase == DUCATS and t.state.round == 1


@pytest.mark.parametrize("players", [("red", "blue"), ("red", "blue", "green", "yellow", "white", "black", "red")])
def test_three_to_six_players_with_a_colour_each(players):
    with pytest.raises(ValueError, match="3 to 6 players"):
        setup(players)


def test_two_players_cannot_share_a_colour():
    with pytest.raises(ValueError, match="colour of their own"):
        setup(("red", "blue", "red"))


def test_six_players_leave_48_silver_and_28_gold_in_the_sack():
    t = Table.new(players=("red", "blue", "green", "yellow", "white", "black"))
    assert t.state.sack == c(48, 28)
    assert t.state.supply_walls == t.state.supply_towers == 24
    assert len(t.state.deck) == 25


# -- the mix the table entered --------------------------------------------------------------------


def test_the_entered_mix_lands_on_the_fields_and_leaves_the_sack():
    t = Table.new()
    t.do(PlaceDucats(3, 5, c(1, 2), c(4, 1)))
    assert t.state.field5 == c(1, 2)
    assert t.state.field6 == c(4, 1)
    assert t.state.sack == START_SACK - c(5, 3)
    assert t.phase == CHOOSE


def test_the_card_is_drawn_once_a_round():
    t = Table.new()
    t.place(c(1, 0), c(1, 0))
    t.refuse(PlaceDucats(1, 1, c(1, 0), c(1, 0)), "A.once")


@pytest.mark.parametrize(("field5", "field6"), [(c(2, 0), c(1, 1)), (c(1, 2), c(1, 0))])
def test_a_mix_that_does_not_match_the_cards_numbers_is_refused(field5, field6):
    Table.new().refuse(PlaceDucats(3, 2, field5, field6), "A.count")


@pytest.mark.parametrize(("field5", "field6"), [(c(-1, 4), c(2, 0)), (c(3, 0), c(3, -1))])
def test_a_negative_count_is_refused_in_words_that_say_so(field5, field6):
    error = Table.new().refuse(PlaceDucats(3, 2, field5, field6), "A.negative")
    assert "negative number of coins" in error.message


def test_a_mix_the_sack_does_not_hold_is_refused():
    t = Table.new()  # 34 gold in the sack
    t.refuse(PlaceDucats(20, 15, c(0, 20), c(0, 15)), "A.sack")


@pytest.mark.parametrize(
    "command",
    [PlaceDucats(3, 2), PlaceDucats(3, 2, c(1, 2), None), PlaceDucats(3, 2, draws=(0, 1, 2, 3, 4))],
)
def test_without_the_digital_sack_the_table_must_say_what_landed(command):
    Table.new().refuse(command, "A.entered-mix")


@pytest.mark.parametrize("numbers", [(21, 0), (0, -1)])
def test_a_ducat_card_shows_small_numbers(numbers):
    Table.new().refuse(PlaceDucats(*numbers, c(), c()), "A.card")


def test_leftovers_on_the_fields_stay_and_the_new_coins_are_added():
    t = Table.new().fields(c(1, 1), c(0, 3))
    t.place(c(2, 0), c(0, 1))
    assert t.state.field5 == c(3, 1)
    assert t.state.field6 == c(0, 4)


def test_a_card_showing_nothing_places_nothing():
    t = Table.new()
    t.place(c(), c())
    assert t.state.field5 == c() and t.state.sack == START_SACK and t.phase == CHOOSE


# -- the digital sack -----------------------------------------------------------------------------


def test_digital_draws_pick_coins_without_replacement_silver_counted_first():
    t = Table.new(digital_sack=True)  # sack: 54 silver (indices 0..53), 34 gold
    # field 5: index 0 is a silver (53 silver left), index 53 is then the first gold;
    # field 6: index 54 is a gold of the 85 left, index 84 the last coin, a gold.
    t.do(PlaceDucats(2, 2, draws=(0, 53, 54, 84)))
    assert t.state.field5 == c(1, 1)
    assert t.state.field6 == c(0, 2)
    assert t.state.sack == START_SACK - c(1, 3)


def test_the_digital_sack_refuses_an_entered_mix():
    t = Table.new(digital_sack=True)
    t.refuse(PlaceDucats(1, 1, c(1, 0), c(0, 1)), "A.digital-sack")
    t.refuse(PlaceDucats(1, 1), "A.digital-sack")


@pytest.mark.parametrize("draws", [(0, 1), (0, 1, 2, 3), (0, 1, 88)])
def test_the_digital_sack_needs_one_valid_draw_per_coin(draws):
    # three draws for 2 + 1 coins; index 88 is past the 86 coins left after two draws
    Table.new(digital_sack=True).refuse(PlaceDucats(2, 1, draws=draws), "A.draws")


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_valid_digital_draw_moves_exactly_the_cards_number_of_coins_from_the_sack(data):
    t = Table.new(digital_sack=True)
    top, bottom = data.draw(st.integers(0, 12)), data.draw(st.integers(0, 12))
    left = t.state.sack.count
    draws = []
    for _ in range(top + bottom):
        draws.append(data.draw(st.integers(0, left - 1)))
        left -= 1
    t.do(PlaceDucats(top, bottom, draws=tuple(draws)))
    assert t.state.field5.count == top and t.state.field6.count == bottom
    assert t.state.sack + t.state.field5 + t.state.field6 == START_SACK


# -- the sack running short ------------------------------------------------------------------------


def short_sack(**settings) -> Table:
    """A sack holding only 4 gold: the rest lies on field 6 (out of everyone's reach this round)."""
    t = Table.new(**settings)
    t.fields(field6=c(54, 30))
    assert t.state.sack == c(0, 4)
    return t


def test_a_short_sack_fills_field_5_first_and_gives_field_6_what_is_left():
    t = short_sack()
    t.refuse(PlaceDucats(3, 3, c(0, 3), c(0, 3)), "A.count")
    error = t.refuse(PlaceDucats(3, 3, c(0, 3), c(0, 0)), "A.count")
    assert "ran short" in error.message
    t.do(PlaceDucats(3, 3, c(0, 3), c(0, 1)))
    assert t.state.sack == c(0, 0)
    assert t.state.field5 == c(0, 3) and t.state.field6 == c(54, 31)


def test_a_short_digital_sack_draws_what_there_is():
    t = short_sack(digital_sack=True)
    t.refuse(PlaceDucats(3, 3, draws=(0, 0, 0, 0, 0, 0)), "A.draws")
    t.do(PlaceDucats(3, 3, draws=(0, 0, 0, 0)))
    assert t.state.field5 == c(0, 3) and t.state.sack == c(0, 0)


def test_an_empty_sack_places_nothing_and_the_round_goes_on():
    t = short_sack()
    t.correct("field5.gold", 4)
    t.do(PlaceDucats(5, 5, c(), c()))
    assert t.phase == CHOOSE
    t.do(ChooseActions("red", (5, 6)))
    assert GAME.public_view(t.state)["sack"] == {"silver": 0, "gold": 0, "value": 0}
