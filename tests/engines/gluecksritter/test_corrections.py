"""Corrections: the table overrides the referee with a reason. Coins come from and go to the sack,
castle pieces from and to the supply, so the box's totals always hold; bad counters are refused."""

from __future__ import annotations

import pytest

from engines.core.correction import Correct
from engines.core.history import History
from engines.gluecksritter import GAME
from engines.gluecksritter.commands import ChooseActions, Decline
from engines.gluecksritter.counters import counter_names, read_counter
from tests.engines.gluecksritter.helpers import Table, c, setup


def test_a_correction_is_logged_with_the_old_and_new_value_and_the_reason():
    t = Table.new()
    events = t.do(Correct("red.silver", 5, "  red found three coins under the board "))
    assert len(events) == 1
    e = events[0]
    assert (e.type, e.counter, e.old, e.new, e.reason) == (
        "corrected",
        "red.silver",
        2,
        5,
        "red found three coins under the board",
    )
    assert GAME.public_event(e)["reason"] == "red found three coins under the board"


@pytest.mark.parametrize("reason", ["", "   "])
def test_a_correction_needs_a_reason(reason):
    Table.new().refuse(Correct("red.silver", 5, reason), "correction.reason")


@pytest.mark.parametrize(
    ("counter", "kind"),
    [("red.silver", "silver"), ("blue.gold", "gold"), ("field5.gold", "gold"), ("field6.silver", "silver")],
)
def test_coins_added_by_hand_come_from_the_sack_and_removed_ones_go_back(counter, kind):
    t = Table.new()
    sack = getattr(t.state.sack, kind)
    old = read_counter(t.state, counter)
    t.correct(counter, old + 3)
    assert read_counter(t.state, counter) == old + 3
    assert getattr(t.state.sack, kind) == sack - 3
    t.correct(counter, 0)
    assert read_counter(t.state, counter) == 0
    assert getattr(t.state.sack, kind) == sack + old


@pytest.mark.parametrize(("counter", "supply"), [("red.walls", "supply_walls"), ("green.towers", "supply_towers")])
def test_castle_pieces_added_by_hand_come_from_the_supply_and_removed_ones_go_back(counter, supply):
    t = Table.new()
    t.correct(counter, 3)
    assert read_counter(t.state, counter) == 3
    assert getattr(t.state, supply) == 21
    t.correct(counter, 1)
    assert getattr(t.state, supply) == 23


def test_the_knight_can_be_put_into_and_taken_out_of_the_dungeon():
    t = Table.new()
    t.correct("blue.knight-in-dungeon", 1)
    assert t.p("blue").knight_in_dungeon and 4 not in t.p("blue").hand()
    t.correct("blue.knight-in-dungeon", 0)
    assert not t.p("blue").knight_in_dungeon


@pytest.mark.parametrize(
    ("counter", "value", "words"),
    [
        ("purple.silver", 1, "no counter"),
        ("red.coins", 1, "no counter"),
        ("sack.silver", 10, "sack holds whatever"),
        ("red.documents", 0, "cannot be set"),
        ("supply.walls", 20, "cannot be set"),
        ("deck", 3, "cannot be set"),
        ("discard", 3, "cannot be set"),
        ("round", 4, "cannot be set"),
        ("red.silver", -1, "negative"),
        ("field5.gold", -2, "negative"),
        ("red.walls", 5, "at most 4"),
        ("red.gold", 40, "sack has only 34"),
        ("red.knight-in-dungeon", 2, "0 (in hand) or 1"),
    ],
)
def test_bad_corrections_are_refused(counter, value, words):
    error = Table.new().refuse(Correct(counter, value, "a reason"), "correction.counter")
    assert words in error.message


def test_the_supply_limits_corrections_too():
    t = Table.new(players=("red", "blue", "green", "yellow", "white", "black"))
    for colour in ("red", "blue", "green", "yellow", "white"):
        t.correct(f"{colour}.towers", 4)
    t.correct("black.towers", 2)
    assert t.state.supply_towers == 2
    t.correct("black.towers", 4)
    assert t.state.supply_towers == 0


def test_every_named_counter_can_be_read():
    t = Table.new()
    names = counter_names(t.state)
    assert "red.knight-in-dungeon" in names and "field6.gold" in names and "supply.towers" in names
    values = {name: read_counter(t.state, name) for name in names}
    assert values["sack.silver"] == 54 and values["deck"] == 25 and values["round"] == 1


def test_corrections_are_allowed_in_any_phase_and_while_a_tax_is_due():
    t = Table.new().give("blue", silver=0, gold=0).give("green", silver=0, gold=0)
    t.to_resolve(field5=c(6, 0), red=(5, 6), blue=(1, 2), green=(1, 2))  # blue and green can't pay
    assert t.state.taxes == (("red", "silver"),)
    t.refuse(Decline("red"), "royal-tax.pending")
    t.refuse(Correct("red.walls", 9, "a reason"), "correction.counter")  # still checked
    t.correct("blue.gold", 3, "blue had one more")  # another counter: the tax stays due
    assert t.state.taxes == (("red", "silver"),)
    events = t.correct("red.silver", 7, "the field held one coin fewer")
    assert [e.type for e in events][:2] == ["corrected", "royal-tax-settled"]  # nothing left to tax
    assert t.coins("red") == c(7, 2)
    assert t.state.taxes == () and t.phase == "A"  # and the round went on


def test_a_correction_does_not_move_the_game_on():
    t = Table.new()
    t.place()
    t.correct("field5.silver", 4)
    assert t.phase == "B"
    t.do(ChooseActions("red", (5, 6)))
    assert t.state.field5 == c(4, 0)


def test_a_correction_can_be_undone_like_any_command():
    history = History(GAME, setup())
    history.apply(Correct("red.walls", 2, "built last round, forgot to tap"))
    assert history.state.player("red").walls == 2 and history.state.supply_walls == 22
    history.undo()
    assert history.state.player("red").walls == 0 and history.state.supply_walls == 24
