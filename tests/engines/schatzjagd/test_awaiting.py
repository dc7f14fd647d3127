"""Whose move it is in Schatzjagd (the public view's ``awaiting``): the journey, the card turned up,
what the place offers, the prince's card and the end of the turn; a death; fights with a monster and
with a rival; the hand over four; Grandlin's catharsis prince by prince; nobody once the game is won.
Over random play, every command the rules accept (corrections aside) is one the view awaited."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.schatzjagd import GAME
from engines.schatzjagd.commands import (
    Challenge,
    Dig,
    EndTurn,
    HideTreasure,
    Inn,
    PlaceCard,
    Relocate,
    RemoveCard,
    Reveal,
    Travel,
)
from engines.schatzjagd.state import CATHARSIS, OVER
from tests.engines.schatzjagd.table import new_history, play_step
from tests.engines.schatzjagd.test_rules import (
    fix,
    game,
    into_the_city,
    monster_fight,
    pass_turn,
    slot,
    slotted_by_both,
    stay,
    teleportal,
    unseen,
    visit,
)


def awaiting(history) -> list[dict]:
    return GAME.public_view(history.state)["awaiting"]


def one(player: str, *commands: str) -> list[dict]:
    return [{"player": player, "commands": list(commands)}]


def test_a_turn_awaits_the_journey_then_what_the_place_offers_the_card_and_the_end():
    h = game()
    assert awaiting(h) == one("red", "travel", "cast-spell")  # a spell may come before the journey
    h.apply(Travel("red", 3, "B2"))
    assert awaiting(h) == one("red", "cast-spell", "place-card", "dig", "end-turn")  # a field: a map digs here
    h.apply(PlaceCard("red", "C3"))  # the turn's card: the henchman's day is over
    assert awaiting(h) == one("red", "end-turn")
    h.apply(EndTurn("red"))
    assert awaiting(h) == one("blue", "travel", "cast-spell")


def test_a_card_face_down_where_the_henchman_stopped_is_awaited_first():
    h = game()
    slot(h, "C3")
    h.apply(Travel("blue", 4, "C3"))
    assert awaiting(h) == one("blue", "reveal", "cast-spell")
    h.apply(Reveal("blue", "weapon", 2))
    assert awaiting(h) == one("blue", "cast-spell", "place-card", "dig", "end-turn")


def test_the_own_castle_awaits_a_treasure_hidden_and_the_city_its_shop():
    h = game(victory={"treasures": 1})
    h.apply(Travel("red", 3, "B2"))
    h.apply(Dig("red", "B2", "crown"))
    h.apply(EndTurn("red"))
    pass_turn(h)
    h.apply(Travel("red", 3, "castle-red"))
    assert awaiting(h) == one("red", "cast-spell", "place-card", "hide-treasure", "end-turn")
    h.apply(HideTreasure("red", "crown"))  # the one treasure needed: nobody is awaited once the game is won
    assert h.state.phase == OVER and awaiting(h) == []

    h = into_the_city("inn")
    assert awaiting(h) == one("red", "inn", "cast-spell", "place-card", "end-turn")
    h.apply(Inn("red"))  # one business a day
    assert awaiting(h) == one("red", "cast-spell", "place-card", "end-turn")


def test_the_teleportal_and_a_rival_on_the_same_field():
    h = teleportal()  # blue turned up the teleportal on E5
    assert awaiting(h) == one("blue", "teleport", "cast-spell", "place-card", "dig", "end-turn")
    h = game()
    h.apply(Travel("red", 3, "B2"))
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 3, "B2"))
    assert awaiting(h) == one("blue", "challenge", "cast-spell", "place-card", "dig", "end-turn")


def test_a_fight_awaits_the_exchange_and_a_rival_may_flee():
    h, _ = monster_fight(8)
    assert awaiting(h) == one("blue", "exchange", "flee", "cast-spell")  # nobody answers for the monster
    h = game()
    h.apply(Travel("red", 3, "B2"))
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 3, "B2"))
    h.apply(Challenge("blue", "red"))
    assert awaiting(h) == [
        {"player": "blue", "commands": ["exchange", "flee", "cast-spell"]},
        {"player": "red", "commands": ["flee"]},
    ]


def test_a_henchman_dead_this_turn_leaves_only_the_end_of_the_turn():
    h = game()
    h.apply(Travel("red", 3, "B2"))
    fix(h, "red.life", 0)  # the hand is discarded with the henchman: no card to play
    assert awaiting(h) == one("red", "end-turn")


def test_a_hand_over_four_awaits_a_card_before_the_end_of_the_turn():
    h = game()
    visit(h, "C3", "map")  # blue holds 5 cards
    assert awaiting(h) == one("blue", "cast-spell", "place-card", "dig")
    h.apply(Dig("blue", "C3", "orb"))
    assert awaiting(h) == one("blue", "end-turn")


def test_grandlins_catharsis_awaits_each_prince_in_its_order():
    state = replace(slotted_by_both().state, draw=1, discard=unseen(112))  # blue draws the last card
    for event in GAME.decide(state, EndTurn("blue")):
        state = GAME.evolve(state, event)
    assert state.phase == CATHARSIS and GAME.public_view(state)["awaiting"] == one("blue", "remove-card")
    for event in GAME.decide(state, RemoveCard("blue")):
        state = GAME.evolve(state, event)
    assert GAME.public_view(state)["awaiting"] == one("red", "remove-card")


def test_a_henchman_moved_by_hand_onto_a_face_down_card_turns_it_up_before_it_travels():
    h = game()
    slot(h, "C3")
    stay(h)
    h.apply(EndTurn("blue"))
    h.apply(Relocate("red", "C3", "the henchman stood there all along"))
    assert awaiting(h) == one("red", "travel", "reveal", "cast-spell")


CORRECTIONS = ("correct", "relocate")


@settings(max_examples=10, deadline=None, database=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_every_command_accepted_in_random_play_was_awaited(seed, players):
    rng = random.Random(seed)
    history = new_history(rng, players)
    for _ in range(400):
        state = history.state
        waiting = GAME.public_view(state)["awaiting"]
        if state.phase == OVER:
            assert waiting == []
            return
        assert waiting and all(w["commands"] for w in waiting)
        command, _ = play_step(history, rng)
        if command.type not in CORRECTIONS:
            answers = [w["commands"] for w in waiting if w["player"] == command.player]
            assert answers and command.type in answers[0], (command, waiting)
