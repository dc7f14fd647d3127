"""Schatzjagd rules one area at a time: setup, the turn, travel, cards turned up, fights, death, the
city, clamping, poison, the prince's card, drawing and Grandlin's catharsis, the teleportal, plunder,
victory. Every number expected here is worked out from the rules in the comment beside it; every
refusal names its rule and leaves the state as it was."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pydantic import ValidationError

from engines.core.correction import Correct
from engines.core.errors import RuleViolation
from engines.core.history import History
from engines.schatzjagd import GAME, Setup
from engines.schatzjagd import events as ev
from engines.schatzjagd.commands import (
    CastSpell,
    Challenge,
    Dig,
    EndTurn,
    Exchange,
    Flee,
    Healer,
    HideTreasure,
    Inn,
    PickUp,
    PlaceCard,
    Plunder,
    Relocate,
    RemoveCard,
    Reveal,
    School,
    Smith,
    Teleport,
    Travel,
    UseSpecial,
)
from engines.schatzjagd.rules import CARD_TYPES, UNSEEN, Effect, Victory, parse_effect
from engines.schatzjagd.state import CATHARSIS, OVER, PLAY, BoardCard, Loose, Turn

# ------------------------------------------------------------------------------ helpers


def game(*colours: str, **settings) -> History:
    """A fresh play; red and blue unless told otherwise, seated in the order given."""
    colours = colours or ("red", "blue")
    return History(GAME, Setup(players=[{"name": c.title(), "colour": c} for c in colours], **settings))


def refused(history: History, command, rule: str) -> RuleViolation:
    before, length = history.state, len(history.entries)
    with pytest.raises(RuleViolation) as error:
        history.apply(command)
    assert error.value.rule == rule, error.value
    assert history.state == before and len(history.entries) == length
    return error.value


def fix(history: History, counter: str, value: int) -> None:
    """Set a henchman's value by hand (a correction), to prepare a situation."""
    history.apply(Correct(counter, value, "prepared for the test"))


def stay(history: History) -> None:
    colour = history.state.current
    history.apply(Travel(colour, 1, history.state.henchman(colour).place))


def pass_turn(history: History) -> None:
    stay(history)
    history.apply(EndTurn(history.state.current))


def slot(history: History, field: str) -> int:
    """The current prince stays home, slots a card into ``field`` and ends the turn; the card's id."""
    stay(history)
    history.apply(PlaceCard(history.state.current, field))
    card = history.state.next_card - 1
    history.apply(EndTurn(history.state.current))
    return card


def visit(history: History, field: str, card: str, **printed) -> tuple:
    """Red slots a card into ``field``; blue walks there and turns it up. The reveal's events."""
    assert history.state.current == "red"
    slot(history, field)
    history.apply(Travel("blue", 4, field))
    return history.apply(Reveal("blue", card, **printed))


def lost(events, colour: str, counter: str) -> int:
    return sum(e.lost for e in events if e.type == "counter-changed" and e.player == colour and e.counter == counter)


def values(history: History, colour: str) -> tuple[int, int, int, int, int]:
    p = history.state.henchman(colour)
    return p.life, p.gold, p.strength, p.weapons, p.poison


def life(n: int) -> tuple[Effect, ...]:
    return (Effect("life", "sub", n),)


# ------------------------------------------------------------------------------ setup


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"players": [{"name": "A", "colour": "red"}]}, "2 to 4 players, not 1"),
        (
            {"players": [{"name": n, "colour": c} for n, c in zip("ABCDE", ("red",) * 5, strict=True)]},
            "2 to 4 players, not 5",
        ),
        ({"players": [{"name": "A", "colour": "red"}, {"name": "B", "colour": "red"}]}, "two players chose the red"),
        ({"players": [{"name": "A", "colour": "red"}, {"name": "B", "colour": "pink"}]}, "Input should be"),
        ({"victory": {"kinds": ["crown", "diamond"]}}, "no treasure kind diamond"),
        ({"victory": {"kinds": ["orb"] * 5}}, "more treasures of a kind than there are"),
        ({"victory": {"treasures": 3, "same_kind": 2}}, "one victory condition"),
        ({"victory": {"same_kind": 5}}, "no treasure kind has that many"),
        ({"victory": {"different_kinds": 4}}, "only 3 kinds"),
        ({"victory": {"treasures": 13}}, "less than or equal to 12"),
        ({"treasure_kinds": {"crown": 4, "chalice": 4, "orb": 3}}, "add up to 11 cards, not 12"),
        ({"treasure_kinds": {"crown": 6, "chalice": 7}}, "add up to 13 cards, not 12"),
        ({"treasure_kinds": {"crown": 12, "orb": 0}}, "at least one card"),
        ({"first": "green"}, "nobody plays green"),
        ({"regions": {2: "red", 3: "red", 4: "blue", 5: "green"}}, "2, 3, 4 and 5"),
    ],
)
def test_a_setup_the_rules_do_not_allow_is_refused_in_words(data, words):
    document = {"players": [{"name": "Anna", "colour": "red"}, {"name": "Ben", "colour": "blue"}], **data}
    with pytest.raises(ValidationError) as error:
        Setup.model_validate(document)
    assert words in str(error.value)


@pytest.mark.parametrize(("count", "guide"), [(2, 6), (3, 4), (4, 3)])
def test_every_henchman_starts_at_home_and_the_guide_victory_is_twelve_by_players(count, guide):
    colours = ("red", "yellow", "blue", "green")[:count]
    state = game(*colours).state
    assert state.options.victory == Victory(treasures=guide)
    assert state.draw == 122 - 4 * count  # four cards for every prince
    assert state.treasure_stack == (4, 4, 4) and state.kinds == ("crown", "chalice", "orb")
    for p in state.players:
        assert p.place == f"castle-{p.colour}"
        assert (p.life, p.gold, p.strength, p.weapons, p.poison) == (15, 5, 2, 0, 0)
        assert p.hand == 4 and p.treasures == () and p.hidden == ()
    assert state.current == colours[0] and state.day == 1 and state.phase == PLAY


def test_the_winner_of_the_roll_begins_then_clockwise_and_a_day_is_a_round():
    h = game("red", "yellow", "blue", first="yellow")
    assert h.state.colours == ("yellow", "blue", "red")
    seen = []
    for _ in range(7):
        seen.append((h.state.current, h.state.day))
        pass_turn(h)
    assert seen == [
        ("yellow", 1), ("blue", 1), ("red", 1),
        ("yellow", 2), ("blue", 2), ("red", 2),
        ("yellow", 3),
    ]  # fmt: skip


# ------------------------------------------------------------------------------ the turn


def test_a_turn_begins_with_one_journey_by_the_player_whose_turn_it_is():
    h = game()
    refused(h, EndTurn("red"), "turn.travel-first")
    refused(h, PickUp("red"), "turn.travel-first")
    refused(h, PlaceCard("red", "C3"), "turn.travel-first")
    refused(h, Travel("blue", 3, "C3"), "turn.not-yours")
    refused(h, Travel("green", 3, "C3"), "player.absent")
    refused(h, Travel("red", 0, "C3"), "die.range")
    refused(h, Travel("red", 7, "C3"), "die.range")
    refused(h, Travel("red", 3, "somewhere"), "travel.place")
    refused(h, Travel("red", 3, "castle-green"), "travel.place")  # nobody plays green
    h.apply(Travel("red", 3, "c3"))  # a field written in lower case is the same field
    assert h.state.henchman("red").place == "C3"
    refused(h, Travel("red", 2, "C4"), "travel.once")
    h.apply(EndTurn("red"))
    assert h.state.current == "blue"


def test_the_city_and_a_rival_castle_open_the_turn_after_a_night_on_a_field_before_their_walls():
    h = game()
    refused(h, Travel("red", 6, "inn"), "travel.city-gate")
    refused(h, Travel("red", 6, "city"), "travel.city-gate")
    error = refused(h, Travel("red", 6, "castle-blue"), "travel.castle-gate")
    assert "a night before the walls first" in str(error)  # the rule, not a guess at what was meant
    refused(h, Travel("red", 6, "city-gate"), "travel.place")  # the places before the walls are fields
    refused(h, Travel("red", 6, "gate-blue"), "travel.place")
    refused(h, Travel("red", 6, "inn", "city"), "travel.before")  # only a field lies before the walls
    refused(h, Travel("red", 6, "H8", "castle-green"), "travel.place")  # nobody plays green
    refused(h, Travel("red", 6, "H8", "the moon"), "travel.place")
    h.apply(Travel("red", 6, "h8", "City"))
    assert (h.state.henchman("red").place, h.state.henchman("red").before) == ("H8", "city")
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 6, "B2", "castle-red"))
    h.apply(EndTurn("blue"))
    h.apply(Travel("red", 2, "smith"))  # inside the walls the henchman walks where it likes
    assert h.state.henchman("red").before is None
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 1, "castle-red"))
    h.apply(EndTurn("blue"))
    h.apply(Travel("red", 3, "castle-red"))  # the own castle is entered straight away, from anywhere
    h.apply(EndTurn("red"))
    refused(h, Travel("blue", 1, "inn"), "travel.city-gate")  # the night before the walls does not last
    assert [p.place for p in h.state.players] == ["castle-red", "castle-red"]


def test_a_night_before_one_wall_opens_only_that_one_and_a_stay_can_name_the_walls():
    h = game()
    h.apply(Travel("red", 6, "H8", "city"))
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 6, "C3"))
    h.apply(EndTurn("blue"))
    refused(h, Travel("red", 6, "castle-blue"), "travel.castle-gate")
    h.apply(Travel("red", 1, "H8"))  # staying keeps the field's walls
    assert h.state.henchman("red").before == "city"
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 1, "C3", "castle-red"))  # the table names the walls of the field stayed on
    h.apply(EndTurn("blue"))
    h.apply(Travel("red", 1, "inn"))
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 1, "castle-red"))
    assert h.state.henchman("blue").place == "castle-red"


def test_henchmen_before_the_walls_meet_only_on_the_same_field_and_an_owner_may_stand_before_his_castle():
    h = game()
    h.apply(Travel("red", 6, "H8", "city"))
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 6, "J9", "city"))
    refused(h, Challenge("blue", "red"), "fight.not-here")  # two gates of the city, two fields
    h.apply(EndTurn("blue"))
    h.apply(Travel("red", 6, "P3", "castle-blue"))
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 6, "P3", "castle-blue"))
    h.apply(Challenge("blue", "red"))
    assert h.state.fight is not None


def test_a_henchman_recorded_at_an_older_journals_gate_still_enters():
    h = game()
    h.apply(Relocate("red", "B2", "set down by hand", before="castle-blue"))
    assert h.state.henchman("red").before == "castle-blue"
    stay(h)
    h.apply(EndTurn("red"))
    pass_turn(h)
    legacy = ev.Travelled("red", 6, "B2", "city-gate")  # as older journals recorded it
    state = GAME.evolve(h.state, legacy)
    GAME.check(state)
    assert state.henchman("red").place == "city-gate"
    assert GAME.decide(replace(state, turn=Turn()), Travel("red", 2, "inn"))


# ------------------------------------------------------------------------------ cards turned up


def test_a_weapon_adds_its_points_and_goes_to_the_discard_pile():
    h = game()
    events = visit(h, "C3", "weapon", value=4)
    assert values(h, "blue") == (15, 5, 2, 4, 0)
    assert h.state.board == () and h.state.discard[CARD_TYPES.index("weapon")] == 1
    assert [e.type for e in events] == ["card-revealed", "card-discarded", "counter-changed"]


def test_a_potion_and_a_trap_act_at_once_and_go_to_the_discard_pile():
    h = game()
    visit(h, "C3", "trap", effects=(parse_effect("life-4"), parse_effect("poison=1")))
    assert values(h, "blue") == (11, 5, 2, 0, 1)  # 15 - 4; poisoned with 1 a day
    h.apply(EndTurn("blue"))
    visit(h, "C4", "potion", effects=(parse_effect("strength+2"), parse_effect("gold/2")))
    # blue's turn began with the poison: 11 - 1 = 10; then strength 2 + 2 = 4, gold 5 // 2 = 2
    assert values(h, "blue") == (10, 2, 4, 0, 1)
    assert h.state.discard[CARD_TYPES.index("trap")] == 1 and h.state.discard[CARD_TYPES.index("potion")] == 1


def test_a_spell_or_map_found_goes_into_the_hand_and_a_special_stays():
    h = game()
    visit(h, "C3", "spell")
    assert h.state.henchman("blue").cards == 5 and h.state.board == ()
    assert h.state.discard_total == 0  # taken into the hand, not thrown away
    h.apply(CastSpell("blue", "blue", ()))  # the found spell may be played at once
    h.apply(EndTurn("blue"))
    card = slot(h, "C4")
    h.apply(Travel("blue", 1, "C4"))
    h.apply(Reveal("blue", "special", effects=(parse_effect("life+2"),), name="Fountain"))
    assert h.state.card(card).kind == "special" and h.state.card(card).name == "fountain"


def test_a_face_down_card_must_be_turned_up_and_entered_with_numbers_its_type_has():
    h = game()
    slot(h, "C3")
    refused(h, Reveal("blue", "weapon", 3), "card.nothing-to-reveal")  # blue's henchman is still at home
    h.apply(Travel("blue", 2, "C3"))
    for command in (EndTurn("blue"), PickUp("blue"), PlaceCard("blue", "D3")):
        refused(h, command, "card.reveal-first")
    for command in (
        Reveal("blue", "weapon", 0),
        Reveal("blue", "weapon", 7),
        Reveal("blue", "monster", 1),
        Reveal("blue", "monster", 21),
        Reveal("blue", "potion"),
        Reveal("blue", "trap", 2, effects=life(1)),
        Reveal("blue", "map", effects=life(1)),
        Reveal("blue", "weapon", 2, name="sword"),
    ):
        refused(h, command, "card.numbers")
    h.apply(Reveal("blue", "weapon", 6))
    refused(h, Reveal("blue", "weapon", 2), "card.nothing-to-reveal")


def test_no_more_cards_of_a_type_can_be_face_up_than_the_game_has():
    h = game()
    for i in range(14):  # the fourteen spells, shown one after the other
        h.apply(CastSpell(h.state.current, h.state.current, ()))
        stay(h)
        h.apply(EndTurn(h.state.current))
        assert h.state.discard[CARD_TYPES.index("spell")] == i + 1
    stay(h)
    refused(h, CastSpell(h.state.current, h.state.current, ()), "card.composition")


# ------------------------------------------------------------------------------ fights


def monster_fight(power: int, reward: str = "") -> tuple[History, int]:
    """Red slots a card into C3; blue walks there and turns up a monster of ``power``."""
    h = game()
    card = slot(h, "C3")
    h.apply(Travel("blue", 4, "C3"))
    effects = (parse_effect(reward),) if reward else ()
    events = h.apply(Reveal("blue", "monster", power, effects=effects))
    assert events[-1] == ev.FightBegan("blue", monster=card, monster_life=15, field="C3")
    return h, card


def test_an_exchange_with_a_monster_wounds_the_weaker_blow_and_wears_the_henchmans_weapons():
    h, card = monster_fight(8, "gold+3")
    h.apply(Exchange("blue", 5, 2))  # blue 2 + 0 + 5 = 7, monster 8 + 2 = 10: blue loses 3
    assert values(h, "blue") == (12, 5, 2, 0, 0) and h.state.fight.monster_life == 15
    fix(h, "blue.weapons", 4)
    h.apply(Exchange("blue", 6, 1))  # blue 2 + 4 + 6 = 12, monster 9: the monster loses 3; wear 4 -> 3
    assert h.state.fight.monster_life == 12 and values(h, "blue") == (12, 5, 2, 3, 0)
    events = h.apply(Exchange("blue", 4, 1))  # blue 2 + 3 + 4 = 9 = monster 8 + 1: nobody is hurt; wear 3 -> 2
    assert [e.type for e in events] == ["exchanged", "counter-changed"]
    assert events[0] == ev.Exchanged("blue", 4, 1, 9, 9, monster=card)
    assert h.state.fight.monster_life == 12 and values(h, "blue") == (12, 5, 2, 2, 0)
    assert h.state.card(card).value == 8  # a monster's power never wears
    fix(h, "blue.strength", 15)
    events = h.apply(Exchange("blue", 6, 1))  # 15 + 2 + 6 = 23 against 9: 14 more than the 12 left
    assert ev.MonsterWounded(card, 12, 0, "C3") in events and ev.FightEnded("slain") in events
    assert h.state.fight is None and h.state.board == ()
    assert h.state.discard[CARD_TYPES.index("monster")] == 1
    assert values(h, "blue") == (12, 8, 15, 1, 0)  # the reward gold+3; the last exchange wore 2 -> 1


def test_a_duel_wounds_by_the_difference_and_wears_both_henchmens_weapons():
    h = game()
    h.apply(Travel("red", 4, "D4"))
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 4, "D4"))
    fix(h, "blue.weapons", 3)
    fix(h, "red.weapons", 1)
    refused(h, Challenge("blue", "blue"), "fight.self")
    h.apply(Challenge("blue", "red"))
    refused(h, EndTurn("blue"), "fight.under-way")
    refused(h, Exchange("red", 3, 3), "fight.whose-exchange")
    h.apply(Exchange("blue", 2, 6))  # blue 2 + 3 + 2 = 7, red 2 + 1 + 6 = 9: blue loses 2
    assert values(h, "blue") == (13, 5, 2, 2, 0) and values(h, "red") == (15, 5, 2, 0, 0)
    h.apply(Exchange("blue", 6, 1))  # blue 2 + 2 + 6 = 10, red 2 + 0 + 1 = 3: red loses 7; only blue is armed
    assert values(h, "blue") == (13, 5, 2, 1, 0) and values(h, "red") == (8, 5, 2, 0, 0)
    assert h.state.fight.exchanges == 2


def test_fleeing_takes_one_more_blow_against_the_power_and_wears_only_the_strikers_weapons():
    h = game()
    h.apply(Travel("red", 4, "D4"))
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 4, "D4"))
    fix(h, "red.weapons", 3)
    fix(h, "blue.weapons", 2)
    h.apply(Challenge("blue", "red"))
    events = h.apply(Flee("blue", 4))  # red 2 + 3 + 4 = 9 against blue's power 2 + 2 = 4: blue loses 5
    assert events[0] == ev.Fled("blue", 4, 9, 4, opponent="red")
    assert values(h, "blue") == (10, 5, 2, 2, 0) and values(h, "red") == (15, 5, 2, 2, 0)
    assert h.state.fight is None
    refused(h, Challenge("blue", "red"), "turn.henchman-done")  # its flight ended the henchman's day
    h.apply(EndTurn("blue"))


def test_the_challenged_henchman_may_flee_and_a_weak_last_blow_wounds_nobody():
    h = game()
    h.apply(Travel("red", 4, "D4"))
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 4, "D4"))
    fix(h, "red.weapons", 6)
    h.apply(Challenge("blue", "red"))
    refused(h, Flee("yellow", 3), "player.absent")
    h.apply(Flee("red", 3))  # blue 2 + 0 + 3 = 5 against red's power 2 + 6 = 8: nothing lost
    assert values(h, "red") == (15, 5, 2, 6, 0) and values(h, "blue") == (15, 5, 2, 0, 0)
    refused(h, Challenge("blue", "red"), "fight.once")  # once per opponent and turn
    refused(h, Exchange("blue", 3, 3), "fight.none")


def test_a_monster_fled_from_is_slotted_back_face_down_and_attacks_again_when_the_henchman_stays():
    h, card = monster_fight(8, "gold+3")
    events = h.apply(Flee("blue", 3))  # monster 8 + 3 = 11 against blue's power 2: blue loses 9
    assert ev.FightEnded("flight") in events and values(h, "blue") == (6, 5, 2, 0, 0)
    assert events[-1] == ev.CardTurnedDown(card, "C3")  # book 10.3: slotted back where it lay
    kept = h.state.card(card)
    assert kept.field == "C3" and kept.face_down and (kept.kind, kept.value) == ("monster", 8)  # the referee's
    face_down_only(h, "C3")
    h.apply(EndTurn("blue"))
    pass_turn(h)
    face_down_only(h, "C3")
    events = h.apply(Travel("blue", 1, "C3"))  # staying: turned up again, it attacks at full life again
    effects = (parse_effect("gold+3"),)
    assert list(events[1:]) == [
        ev.CardRevealed("blue", card, "monster", 8, effects, "", "C3"),
        ev.FightBegan("blue", monster=card, monster_life=15, field="C3"),
    ]
    shown = GAME.public_view(h.state)["board"]
    assert shown == [{"field": "C3", "face_down": False, "kind": "monster", "value": 8, "effects": ["gold+3"],
                      "name": ""}]  # fmt: skip
    fix(h, "blue.weapons", 10)
    h.apply(Flee("blue", 1))  # 8 + 1 = 9 against 2 + 10 = 12: no wound; the fleeing weapons do not wear
    assert values(h, "blue") == (6, 5, 2, 10, 0)
    assert h.state.card(card).face_down


def test_a_monster_slotted_back_attacks_the_next_henchman_that_stops_there_with_its_full_life():
    h, card = monster_fight(5)
    h.apply(Exchange("blue", 6, 1))  # blue 2 + 6 = 8, monster 5 + 1 = 6: the monster loses 2, 13 left
    assert h.state.fight.monster_life == 13
    h.apply(Flee("blue", 1))  # 5 + 1 = 6 against 2: blue loses 4
    h.apply(EndTurn("blue"))
    refused(h, Reveal("red", "weapon", 3), "card.nothing-to-reveal")  # nothing to enter: the referee knows it
    events = h.apply(Travel("red", 3, "C3"))
    assert [e.type for e in events] == ["travelled", "card-revealed", "fight-began"]
    assert events[-1] == ev.FightBegan("red", monster=card, monster_life=15, field="C3")
    assert not h.state.card(card).face_down


def test_the_treasures_a_monster_guards_lie_beside_a_face_down_card_once_it_is_slotted_back():
    h, card = monster_fight(8)
    s = replace(h.state, loose=(Loose("C3", "crown", card),))  # a treasure it guards (from an earlier kill)
    assert GAME.public_view(s)["loose"] == [{"place": "C3", "guarded": True}]
    for event in GAME.decide(s, Flee("blue", 1)):
        s = GAME.evolve(s, event)
    assert GAME.public_view(s)["loose"] == [{"place": "C3", "guarded": False}]  # nothing says a monster is there
    assert s.loose == (Loose("C3", "crown", card),)  # the referee knows it guards the treasure still


def face_down_only(h: History, field: str) -> None:
    """The public view and every prince's own view show a face-down card on ``field`` and nothing
    of what it is; the game log's entries since say nothing of it either."""
    views = [GAME.public_view(h.state), *(GAME.player_view(h.state, c) for c in h.state.colours)]
    for view in views:
        assert [c for c in view["board"] if c["field"] == field] == [{"field": field, "face_down": True}]
        assert view["fight"] is None


def test_no_fights_in_the_city():
    h = game()
    for field in ("H8", "J9"):  # both stop before the walls
        h.apply(Travel(h.state.current, 6, field, "city"))
        h.apply(EndTurn(h.state.current))
    h.apply(Travel("red", 1, "inn"))
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 1, "inn"))
    refused(h, Challenge("blue", "red"), "fight.city")
    h.apply(Inn("blue"))
    assert h.state.henchman("blue").gold == 7


# ------------------------------------------------------------------------------ death


def test_a_henchman_killed_in_a_duel_gives_its_treasures_and_all_its_gold_to_the_killer():
    h = game()
    h.apply(Travel("red", 3, "B2"))
    h.apply(Dig("red", "B2", "crown"))
    h.apply(EndTurn("red"))  # 3 cards and the crown: four, nothing drawn
    assert h.state.draw == 114
    h.apply(Travel("blue", 5, "B2"))
    h.apply(Challenge("blue", "red"))
    fix(h, "red.life", 3)
    fix(h, "red.gold", 12)
    events = h.apply(Exchange("blue", 6, 1))  # blue 2 + 6 = 8, red 2 + 1 = 3: 5 wounds, 3 life left
    assert ev.HenchmanDied("red", "B2", killer="blue", cause="fight") in events
    assert ev.HandDiscarded("red", 3) in events
    assert ev.TreasuresTaken("red", "blue", ("crown",)) in events
    assert lost(events, "red", "life") == 2 and lost(events, "blue", "gold") == 2  # 5 + 12 = 17 -> 15
    red, blue = h.state.henchman("red"), h.state.henchman("blue")
    assert (red.place, red.life, red.gold, red.strength, red.weapons, red.poison) == ("castle-red", 15, 5, 2, 0, 0)
    assert red.hand == 0 and red.deaths == 1 and blue.treasures == ("crown",) and blue.gold == 15
    assert h.state.discard[UNSEEN] == 3 and h.state.fight is None and h.state.loose == ()
    # blue holds 4 cards and a crown: one card must be played before the turn ends
    refused(h, EndTurn("blue"), "hand.over-four")
    h.apply(PlaceCard("blue", "E5"))
    events = h.apply(EndTurn("blue"))
    assert [e for e in events if e.type == "cards-drawn"] == [ev.CardsDrawn("red", 4)]


def test_a_henchman_killed_by_a_monster_leaves_its_treasures_guarded_until_the_monster_is_beaten():
    h = game()
    h.apply(Travel("red", 3, "B2"))
    h.apply(Dig("red", "B2", "orb"))
    h.apply(EndTurn("red"))
    card = slot(h, "C3")  # blue's card
    h.apply(Travel("red", 2, "C3"))
    h.apply(Reveal("red", "monster", 12, effects=(parse_effect("strength+1"),)))
    fix(h, "red.life", 4)
    events = h.apply(Exchange("red", 1, 6))  # red 2 + 1 = 3 against 12 + 6 = 18
    assert ev.HenchmanDied("red", "C3", monster=card, cause="fight", field="C3") in events
    assert ev.TreasuresDropped("red", "C3", ("orb",), guard=card, field="C3") in events
    assert h.state.loose_at("C3")[0].guard == card and h.state.henchman("red").treasures == ()
    refused(h, Travel("red", 2, "C2"), "henchman.dead")
    refused(h, PickUp("red", ("orb",)), "henchman.dead")
    h.apply(EndTurn("red"))  # a dead henchman's turn ends without a journey; the prince draws 4
    assert h.state.henchman("red").hand == 4
    h.apply(Travel("blue", 4, "C3"))  # the monster attacks the next visitor
    assert h.state.fight is not None and h.state.fight.monster == card
    refused(h, PickUp("blue", ("orb",)), "fight.under-way")
    fix(h, "blue.strength", 15)
    h.apply(Exchange("blue", 6, 1))  # 15 + 0 + 6 = 21 against 12 + 1 = 13: 8 wounds, 7 left
    assert h.state.fight.monster_life == 7
    events = h.apply(Exchange("blue", 6, 1))  # 8 more wounds
    assert ev.TreasuresPickedUp("blue", "C3", ("orb",)) in events
    assert h.state.henchman("blue").treasures == ("orb",) and h.state.loose == ()
    assert h.state.henchman("blue").strength == 15  # the reward strength+1 is lost above 15
    assert lost(events, "blue", "strength") == 1


def test_a_slain_monster_guards_nothing_even_if_a_free_treasure_of_the_same_kind_lay_beside():
    """The slayer takes the treasures the monster guarded, by kind; a free orb beside a guarded one
    is alike, so the one left lying may be either: once the card is discarded it is free."""
    h = game()
    s = h.state
    monster = BoardCard(1, "C3", "blue", "monster", 12)
    loose = (Loose("C3", "orb"), Loose("C3", "orb", guard=1))
    s = replace(s, board=(monster,), next_card=2, draw=s.draw - 1, loose=loose, treasure_stack=(4, 4, 2))
    GAME.check(s)
    for event in (ev.TreasuresPickedUp("red", "C3", ("orb",)), ev.CardDiscarded(1)):
        s = GAME.evolve(s, event)
        GAME.check(s)
    assert s.loose == (Loose("C3", "orb"),) and s.henchman("red").treasures == ("orb",)


def test_a_trap_that_kills_leaves_the_treasures_free_for_the_next_one_to_come():
    h = game()
    h.apply(Travel("red", 3, "B2"))
    h.apply(Dig("red", "B2", "chalice"))
    h.apply(EndTurn("red"))
    slot(h, "C3")
    h.apply(Travel("red", 2, "C3"))
    events = h.apply(Reveal("red", "trap", effects=(parse_effect("life-20"), parse_effect("gold+5"))))
    assert ev.TreasuresDropped("red", "C3", ("chalice",)) in events
    assert not any(e.type == "counter-changed" and e.counter == "gold" for e in events)  # dead before the gold
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 3, "C3"))
    refused(h, PickUp("blue"), "treasure.which")
    h.apply(PickUp("blue", ("chalice",)))
    assert h.state.henchman("blue").treasures == ("chalice",) and h.state.loose == ()
    refused(h, PickUp("blue", ("chalice",)), "treasure.none-here")


def test_a_pick_up_takes_the_treasures_named_as_far_as_the_hand_limit_allows():
    h = game("red", "blue", treasure_kinds={"crown": 6, "orb": 6})
    h.apply(Travel("red", 3, "B2"))
    h.apply(Dig("red", "B2", "crown"))
    h.apply(EndTurn("red"))
    slot(h, "C3")
    h.apply(Travel("red", 3, "B3"))
    h.apply(Dig("red", "B3", "orb"))
    h.apply(EndTurn("red"))
    pass_turn(h)
    h.apply(Travel("red", 2, "C3"))
    h.apply(Reveal("red", "trap", effects=life(15)))  # crown and orb lie free on C3
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 3, "C3"))
    refused(h, PickUp("blue", ("crown", "crown")), "treasure.none-here")  # one crown lies there
    error = refused(h, PickUp("blue", ("crown", "orb")), "treasure.hand-limit")  # 4 cards, one still to play
    assert "crown" not in str(error) and "1 treasure fits" in str(error)
    events = h.apply(PickUp("blue", ("orb",)))
    assert events == (ev.TreasuresPickedUp("blue", "C3", ("orb",)),)
    assert [t.kind for t in h.state.loose_at("C3")] == ["crown"]
    refused(h, PickUp("blue", ("crown",)), "treasure.hand-limit")  # five cards: no more
    h.apply(PlaceCard("blue", "D5"))
    refused(h, PickUp("blue", ("crown",)), "turn.henchman-done")


# ------------------------------------------------------------------------------ poison


def test_poison_costs_its_daily_amount_at_the_start_of_the_own_turn_and_can_kill():
    h = game()
    visit(h, "C3", "trap", effects=(parse_effect("poison=2"),))
    assert values(h, "blue") == (15, 5, 2, 0, 2)
    h.apply(EndTurn("blue"))
    assert values(h, "blue")[0] == 15  # red's turn: no loss
    h.apply(Travel("red", 1, "castle-red"))
    events = h.apply(EndTurn("red"))
    assert events[-1] == ev.CounterChanged("blue", "life", 15, 13, 0, "poison")
    h.apply(Travel("blue", 3, "B2"))
    h.apply(Dig("blue", "B2", "orb"))
    fix(h, "blue.life", 1)
    h.apply(EndTurn("blue"))
    h.apply(Travel("red", 1, "castle-red"))
    events = h.apply(EndTurn("red"))  # blue's turn begins: 1 - 2 -> 0, lost 1
    assert ev.HenchmanDied("blue", "B2", cause="poison") in events
    assert ev.TreasuresDropped("blue", "B2", ("orb",)) in events
    assert values(h, "blue") == (15, 5, 2, 0, 0) and h.state.turn.died
    h.apply(EndTurn("blue"))


def test_a_weaker_poisoning_never_lowers_the_daily_loss_already_running():
    h = game()
    visit(h, "C3", "trap", effects=(parse_effect("poison=2"),))
    h.apply(CastSpell("blue", "blue", (parse_effect("poison=1"),)))
    assert values(h, "blue")[4] == 2  # the stronger loss stays
    h.apply(EndTurn("blue"))
    events = h.apply(CastSpell("red", "blue", (parse_effect("life-1"), parse_effect("poison=3"))))
    assert events[-1] == ev.CounterChanged("blue", "poison", 2, 3, 0, "spell")
    h.apply(Travel("red", 1, "castle-red"))
    h.apply(EndTurn("red"))
    assert values(h, "blue")[:1] == (11,) and values(h, "blue")[4] == 3  # 15 - 1 - 3
    fix(h, "blue.poison", 1)  # a correction sets any value
    assert values(h, "blue")[4] == 1


def test_the_healer_cures_poison_for_five_gold_and_heals_three_life_per_gold():
    h = into_the_city("healer")
    fix(h, "red.life", 7)
    fix(h, "red.gold", 9)
    refused(h, Healer("red"), "healer.nothing")
    refused(h, Healer("red", cure=True), "healer.not-poisoned")
    refused(h, Healer("red", heal=4), "healer.too-much")  # 3 gold bring 7 to 16 -> 15 already
    fix(h, "red.poison", 1)
    fix(h, "red.gold", 7)
    refused(h, Healer("red", cure=True, heal=3), "shop.gold")  # 5 + 3 = 8 > 7
    events = h.apply(Healer("red", cure=True, heal=2))  # 7 gold: 7 + 6 = 13 life, cured
    assert values(h, "red") == (13, 0, 2, 0, 0) and lost(events, "red", "life") == 0
    refused(h, Healer("red", heal=1), "city.one-business")


def test_the_healer_refuses_to_heal_full_life_and_rounds_the_last_gold_up():
    h = into_the_city("healer")
    refused(h, Healer("red", heal=1), "healer.full-life")
    fix(h, "red.life", 14)
    events = h.apply(Healer("red", heal=1))  # one gold for 1 missing life point: 17 -> 15, 2 lost
    assert values(h, "red") == (15, 4, 2, 0, 0) and lost(events, "red", "life") == 2


# ------------------------------------------------------------------------------ the city


def into_the_city(shop: str) -> History:
    """Red waits a night before the city's walls and walks to ``shop`` the next day (blue stays home)."""
    h = game()
    h.apply(Travel("red", 5, "H8", "city"))
    h.apply(EndTurn("red"))
    pass_turn(h)
    h.apply(Travel("red", 2, shop))
    return h


def test_the_inn_pays_two_gold_one_business_a_day_at_the_shop_where_the_henchman_stopped():
    h = into_the_city("inn")
    refused(h, School("red"), "city.not-at-shop")
    refused(h, Smith("red", 1), "city.not-at-shop")
    h.apply(Inn("red"))
    assert h.state.henchman("red").gold == 7
    refused(h, Inn("red"), "city.one-business")
    h.apply(EndTurn("red"))
    pass_turn(h)
    refused(h, Inn("red"), "turn.travel-first")
    stay(h)
    fix(h, "red.gold", 15)
    refused(h, Inn("red"), "inn.at-15")  # as at the school and the smith: nothing to earn at 15
    fix(h, "red.gold", 14)
    events = h.apply(Inn("red"))  # 14 + 2 = 16 -> 15, one gold lost
    assert h.state.henchman("red").gold == 15 and lost(events, "red", "gold") == 1


def test_the_school_sells_one_strength_for_three_gold():
    h = into_the_city("school")
    fix(h, "red.gold", 2)
    refused(h, School("red"), "shop.gold")
    fix(h, "red.strength", 15)
    fix(h, "red.gold", 9)
    refused(h, School("red"), "school.at-15")
    fix(h, "red.strength", 4)
    h.apply(School("red"))
    assert values(h, "red") == (15, 6, 5, 0, 0)


def test_the_smith_sells_weapon_points_for_a_gold_each_up_to_fifteen():
    h = into_the_city("smith")
    fix(h, "red.gold", 0)
    refused(h, Smith("red"), "shop.gold")
    fix(h, "red.gold", 4)
    refused(h, Smith("red", 5), "shop.gold")
    fix(h, "red.weapons", 15)
    refused(h, Smith("red"), "smith.at-15")
    fix(h, "red.weapons", 13)
    refused(h, Smith("red", 3), "smith.over-15")
    h.apply(Smith("red"))  # as much as the purse and 15 allow: 2 points for 2 gold
    assert values(h, "red") == (15, 2, 2, 15, 0)


def test_the_smith_sells_the_amount_asked_for():
    h = into_the_city("smith")
    h.apply(Smith("red", 3))
    assert values(h, "red") == (15, 2, 2, 3, 0)


# ------------------------------------------------------------------------------ clamping


@pytest.mark.parametrize(
    ("prepare", "card", "printed", "expected", "swallowed"),
    [
        (("blue.life", 12), "potion", {"effects": (parse_effect("life+5"),)}, ("life", 15), 2),
        (("blue.life", 15), "potion", {"effects": (parse_effect("life+20"),)}, ("life", 15), 20),
        (("blue.gold", 5), "trap", {"effects": (parse_effect("gold-8"),)}, ("gold", 0), 3),
        (("blue.weapons", 12), "weapon", {"value": 6}, ("weapons", 15), 3),
        (("blue.strength", 5), "trap", {"effects": (parse_effect("strength/2"),)}, ("strength", 2), 0),
        (("blue.gold", 5), "potion", {"effects": (parse_effect("gold=15"),)}, ("gold", 15), 0),
    ],
)
def test_values_stay_within_0_and_15_and_what_the_limits_swallow_is_recorded(
    prepare, card, printed, expected, swallowed
):
    h = game()
    slot(h, "C3")
    h.apply(Travel("blue", 4, "C3"))
    counter, value = prepare
    if h.state.henchman("blue").value(counter.split(".")[1]) != value:
        fix(h, counter, value)
    events = h.apply(Reveal("blue", card, **printed))
    counter, value = expected
    assert h.state.henchman("blue").value(counter) == value
    assert lost(events, "blue", counter) == swallowed


# ------------------------------------------------------------------------------ the prince's card


def test_one_card_a_turn_and_a_spell_may_come_before_the_journey():
    h = game()
    fix(h, "red.life", 12)
    h.apply(CastSpell("red", "red", (parse_effect("life+3"),)))
    assert values(h, "red")[0] == 15 and h.state.henchman("red").cards == 3
    h.apply(Travel("red", 3, "B2"))
    for command in (
        PlaceCard("red", "C3"),
        CastSpell("red", "blue", life(2)),
        Dig("red", "B2", "crown"),
        HideTreasure("red", "crown"),
    ):
        refused(h, command, "card.one-per-turn")
    h.apply(EndTurn("red"))
    assert h.state.henchman("red").cards == 4


def test_a_card_is_slotted_only_into_a_free_field():
    h = game()
    h.apply(Travel("red", 3, "B2"))
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 3, "C3"))
    h.apply(Dig("blue", "C3", "crown"))
    h.apply(EndTurn("blue"))
    h.apply(Travel("red", 1, "B2"))
    refused(h, PlaceCard("red", "castle-red"), "place.castle")
    refused(h, PlaceCard("red", "castle-blue"), "place.castle")
    refused(h, PlaceCard("red", "inn"), "place.field")
    refused(h, PlaceCard("red", "city-gate"), "place.field")  # an older journal's gate is no field to name
    refused(h, PlaceCard("red", "gate-blue"), "place.field")
    refused(h, PlaceCard("red", "C3"), "place.henchman")
    refused(h, PlaceCard("red", "B2"), "place.henchman")
    h.apply(PlaceCard("red", "D1"))
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 1, "C3"))
    refused(h, PlaceCard("blue", "D1"), "place.occupied")
    fix(h, "blue.life", 0)  # blue's henchman dies on C3; the crown stays there
    assert [(t.place, t.kind) for t in h.state.loose] == [("C3", "crown")]
    h.apply(EndTurn("blue"))
    h.apply(Travel("red", 1, "B2"))
    refused(h, PlaceCard("red", "C3"), "place.treasure")
    h.apply(PlaceCard("red", "C4"))


def test_a_field_before_the_walls_is_a_field_like_any_other():
    h = game()
    h.apply(Travel("red", 6, "H8", "city"))
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 1, "castle-blue"))
    refused(h, PlaceCard("blue", "H8"), "place.henchman")
    h.apply(PlaceCard("blue", "J9"))  # the field before another gate of the city
    h.apply(EndTurn("blue"))
    h.apply(Travel("red", 1, "J9", "city"))
    refused(h, EndTurn("red"), "card.reveal-first")
    h.apply(Reveal("red", "weapon", 2))


def test_a_prince_whose_henchman_died_has_no_card_left_to_play():
    h = game()
    h.apply(Travel("red", 3, "B2"))
    fix(h, "red.life", 0)  # the henchman dies: the hand is discarded
    refused(h, PlaceCard("red", "C3"), "hand.no-card")
    refused(h, CastSpell("red", "red"), "hand.no-card")
    h.apply(EndTurn("red"))


def test_a_spell_wounds_a_fighting_monster_and_can_beat_it():
    h, card = monster_fight(6, "gold+2")
    refused(h, CastSpell("blue", "monster", (parse_effect("gold-3"),)), "spell.target")
    h.apply(CastSpell("blue", "monster", life(5)))  # 15 - 5 = 10
    assert h.state.fight.monster_life == 10
    refused(h, CastSpell("blue", "monster", life(5)), "card.one-per-turn")
    fix(h, "blue.strength", 15)
    events = h.apply(Exchange("blue", 3, 1))  # 15 + 0 + 3 = 18 against 6 + 1 = 7: 11 wounds, 10 left
    assert ev.FightEnded("slain") in events and values(h, "blue")[1] == 7


def test_a_spell_on_no_monster_is_refused():
    h = game()
    refused(h, CastSpell("red", "monster", life(3)), "spell.target")
    refused(h, CastSpell("red", "green", life(3)), "player.absent")


def test_a_rival_prince_whose_spell_kills_takes_the_treasures_and_the_gold():
    h = game()
    pass_turn(h)
    h.apply(Travel("blue", 3, "B2"))
    h.apply(Dig("blue", "B2", "orb"))
    h.apply(EndTurn("blue"))
    fix(h, "blue.life", 3)
    fix(h, "blue.gold", 7)
    events = h.apply(CastSpell("red", "blue", life(5)))
    assert ev.HenchmanDied("blue", "B2", killer="red", cause="spell") in events
    assert ev.TreasuresTaken("blue", "red", ("orb",)) in events
    assert h.state.henchman("red").treasures == ("orb",) and h.state.henchman("red").gold == 12  # 5 + 7
    assert h.state.loose == ()


def test_a_henchman_killed_by_its_own_princes_spell_leaves_its_treasures_where_it_fell():
    h = game()
    h.apply(Travel("red", 3, "B2"))
    h.apply(Dig("red", "B2", "orb"))
    h.apply(EndTurn("red"))
    pass_turn(h)
    fix(h, "red.life", 2)
    events = h.apply(CastSpell("red", "red", life(5)))
    assert ev.TreasuresDropped("red", "B2", ("orb",)) in events
    assert h.state.loose_at("B2")[0].guard is None and h.state.henchman("blue").gold == 5


def test_digging_needs_the_henchman_on_the_maps_field_and_a_treasure_left_of_that_kind():
    h = game(treasure_kinds={"crown": 11, "orb": 1})
    h.apply(Travel("red", 3, "B2"))
    refused(h, Dig("red", "B3", "crown"), "dig.not-there")
    refused(h, Dig("red", "inn", "crown"), "dig.field")
    refused(h, Dig("red", "B2", "chalice"), "treasure.kind")
    h.apply(Dig("red", "B2", "orb"))
    assert h.state.treasure_stack == (11, 0) and h.state.used_maps == 1
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 3, "B4"))
    refused(h, Dig("blue", "B4", "orb"), "treasure.stack-empty")
    h.apply(Dig("blue", "B4", "crown"))


def test_a_treasure_is_hidden_only_at_home():
    h = game(victory={"treasures": 2})
    h.apply(Travel("red", 3, "B2"))
    h.apply(Dig("red", "B2", "crown"))
    h.apply(EndTurn("red"))
    pass_turn(h)
    h.apply(Travel("red", 3, "C2"))
    refused(h, HideTreasure("red", "crown"), "hide.not-home")
    h.apply(EndTurn("red"))
    pass_turn(h)
    h.apply(Travel("red", 3, "castle-red"))
    refused(h, HideTreasure("red", "orb"), "hide.no-treasure")
    events = h.apply(HideTreasure("red", "crown"))
    assert events == (ev.TreasureHidden("red", "crown"),)
    assert h.state.henchman("red").hidden == ("crown",) and h.state.phase == PLAY


# ------------------------------------------------------------------------------ forced play and drawing


def test_a_hand_of_more_than_four_must_play_a_card_before_the_turn_ends():
    h = game()
    visit(h, "C3", "map")
    assert h.state.henchman("blue").hand == 5
    error = refused(h, EndTurn("blue"), "hand.over-four")  # it says what may be played
    assert str(error).startswith("blue holds 5 cards, more than 4: play one before the turn ends — slot a card")
    assert "show a spell or dig with a map of C3" in str(error)
    h.apply(Dig("blue", "C3", "orb"))  # the map found, used at once: 4 cards and the orb
    events = h.apply(EndTurn("blue"))  # still five, but the turn's card was played
    assert h.state.henchman("blue").hand == 5 and not any(e.type == "cards-drawn" for e in events)
    pass_turn(h)
    stay(h)
    refused(h, EndTurn("blue"), "hand.over-four")  # as soon as possible: the next turn
    h.apply(PlaceCard("blue", "D5"))
    events = h.apply(EndTurn("blue"))
    assert h.state.henchman("blue").hand == 4 and not any(e.type == "cards-drawn" for e in events)


def die_and_draw(h: History) -> tuple:
    """The current henchman dies at once (a correction); its prince's cards go to the discard pile
    unseen and the turn ends, so the prince draws 4. The end of the turn's events."""
    colour = h.state.current
    fix(h, f"{colour}.life", 0)
    return h.apply(EndTurn(colour))


@pytest.mark.parametrize("catharsis", [False, True])
def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_current_player_first(catharsis):
    h = game("red", "yellow", "blue", first="yellow", catharsis=catharsis)
    assert h.state.draw == 110
    h.apply(Travel("yellow", 1, "castle-yellow"))
    h.apply(PlaceCard("yellow", "A1"))
    h.apply(EndTurn("yellow"))  # yellow draws 1: 109 left
    for _ in range(27):  # 27 deaths, 4 cards each: 109 - 108 = 1 left, 108 unseen on the discard pile
        die_and_draw(h)
    state = h.state
    assert (state.draw, state.discard[UNSEEN], state.current, state.day) == (1, 108, "blue", 10)
    fix(h, "blue.life", 0)  # blue's 4 cards: 112
    fix(h, "red.life", 0)  # red's 4 cards: 116; yellow keeps a full hand
    events = h.apply(EndTurn("blue"))
    if not catharsis:
        assert [e for e in events if e.type != "turn-ended"] == [
            ev.CardsDrawn("blue", 1),
            ev.DeckReshuffled(116),
            ev.CardsDrawn("blue", 3),
            ev.CardsDrawn("red", 4),
            ev.TurnBegan("red", 10),
        ]
        assert h.state.draw == 116 - 7 and h.state.discard_total == 0
        return
    assert events[-1] == ev.CatharsisBegan(("blue", "red", "yellow") * 3, (("blue", 3), ("red", 4)))
    assert h.state.phase == CATHARSIS and h.state.current == "blue"
    refused(h, Travel("red", 1, "C3"), "catharsis.under-way")
    refused(h, EndTurn("blue"), "catharsis.under-way")
    refused(h, RemoveCard("red"), "catharsis.not-yours")
    refused(h, RemoveCard("blue", "B7"), "catharsis.no-card")
    h.apply(RemoveCard("blue", "A1"))
    assert h.state.board == () and h.state.discard[UNSEEN] == 117  # turned over unseen
    for who in ("red", "yellow", "blue", "red", "yellow", "blue", "red"):
        h.apply(RemoveCard(who))
    events = h.apply(RemoveCard("yellow"))
    assert events == (
        ev.CardRemoved("yellow", None),
        ev.DeckReshuffled(117),
        ev.CardsDrawn("blue", 3),
        ev.CardsDrawn("red", 4),
        ev.TurnBegan("red", 10),
    )
    assert h.state.phase == PLAY and h.state.draw == 110
    refused(h, RemoveCard("red"), "catharsis.none")


def slotted_by_both(**settings) -> History:
    """Red and blue have each slotted a card (D4, E5); it is blue's turn, blue holds 3 cards."""
    h = game(catharsis=True, **settings)
    stay(h)
    h.apply(PlaceCard("red", "D4"))
    h.apply(EndTurn("red"))
    stay(h)
    h.apply(PlaceCard("blue", "E5"))
    return h


def unseen(n: int) -> tuple[int, ...]:
    return (0,) * len(CARD_TYPES) + (n,)


def test_the_catharsis_begins_as_soon_as_the_last_card_is_drawn_even_if_none_is_owed_after_it():
    state = replace(slotted_by_both().state, draw=1, discard=unseen(112))  # 1 + 112 + 7 in hands + 2 on the board
    events = GAME.decide(state, EndTurn("blue"))
    assert events == [ev.TurnEnded("blue"), ev.CardsDrawn("blue", 1), ev.CatharsisBegan(("blue", "red") * 3, ())]


def test_without_a_card_on_the_board_the_discard_pile_is_shuffled_at_once():
    state = replace(slotted_by_both().state, draw=1, discard=unseen(114), board=())
    events = GAME.decide(state, EndTurn("blue"))
    assert events == [ev.TurnEnded("blue"), ev.CardsDrawn("blue", 1), ev.DeckReshuffled(114), ev.TurnBegan("red", 2)]


def test_a_pile_used_up_again_while_drawing_after_a_catharsis_begins_another():
    state = replace(
        slotted_by_both().state, phase=CATHARSIS, catharsis=("red",), owed=(("blue", 2),), draw=0, discard=unseen(0)
    )
    events = GAME.decide(state, RemoveCard("red", "D4"))  # the discard pile now holds that one card
    assert events == [
        ev.CardRemoved("red", 1, "D4"),
        ev.DeckReshuffled(1),
        ev.CardsDrawn("blue", 1),
        ev.CatharsisBegan(("blue", "red") * 3, (("blue", 1),)),
    ]
    # the shuffle leaves nothing to draw: the hand stays short and no new catharsis follows at once
    state = replace(state, owed=(("blue", 1),), discard=unseen(0), board=state.board[1:])
    events = GAME.decide(state, RemoveCard("red"))
    assert events == [ev.CardRemoved("red", None), ev.TurnBegan("red", 2)]


def test_used_maps_are_never_shuffled_back():
    h = game()
    h.apply(Travel("red", 3, "B2"))
    h.apply(Dig("red", "B2", "crown"))
    h.apply(EndTurn("red"))
    while h.state.draw >= 4:
        die_and_draw(h)
    # 122 = draw + discard + 1 used map + 8 cards in the hands (the dead red's crown lies on B2)
    assert (h.state.draw, h.state.discard_total, h.state.used_maps) == (2, 111, 1)
    events = die_and_draw(h)  # 4 more discarded: 115; 2 drawn, then the 115 shuffled, 2 more drawn
    assert ev.DeckReshuffled(115) in events and h.state.used_maps == 1
    assert h.state.draw == 113


# ------------------------------------------------------------------------------ the teleportal


def teleportal() -> History:
    h = game()
    slot(h, "E5")
    h.apply(Travel("blue", 4, "E5"))
    h.apply(Reveal("blue", "special", name="Teleportal"))
    return h


def test_the_teleportal_sets_the_henchman_on_a_chosen_field_once_a_turn():
    h = teleportal()
    refused(h, Teleport("blue", 0, "B6"), "die.range")
    refused(h, Teleport("blue", 3), "teleportal.field")
    refused(h, Teleport("blue", 6, "inn"), "teleportal.field")
    refused(h, Teleport("blue", 1, "B6"), "teleportal.one")
    refused(h, UseSpecial("blue"), "special.none-here")  # the portal is used by stepping in, not as a special
    events = h.apply(Teleport("blue", 4, "B6"))
    assert events == (ev.Teleported("blue", 4, "E5", "B6"),)
    assert h.state.henchman("blue").place == "B6"
    refused(h, Teleport("blue", 6, "B1"), "teleportal.none-here")
    h.apply(EndTurn("blue"))


def test_a_one_dissolves_the_henchman_in_the_portal():
    h = game()
    slot(h, "E5")
    h.apply(Travel("blue", 3, "B2"))
    h.apply(Dig("blue", "B2", "chalice"))
    h.apply(EndTurn("blue"))
    pass_turn(h)
    h.apply(Travel("blue", 4, "E5"))
    h.apply(Reveal("blue", "special", name="teleportal"))
    events = h.apply(Teleport("blue", 1))
    assert events[0] == ev.Teleported("blue", 1, "E5", None)
    assert ev.HenchmanDied("blue", "E5", cause="teleportal") in events
    assert ev.TreasuresDropped("blue", "E5", ("chalice",)) in events
    assert h.state.henchman("blue").place == "castle-blue" and h.state.turn.died
    h.apply(EndTurn("blue"))


def test_a_teleported_henchman_turns_up_what_lies_on_its_new_field():
    h = teleportal()
    h.apply(EndTurn("blue"))
    card = slot(h, "B6")
    h.apply(Travel("blue", 1, "E5"))
    h.apply(Teleport("blue", 6, "B6"))
    refused(h, EndTurn("blue"), "card.reveal-first")
    events = h.apply(Reveal("blue", "monster", 5))
    assert events[-1] == ev.FightBegan("blue", monster=card, monster_life=15, field="B6")


def test_without_the_teleportal_rule_nobody_steps_in():
    h = game(teleportal=False)
    slot(h, "E5")
    h.apply(Travel("blue", 4, "E5"))
    h.apply(Reveal("blue", "special", name="teleportal"))
    refused(h, Teleport("blue", 4, "B6"), "teleportal.off")


# ------------------------------------------------------------------------------ plunder


def test_plunder_succeeds_on_a_roll_not_above_the_days_searched_and_then_counts_again():
    h = game(plunder=True)
    # red digs and hides two treasures; blue walks to red's gate meanwhile
    h.apply(Travel("red", 3, "B2"))
    h.apply(Dig("red", "B2", "crown"))
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 3, "B5"))
    refused(h, Plunder("blue", 1), "plunder.not-in-castle")
    h.apply(EndTurn("blue"))
    h.apply(Travel("red", 3, "castle-red"))
    h.apply(HideTreasure("red", "crown"))
    h.apply(EndTurn("red"))
    pass_turn(h)
    h.apply(Travel("red", 3, "B3"))
    h.apply(Dig("red", "B3", "orb"))
    h.apply(EndTurn("red"))
    h.apply(Travel("blue", 5, "B6", "castle-red"))
    h.apply(EndTurn("blue"))
    h.apply(Travel("red", 3, "castle-red"))
    h.apply(HideTreasure("red", "orb"))
    h.apply(EndTurn("red"))
    assert h.state.henchman("red").hidden == ("crown", "orb") and h.state.day == 4

    def blue_searches(die: int, kind: str | None = None) -> ev.PlunderRolled:
        events = h.apply(Plunder("blue", die, kind))
        return events[0]

    h.apply(Travel("blue", 1, "castle-red"))  # day 4, the first day of the search
    assert blue_searches(2) == ev.PlunderRolled("blue", "castle-red", 2, 1)  # 2 > 1: nothing
    refused(h, Plunder("blue", 1), "plunder.once")
    h.apply(EndTurn("blue"))
    pass_turn(h)
    stay(h)  # day 5: the second day
    refused(h, Plunder("blue", 2), "plunder.kind")  # 2 <= 2: which treasure was taken?
    refused(h, Plunder("blue", 2, "chalice"), "plunder.kind")  # none hidden there
    refused(h, Plunder("blue", 3, "crown"), "plunder.failed")  # 3 > 2 finds nothing
    assert blue_searches(2, "crown") == ev.PlunderRolled("blue", "castle-red", 2, 2, "crown")
    assert h.state.henchman("red").hidden == ("orb",) and h.state.henchman("blue").treasures == ("crown",)
    assert h.state.henchman("blue").searching == 0
    refused(h, EndTurn("blue"), "hand.over-four")  # 4 cards and the crown
    h.apply(PlaceCard("blue", "F6"))
    h.apply(EndTurn("blue"))
    pass_turn(h)
    stay(h)  # day 6: the count began again
    assert blue_searches(2) == ev.PlunderRolled("blue", "castle-red", 2, 1)
    h.apply(EndTurn("blue"))
    pass_turn(h)
    stay(h)  # day 7: no search today ...
    h.apply(EndTurn("blue"))
    pass_turn(h)
    stay(h)  # ... so day 8 is the first day of a new search
    assert blue_searches(2) == ev.PlunderRolled("blue", "castle-red", 2, 1)
    h.apply(EndTurn("blue"))
    pass_turn(h)
    stay(h)
    assert blue_searches(2, "orb").kind == "orb"  # day 2 of this search
    h.apply(PlaceCard("blue", "F5"))
    h.apply(EndTurn("blue"))
    pass_turn(h)
    stay(h)  # the vaults are empty now: nothing can be found, but the day counts
    refused(h, Plunder("blue", 1, "crown"), "plunder.empty")
    assert blue_searches(1) == ev.PlunderRolled("blue", "castle-red", 1, 1)
    h.apply(EndTurn("blue"))
    h.apply(Travel("red", 3, "B4"))
    h.apply(Dig("red", "B4", "chalice"))
    h.apply(EndTurn("red"))
    stay(h)
    assert blue_searches(6) == ev.PlunderRolled("blue", "castle-red", 6, 2)  # still empty: day 2
    h.apply(EndTurn("blue"))
    h.apply(Travel("red", 3, "castle-red"))
    h.apply(HideTreasure("red", "chalice"))
    h.apply(EndTurn("red"))
    stay(h)
    assert blue_searches(3, "chalice").days == 3  # the empty days counted: a 3 on day 3 finds it


def test_without_the_plunder_rule_the_vaults_stay_shut():
    h = game()
    h.apply(Travel("red", 5, "P3", "castle-blue"))
    h.apply(EndTurn("red"))
    pass_turn(h)
    h.apply(Travel("red", 1, "castle-blue"))
    refused(h, Plunder("red", 1), "plunder.off")


# ------------------------------------------------------------------------------ victory


@pytest.mark.parametrize(
    ("victory", "hidden", "won"),
    [
        ({"treasures": 2}, ("crown",), False),
        ({"treasures": 2}, ("crown", "orb"), True),
        ({"same_kind": 2}, ("crown", "orb"), False),
        ({"same_kind": 2}, ("orb", "crown", "orb"), True),
        ({"different_kinds": 3}, ("crown", "crown", "orb"), False),
        ({"different_kinds": 3}, ("crown", "chalice", "orb"), True),
        ({"kinds": ("crown", "crown", "orb")}, ("crown", "orb", "orb"), False),
        ({"kinds": ("crown", "crown", "orb")}, ("orb", "crown", "chalice", "crown"), True),
    ],
)
def test_the_victory_conditions(victory, hidden, won):
    assert Victory(**victory).met(hidden) is won


def test_hiding_the_last_treasure_needed_wins_and_ends_the_game():
    h = game(victory={"same_kind": 2})
    h.apply(Travel("red", 3, "B2"))
    h.apply(Dig("red", "B2", "crown"))
    h.apply(EndTurn("red"))
    pass_turn(h)
    h.apply(Travel("red", 3, "castle-red"))
    h.apply(HideTreasure("red", "crown"))
    h.apply(EndTurn("red"))
    pass_turn(h)
    h.apply(Travel("red", 3, "B3"))
    h.apply(Dig("red", "B3", "crown"))
    h.apply(EndTurn("red"))
    pass_turn(h)
    h.apply(Travel("red", 3, "castle-red"))
    events = h.apply(HideTreasure("red", "crown"))
    assert events == (ev.TreasureHidden("red", "crown"), ev.GameWon("red"))
    assert h.state.phase == OVER and h.state.winner == "red"
    refused(h, EndTurn("red"), "game.over")
    refused(h, Travel("blue", 3, "B3"), "game.over")
    refused(h, Correct("blue.life", 3, "too late"), "game.over")


def test_the_public_view_says_which_castle_each_teleportal_number_stands_for():
    h = game("red", "blue", "green", regions={2: "green", 3: "blue", 4: "red", 5: "yellow"})
    assert GAME.public_view(h.state)["options"]["regions"] == {"2": "green", "3": "blue", "4": "red", "5": "yellow"}
