"""Raubritter rules one by one: setup and turn order, placement, marches, turns, scoring, corrections."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engines.core.correction import Correct
from engines.core.errors import RuleViolation
from engines.core.history import History
from engines.raubritter import GAME, Setup
from engines.raubritter.commands import CorrectStack, CorrectTile, EndTurn, LayTile, MoveTile, Surrender
from engines.raubritter.moves import legal_cells, legal_marches, march_options
from engines.raubritter.rules import KINDS


def setup(*players: tuple[str, str, str]) -> Setup:
    return Setup(players=[{"name": n, "birthday": b, "colour": c} for n, b, c in players])


TWO = (("Anna", "1980-05-01", "blue"), ("Ben", "1975-02-05", "red"))


def game(*players: tuple[str, str, str]) -> History:
    return History(GAME, setup(*(players or TWO)))


def refused(history: History, command, rule: str) -> RuleViolation:
    before = history.state
    with pytest.raises(RuleViolation) as error:
        history.apply(command)
    assert error.value.rule == rule, error.value
    assert history.state == before
    return error.value


def initial_row(history: History) -> None:
    """Both players lay their initial pair in a row along y = 0: x = 0..3."""
    order = [p.colour for p in history.state.players]
    kinds = ["plain", "forest-village", "mountains", "plain-town"]
    for i, x in enumerate(range(4)):
        history.apply(LayTile(order[i // 2], kinds[i], x, 0))


def test_the_oldest_begins_then_the_order_given_wraps_round():
    h = game(("A", "1990-01-01", "blue"), ("B", "1960-01-01", "red"), ("C", "1970-01-01", "green"))
    assert [p.colour for p in h.state.players] == ["red", "green", "blue"]
    assert h.state.current == "red"


@pytest.mark.parametrize(
    ("players", "words"),
    [
        ((("A", "1990-01-01", "blue"), ("B", "1960-01-01", "blue")), "two players chose blue"),
        ((("A", "1990-01-01", "blue"),), "2 to 4 players"),
        ((("", "1990-01-01", "blue"), ("B", "1960-01-01", "red")), "at least 1 character"),
        ((("A", "1990-02-30", "blue"), ("B", "1960-01-01", "red")), "date"),
    ],
)
def test_bad_player_selections_are_refused_in_words(players, words):
    with pytest.raises((ValidationError, ValueError)) as error:
        setup(*players)
    assert words in str(error.value)


def test_initial_placement_two_non_castle_tiles_each_then_the_oldest_starts():
    h = game()
    refused(h, LayTile("red", "plain-castle", 0, 0), "phase.initial-castle")
    refused(h, LayTile("blue", "plain", 0, 0), "turn.not-yours")
    initial_row(h)
    assert h.state.phase == "play" and h.state.current == "red"
    assert h.state.player("red").tiles_total == 22


def test_a_tile_must_touch_be_free_and_keep_the_layout_within_the_area():
    h = game()
    initial_row(h)
    refused(h, LayTile("red", "plain", 1, 0), "tile.occupied")
    refused(h, LayTile("red", "plain", 5, 5), "tile.not-touching")
    refused(h, LayTile("red", "plain", -1, -1), "tile.not-touching")  # corners do not count
    h.apply(LayTile("red", "plain", 4, 0))
    h.apply(LayTile("red", "plain", 5, 0))
    h.apply(LayTile("red", "plain-village", 6, 0))  # x 0..6: seven wide, the 2-player limit
    assert h.state.box() == (7, 1) and h.state.current == "blue"  # three tiles end the turn
    refused(h, LayTile("blue", "plain", 7, 0), "tile.area")
    refused(h, LayTile("blue", "plain", -1, 0), "tile.area")
    assert (7, 0) not in legal_cells(h.state) and (0, 1) in legal_cells(h.state)


def test_a_fourth_tile_and_an_empty_turn_are_refused():
    h = game()
    initial_row(h)
    refused(h, EndTurn("red"), "turn.nothing-laid")
    for x in (4, 5, 6):
        h.apply(LayTile("red", "plain-village", x, 0))
    refused(h, LayTile("red", "plain", 0, 1), "turn.three-tiles")
    h.apply(LayTile("blue", "plain", 0, 1))
    h.apply(EndTurn("blue"))
    assert h.state.current == "red" and h.state.laid == 0


def test_a_march_leaves_knights_by_terrain_and_stops_where_it_must():
    h = game()
    initial_row(h)  # x0 plain, x1 forest-village, x2 mountains, x3 plain-town
    # a castle west of the row at x -1 marching east: castle 1, plain 1, forest 2 -> 4, then nothing for the mountains
    refused(h, LayTile("red", "plain-castle", -1, 0, (1, 1, 1, 2), "east"), "march.minimum")
    refused(h, LayTile("red", "plain-castle", -1, 0, (1, 1, 2, 1), "east"), "march.minimum")
    refused(h, LayTile("red", "plain-castle", -1, 0, (5,)), "march.stack")
    refused(h, LayTile("red", "plain-castle", -1, 0, (1, 4), "west"), "march.off-board")
    refused(h, LayTile("red", "plain-castle", -1, 0, (2, 3)), "march.direction")
    refused(h, LayTile("red", "plain", -1, 0, (1,)), "knights.not-a-castle")
    h.apply(LayTile("red", "plain-castle", -1, 0, (1, 1, 3), "east"))
    s = h.state
    assert [s.cell(x, 0).stack for x in (-1, 0, 1)] == [("red",), ("red",), ("red",) * 3]
    assert s.player("red").knights == 25


def test_a_lake_stops_a_march_and_a_full_tile_cannot_be_entered():
    h = game()
    order = [p.colour for p in h.state.players]  # red, blue
    h.apply(LayTile("red", "lake", 0, 0))
    h.apply(LayTile("red", "plain", 1, 0))
    h.apply(LayTile("blue", "plain", 2, 0))
    h.apply(LayTile("blue", "plain", 3, 0))
    assert order == ["red", "blue"] and h.state.phase == "play"
    refused(h, LayTile("red", "plain-castle", -1, 0, (1, 1), "east"), "march.lake")
    h.apply(LayTile("red", "plain-castle", 4, 0, (1, 4), "west"))  # four on the plain at 3,0
    h.apply(EndTurn("red"))
    refused(h, LayTile("blue", "plain-castle", 3, 1, (1, 1), "north"), "march.stack")  # 3,0 already holds 4
    h.apply(LayTile("blue", "plain-castle", 4, 1, (1, 3), "north"))  # on top of red's castle: 1 + 3 = 4
    assert h.state.cell(4, 0).stack == ("red", "blue", "blue", "blue") and h.state.cell(4, 0).top == "blue"


def test_legal_marches_and_options_for_the_screen():
    h = game()
    initial_row(h)
    marches = legal_marches(h.state, "red", -1, 0, "plain-castle", 5)
    assert (None, (5,)) not in marches  # five cannot stay on one tile
    assert ("east", (1, 1, 3)) in marches and ("east", (1, 4)) in marches
    assert all(direction == "east" for direction, _ in marches)  # the only tiles lie east
    options = march_options(h.state, -1, 0, "plain-castle", 5)
    assert [(o["x"], o["min"]) for o in options["east"]] == [(0, 1), (1, 2), (2, 3), (3, 1)]
    assert options["west"] == []


def test_knights_running_out_are_refused():
    h = game()
    initial_row(h)
    castles = ["plain-castle"] * 6 + ["forest-castle"] * 2
    for castle in castles[:7]:  # 7 castles with 4 knights each: 28 of red's 30
        h.apply(LayTile("red", castle, *legal_cells(h.state)[0], (4,)))
        h.apply(EndTurn("red"))
        h.apply(
            LayTile(
                "blue",
                "plain-village" if h.state.player("blue").tiles_left("plain-village") else "plain-castle",
                *legal_cells(h.state)[0],
            )
        )
        h.apply(EndTurn("blue"))
    assert h.state.player("red").knights == 2
    refused(h, LayTile("red", castles[7], *legal_cells(h.state)[0], (3,)), "knights.none-left")
    h.apply(LayTile("red", castles[7], *legal_cells(h.state)[0], (2,)))
    assert h.state.player("red").knights == 0


def test_scoring_top_knight_ties_on_knights_left_and_a_draw():
    h = game()
    initial_row(h)  # x1 forest-village (2), x3 plain-town (3)
    h.apply(LayTile("red", "plain-castle", -1, 0, (1, 1, 2), "east"))  # red on castle(1) and the village(2)
    h.apply(EndTurn("red"))
    h.apply(LayTile("blue", "plain-castle", 4, 0, (1, 3), "west"))  # blue on castle(1) and the town(3)
    h.apply(EndTurn("blue"))
    h.apply(Surrender("red"))
    assert h.state.current == "blue"
    while h.state.phase != "over":
        cell = legal_cells(h.state)[0]
        kind = next(
            k
            for k in (
                "plain",
                "lake",
                "mountains",
                "plain-village",
                "plain-town",
                "forest-village",
                "forest-town",
                "plain-castle",
                "forest-castle",
            )
            if h.state.player("blue").tiles_left(k)
        )
        h.apply(LayTile("blue", kind, *cell))
        if h.state.phase == "play" and h.state.current == "blue" and h.state.laid == 3:
            h.apply(EndTurn("blue"))
    scores = dict(h.state.scores)
    assert scores["red"] == 0  # surrendered
    assert scores["blue"] == 4 and h.state.winners == ("blue",) and not h.state.draw


def test_a_player_who_surrendered_cannot_win_even_on_equal_points_and_knights():
    h = game()
    initial_row(h)
    h.apply(Surrender("red"))
    while h.state.phase != "over":  # blue lays everything without a single knight: 0 points, 30 knights
        kind = next(k for k in KINDS if h.state.player("blue").tiles_left(k))
        h.apply(LayTile("blue", kind, *legal_cells(h.state)[0]))
        if h.state.phase == "play" and h.state.laid == 3:
            h.apply(EndTurn("blue"))
    assert dict(h.state.scores) == {"red": 0, "blue": 0}
    assert h.state.winners == ("blue",) and not h.state.draw


def test_a_correction_that_empties_the_current_players_pile_passes_the_turn():
    h = game()
    initial_row(h)  # blue (born 1980) is younger: red begins the play
    assert h.state.current == "red"
    while h.state.player("red").tiles_total > 1:
        kind = next(k for k in KINDS if h.state.player("red").tiles_left(k))
        h.apply(CorrectTile(*legal_cells(h.state)[0], kind, "laid but not entered", player="red"))
        assert h.state.current == "red" and h.state.laid == 0  # a correction is no move
    kind = next(k for k in KINDS if h.state.player("red").tiles_left(k))
    events = h.apply(CorrectTile(*legal_cells(h.state)[0], kind, "the last one", player="red"))
    assert [e.type for e in events] == ["tile-corrected", "turn-passed"]
    assert h.state.current == "blue" and h.state.phase == "play"


def test_corrections_refused_change_nothing_and_name_their_rule():
    h = game()
    initial_row(h)  # x0 plain, x1 forest-village, x2 mountains, x3 plain-town
    refused(h, Correct("red.knights", 5, ""), "correction.reason")
    refused(h, CorrectTile(0, 0, "plain", "as it is"), "correction.same")
    refused(h, CorrectTile(9, 9, None, "nothing there"), "correction.no-tile")
    refused(h, MoveTile(0, 0, 1, 0, "onto a tile"), "tile.occupied")
    refused(h, MoveTile(0, 0, 8, 0, "too wide"), "tile.area")  # x 1..8
    refused(h, CorrectStack(0, 0, ("red",) * 5, "five"), "correction.stack")
    refused(h, CorrectStack(0, 0, ("green",), "nobody plays green"), "player.unknown")
    h.apply(CorrectTile(0, 0, "lake", "a lake after all"))
    refused(h, CorrectStack(0, 0, ("red",), "on the lake"), "correction.lake")
    refused(h, CorrectTile(1, 0, "lake", "a second lake"), "tile.none-left")
