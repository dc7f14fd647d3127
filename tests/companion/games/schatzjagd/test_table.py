"""Schatzjagd's part of the table on engine states alone: the seats, no secret choice, the rolls
awaited (the journey's die kept for the screen, an exchange of blows as two dice in a row, the
monster's die rolled by the next prince clockwise) and the screen's commands made ready (a flight's
last blow, the teleportal, a day's search of a rival castle), each in the table's two languages."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.games import registry
from companion.games.schatzjagd.scenario import build_command, build_setup
from companion.games.schatzjagd.table import NOT_ROLLED, TABLE, monster_roller
from companion.i18n import render
from companion.scenario.parse import CommandLine, HistoryOp, read_scenario
from companion.table.game import Rolled, RollWanted
from engines.core.errors import RuleViolation
from engines.core.history import History
from engines.schatzjagd import GAME, Setup
from engines.schatzjagd.commands import (
    Challenge,
    Dig,
    EndTurn,
    Exchange,
    Flee,
    HideTreasure,
    PlaceCard,
    Plunder,
    Reveal,
    Teleport,
    Travel,
)

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "schatzjagd"
NAMES = {"red": "Anna", "blue": "Ben", "green": "Clara", "yellow": "Dirk"}
FACES = range(1, 7)


def game(*colours: str, **settings: Any) -> History:
    players = [{"name": NAMES[c], "colour": c} for c in colours or ("red", "blue", "green")]
    return History(GAME, Setup(players=players, **settings))


def position(name: str, at: str | None = None) -> History:
    """A scenario's game (tests/scenarios/schatzjagd/<name>-*.scn) played up to the first line
    written ``at`` (not played), or to its end."""
    (path,) = SCENARIOS.glob(f"{name}-*.scn")
    scenario = read_scenario(path)
    history = History(GAME, build_setup(scenario.header, path.parent, path, scenario.game_line))
    for statement in scenario.statements:
        if at is not None and statement.text.split("#")[0].strip() == at:
            return history
        if isinstance(statement, HistoryOp):
            history.undo() if statement.op == "undo" else history.redo()
        elif isinstance(statement, CommandLine):
            history.apply(build_command(statement))
    assert at is None, f"{at!r} is no line of {path.name}"
    return history


def stay(history: History) -> None:
    colour = history.state.current
    history.apply(Travel(colour, 1, history.state.henchman(colour).place))


def says(text: Any, english: str, german: str) -> None:
    assert (render(text, "en"), render(text, "de")) == (english, german)


def accepted(state: Any, command: Any) -> None:
    GAME.decide(state, command)  # raises RuleViolation if the engine refuses it


def monster_fight() -> History:
    """Three princes; blue's henchman stopped on C3, where red slotted a monster of power 8."""
    history = game("red", "blue", "green")
    stay(history)
    history.apply(PlaceCard("red", "C3"))
    history.apply(EndTurn("red"))
    history.apply(Travel("blue", 4, "C3"))
    history.apply(Reveal("blue", "monster", 8))
    assert history.state.fight is not None and history.state.fight.henchman == "blue"
    return history


def duel() -> History:
    """Scenario 21 on day 4: red's henchman has attacked blue's, no exchange yet."""
    history = position("21", "exchange red die=5 opponent-die=3")
    fight = history.state.fight
    assert (fight.henchman, fight.opponent) == ("red", "blue")
    return history


# --------------------------------------------------------------------------- the part itself


def test_the_games_home_hands_this_part():
    assert registry.part("schatzjagd", "table").TABLE is TABLE
    assert TABLE.name == "schatzjagd" and TABLE.picks_per_player == 0


def test_the_princes_sit_at_seats_one_to_four_and_nobody_chooses_on_the_panel():
    assert TABLE.seats(game("red", "yellow", "blue", "green").state) == {1: "red", 2: "yellow", 3: "blue", 4: "green"}
    history = game("red", "blue")
    assert TABLE.seats(history.state) == {1: "red", 2: "blue"}
    for state in (history.state, monster_fight().state, duel().state):
        assert TABLE.choosing(state) == {}
    assert not TABLE.is_pick(Travel("red", 3, "B2")) and not TABLE.is_pick(Exchange("red", 1, 2))
    with pytest.raises(LookupError):
        TABLE.pick("red", (1,))


# --------------------------------------------------------------------------- the journey


def test_the_journeys_die_is_the_current_princes_and_is_kept_for_the_screen():
    history = game("red", "blue", "green")
    (wanted,) = TABLE.rolls(history.state)
    assert wanted == RollWanted("red", "number", "red rolls the die for the journey", None)
    says(wanted.text, "Anna (Red) rolls the die for the journey", "Anna (Rot) würfelt für die Reise")
    for face in FACES:
        kept = wanted.make(face)
        assert kept == Rolled("red", "number", face, "travel")
    kept = wanted.make(4)
    says(
        kept.text,
        "Anna (Red) rolled 4: where did the henchman stop?",
        "Anna (Rot) hat 4 gewürfelt: Wo ist der Scherge stehen geblieben?",
    )
    accepted(history.state, Travel("red", kept.face, "C7"))  # the screen completes it so
    history.apply(Travel("red", 4, "C7"))
    assert TABLE.rolls(history.state) == []  # travelled: no die until the next prince's journey
    history.apply(EndTurn("red"))
    (wanted,) = TABLE.rolls(history.state)
    assert wanted.player == "blue" and wanted.make(2) == Rolled("blue", "number", 2, "travel")
    says(wanted.text, "Ben (Blue) rolls the die for the journey", "Ben (Blau) würfelt für die Reise")


def test_a_name_that_only_repeats_the_colour_is_not_said_twice():
    history = History(GAME, Setup(players=[{"name": "Red", "colour": "red"}, {"name": "Ben", "colour": "blue"}]))
    (wanted,) = TABLE.rolls(history.state)
    says(wanted.text, "Red rolls the die for the journey", "Rot würfelt für die Reise")


def test_no_die_is_awaited_while_a_card_is_to_be_turned_up_or_the_turn_goes_on():
    history = monster_fight()
    history.undo()  # blue stands on C3 before the card is turned up
    assert TABLE.rolls(history.state) == []
    history = game("red", "blue")
    history.apply(Travel("red", 3, "B2"))
    history.apply(PlaceCard("red", "C3"))
    assert TABLE.rolls(history.state) == []


# --------------------------------------------------------------------------- fights


def test_an_exchange_with_a_monster_takes_the_henchmans_die_then_the_next_princes_for_the_monster():
    history = monster_fight()
    (first,) = TABLE.rolls(history.state)
    assert first == RollWanted("blue", "number", "blue rolls the die for the own henchman", None)
    says(first.text, "Ben (Blue) rolls the die for the own henchman", "Ben (Blau) würfelt für den eigenen Schergen")
    second = first.make(3)
    assert second == RollWanted("green", "number", "green rolls the die for the monster", None)
    says(
        second.text,
        "Ben (Blue) rolled 3; Clara (Green) rolls the die for the monster",
        "Ben (Blau) hat 3 gewürfelt; Clara (Grün) würfelt für den Unhold",
    )
    assert second.make(5) == Exchange("blue", 3, 5)
    assert first.make(6).make(1) == Exchange("blue", 6, 1)  # each first face makes its own second roll
    accepted(history.state, second.make(5))
    history.apply(second.make(5))  # 2 + 3 against 8 + 5: blue loses 8, the fight goes on
    assert history.state.fight is not None
    assert [r.player for r in TABLE.rolls(history.state)] == ["blue"]


@pytest.mark.parametrize(("fighting", "rolling"), [("red", "blue"), ("blue", "green"), ("green", "red")])
def test_the_monsters_die_goes_clockwise_to_the_next_prince(fighting, rolling):
    state = game("red", "blue", "green").state
    assert monster_roller(state, fighting) == rolling
    assert monster_roller(game("red", "blue").state, "blue") == "red"


def test_in_a_fight_between_henchmen_the_second_die_is_the_opponents():
    history = duel()
    (first,) = TABLE.rolls(history.state)
    assert first == RollWanted("red", "number", "red rolls the die for the own henchman", None)
    second = first.make(5)
    assert second == RollWanted("blue", "number", "blue rolls the die for the own henchman", None)
    says(
        second.text,
        "Anna (Red) rolled 5; Ben (Blue) rolls the die for the own henchman",
        "Anna (Rot) hat 5 gewürfelt; Ben (Blau) würfelt für den eigenen Schergen",
    )
    assert second.make(3) == Exchange("red", 5, 3)
    history.apply(second.make(3))  # scenario 21's first exchange: blue loses 4
    assert history.state.henchman("blue").life == 11


def test_a_flight_from_a_monster_waits_for_the_monsters_last_blow():
    history = monster_fight()
    wanted = TABLE.prepare(history.state, Flee("blue", NOT_ROLLED), random.Random(1))
    assert wanted == RollWanted("green", "number", "green rolls the die for the monster's last blow", None)
    says(
        wanted.text,
        "Clara (Green) rolls the die for the monster's last blow",
        "Clara (Grün) würfelt für den letzten Schlag des Unholds",
    )
    for face in FACES:
        assert wanted.make(face) == Flee("blue", face)
    accepted(history.state, wanted.make(5))


def test_a_flight_between_henchmen_waits_for_the_other_ones_last_blow():
    state = duel().state
    at_blue = TABLE.prepare(state, Flee("blue", NOT_ROLLED), random.Random(1))
    assert at_blue == RollWanted("red", "number", "red rolls the die for the last blow at blue", None)
    says(
        at_blue.text,
        "Anna (Red) rolls the die for the last blow at the henchman of Ben (Blue)",
        "Anna (Rot) würfelt für den letzten Schlag gegen den Schergen von Ben (Blau)",
    )
    assert at_blue.make(2) == Flee("blue", 2)
    at_red = TABLE.prepare(state, Flee("red", NOT_ROLLED), random.Random(1))
    assert at_red == RollWanted("blue", "number", "blue rolls the die for the last blow at red", None)
    says(
        at_red.text,
        "Ben (Blue) rolls the die for the last blow at the henchman of Anna (Red)",
        "Ben (Blau) würfelt für den letzten Schlag gegen den Schergen von Anna (Rot)",
    )
    assert at_red.make(6) == Flee("red", 6)
    for command in (at_blue.make(2), at_red.make(6)):
        accepted(state, command)


def test_a_flight_the_rules_do_not_allow_now_is_refused_before_any_die():
    rng = random.Random(1)
    with pytest.raises(RuleViolation):
        TABLE.prepare(game().state, Flee("red", NOT_ROLLED), rng)  # no fight
    with pytest.raises(RuleViolation) as refused:
        TABLE.prepare(monster_fight().state, Flee("green", NOT_ROLLED), rng)  # green is not in the fight
    assert refused.value.rule == "fight.not-fighting"
    three = game("red", "blue", "green")
    for colour in ("red", "blue", "green"):
        three.apply(Travel(colour, 2, "B2"))
        three.apply(EndTurn(colour))
    three.apply(Travel("red", 1, "B2"))
    three.apply(Challenge("red", "blue"))
    with pytest.raises(RuleViolation) as refused:
        TABLE.prepare(three.state, Flee("green", NOT_ROLLED), rng)  # standing by, not fighting
    assert refused.value.rule == "fight.not-fighting"


# --------------------------------------------------------------------------- the teleportal


def teleportal() -> History:
    """Scenario 37 on day 2: red's henchman stands on the teleportal it has just turned up."""
    return position("37", "teleport red die=4 to=N3")


def test_the_teleportals_one_is_entered_at_once_and_two_to_six_are_kept_for_the_field():
    state = teleportal().state
    wanted = TABLE.prepare(state, Teleport("red", NOT_ROLLED), random.Random(1))
    assert wanted == RollWanted("red", "number", "red rolls the die for the teleportal", None)
    says(wanted.text, "Anna (Red) rolls the die for the teleportal", "Anna (Rot) würfelt für das Teleportal")
    assert wanted.make(1) == Teleport("red", 1)
    accepted(state, wanted.make(1))
    for face in range(2, 7):
        assert wanted.make(face) == Rolled("red", "number", face, "teleport")
        accepted(state, Teleport("red", face, "N3"))
    says(
        wanted.make(6).text,
        "Anna (Red) rolled 6: the teleportal sets the henchman down anywhere in the realm. On which field?",
        "Anna (Rot) hat 6 gewürfelt: Das Teleportal setzt den Schergen irgendwo im ganzen Reich ab. Auf welchem Feld?",
    )


def test_a_step_into_a_teleportal_the_rules_do_not_allow_is_refused_before_the_die():
    rng = random.Random(1)
    before = position("37", "travel red die=1 to=E6")
    with pytest.raises(RuleViolation) as refused:
        TABLE.prepare(before.state, Teleport("red", NOT_ROLLED), rng)
    assert refused.value.rule == "turn.travel-first"
    nowhere = position("37", "expect refused teleportal.none-here : teleport blue die=2 to=B2")
    with pytest.raises(RuleViolation) as refused:
        TABLE.prepare(nowhere.state, Teleport("blue", NOT_ROLLED), rng)
    assert refused.value.rule == "teleportal.none-here"
    twice = position("37", "expect refused teleportal.once : teleport yellow die=3 to=F3")
    with pytest.raises(RuleViolation) as refused:
        TABLE.prepare(twice.state, Teleport("yellow", NOT_ROLLED), rng)
    assert refused.value.rule == "teleportal.once"


# --------------------------------------------------------------------------- plunder


def test_a_search_that_can_find_keeps_the_die_for_the_treasure_and_one_that_cannot_is_entered():
    history = position("39", "plunder red die=4")  # day 4: the first day of the search, a crown hidden
    state = history.state
    wanted = TABLE.prepare(state, Plunder("red", NOT_ROLLED), random.Random(1))
    assert wanted == RollWanted("red", "number", "red rolls the die to search the vaults", None)
    says(
        wanted.text, "Anna (Red) rolls the die to search the vaults", "Anna (Rot) würfelt für die Suche in den Gewölben"
    )
    found = wanted.make(1)
    assert found == Rolled("red", "number", 1, "plunder")
    says(
        found.text,
        "Anna (Red) rolled 1 and finds a treasure: which one?",
        "Anna (Rot) hat 1 gewürfelt und findet einen Schatz: welchen?",
    )
    accepted(state, Plunder("red", 1, "crown"))
    for face in range(2, 7):  # above the one day of searching
        assert wanted.make(face) == Plunder("red", face)
        accepted(state, wanted.make(face))
    third = position("39", "plunder red die=3 kind=orb")  # the third day: 1 to 3 find
    wanted = TABLE.prepare(third.state, Plunder("red", NOT_ROLLED), random.Random(1))
    assert [type(wanted.make(face)).__name__ for face in FACES] == ["Rolled"] * 3 + ["Plunder"] * 3


def test_a_search_of_an_empty_castle_is_entered_whatever_the_die():
    state = position("52", "plunder red die=1").state
    wanted = TABLE.prepare(state, Plunder("red", NOT_ROLLED), random.Random(1))
    for face in FACES:
        assert wanted.make(face) == Plunder("red", face)
        accepted(state, wanted.make(face))


def test_a_search_the_rules_do_not_allow_is_refused_before_the_die():
    rng = random.Random(1)
    outside = position("39", "expect refused plunder.not-in-castle : plunder red die=1")
    with pytest.raises(RuleViolation) as refused:
        TABLE.prepare(outside.state, Plunder("red", NOT_ROLLED), rng)
    assert refused.value.rule == "plunder.not-in-castle"
    searched = position("39", "expect refused plunder.once : plunder red die=1 kind=crown")
    with pytest.raises(RuleViolation) as refused:
        TABLE.prepare(searched.state, Plunder("red", NOT_ROLLED), rng)
    assert refused.value.rule == "plunder.once"
    with pytest.raises(RuleViolation) as refused:
        TABLE.prepare(game("red", "blue").state, Plunder("red", NOT_ROLLED), rng)  # the rule is off
    assert refused.value.rule == "plunder.off"


def sixth_day_of_a_search() -> History:
    """Red's henchman searches blue's castle five days in a row while it is empty; blue hides a crown
    there on the fourth evening; on the sixth day of the search every face of the die finds."""
    history = game("red", "blue", plunder=True)
    history.apply(Travel("red", 6, "P3", "castle-blue"))
    history.apply(EndTurn("red"))
    history.apply(Travel("blue", 3, "N2"))
    history.apply(Dig("blue", "N2", "crown"))
    history.apply(EndTurn("blue"))
    for day in range(5):
        history.apply(Travel("red", 1, "castle-blue"))
        history.apply(Plunder("red", 6))  # no 6 finds before the sixth day
        history.apply(EndTurn("red"))
        if day == 3:
            history.apply(Travel("blue", 3, "castle-blue"))
            history.apply(HideTreasure("blue", "crown"))
        else:
            stay(history)
        history.apply(EndTurn("blue"))
    history.apply(Travel("red", 1, "castle-blue"))
    assert history.state.henchman("red").searching == 5 and history.state.henchman("blue").hidden == ("crown",)
    return history


def test_on_the_sixth_day_of_a_search_every_face_finds_and_the_search_is_still_allowed():
    state = sixth_day_of_a_search().state
    accepted(state, Plunder("red", 6, "crown"))  # the rules allow the search: a 6 finds on day 6
    wanted = TABLE.prepare(state, Plunder("red", NOT_ROLLED), random.Random(1))
    assert all(wanted.make(face) == Rolled("red", "number", face, "plunder") for face in FACES)


# --------------------------------------------------------------------------- given dice, no dice


def test_a_command_with_its_dice_given_passes_unchanged():
    rng = random.Random(1)
    fight, between = monster_fight().state, duel().state
    for state, command in (
        (game().state, Travel("red", 3, "B2")),
        (fight, Exchange("blue", 3, 5)),
        (fight, Flee("blue", 4)),
        (between, Flee("blue", 2)),
        (teleportal().state, Teleport("red", 4, "N3")),
        (teleportal().state, Teleport("red", 1)),
        (position("39", "plunder red die=4").state, Plunder("red", 1, "crown")),
        (position("39", "plunder red die=4").state, Plunder("red", 4)),
    ):
        assert TABLE.prepare(state, command, rng) is command


def test_no_die_is_awaited_once_the_game_is_over():
    state = position("33").state
    assert state.phase == "over" and state.winner == "red"
    assert TABLE.rolls(state) == []


def test_no_die_is_awaited_during_grandlins_catharsis():
    state = position("41", "remove-card blue field=D3").state
    assert state.phase == "catharsis"
    assert TABLE.rolls(state) == []
    state = position("41", "travel green die=4 to=M4").state  # the catharsis is over: green's journey
    assert [r.player for r in TABLE.rolls(state)] == ["green"]
