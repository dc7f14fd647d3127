"""Raubritter's result part: the round a state is in (the initial placement is round 1, a round
more each time the turn comes back round), each player's points as they stand and knights in
hand, who won and why in German and English (the engine's winners, the tie-breaks, who
surrendered, players by the names they gave), and every player's final figures in turn order."""

from __future__ import annotations

import datetime
import random
from typing import Any

import pytest

from companion.games.raubritter import autoplay, result
from companion.games.raubritter.score import points, standing
from companion.games.registry import part
from companion.i18n import Person, render
from companion.results.parts import Columns, Measure
from engines.raubritter import GAME, Setup
from engines.raubritter.commands import EndTurn, Surrender
from engines.raubritter.rules import INITIAL_TILES, KNIGHTS, TILES_PER_PLAYER, TILES_PER_TURN
from engines.raubritter.state import GameState
from engines.raubritter.views import state_of
from tests.companion.games.raubritter.test_happenings import SCENARIO_NAMES, Table, played
from tests.engines.raubritter.table import legal_command, new_history

NAMES = ("Anna", "Ben", "Cleo", "Dora")
COLOURS = ("red", "blue", "green", "yellow")


def setup(count: int, names: tuple[str, ...] = NAMES) -> Setup:
    """``count`` players, the first the oldest (so the first in turn order)."""
    return Setup(
        players=[
            {"name": names[i], "birthday": datetime.date(1960 + 10 * i, 1, 1), "colour": COLOURS[i]}
            for i in range(count)
        ]
    )


def whole_game(count: int, names: tuple[str, ...] = NAMES) -> list[GameState]:
    """Every state of the rules of thumb's whole game (:mod:`companion.games.raubritter.autoplay`),
    from the setup to the end, one per command."""
    config = setup(count, names)
    state = GAME.setup(config)
    states = [state]
    for command in autoplay.commands(GAME, config):
        for event in GAME.decide(state, command):
            state = GAME.evolve(state, event)
        states.append(state)
    assert state.phase == "over"
    return states


def end_of(name: str) -> GameState:
    """The state at the end of the shipped scenario ``name`` (its last finished state)."""
    ends = [view for _, _, view in played(name) if view["phase"] == "over"]
    assert ends, f"scenario {name} does not end"
    return state_of(ends[-1])


def rendered(texts: list[Any]) -> tuple[list[str], list[str]]:
    return [render(t, "en") for t in texts], [render(t, "de") for t in texts]


def lay(table: Table, tiles: int = 1) -> None:
    for _ in range(tiles):
        table.do(autoplay.next_command(table.state))


# ----------------------------------------------------------------------------- the part


def test_the_home_names_this_part_with_its_period_and_measures():
    assert part("raubritter", "result") is result
    assert render(result.PERIOD, "de") == "Runde"
    assert all(isinstance(m, Measure) for m in result.MEASURES)
    assert [m.key for m in result.MEASURES] == ["points", "knights"]
    assert [render(m.label, "en") for m in result.MEASURES] == ["Points", "Knights in hand"]
    assert [render(m.label, "de") for m in result.MEASURES] == ["Punkte", "Ritter in der Hand"]


# ----------------------------------------------------------------------------- rounds


@pytest.mark.parametrize("count", (2, 3, 4))
def test_a_whole_game_counts_one_round_per_turn_of_everyone(count):
    states = whole_game(count)
    assert result.period(states[0]) == 1
    initial = INITIAL_TILES * count
    by_tiles = {len(s.cells): result.period(s) for s in states}
    for tiles, number in by_tiles.items():
        if tiles <= initial:
            assert number == 1, f"{tiles} tiles: the initial placement is round 1"
        else:  # three tiles a turn, everyone in turn
            assert number == 2 + (tiles - initial - 1) // (TILES_PER_TURN * count), tiles
    periods = [result.period(s) for s in states]
    assert all(b - a in (0, 1) for a, b in zip(periods, periods[1:], strict=False))
    rounds_of_play = -(-(TILES_PER_PLAYER - INITIAL_TILES) // TILES_PER_TURN)  # 22 tiles in threes: 8
    assert periods[-1] == 1 + rounds_of_play == 9
    assert sorted(set(periods)) == list(range(1, 10))


def test_each_round_begins_with_the_first_player_in_turn_order():
    states = whole_game(3)
    order = [p.colour for p in states[0].players]
    for before, after in zip(states, states[1:], strict=False):
        if result.period(after) > result.period(before):
            assert after.cells[-1].owner == order[0]
            assert result.period(before) == result.period(after) - 1


def test_short_turns_a_surrender_and_a_player_alone():
    table = Table()  # Anna (red) first, then Ben (blue)
    assert result.period(table.state) == 1
    table.opening()
    assert (table.state.phase, table.state.current) == ("play", "red")
    assert result.period(table.state) == 1  # the turn has come back round, no tile of round 2 yet
    lay(table)
    assert result.period(table.state) == 2
    table.do(EndTurn("red"))
    lay(table, 2)
    table.do(EndTurn("blue"))
    assert result.period(table.state) == 2
    lay(table, 3)  # red's third tile passes the turn
    assert result.period(table.state) == 3
    table.do(Surrender("blue"))
    assert table.state.current == "red"
    assert result.period(table.state) == 3
    lay(table, 3)  # alone in the game: every turn is a round
    assert table.state.current == "red"
    assert result.period(table.state) == 4
    lay(table)
    assert result.period(table.state) == 5


def test_a_player_alone_who_ends_turns_early_is_counted_in_threes():
    """The documented limit: those turns cannot be told apart from the tiles alone."""
    table = Table()
    table.opening()
    lay(table, 3)
    table.do(Surrender("blue"))
    periods = [result.period(table.state)]
    for _ in range(4):  # four turns of one tile each: rounds 3 to 6 at the table
        lay(table)
        periods.append(result.period(table.state))
        table.do(EndTurn("red"))
        periods.append(result.period(table.state))
    assert periods == [2, 3, 3, 3, 3, 3, 3, 4, 4]


def test_a_view_gives_the_same_as_its_state():
    state = whole_game(2)[40]
    view = GAME.public_view(state)
    assert result.period(view) == result.period(state)
    assert result.values(view) == result.values(state)
    assert result.columns(view) == result.columns(state)


@pytest.mark.parametrize("seed", range(12))
def test_rounds_follow_the_turns_the_engine_passes_in_seeded_play(seed):
    """The round of the last tile laid, counted from the engine's turn passing, is the period;
    once a player is alone in the game (a turn passes to the same player) turns ended early may
    merge, and the period only never goes back."""
    rng = random.Random(seed)
    history = new_history(rng.choice((2, 3, 4)), rng)
    state = history.state
    order = [p.colour for p in state.players]
    turn_round, turn_of, alone, tile_round = 1, state.current, False, 1
    last = result.period(state)
    compared = 0
    while state.phase != "over":
        for event in GAME.decide(state, legal_command(state, rng, surrender_rate=0.01)):
            if event.type == "turn-passed" and event.to is not None:
                back = event.phase != state.phase or order.index(event.to) <= order.index(turn_of)
                if event.phase == "play" and back:
                    turn_round += 1
                alone = alone or (event.phase == state.phase == "play" and event.to == turn_of)
                turn_of = event.to
            if event.type == "tile-laid":
                tile_round = turn_round
            state = GAME.evolve(state, event)
        now = result.period(state)
        assert now >= last, "the round never goes back while tiles are laid"
        last = now
        if not alone:
            assert now == tile_round
            compared += 1
    assert compared > 10


# ----------------------------------------------------------------------------- values


def test_values_are_the_points_as_they_stand_and_the_knights_in_hand():
    states = whole_game(3)
    for state in states:
        view = GAME.public_view(state)
        scored = points(view)
        assert result.values(state) == {p.colour: (scored[p.colour], p.knights) for p in state.players}
    final = states[-1]
    assert {c: v[0] for c, v in result.values(final).items()} == dict(final.scores)
    assert result.values(states[0]) == {c: (0, KNIGHTS) for c in ("red", "blue", "green")}
    assert any(v[0] > 0 and v[1] < KNIGHTS for v in result.values(final).values())


def test_a_surrendered_players_points_are_0_though_their_knights_top_buildings():
    state = end_of("25")
    assert state.player("green").surrendered
    assert any(c.top == "green" for c in state.cells)
    assert result.values(state)["green"] == (0, state.player("green").knights)


# ----------------------------------------------------------------------------- verdict


ENDED = [name for name in SCENARIO_NAMES if any(v["phase"] == "over" for _, _, v in played(name))]


@pytest.mark.parametrize("name", ENDED)
def test_the_verdict_names_exactly_the_engines_winners(name):
    state = end_of(name)
    texts = result.verdict(state)
    assert texts == standing(GAME.public_view(state))  # the screen's words at the end, not new ones
    en, de = rendered(texts)
    assert all(line.endswith(".") for line in en + de)
    people = {p.colour: render(Person(p.colour, p.name), "en") for p in state.players}
    said = " ".join(en)
    if not state.winners:
        assert en[-1] == "Everyone has surrendered: nobody wins."
    elif state.draw:
        assert "a draw" in en[0]
        assert all(people[c] in en[0] for c in state.winners)
    else:
        (winner,) = state.winners
        assert f"{people[winner]} wins with the most" in en[0]
    for colour, who in people.items():
        if colour not in state.winners:
            assert f"{who} wins" not in said
    for p in state.players:
        if p.surrendered:
            assert any(line.startswith(f"{people[p.colour]} has surrendered: 0 points") for line in en)


def test_the_verdict_on_points():
    en, de = rendered(result.verdict(end_of("21")))
    assert en == ["Cleo (Green) wins with the most points: 18.", "Anna (Blue): 16 points.", "Ben (Red): 10 points."]
    assert de == [
        "Cleo (Grün) gewinnt mit den meisten Punkten: 18.",
        "Anna (Blau): 16 Punkte.",
        "Ben (Rot): 10 Punkte.",
    ]


def test_the_verdict_on_equal_points_the_knights_decide():
    state = end_of("23")
    assert state.winners == ("red",) and not state.draw
    en, de = rendered(result.verdict(state))
    assert en == [
        "Ben (Red) and Anna (Blue): 10 points each; Ben (Red) has 21 knights left, Anna (Blue) 19: "
        "Ben (Red) wins with the most knights left."
    ]
    assert de == [
        "Ben (Rot) und Anna (Blau): je 10 Punkte; Ben (Rot) hat 21 Ritter übrig, Anna (Blau) 19: "
        "Ben (Rot) gewinnt mit den meisten übrigen Rittern."
    ]


def test_the_verdict_on_equal_points_and_knights_is_a_draw():
    state = end_of("24")
    assert sorted(state.winners) == ["blue", "red"] and state.draw
    en, de = rendered(result.verdict(state))
    assert en == ["Anna (Blue) and Ben (Red): 9 points each; 20 knights left each: a draw."]
    assert de == ["Anna (Blau) und Ben (Rot): je 9 Punkte; je 20 Ritter übrig: Gleichstand."]


def test_the_verdict_names_who_surrendered():
    en, de = rendered(result.verdict(end_of("26")))
    assert en == ["Anna (Blue) wins with the most points: 17.", "Ben (Red) has surrendered: 0 points, cannot win."]
    assert de == [
        "Anna (Blau) gewinnt mit den meisten Punkten: 17.",
        "Ben (Rot) hat aufgegeben: 0 Punkte, kann nicht gewinnen.",
    ]
    en, de = rendered(result.verdict(end_of("37")))
    assert en[-1] == "Everyone has surrendered: nobody wins."
    assert de[-1] == "Alle haben aufgegeben: Niemand gewinnt."


def test_a_name_that_repeats_the_colour_is_no_name():
    state = whole_game(2, names=("Red", "Ben"))[-1]
    en, de = rendered(result.verdict(state))
    joined = " ".join(de)
    assert "Ben (Blau)" in joined
    assert "Rot" in joined and "(Rot)" not in joined and "Red" not in joined
    assert "Red" in " ".join(en) and "(Red)" not in " ".join(en)


# ----------------------------------------------------------------------------- columns


def cells(columns: Columns, language: str) -> list[tuple[str, tuple[Any, ...]]]:
    return [(colour, tuple(render(c, language) for c in row)) for colour, row in columns.rows]


def test_the_columns_one_row_per_player_in_turn_order():
    state = end_of("25")  # Anna (blue) first, Ben (red), Cleo (green) surrendered
    columns = result.columns(state)
    assert [colour for colour, _ in columns.rows] == [p.colour for p in state.players] == ["blue", "red", "green"]
    assert [render(h, "en") for h in columns.headings] == [
        "Points",
        "Tiles laid",
        "Tiles left",
        "Knights in hand",
        "Place",
    ]
    assert [render(h, "de") for h in columns.headings] == [
        "Punkte",
        "Gelegte Plättchen",
        "Plättchen übrig",
        "Ritter in der Hand",
        "Platz",
    ]
    assert cells(columns, "en") == [
        ("blue", ("15", "24", "0", "16", "1")),
        ("red", ("13", "24", "0", "18", "2")),
        ("green", ("0", "8", "16", "27", "surrendered")),
    ]
    assert cells(columns, "de")[2] == ("green", ("0", "8", "16", "27", "aufgegeben"))


def test_the_columns_share_the_place_of_a_draw():
    columns = result.columns(end_of("24"))
    assert [(colour, row[0], row[3], row[4]) for colour, row in columns.rows] == [
        ("blue", 9, 20, 1),
        ("red", 9, 20, 1),
    ]


@pytest.mark.parametrize("count", (2, 4))
def test_the_columns_agree_with_the_engine_at_the_end(count):
    state = whole_game(count)[-1]
    columns = result.columns(state)
    assert len(columns.rows) == count
    assert len(columns.headings) == 5
    scores = dict(state.scores)
    for (colour, row), player in zip(columns.rows, state.players, strict=True):
        assert colour == player.colour
        assert row[0] == scores[colour]
        assert row[1] == sum(1 for c in state.cells if c.owner == colour)
        assert row[1] + row[2] == TILES_PER_PLAYER
        assert row[3] == player.knights
    places = {colour: row[4] for colour, row in columns.rows}
    assert all(isinstance(place, int) for place in places.values())  # nobody surrendered
    assert {c for c, place in places.items() if place == 1} == set(state.winners)
