"""Schatzjagd's result part: the day of every state of finished scenario games, each prince's life,
Gulden and treasures hidden, who won against the victory the table agreed (in German and English,
naming no treasure kind the agreement did not name), and the final figures in turn order."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from companion.games.registry import part
from companion.games.schatzjagd import result
from companion.games.schatzjagd.scenario import build_command, build_setup
from companion.i18n import Person, render
from companion.results.parts import Columns, Measure
from engines.schatzjagd import GAME, Setup
from engines.schatzjagd.state import OVER, GameState
from tests.companion.games.played import steps

ROOT = Path(__file__).resolve().parents[4]
SCENARIOS = ROOT / "tests" / "scenarios" / "schatzjagd"
KIND = re.compile(r"\b(crown|chalice|orb|Krone|Kelch|Reichsapfel)s?\b", re.IGNORECASE)
FINISHED = (
    "33-hiding-treasures-victory-by-count",
    "34-victory-same-kind",
    "35-victory-different-kinds",
    "44-complete-game-three-players",
    "45-complete-game-combination",
)


@cache
def history(name: str) -> tuple[GameState, ...]:
    """Every state of a scenario's game as the journal keeps it: the setup, then the state after
    each accepted command (undo and redo step back and forth, refused commands are skipped)."""
    initial, found = steps(SCENARIOS / f"{name}.scn", GAME, build_setup, build_command)
    return (initial, *(step.after for step in found))


def end(name: str) -> GameState:
    state = history(name)[-1]
    assert state.phase == OVER and state.winner is not None
    return state


def said(name: str) -> tuple[list[str], list[str]]:
    texts = result.verdict(end(name))
    return [render(t, "en") for t in texts], [render(t, "de") for t in texts]


def table(colours_names: list[tuple[str, str]], **setup: Any) -> GameState:
    players = [{"colour": colour, "name": name} for colour, name in colours_names]
    return GAME.setup(Setup(players=players, **setup))


def won(state: GameState, colour: str, hidden: tuple[str, ...]) -> GameState:
    """``state`` ended with ``colour``'s castle holding ``hidden`` (for wordings no scenario reaches)."""
    players = tuple(replace(p, hidden=hidden) if p.colour == colour else p for p in state.players)
    return replace(state, players=players, phase=OVER, winner=colour)


# ----------------------------------------------------------------------------- the part


def test_the_game_names_this_part_and_it_keeps_the_contract() -> None:
    assert part("schatzjagd", "result") is result
    assert render(result.PERIOD, "en") == "Day"
    assert render(result.PERIOD, "de") == "Tag"
    assert all(isinstance(m, Measure) for m in result.MEASURES)
    assert [m.key for m in result.MEASURES] == ["life", "gold", "hidden"]
    assert [render(m.label, "de") for m in result.MEASURES] == ["Leben", "Gulden", "Versteckte Schätze"]
    assert [render(m.label, "en") for m in result.MEASURES] == ["Life", "Gulden", "Treasures hidden"]


# ----------------------------------------------------------------------------- period


@pytest.mark.parametrize("name", FINISHED)
def test_the_period_is_the_engines_day_from_1_growing_a_day_at_a_time(name: str) -> None:
    days = [result.period(s) for s in history(name)]
    assert days[0] == 1
    assert days == [s.day for s in history(name)]
    assert all(0 <= b - a <= 1 for a, b in zip(days, days[1:], strict=False))
    assert days[-1] == end(name).day > 1


def test_a_new_day_begins_with_the_first_players_turn() -> None:
    states = history("44-complete-game-three-players")
    assert states[0].current == "yellow"  # yellow won the roll: yellow, blue, red
    for before, after in zip(states, states[1:], strict=False):
        if result.period(after) > result.period(before):
            assert after.current == "yellow"
    assert result.period(states[-1]) == 6


# ----------------------------------------------------------------------------- values


@pytest.mark.parametrize("name", FINISHED)
def test_the_values_are_each_princes_life_gold_and_treasures_hidden(name: str) -> None:
    for state in history(name):
        got = result.values(state)
        assert list(got) == [p.colour for p in state.players]
        for p in state.players:
            assert got[p.colour] == (p.life, p.gold, len(p.hidden))
            assert len(got[p.colour]) == len(result.MEASURES)


def test_the_values_follow_the_game() -> None:
    states = history("44-complete-game-three-players")
    assert result.values(states[0]) == {"yellow": (15, 5, 0), "blue": (15, 5, 0), "red": (15, 5, 0)}
    last = result.values(states[-1])
    assert last["red"][2] == 2  # red's two treasures hidden won
    assert last["yellow"][2] == 0 and last["blue"][2] == 0
    assert last["red"][0] == 14 and last["blue"][1] == 3
    # yellow's henchman was wounded down to 1 life, killed, and its successor starts at 15 and 5
    yellows = [result.values(s)["yellow"] for s in states]
    low = yellows.index((1, 5, 0))
    assert yellows[low + 1 :] and all(v == (15, 5, 0) for v in yellows[low + 2 :])
    assert yellows[-1] == (15, 5, 0)
    assert end("44-complete-game-three-players").henchman("yellow").deaths == 1


# ----------------------------------------------------------------------------- verdict


def test_victory_by_count_names_the_winner_and_the_agreed_count() -> None:
    assert end("33-hiding-treasures-victory-by-count").options.victory.treasures == 2
    english, german = said("33-hiding-treasures-victory-by-count")
    assert english == [
        "Anna (Red) wins: 2 treasures hidden in the own castle, 2 were agreed.",
        "The game ended on day 4.",
    ]
    assert german == [
        "Anna (Rot) gewinnt: 2 Schätze in der eigenen Burg versteckt, 2 waren vereinbart.",
        "Die Partie endete an Tag 4.",
    ]


def test_the_complete_game_for_three_names_the_engines_winner_only() -> None:
    state = end("44-complete-game-three-players")
    assert state.winner == "red"
    english, german = said("44-complete-game-three-players")
    assert english == [
        "Anna (Red) wins: 2 treasures hidden in the own castle, 2 were agreed.",
        "The game ended on day 6.",
    ]
    assert german == [
        "Anna (Rot) gewinnt: 2 Schätze in der eigenen Burg versteckt, 2 waren vereinbart.",
        "Die Partie endete an Tag 6.",
    ]
    for other in ("Ben", "Clara", "Yellow", "Blue", "Gelb", "Blau"):
        assert other not in " ".join(english + german)


def test_victory_by_one_kind_counts_without_naming_the_kind() -> None:
    english, german = said("34-victory-same-kind")
    assert english[0] == "Anna (Red) wins: 2 treasures of one kind hidden in the own castle, 2 were agreed."
    assert german[0] == "Anna (Rot) gewinnt: 2 Schätze derselben Art in der eigenen Burg versteckt, 2 waren vereinbart."
    assert not KIND.search(" ".join(english + german))


def test_victory_by_different_kinds_counts_the_kinds_without_naming_them() -> None:
    english, german = said("35-victory-different-kinds")
    assert english[0] == ("Anna (Red) wins: 2 different kinds of treasure hidden in the own castle, 2 were agreed.")
    assert german[0] == (
        "Anna (Rot) gewinnt: 2 verschiedene Schatzarten in der eigenen Burg versteckt, 2 waren vereinbart."
    )
    assert not KIND.search(" ".join(english + german))


def test_victory_by_named_kinds_names_only_the_agreed_kinds() -> None:
    english, german = said("45-complete-game-combination")
    assert english == [
        "Anna (Red) wins: crown, chalice and orb hidden in the own castle, as agreed.",
        "The game ended on day 7.",
    ]
    assert german == [
        "Anna (Rot) gewinnt: Krone, Kelch und Reichsapfel in der eigenen Burg versteckt, wie vereinbart.",
        "Die Partie endete an Tag 7.",
    ]


def test_the_books_guide_and_a_single_treasure() -> None:
    four = table([("red", "Anna"), ("yellow", "Ben"), ("blue", "Clara"), ("green", "Dora")])
    assert four.options.victory.treasures == 3  # the guide: 12 treasures for 4 players
    ended = won(four, "blue", ("crown", "orb", "orb"))
    assert render(result.verdict(ended)[0], "de") == (
        "Clara (Blau) gewinnt: 3 Schätze in der eigenen Burg versteckt, 3 waren vereinbart."
    )
    one = table([("red", "Anna"), ("green", "Dora")], victory={"treasures": 1})
    ended = won(one, "green", ("chalice",))
    assert (
        render(result.verdict(ended)[0], "en")
        == "Dora (Green) wins: 1 treasure hidden in the own castle, 1 was agreed."
    )
    assert render(result.verdict(ended)[0], "de") == (
        "Dora (Grün) gewinnt: 1 Schatz in der eigenen Burg versteckt, 1 war vereinbart."
    )


def test_a_name_that_only_repeats_the_colour_is_no_name() -> None:
    state = table([("red", "Red"), ("blue", "Ben")], victory={"treasures": 2})
    assert result.person(state.henchman("red")) == Person("red", None)
    assert result.person(state.henchman("blue")) == Person("blue", "Ben")
    ended = won(state, "red", ("crown", "crown"))
    assert render(result.verdict(ended)[0], "en") == "Red wins: 2 treasures hidden in the own castle, 2 were agreed."
    assert (
        render(result.verdict(ended)[0], "de")
        == "Rot gewinnt: 2 Schätze in der eigenen Burg versteckt, 2 waren vereinbart."
    )


def test_a_game_without_a_winner_says_so() -> None:
    state = history("44-complete-game-three-players")[5]
    assert state.winner is None
    (line,) = result.verdict(state)
    assert render(line, "en") == "No prince has hidden the agreed treasures: there is no winner."
    assert render(line, "de") == "Kein Fürst hat die vereinbarten Schätze versteckt: Es gibt keinen Sieger."


# ----------------------------------------------------------------------------- columns


def test_the_columns_give_every_princes_final_figures_in_turn_order() -> None:
    state = end("44-complete-game-three-players")
    cols = result.columns(state)
    assert isinstance(cols, Columns)
    assert [render(h, "en") for h in cols.headings] == [
        "Treasures hidden",
        "Treasures carried",
        "Life",
        "Gulden",
        "Strength",
        "Weapons",
        "Deaths",
    ]
    assert [render(h, "de") for h in cols.headings] == [
        "Versteckte Schätze",
        "Getragene Schätze",
        "Leben",
        "Gulden",
        "Stärke",
        "Waffen",
        "Verlorene Schergen",
    ]
    # seated red, yellow, blue; yellow won the roll: clockwise from yellow
    assert [colour for colour, _ in cols.rows] == ["yellow", "blue", "red"]
    for (colour, cells), p in zip(cols.rows, state.players, strict=True):
        assert colour == p.colour
        assert cells == (len(p.hidden), len(p.treasures), p.life, p.gold, p.strength, p.weapons, p.deaths)
        assert len(cells) == len(cols.headings)
    red = dict(cols.rows)["red"]
    assert red[0] == 2 and red[1] == 0
    assert dict(cols.rows)["yellow"][6] == 1  # yellow's henchman was killed once


@pytest.mark.parametrize("name", FINISHED)
def test_the_columns_count_treasures_and_never_name_a_kind(name: str) -> None:
    cols = result.columns(end(name))
    assert len(cols.rows) == len(end(name).players)
    for _, cells in cols.rows:
        assert all(isinstance(c, int) for c in cells)
