"""Ransoming a Black Knight from the dungeon for 4 Ducats: schmidt at the start of the round, before
the owner's pick, usable that round; osullivan only in phase D, the card back but not usable that round."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.gluecksritter.commands import ChooseActions, KnightAct, Ransom, RevealActions, RevealDocuments
from engines.gluecksritter.state import DOCUMENTS, DUCATS, RANSOM, RESOLVE
from tests.engines.gluecksritter.helpers import OSULLIVAN, RULESETS, SCHMIDT, Table, c


def jailed_by_three_knights(rules: str) -> Table:
    """Round 1: all three knights to the dungeon; round 2 has begun (phase A)."""
    t = Table.new(rules=rules)
    t.to_resolve(red=(4, 5), blue=(4, 5), green=(4, 6))
    assert all(p.knight_in_dungeon for p in t.state.players)
    assert (t.phase, t.state.round) == (DUCATS, 2)
    return t


# -- schmidt-1998 ---------------------------------------------------------------------------------


def test_schmidt_ransom_before_the_ducat_card_and_the_knight_plays_this_round():
    t = jailed_by_three_knights(SCHMIDT)
    sack = t.state.sack
    events = t.do(Ransom("red"))
    assert t.types(events) == ["coins-moved", "knight-ransomed"]
    assert t.coins("red") == c(0, 1)  # 4 of 2 silver + 2 gold
    assert t.state.sack == sack + c(2, 1)
    assert not t.p("red").knight_in_dungeon
    t.place()
    t.do(ChooseActions("red", (4, 6)))
    assert t.p("red").pick == (4, 6)


def test_schmidt_ransom_in_phase_b_before_the_own_pick():
    t = jailed_by_three_knights(SCHMIDT)
    t.place()
    t.do(ChooseActions("blue", (5, 6)))  # others may have chosen already
    t.do(Ransom("red"))
    t.do(ChooseActions("red", (4, 5)))
    t.choose(green=(5, 6))
    t.reveal()
    assert t.state.field == 4 and t.knight.actor == "red"


def test_schmidt_no_ransom_after_the_own_pick():
    t = jailed_by_three_knights(SCHMIDT)
    t.place()
    t.do(ChooseActions("red", (5, 6)))
    error = t.refuse(Ransom("red"), "ransom.window")
    assert "start of a round" in error.message


def test_schmidt_no_ransom_once_the_documents_are_revealed():
    t = jailed_by_three_knights(SCHMIDT)
    t.place()
    t.choose(red=(5, 6), blue=(5, 6), green=(5, 6))
    t.do(RevealDocuments())
    assert t.phase == DOCUMENTS
    t.refuse(Ransom("red"), "ransom.window")


@pytest.mark.parametrize("rules", RULESETS)
def test_no_ransom_while_the_fields_are_resolved(rules):
    t = jailed_by_three_knights(rules)
    t.to_resolve(red=(2, 3), blue=(2, 3))
    assert t.phase == RESOLVE
    t.refuse(Ransom("red"), "ransom.window")


# -- osullivan-2002 --------------------------------------------------------------------------------


def test_osullivan_no_ransom_at_the_start_of_the_round():
    t = jailed_by_three_knights(OSULLIVAN)
    t.refuse(Ransom("red"), "ransom.window")
    t.place()
    t.refuse(Ransom("red"), "ransom.window")
    t.do(ChooseActions("red", (5, 6)))
    error = t.refuse(Ransom("red"), "ransom.window")
    assert "phase D" in error.message


def test_osullivan_ransom_in_phase_d_brings_the_card_back_for_the_next_round_only():
    t = jailed_by_three_knights(OSULLIVAN)
    t.place()
    t.refuse(ChooseActions("red", (4, 5)), "B.in-hand")
    t.choose(red=(5, 6), blue=(5, 6), green=(5, 6))
    t.do(RevealDocuments())
    assert t.phase == DOCUMENTS
    t.do(Ransom("red"))
    assert t.phase == RANSOM  # the first ransom after the documents opens phase D
    assert not t.p("red").knight_in_dungeon
    assert t.p("red").pick == (5, 6)  # the pick stands: no knight this round
    events = t.do(RevealActions())
    assert ("red", (5, 6)) in events[0].picks
    assert 4 not in [e.field for e in events if e.type == "field-opened"]
    assert t.state.round == 3
    t.place()
    t.do(ChooseActions("red", (4, 5)))
    assert t.p("red").pick == (4, 5)


def test_osullivan_no_ransom_after_the_reveal():
    t = jailed_by_three_knights(OSULLIVAN)
    t.place()
    t.choose(red=(1, 2), blue=(1, 2), green=(5, 6))
    t.do(RevealDocuments(), RevealActions())
    assert t.phase == RESOLVE
    t.refuse(Ransom("red"), "ransom.window")


# -- either rule set ------------------------------------------------------------------------------


def in_ransom_window(t: Table) -> Table:
    """schmidt: phase A is already a ransom window; osullivan: once the documents are revealed."""
    if t.state.rules.ruleset == OSULLIVAN:
        t.place()
        t.choose(red=(5, 6), blue=(5, 6), green=(5, 6))
        t.do(RevealDocuments())
        assert t.phase == DOCUMENTS
    return t


@pytest.mark.parametrize("rules", RULESETS)
def test_a_knight_that_is_not_in_the_dungeon_cannot_be_ransomed(rules):
    in_ransom_window(Table.new(rules=rules)).refuse(Ransom("red"), "ransom.not-jailed")


@pytest.mark.parametrize("rules", RULESETS)
def test_a_ransom_needs_four_ducats(rules):
    t = in_ransom_window(Table.new(rules=rules).give("red", jailed=1, silver=1, gold=1))
    t.refuse(Ransom("red"), "payment.afford")


def test_the_ransom_is_paid_exactly_in_gold_when_only_gold_is_held():
    t = Table.new().give("red", jailed=1, silver=0, gold=3)
    events = t.do(Ransom("red"))
    assert [(e.source, e.target, e.coins) for e in events if e.type == "coins-moved"] == [("red", "sack", c(0, 2))]
    assert t.coins("red") == c(0, 1)


def test_the_ransom_may_be_paid_with_the_players_own_coins():
    t = Table.new().give("red", jailed=1, silver=4, gold=3)
    t.do(Ransom("red", payment=c(2, 1)))
    assert t.coins("red") == c(2, 2)


def test_a_ransom_overpaid_although_exact_coins_exist_is_refused():
    t = Table.new().give("red", jailed=1, silver=1, gold=2)
    t.refuse(Ransom("red", payment=c(1, 2)), "payment.coins")
    t.refuse(Ransom("red", payment=c(1, 1)), "payment.coins")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 7), st.integers(0, 7))
def test_four_ducats_are_always_paid_exactly_so_a_ransom_never_needs_change(silver, gold):
    t = Table.new().give("red", jailed=1, silver=silver, gold=gold)
    before = t.coins("red")
    if before.value < 4:
        t.refuse(Ransom("red"), "payment.afford")
        return
    events = t.do(Ransom("red"))
    assert before.value - t.coins("red").value == 4
    assert not [e for e in events if e.type == "coins-moved" and e.source == "sack"]


def test_schmidt_a_ransomed_knight_acts_and_stays_free():
    t = jailed_by_three_knights(SCHMIDT)
    t.do(Ransom("red"))
    t.to_resolve(field5=c(0, 2), red=(4, 6))
    t.do(KnightAct("red", "field5"))
    assert t.coins("red") == c(0, 3)
    assert t.state.round == 3 and not t.p("red").knight_in_dungeon
