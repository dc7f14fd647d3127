"""Raubritter's live score from the public view: the points of each building tile for the owner of
its top knight (a surrendered player's knights score for nobody), the ranking the end would make
now (points, then knights left in hand, shared places for a draw, surrendered players last), and
the standing in German and English with its tie-breaks spelled out. At the end of real games
(the shipped scenarios and seeded play, corrections included) it agrees with the engine's
scoring."""

from __future__ import annotations

import datetime
import random
from typing import Any

import pytest

from companion.games.raubritter.score import points, rank, ranking, ranking_words, standing, tiles
from companion.i18n import render
from engines.core.correction import Correct
from engines.raubritter import GAME, Setup
from engines.raubritter.commands import CorrectStack, EndTurn, LayTile, Surrender
from tests.companion.games.raubritter.test_happenings import SCENARIO_NAMES, Table, played
from tests.engines.raubritter.table import correction, legal_command, new_history


def said(view: dict[str, Any]) -> tuple[list[str], list[str]]:
    texts = standing(view)
    return [render(t, "en") for t in texts], [render(t, "de") for t in texts]


def view_of(table: Table) -> dict[str, Any]:
    return GAME.public_view(table.state)


def marched() -> Table:
    """Anna (red) holds the village at 1,0 (by a march from her castle at 1,1) and the castle;
    Ben (blue) a castle at 3,0 and the forest village at 2,0."""
    table = Table()
    table.opening()
    table.do(LayTile("red", "plain-castle", 1, 1, drops=(1, 1), direction="north"), EndTurn("red"))
    table.do(LayTile("blue", "plain-castle", 3, 0, drops=(1, 2), direction="west"), EndTurn("blue"))
    return table


def test_each_building_scores_for_its_top_knight():
    view = view_of(marched())
    assert sorted(tiles(view)) == [(1, 0, 2, "red"), (1, 1, 1, "red"), (2, 0, 2, "blue"), (3, 0, 1, "blue")]
    assert points(view) == {"red": 3, "blue": 3}


def test_a_building_without_knights_scores_for_nobody():
    table = Table()
    table.opening()
    table.do(LayTile("red", "plain-town", 3, 0))
    view = view_of(table)
    assert (3, 0, 3, None) in tiles(view)
    assert points(view) == {"red": 0, "blue": 0}


def test_a_surrendered_players_knights_score_for_nobody():
    table = marched()
    table.do(Surrender("red"))
    view = view_of(table)
    assert (1, 0, 2, None) in tiles(view) and (1, 1, 1, None) in tiles(view)
    assert points(view) == {"red": 0, "blue": 3}
    rows = ranking(view)
    assert [(r["colour"], r["points"], r["place"], r["surrendered"], r["winner"]) for r in rows] == [
        ("blue", 3, 1, False, True),
        ("red", 0, None, True, False),
    ]
    en, de = said(view)
    assert en == [
        "Ben (Blue) leads with 3 points.",
        "Anna (Red) has surrendered: 0 points, cannot win; 2 buildings topped by their knights score for nobody.",
    ]
    assert de == [
        "Ben (Blau) führt mit 3 Punkten.",
        "Anna (Rot) hat aufgegeben: 0 Punkte, kann nicht gewinnen; 2 Gebäude mit Rittern von Anna (Rot) obenauf "
        "zählen für niemanden.",
    ]


def test_equal_points_the_knights_left_decide_while_playing():
    view = view_of(marched())  # 3 points each; red 28 knights left, blue 27
    rows = ranking(view)
    assert [(r["colour"], r["name"], r["points"], r["knights"], r["place"], r["shared"]) for r in rows] == [
        ("red", "Anna", 3, 28, 1, False),
        ("blue", "Ben", 3, 27, 2, False),
    ]
    en, de = said(view)
    assert en == [
        "Anna (Red) and Ben (Blue): 3 points each; Anna (Red) has 28 knights left, Ben (Blue) 27: Anna (Red) ahead."
    ]
    assert de == [
        "Anna (Rot) und Ben (Blau): je 3 Punkte; Anna (Rot) hat 28 Ritter übrig, Ben (Blau) 27: Anna (Rot) vorn."
    ]


def test_equal_points_and_knights_share_the_place():
    table = marched()
    table.do(Correct("red.knights", 27, "a knight fell under the table"))
    rows = ranking(view_of(table))
    assert [(r["place"], r["shared"], r["winner"]) for r in rows] == [(1, True, True), (1, True, True)]
    en, de = said(view_of(table))
    assert en == ["Anna (Red) and Ben (Blue): 3 points each; 27 knights left each: level."]
    assert de == ["Anna (Rot) und Ben (Blau): je 3 Punkte; je 27 Ritter übrig: gleichauf."]


def test_three_players_level_on_points_two_on_knights():
    rows = rank(
        [
            {"colour": "red", "name": "Anna", "points": 7, "knights": 4, "surrendered": False},
            {"colour": "blue", "name": None, "points": 7, "knights": 6, "surrendered": False},
            {"colour": "green", "name": "Cleo", "points": 7, "knights": 6, "surrendered": False},
            {"colour": "yellow", "name": "Dora", "points": 9, "knights": 0, "surrendered": True},
        ]
    )
    assert [(r["colour"], r["place"], r["shared"], r["winner"]) for r in rows] == [
        ("blue", 1, True, True),
        ("green", 1, True, True),
        ("red", 3, False, False),
        ("yellow", None, False, False),
    ]
    assert rows[-1]["points"] == 0
    live = [render(t, "de") for t in ranking_words(rows, final=False)]
    assert live == [
        "Blau, Cleo (Grün) und Anna (Rot): je 7 Punkte; Blau hat 6 Ritter übrig, Cleo (Grün) 6, Anna (Rot) 4: "
        "Blau und Cleo (Grün) gleichauf.",
        "Dora (Gelb) hat aufgegeben: 0 Punkte, kann nicht gewinnen.",
    ]
    end = [render(t, "en") for t in ranking_words(rows, final=True)]
    assert end[0] == (
        "Blue, Cleo (Green) and Anna (Red): 7 points each; Blue has 6 knights left, Cleo (Green) 6, Anna (Red) 4: "
        "a draw between Blue and Cleo (Green)."
    )


def test_a_player_alone_on_points_and_the_rest():
    rows = rank(
        [
            {"colour": "red", "points": 4, "knights": 9, "surrendered": False},
            {"colour": "blue", "points": 11, "knights": 2, "surrendered": False},
        ]
    )
    assert [render(t, "en") for t in ranking_words(rows, final=False)] == [
        "Blue leads with 11 points.",
        "Red: 4 points.",
    ]
    assert [render(t, "de") for t in ranking_words(rows, final=True)] == [
        "Blau gewinnt mit den meisten Punkten: 11.",
        "Rot: 4 Punkte.",
    ]
    rows = rank([{"colour": "red", "points": 1, "knights": 0, "surrendered": False}])
    assert [render(t, "de") for t in ranking_words(rows, final=False)] == ["Rot führt mit 1 Punkt."]


def test_everyone_surrendered_nobody_wins():
    _, _, view = played("37")[-1]
    en, de = said(view)
    assert en[-1] == "Everyone has surrendered: nobody wins."
    assert de == [
        "Anna (Blau) hat aufgegeben: 0 Punkte, kann nicht gewinnen.",
        "Ben (Rot) hat aufgegeben: 0 Punkte, kann nicht gewinnen.",
        "Alle haben aufgegeben: Niemand gewinnt.",
    ]
    assert not any(r["winner"] for r in ranking(view))


def test_the_standing_at_the_end_names_the_result():
    _, _, view = played("23")[-1]
    assert said(view)[1] == [
        "Ben (Rot) und Anna (Blau): je 10 Punkte; Ben (Rot) hat 21 Ritter übrig, Anna (Blau) 19: "
        "Ben (Rot) gewinnt mit den meisten übrigen Rittern."
    ]
    _, _, view = played("24")[-1]
    assert said(view)[0] == ["Anna (Blue) and Ben (Red): 9 points each; 20 knights left each: a draw."]


# ----------------------------------------------------------------------------- agreeing with the engine


def agrees(view: dict[str, Any]) -> None:
    """At the end, the score says what the engine's scoring said."""
    assert view["phase"] == "over"
    assert points(view) == view["scores"]
    rows = ranking(view)
    winners = [r["colour"] for r in rows if r["winner"]]
    assert sorted(winners) == sorted(view["winners"])
    assert (len(winners) > 1) == view["draw"]
    said_en = " ".join(render(t, "en") for t in standing(view))
    if view["draw"]:
        assert "a draw" in said_en
    elif winners:
        assert "wins" in said_en
    else:
        assert "nobody wins" in said_en


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_the_score_agrees_with_the_engine_at_every_end_of_a_shipped_game(name):
    ends = [view for _, _, view in played(name) if view["phase"] == "over"]
    for view in ends:
        agrees(view)


def test_the_shipped_games_include_every_kind_of_end():
    ends = [view for name in SCENARIO_NAMES for _, _, view in played(name) if view["phase"] == "over"]
    assert any(v["draw"] for v in ends)
    assert any(len(v["winners"]) == 1 for v in ends)
    assert any(not v["winners"] for v in ends)
    assert any(any(p["surrendered"] for p in v["players"]) and v["winners"] for v in ends)


@pytest.mark.parametrize("seed", range(20))
def test_the_score_agrees_with_the_engine_at_the_end_of_seeded_play(seed):
    rng = random.Random(seed)
    history = new_history(rng.choice((2, 3, 4)), rng)
    state = history.state
    ended = 0
    for _ in range(400):
        if state.phase == "over":
            ended += 1
            agrees(GAME.public_view(state))
            if ended > 3:
                break
            command = correction(state, rng)
        elif rng.random() < 0.03:
            command = correction(state, rng)
        else:
            command = legal_command(state, rng, surrender_rate=0.01)
        if command is None:
            break
        for event in GAME.decide(state, command):
            state = GAME.evolve(state, event)
    assert ended, "the seeded game reached its end"


def test_a_corrected_stack_on_top_changes_the_score():
    table = marched()
    table.do(CorrectStack(2, 0, ("blue", "blue", "red"), "a red knight stands on top"))
    assert points(view_of(table)) == {"red": 5, "blue": 1}


def test_a_setup_with_a_name_equal_to_the_colour_has_no_name():
    state = GAME.setup(
        Setup(
            players=[
                {"name": "Red", "birthday": datetime.date(1970, 1, 1), "colour": "red"},
                {"name": "Ben", "birthday": datetime.date(1980, 1, 1), "colour": "blue"},
            ]
        )
    )
    rows = ranking(GAME.public_view(state))
    assert [r["name"] for r in rows] == [None, "Ben"]
    assert render(standing(GAME.public_view(state))[0], "de") == (
        "Rot und Ben (Blau): je 0 Punkte; je 30 Ritter übrig: gleichauf."
    )
