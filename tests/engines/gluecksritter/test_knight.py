"""Field 4, the Black Knight, in both rule sets: a lone knight's gold and raids; two knights duel
(schmidt) or haggle (osullivan); three or more all go to the dungeon."""

from __future__ import annotations

import pytest

from engines.gluecksritter import GAME
from engines.gluecksritter.commands import (
    AcceptOffer,
    ChooseFirstOfferer,
    DeclineToOffer,
    HandOver,
    KeepLoot,
    KnightAct,
    MakeOffer,
    PayOffer,
    RaidPiece,
    RejectOffer,
    RollDie,
)
from engines.gluecksritter.state import DUCATS
from tests.engines.gluecksritter.helpers import EMPTY, OSULLIVAN, RULESETS, SCHMIDT, Table, c


def jailed(t: Table, *colours: str) -> bool:
    return all(t.p(colour).knight_in_dungeon for colour in colours)


def free(t: Table, *colours: str) -> bool:
    return not any(t.p(colour).knight_in_dungeon for colour in colours)


def at_knight(t: Table, field5=EMPTY, field6=EMPTY, **picks) -> Table:
    """Phase E up to field 4; players not named pick (5, 6)."""
    t.to_resolve(field5=field5, field6=field6, **picks)
    assert t.state.field == 4, t.state
    return t


# -- one knight ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS)
def test_a_lone_knight_takes_all_the_gold_of_field_5_and_leaves_the_silver(rules):
    t = at_knight(Table.new(rules=rules), field5=c(3, 2), field6=c(1, 4), red=(4, 6))
    assert (t.knight.stage, t.knight.actor) == ("act", "red")
    t.do(KnightAct("red", "field5"))
    assert t.coins("red") == c(2, 2) + c(0, 2) + c(0, 1)  # and field 6 shared three ways: 1 gold each
    assert t.state.phase == DUCATS
    # field 5's silver went to blue and green (1 each), the odd one stays
    assert t.state.field5 == c(1, 0)
    assert t.coins("blue") == c(2, 2) + c(1, 0) + c(0, 1)


@pytest.mark.parametrize("rules", RULESETS)
def test_a_lone_knight_takes_all_the_gold_of_field_6(rules):
    t = at_knight(Table.new(rules=rules), field6=c(2, 3), red=(4, 5))
    t.do(KnightAct("red", "field6"))
    assert t.coins("red") == c(2, 5)
    assert t.coins("blue") == t.coins("green") == c(3, 2)  # field 6's silver, shared
    assert t.state.field6 == c(0, 0)


def test_schmidt_a_lone_knight_stays_with_its_owner():
    t = at_knight(Table.new(rules=SCHMIDT), field5=c(0, 1), red=(4, 6))
    t.do(KnightAct("red", "field5"))
    assert free(t, "red")
    assert t.p("red").hand() == (1, 2, 3, 4, 5, 6)


@pytest.mark.parametrize("action", ["field5", "pass"])
def test_osullivan_a_lone_knight_goes_to_the_dungeon_after_acting(action):
    t = at_knight(Table.new(rules=OSULLIVAN), field5=c(0, 1), red=(4, 6))
    t.do(KnightAct("red", action))
    assert jailed(t, "red") and free(t, "blue", "green")


def test_only_the_acting_knight_acts_and_only_once():
    t = at_knight(Table.new(), red=(4, 6))
    t.refuse(KnightAct("blue", "field5"), "field4.actor")
    t.do(KnightAct("red", "pass"))
    t.refuse(KnightAct("red", "field5"), "field4.not-now")


def test_taking_gold_names_no_victim_and_rolls_no_die():
    t = at_knight(Table.new(), red=(4, 6))
    t.refuse(KnightAct("red", "field5", victim="blue"), "field4.choice")
    t.refuse(KnightAct("red", "field6", face=2), "field4.choice")


# -- raids ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("face", [1, 2, 3, 4])
def test_the_sack_face_takes_all_the_victims_coins(rules, face):
    t = Table.new(rules=rules).give("blue", silver=3, gold=4)
    at_knight(t, red=(4, 6))
    events = t.do(KnightAct("red", "raid", victim="blue", face=face))
    rolled = next(e for e in events if e.type == "raid-rolled")
    assert (rolled.victim, rolled.symbol) == ("blue", "sack")
    assert t.coins("blue") == c(0, 0)
    assert t.coins("red") == c(5, 6)


def test_a_victim_with_no_coins_loses_nothing_and_the_raid_is_over():
    t = Table.new().give("blue", silver=0, gold=0)
    at_knight(t, red=(4, 6))
    events = t.do(KnightAct("red", "raid", victim="blue", face=1))
    assert not [e for e in events if e.type == "coins-moved"]
    assert "knight-finished" in t.types(events)
    assert t.coins("red") == c(2, 2) and t.phase == DUCATS


@pytest.mark.parametrize("face", [5, 6])
def test_the_castle_face_takes_the_only_kind_the_victim_has(face):
    t = Table.new().give("blue", walls=2)
    at_knight(t, red=(4, 6))
    t.do(KnightAct("red", "raid", victim="blue", face=face))
    assert (t.p("red").walls, t.p("blue").walls) == (1, 1)
    assert t.state.supply_walls == 22  # moved castle to castle, not from the supply


@pytest.mark.parametrize("rules", RULESETS)
def test_the_castle_face_lets_the_raider_choose_the_piece(rules):
    t = Table.new(rules=rules).give("blue", walls=2, towers=1)
    at_knight(t, red=(4, 6))
    events = t.do(KnightAct("red", "raid", victim="blue", face=5))
    assert t.types(events)[-1] == "raid-piece-wanted"
    assert (t.knight.stage, t.knight.victim) == ("raid-piece", "blue")
    t.refuse(RaidPiece("blue", "wall"), "field4.actor")
    t.refuse(KnightAct("red", "pass"), "field4.not-now")
    assert free(t, "red")  # the raid is not over yet
    t.do(RaidPiece("red", "tower"))
    assert (t.p("red").towers, t.p("blue").towers, t.p("blue").walls) == (1, 0, 2)
    assert t.phase == DUCATS
    assert t.p("red").knight_in_dungeon is (rules == OSULLIVAN)


def test_choosing_a_piece_outside_a_castle_raid_is_refused():
    t = at_knight(Table.new(), red=(4, 6))
    t.refuse(RaidPiece("red", "wall"), "field4.not-now")


def test_a_raider_takes_only_a_kind_he_has_room_for():
    t = Table.new().give("red", towers=4).give("blue", walls=1, towers=2)
    at_knight(t, red=(4, 6))
    t.do(KnightAct("red", "raid", victim="blue", face=6))
    assert (t.p("red").walls, t.p("red").towers) == (1, 4)
    assert (t.p("blue").walls, t.p("blue").towers) == (0, 2)


def test_a_raider_with_a_full_castle_takes_nothing():
    t = Table.new().give("red", walls=4, towers=4).give("blue", walls=1, towers=2)
    at_knight(t, red=(4, 6))
    events = t.do(KnightAct("red", "raid", victim="blue", face=5))
    assert not [e for e in events if e.type == "piece-moved"]
    assert (t.p("blue").walls, t.p("blue").towers) == (1, 2)


def test_a_victim_without_a_castle_loses_nothing_on_the_castle_face():
    t = at_knight(Table.new(), red=(4, 6))
    t.do(KnightAct("red", "raid", victim="blue", face=5))
    assert (t.p("red").pieces, t.coins("blue")) == (0, c(2, 2))


def test_the_special_die_is_a_setting():
    t = Table.new(special_die=("castle",) * 5 + ("sack",)).give("blue", walls=1)
    at_knight(t, red=(4, 6))
    t.do(KnightAct("red", "raid", victim="blue", face=1))
    assert t.p("red").walls == 1 and t.coins("blue") == c(2, 2)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        (KnightAct("red", "raid", face=1), "field4.victim"),
        (KnightAct("red", "raid", victim="red", face=1), "field4.victim"),
        (KnightAct("red", "raid", victim="white", face=1), "player.unknown"),
        (KnightAct("red", "raid", victim="blue"), "field4.special-die"),
        (KnightAct("red", "raid", victim="blue", face=0), "field4.special-die"),
        (KnightAct("red", "raid", victim="blue", face=7), "field4.special-die"),
    ],
)
def test_a_raid_names_another_player_and_the_special_dies_face(command, rule):
    at_knight(Table.new(), red=(4, 6)).refuse(command, rule)


# -- two knights, schmidt: the duel ---------------------------------------------------------------


def duel() -> Table:
    t = at_knight(Table.new(rules=SCHMIDT), field5=c(1, 3), red=(4, 6), blue=(4, 6))
    assert (t.knight.stage, t.knight.knights) == ("duel", ("red", "blue"))
    return t


def test_schmidt_the_higher_roll_wins_the_duel_and_acts_as_a_lone_knight():
    t = duel()
    t.do(RollDie("blue", 2))
    assert t.knight.stage == "duel"
    events = t.do(RollDie("red", 5))
    assert [e.type for e in events][:3] == ["die-rolled", "duel-won", "knights-imprisoned"]
    assert jailed(t, "blue") and free(t, "red")
    assert (t.knight.stage, t.knight.actor) == ("act", "red")
    t.refuse(KnightAct("blue", "field5"), "field4.actor")
    t.do(KnightAct("red", "field5"))
    assert t.coins("red") == c(2, 5)
    assert jailed(t, "blue") and free(t, "red")  # the winner keeps his card


def test_schmidt_equal_rolls_send_both_knights_to_the_dungeon_and_nobody_acts():
    t = duel()
    t.do(RollDie("red", 4))
    t.do(RollDie("blue", 4))
    assert jailed(t, "red", "blue")
    assert t.phase == DUCATS  # field 4 closed, the round went on without a Black Knight
    assert t.coins("red") == c(2, 2) and t.coins("blue") == c(2, 2)
    assert not [e for e in t.events if e.type == "knight-acted"]


def test_schmidt_each_knight_rolls_once_and_only_the_knights_roll():
    t = duel()
    t.refuse(RollDie("green", 6), "field4.roller")
    t.refuse(RollDie("red", 7), "die.value")
    t.refuse(RollDie("red", 0), "die.value")
    t.do(RollDie("red", 3))
    t.refuse(RollDie("red", 6), "field4.rolled")
    t.refuse(KnightAct("red", "field5"), "field4.not-now")


def test_schmidt_there_is_no_haggling():
    t = duel()
    t.refuse(MakeOffer("red", ducats=1), "field4.not-now")


# -- three or more ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS)
def test_three_knights_all_go_to_the_dungeon_and_nobody_acts(rules):
    t = Table.new(rules=rules)
    t.to_resolve(field5=c(0, 2), red=(4, 6), blue=(4, 6), green=(4, 6))
    assert jailed(t, "red", "blue", "green")
    assert t.phase == DUCATS
    assert not [e for e in t.events if e.type == "knight-acted"]


@pytest.mark.parametrize("rules", RULESETS)
def test_four_knights_of_four_players_too(rules):
    t = Table.new(players=("red", "blue", "green", "white"), rules=rules)
    t.to_resolve(red=(4, 5), blue=(4, 5), green=(4, 6), white=(4, 6))
    assert jailed(t, "red", "blue", "green", "white")


# -- two knights, osullivan: haggling --------------------------------------------------------------


def haggle(red_pieces=0, blue_pieces=0, **coins) -> Table:
    t = Table.new(rules=OSULLIVAN)
    if red_pieces:
        t.give("red", walls=red_pieces)
    if blue_pieces:
        t.give("blue", walls=blue_pieces)
    for colour, (silver, gold) in coins.items():
        t.give(colour, silver=silver, gold=gold)
    return at_knight(t, field5=c(1, 3), red=(4, 6), blue=(4, 6))


def offers_from(t: Table, first: str = "red") -> Table:
    """The player with fewer pieces (or the higher roller) names ``first`` as the first offerer."""
    if t.knight.stage == "haggle-roll":
        t.do(RollDie("red", 6), RollDie("blue", 1))
    t.do(ChooseFirstOfferer(t.knight.decider, first))
    assert (t.knight.stage, t.knight.turn) == ("haggle", first)
    return t


def test_osullivan_the_knight_with_fewer_castle_pieces_decides_who_offers_first():
    t = haggle(red_pieces=2, blue_pieces=1)
    assert (t.knight.stage, t.knight.decider) == ("choose-first", "blue")
    t.refuse(ChooseFirstOfferer("red", "red"), "haggle.decider")
    t.refuse(ChooseFirstOfferer("blue", "green"), "haggle.offerer")
    t.refuse(MakeOffer("red", ducats=1), "field4.not-now")
    t.do(ChooseFirstOfferer("blue", "red"))
    assert (t.knight.stage, t.knight.turn) == ("haggle", "red")


def test_osullivan_equal_castles_roll_the_number_die_to_decide_and_roll_again_on_a_tie():
    t = haggle(red_pieces=1, blue_pieces=1)
    assert t.knight.stage == "haggle-roll" and t.knight.decider is None
    t.do(RollDie("red", 3))
    t.refuse(RollDie("red", 5), "field4.rolled")
    events = t.do(RollDie("blue", 3))
    assert t.types(events) == ["die-rolled", "rolls-tied"]
    assert t.knight.stage == "haggle-roll" and t.knight.rolls == ()
    t.do(RollDie("blue", 2), RollDie("red", 5))
    assert (t.knight.stage, t.knight.decider) == ("choose-first", "red")
    assert free(t, "red", "blue")  # a roll to decide is no duel


def test_osullivan_offers_alternate_and_must_top_the_last_one():
    t = offers_from(haggle(red=(5, 5), blue=(5, 5)), "red")
    t.refuse(MakeOffer("blue", ducats=2), "haggle.turn")
    t.do(MakeOffer("red", ducats=2))
    assert t.knight.turn == "blue"
    t.refuse(MakeOffer("blue", ducats=2), "haggle.top")
    t.do(MakeOffer("blue", ducats=3))
    t.refuse(DeclineToOffer("red"), "haggle.answer")  # top it or accept it
    t.do(MakeOffer("red", walls=0, ducats=4))
    assert (t.knight.offer.by, t.knight.offer.value, t.knight.turn) == ("red", 4, "blue")


@pytest.mark.parametrize(
    ("offer", "rule"),
    [
        (MakeOffer("red"), "haggle.minimum"),
        (MakeOffer("red", ducats=-1, walls=1), "haggle.negative"),
        (MakeOffer("red", ducats=16), "haggle.ducats"),
        (MakeOffer("red", ducats=1, towers=1), "haggle.pieces"),
    ],
)
def test_osullivan_an_offer_is_worth_at_least_one_ducat_the_offerer_holds(offer, rule):
    t = offers_from(haggle(red=(5, 5)), "red")  # red: 15 Ducats, no castle
    t.refuse(offer, rule)


def test_osullivan_the_accepted_offer_is_paid_then_the_winner_acts_then_both_go_to_the_dungeon():
    t = offers_from(haggle(red=(5, 3), blue=(3, 6)), "red")
    t.do(MakeOffer("red", ducats=3))
    t.refuse(AcceptOffer("red"), "haggle.turn")
    events = t.do(AcceptOffer("blue"))
    assert t.types(events) == ["offer-accepted", "offer-payment-due"]
    assert (t.knight.stage, t.knight.actor) == ("pay", "red")
    assert t.coins("red").value == 11  # nothing paid yet: red says which coins
    t.refuse(PayOffer("blue"), "field4.actor")
    t.refuse(KnightAct("red", "field5"), "field4.not-now")
    t.do(PayOffer("red"))
    assert t.coins("red").value == 11 - 3 and t.coins("blue").value == 15 + 3
    assert (t.knight.stage, t.knight.actor) == ("act", "red")
    assert free(t, "red", "blue")
    t.refuse(KnightAct("blue", "field5"), "field4.actor")
    t.do(KnightAct("red", "field5"))
    assert jailed(t, "red", "blue")
    assert t.phase == DUCATS


def test_osullivan_a_lower_offer_than_the_last_cannot_be_made_so_the_last_is_accepted():
    t = offers_from(haggle(red=(5, 5), blue=(1, 0)), "red")
    t.do(MakeOffer("red", ducats=2))
    t.refuse(MakeOffer("blue", ducats=1), "haggle.top")
    t.refuse(MakeOffer("blue", ducats=3), "haggle.ducats")  # blue holds 1 Ducat
    t.do(AcceptOffer("blue"))
    assert t.knight.actor == "red"


def test_osullivan_castle_pieces_may_be_offered_a_wall_for_four_a_tower_for_five():
    t = Table.new(rules=OSULLIVAN).give("red", walls=1, towers=1).give("blue", walls=1, towers=1)
    at_knight(t, red=(4, 6), blue=(4, 6))
    offers_from(t, "red")
    t.do(MakeOffer("red", walls=1))
    assert t.knight.offer.value == 4
    t.do(MakeOffer("blue", towers=1))
    assert t.knight.offer.value == 5
    t.do(MakeOffer("red", ducats=1, walls=1, towers=1))
    assert t.knight.offer.value == 10
    t.do(AcceptOffer("blue"))
    assert (t.p("red").walls, t.p("red").towers) == (0, 0)  # the pieces go over at once
    t.do(PayOffer("red"))
    assert (t.p("blue").walls, t.p("blue").towers) == (2, 2)
    assert t.coins("blue").value == 7


def test_osullivan_pieces_the_receiver_has_no_room_for_cannot_be_offered():
    t = Table.new(rules=OSULLIVAN).give("red", walls=2).give("blue", walls=4, towers=4)
    at_knight(t, red=(4, 6), blue=(4, 6))
    offers_from(t, "red")
    t.refuse(MakeOffer("red", walls=1), "castle.limit")


def test_osullivan_a_promised_share_of_the_loot_counts_and_the_winner_may_keep_it_all():
    t = offers_from(haggle(red=(0, 0), blue=(0, 0)), "red")
    t.do(MakeOffer("red", loot_promise=3))
    assert t.knight.offer.value == 3
    t.do(AcceptOffer("blue"))
    assert t.knight.stage == "act"  # no Ducats in hand: nothing to pay
    accepted = next(e for e in t.events if e.type == "offer-accepted")
    assert accepted.offer.loot_promise == 3
    events = t.do(KnightAct("red", "field5"))  # 3 gold of field 5
    assert t.types(events)[-1] == "loot-promise-due"
    assert (t.knight.stage, t.state.field) == ("promise", 4)
    assert GAME.public_view(t.state)["awaiting"] == [{"player": "red", "commands": ["hand-over", "keep-loot"]}]
    t.refuse(KeepLoot("blue"), "field4.actor")
    events = t.do(KeepLoot("red"))
    assert t.types(events)[:2] == ["loot-kept", "knight-finished"]
    assert t.coins("red") == c(0, 3)
    assert t.coins("blue") == c(0, 0)  # nothing was handed over
    assert t.phase == DUCATS


def test_osullivan_the_winner_hands_over_part_of_the_promised_loot():
    t = offers_from(haggle(red=(0, 0), blue=(0, 0)), "red")
    t.do(MakeOffer("red", loot_promise=3), AcceptOffer("blue"), KnightAct("red", "field5"))
    events = t.do(HandOver("red", "blue", coins=c(0, 1)))
    assert t.types(events)[:2] == ["handed-over", "knight-finished"]
    assert events[0].promise is True
    assert t.coins("red") == c(0, 2) and t.coins("blue") == c(0, 1)
    t.refuse(KeepLoot("red"), "field4.not-now")


def test_osullivan_a_hand_over_between_others_does_not_answer_the_promise():
    t = offers_from(haggle(red=(0, 0), blue=(0, 0)), "red")
    t.do(MakeOffer("red", loot_promise=3), AcceptOffer("blue"), KnightAct("red", "field5"))
    events = t.do(HandOver("sack", "green", coins=c(1, 0)))  # a document's effect
    assert t.types(events) == ["handed-over"] and events[0].promise is False
    assert t.knight.stage == "promise"
    t.do(HandOver("red", "green", coins=c(0, 1)))  # to somebody else: still no answer
    assert t.knight.stage == "promise"
    t.do(HandOver("red", "blue", coins=c(0, 2)))
    assert t.phase == DUCATS


def test_osullivan_a_promise_answered_by_a_gain_raises_the_receivers_royal_tax():
    t = offers_from(haggle(red=(0, 0), blue=(0, 7)), "red")
    t.do(MakeOffer("red", loot_promise=3), AcceptOffer("blue"), KnightAct("red", "field5"))
    t.do(HandOver("red", "blue", coins=c(0, 1)))
    assert t.state.taxes == (("blue", "gold"),)
    assert t.knight.stage == "done"  # the promise is answered; the tax comes first


def test_osullivan_the_payer_names_the_coins_of_the_accepted_offer():
    """6 Ducats meant as 3 gold: paid in silver, as the proposal would, red would owe a tax."""
    t = offers_from(haggle(red=(2, 2), blue=(6, 3)), "red")
    t.do(MakeOffer("red", ducats=1), MakeOffer("blue", ducats=6), AcceptOffer("red"))
    assert t.knight.stage == "pay"
    t.refuse(PayOffer("blue", payment=c(0, 4)), "payment.coins")  # more than 6 although 6 is possible
    t.refuse(PayOffer("blue", payment=c(2, 1)), "payment.coins")  # only 4
    t.refuse(PayOffer("blue", payment=c(7, 0)), "payment.coins")  # not held
    t.do(PayOffer("blue", payment=c(0, 3)))
    assert t.coins("blue") == c(6, 0) and t.coins("red") == c(2, 5)
    assert t.state.taxes == ()


def test_osullivan_the_app_proposes_the_kind_the_payer_holds_more_of_and_the_tax_follows_it():
    t = offers_from(haggle(red=(2, 2), blue=(6, 3)), "red")
    t.do(MakeOffer("red", ducats=1), MakeOffer("blue", ducats=6), AcceptOffer("red"), PayOffer("blue"))
    assert t.coins("blue") == c(0, 3) and t.coins("red") == c(8, 2)
    assert t.state.taxes == (("red", "silver"),)


def test_osullivan_the_payer_pays_at_most_what_he_still_holds():
    t = offers_from(haggle(red=(2, 2), blue=(2, 2)), "red")
    t.do(MakeOffer("red", ducats=6), AcceptOffer("blue"))
    t.do(HandOver("red", "green", coins=c(2, 0)))  # a document's effect before paying
    t.do(PayOffer("red"))
    assert t.coins("red") == c(0, 0) and t.coins("blue") == c(2, 4)


def test_osullivan_a_promise_of_loot_may_be_rejected_and_its_maker_must_answer_the_offer_before_it():
    t = offers_from(haggle(), "red")
    t.do(MakeOffer("red", ducats=1), MakeOffer("blue", loot_promise=3))
    t.do(RejectOffer("red"))
    assert (t.knight.offer.by, t.knight.offer.value, t.knight.turn) == ("red", 1, "blue")
    t.refuse(MakeOffer("blue", ducats=1), "haggle.top")
    t.do(MakeOffer("blue", ducats=2))
    t.refuse(RejectOffer("red"), "haggle.reject")  # coins on the table cannot be rejected
    t.do(AcceptOffer("red"))
    assert t.knight.actor == "blue"


def test_osullivan_a_rejected_first_promise_leaves_no_offer_standing():
    t = offers_from(haggle(), "red")
    t.do(MakeOffer("red", loot_promise=2), RejectOffer("blue"))
    assert t.knight.offer is None and t.knight.turn == "red"
    t.do(DeclineToOffer("red"), DeclineToOffer("blue"))
    assert jailed(t, "red", "blue")


def test_osullivan_if_neither_knight_offers_both_go_to_the_dungeon_at_once():
    t = offers_from(haggle(), "blue")
    t.refuse(AcceptOffer("blue"), "haggle.no-offer")
    t.do(DeclineToOffer("blue"))
    assert t.knight.turn == "red"
    events = t.do(DeclineToOffer("red"))
    assert "knights-imprisoned" in t.types(events)
    assert jailed(t, "red", "blue")
    assert not [e for e in t.events if e.type == "knight-acted"]
    assert t.phase == DUCATS


def test_osullivan_after_one_knight_declines_the_other_may_still_offer():
    t = offers_from(haggle(), "blue")
    t.do(DeclineToOffer("blue"))
    t.do(MakeOffer("red", ducats=1))
    t.refuse(DeclineToOffer("blue"), "haggle.answer")
    t.do(AcceptOffer("blue"), PayOffer("red"))
    assert t.knight.actor == "red"
    assert t.coins("red").value == 5 and t.coins("blue").value == 7


def test_osullivan_an_odd_offer_paid_in_gold_gets_change_from_the_loser():
    t = offers_from(haggle(red=(0, 3), blue=(2, 0)), "red")
    t.do(MakeOffer("red", ducats=3))
    t.do(AcceptOffer("blue"))
    t.refuse(PayOffer("red", payment=c(0, 1)), "payment.coins")
    t.do(PayOffer("red"))  # 2 gold, 1 silver back
    assert t.coins("red") == c(1, 1) and t.coins("blue") == c(1, 2)


def test_osullivan_an_odd_offer_in_gold_to_a_knight_without_silver_changes_a_gold_at_the_sack():
    t = Table.new(rules=OSULLIVAN).give("red", silver=0, gold=3).give("blue", silver=0, gold=2)
    at_knight(t, red=(4, 5), blue=(4, 5), green=(5, 6))
    offers_from(t, "red")
    t.do(MakeOffer("red", ducats=3))
    sack = t.state.sack
    t.do(AcceptOffer("blue"), PayOffer("red"))
    assert t.coins("red") == c(1, 1) and t.coins("blue") == c(1, 3)
    assert t.state.sack == sack + c(-2, 1)  # blue changed one gold into two silver


def test_osullivan_with_no_silver_anywhere_an_odd_offer_in_gold_pays_one_ducat_too_many():
    t = Table.new(rules=OSULLIVAN).give("red", silver=0, gold=3).give("blue", silver=0, gold=2)
    t.give("green", silver=0, gold=0)
    t.correct("field6.silver", t.state.sack.silver)  # every silver of the sack lies on field 6
    at_knight(t, red=(4, 5), blue=(4, 5), green=(2, 3))  # green can pay for nothing
    offers_from(t, "red")
    t.do(MakeOffer("red", ducats=3))
    t.do(AcceptOffer("blue"), PayOffer("red"))
    assert t.coins("red") == c(0, 1) and t.coins("blue") == c(0, 4)


# -- a knight that a correction sends to the dungeon ----------------------------------------------


@pytest.mark.parametrize("rules", RULESETS)
def test_a_knight_jailed_after_its_card_was_laid_does_not_act_and_the_other_acts_alone(rules):
    t = Table.new(rules=rules)
    t.place(field5=c(0, 2))
    t.choose(red=(4, 5), blue=(4, 6), green=(5, 6))
    t.correct("red.knight-in-dungeon", 1)
    events = t.reveal()
    held = next(e for e in events if e.type == "knights-in-dungeon")
    assert held.players == ("red",)
    assert (t.knight.stage, t.knight.actor, t.knight.knights) == ("act", "blue", ("blue",))
    t.refuse(KnightAct("red", "field5"), "field4.actor")
    t.do(KnightAct("blue", "field5"))
    assert t.coins("blue") == c(2, 4)


def test_when_every_knight_of_field_4_is_jailed_nobody_acts():
    t = Table.new()
    t.place(field5=c(0, 2))
    t.choose(red=(4, 5), blue=(1, 2), green=(1, 2))
    t.correct("red.knight-in-dungeon", 1)
    t.reveal()
    t.settle()
    assert t.phase == DUCATS and t.coins("red") == c(2, 4)  # field 5 alone, no knight's loot


def test_the_acting_knight_jailed_by_a_correction_no_longer_acts():
    t = at_knight(Table.new(), field5=c(0, 2), red=(4, 5))
    assert t.knight.stage == "act"
    events = t.correct("red.knight-in-dungeon", 1)
    assert [e.type for e in events][:3] == ["corrected", "knights-in-dungeon", "knight-finished"]
    t.refuse(KnightAct("red", "field5"), "field4.not-now")
    assert t.phase == DUCATS and t.coins("red") == c(2, 2)
    assert t.state.field5 == c(0, 2)  # three share field 5: the gold stays


def test_osullivan_a_haggling_knight_jailed_by_a_correction_leaves_the_other_acting_alone():
    t = offers_from(haggle(red=(5, 5), blue=(5, 5)), "red")
    t.do(MakeOffer("red", ducats=2))
    t.correct("red.knight-in-dungeon", 1)
    assert (t.knight.stage, t.knight.actor, t.knight.offers) == ("act", "blue", ())
    t.do(KnightAct("blue", "field5"))
    assert jailed(t, "blue")  # osullivan: a lone knight goes to the dungeon after acting
    assert t.coins("red") == c(5, 5)  # red's offer was never paid


def test_schmidt_a_duelling_knight_jailed_by_a_correction_leaves_the_other_acting_alone():
    t = at_knight(Table.new(), red=(4, 5), blue=(4, 6))
    t.do(RollDie("red", 3))
    t.correct("blue.knight-in-dungeon", 1)
    assert (t.knight.stage, t.knight.actor) == ("act", "red")
    t.refuse(RollDie("blue", 4), "field4.not-now")


def test_osullivan_a_winner_jailed_by_a_correction_before_paying_neither_pays_nor_acts():
    t = offers_from(haggle(red=(5, 5), blue=(5, 5)), "red")
    t.do(MakeOffer("red", ducats=2), AcceptOffer("blue"))
    assert t.knight.stage == "pay"
    t.correct("red.knight-in-dungeon", 1)
    t.refuse(PayOffer("red"), "field4.not-now")
    assert t.coins("red") == c(5, 5) and t.coins("blue") == c(5, 5)
    assert t.state.field != 4
