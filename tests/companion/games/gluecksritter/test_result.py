"""Die Glücksritter's result part: the rounds and figures the plot draws, the verdict in German and
English, and the final table; played from the scenario files' finished games of both rule sets
through the engine, as the journal would play them."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from companion.games.gluecksritter import result
from companion.games.gluecksritter.scenario import build_command, build_setup
from companion.i18n import Join, Message, Person, Plural, render
from companion.results.parts import Columns, Measure
from engines.gluecksritter import GAME, OSULLIVAN, SCHMIDT
from engines.gluecksritter.state import OVER
from tests.companion.games.played import steps as played_steps

ROOT = Path(__file__).resolve().parents[4]
SCENARIOS = ROOT / "tests" / "scenarios"

# The finished games among the scenarios: (file, rule set, winners).
FINISHED = {
    "gluecksritter/46": (SCHMIDT, ("red",)),  # the only complete castle, players named
    "gluecksritter/55": (OSULLIVAN, ("green",)),  # the only complete castle
    "gluecksritter/47": (OSULLIVAN, ("red",)),  # three complete castles, the most Ducats
    "gluecksritter/48": (SCHMIDT, ("red", "blue")),  # two complete castles, equal Ducats: shared
    "gluecksritter/66": (SCHMIDT, ("blue",)),  # two complete castles, Ducats decide (corrected)
    "long/gluecksritter-full-game": (SCHMIDT, None),  # random legal play to the end
}

Step = tuple[Any, tuple[Any, ...], Any]


@cache
def steps(name: str) -> tuple[Step, ...]:
    """A scenario's accepted commands in order as (state before, events, state after); refused
    commands and expectations are skipped, undo and redo step through the states."""
    (path,) = SCENARIOS.glob(f"{name}*.scn")
    _initial, found = played_steps(path, GAME, build_setup, build_command)
    return tuple((step.before, step.events, step.after) for step in found if step.text)


def first(name: str) -> Any:
    return steps(name)[0][0]


def final(name: str) -> Any:
    return steps(name)[-1][2]


def both(text: Any) -> tuple[str, str]:
    return render(text, "de"), render(text, "en")


def persons(value: Any) -> list[Person]:
    """The players a text names, in its order."""
    if isinstance(value, Person):
        return [value]
    if isinstance(value, Join):
        return [p for item in value.items for p in persons(item)]
    if isinstance(value, (Message, Plural)):
        return [p for _, v in value.values for p in persons(v)]
    return []


def value_of(text: Any, key: str) -> Any:
    return dict(text.values)[key]


# ----------------------------------------------------------------------------- the plot


def test_the_part_declares_its_period_and_measures():
    assert result.PERIOD == Message("Round")
    assert [m.key for m in result.MEASURES] == ["ducats", "pieces"]
    assert all(isinstance(m, Measure) for m in result.MEASURES)
    assert both(result.MEASURES[0].label) == ("Dukaten", "Ducats")
    assert both(result.MEASURES[1].label) == ("Burgteile", "Castle pieces")


@pytest.mark.parametrize("name", ["gluecksritter/46", "gluecksritter/55", "long/gluecksritter-full-game"])
def test_the_period_starts_at_1_and_counts_on_with_every_round_that_ends(name):
    assert result.period(first(name)) == 1
    for before, events, after in steps(name):
        ended = sum(1 for e in events if getattr(e, "type", None) == "round-ended")
        assert result.period(after) == result.period(before) + ended, events


def test_a_whole_game_passes_through_every_round_in_order():
    periods = [result.period(after) for _, _, after in steps("gluecksritter/46")]
    assert periods == sorted(periods)
    assert sorted(set(periods)) == [1, 2, 3, 4, 5, 6]  # red completes the castle in round 6
    assert final("gluecksritter/46").phase == OVER and result.period(final("gluecksritter/46")) == 6


def test_the_long_game_plays_many_rounds():
    assert result.period(final("long/gluecksritter-full-game")) > 3


@pytest.mark.parametrize("name", ["gluecksritter/46", "gluecksritter/55", "gluecksritter/47"])
def test_values_are_the_ducats_and_castle_pieces_of_every_player(name):
    for _, _, state in steps(name):
        values = result.values(state)
        assert list(values) == [p.colour for p in state.players]
        for p in state.players:
            assert values[p.colour] == (p.silver + 2 * p.gold, p.walls + p.towers)


def test_values_at_the_setup_and_at_the_end():
    # Everyone starts with 2 silver and 2 gold (6 Ducats) and no castle.
    assert result.values(first("gluecksritter/46")) == {"red": (6, 0), "blue": (6, 0), "green": (6, 0)}
    # The end of scenario 46: red 2s1g and a complete castle, blue 3s6g with 4 walls and 1 tower,
    # green 2s2g (one silver found under the table after the end) with 2 walls and 1 tower.
    assert result.values(final("gluecksritter/46")) == {"red": (4, 8), "blue": (15, 5), "green": (6, 3)}


# ----------------------------------------------------------------------------- the verdict


@pytest.mark.parametrize("name", sorted(FINISHED))
def test_the_verdict_names_exactly_the_winners(name):
    state = final(name)
    rules, winners = FINISHED[name]
    assert state.phase == OVER and state.rules.ruleset == rules
    if winners is not None:
        assert state.winners == winners
    lines = result.verdict(state)
    assert lines
    named = persons(lines[0])
    winners_named = [p.colour for p in named if p.colour in state.winners]
    assert sorted(winners_named) == sorted(state.winners)
    # Everyone else named in the verdict completed a castle and lost on Ducats.
    for line in lines:
        for p in persons(line):
            if p.colour not in state.winners:
                other = state.player(p.colour)
                assert (other.walls, other.towers) == (4, 4)
                assert other.coins.value < max(state.player(w).coins.value for w in state.winners)
    for line in lines:
        de, en = both(line)
        assert de and en and de != en
        assert "{" not in de + en


def test_the_only_complete_castle_with_names_given():
    (line,) = result.verdict(final("gluecksritter/46"))
    assert both(line) == (
        "Anna (Rot) gewinnt: die Burg ist vollständig (4 Mauern, 4 Türme).",
        "Anna (Red) wins: the castle is complete (4 walls, 4 towers).",
    )


def test_the_only_complete_castle_osullivan_without_names():
    # The engine names an unnamed player after the colour ("Green"): that is no name.
    state = final("gluecksritter/55")
    assert state.player("green").name == "Green"
    (line,) = result.verdict(state)
    assert both(line) == (
        "Grün gewinnt: die Burg ist vollständig (4 Mauern, 4 Türme).",
        "Green wins: the castle is complete (4 walls, 4 towers).",
    )


def test_several_complete_castles_the_most_ducats_win_osullivan():
    # Red 3s4g (11), blue 7s1g (9), green 1s1g (3): all three castles are complete.
    state = final("gluecksritter/47")
    assert [p.colour for p in state.players if p.pieces == 8] == ["red", "blue", "green"]
    (line,) = result.verdict(state)
    assert both(line) == (
        "Rot gewinnt: die Burg ist vollständig, wie die von Blau und Grün; "
        "Rot hat die meisten Dukaten: 11 gegen 9 und 3.",
        "Red wins: the castle is complete, as are the castles of Blue and Green; "
        "Red has the most Ducats: 11 against 9 and 3.",
    )


def test_two_complete_castles_the_ducats_decide_schmidt():
    # Scenario 66: red's purse corrected after the end, blue's 2s2g (6) beat red's 0s2g (4).
    state = final("gluecksritter/66")
    (line,) = result.verdict(state)
    assert both(line) == (
        "Blau gewinnt: die Burg ist vollständig, wie die von Rot; Blau hat mehr Dukaten: 6 gegen 4.",
        "Blue wins: the castle is complete, as is the castle of Red; Blue has more Ducats: 6 against 4.",
    )


def test_a_tie_decided_by_ducats_with_names():
    state = final("gluecksritter/66")
    named = state.with_player(_renamed(state.player("blue"), "Bernd")).with_player(
        _renamed(state.player("red"), "Anna")
    )
    (line,) = result.verdict(named)
    assert both(line) == (
        "Bernd (Blau) gewinnt: die Burg ist vollständig, wie die von Anna (Rot); Bernd hat mehr Dukaten: 6 gegen 4.",
        "Bernd (Blue) wins: the castle is complete, as is the castle of Anna (Red); "
        "Bernd has more Ducats: 6 against 4.",
    )


def test_equal_ducats_share_the_win():
    # Scenario 48: red 2s2g and blue 0s3g, both 6 Ducats; green holds 6 too, castle incomplete.
    state = final("gluecksritter/48")
    (line,) = result.verdict(state)
    assert both(line) == (
        "Rot und Blau gewinnen gemeinsam: ihre Burgen sind vollständig und ihre Dukaten gleich, "
        "je 6; bei gleichen Dukaten wird der Sieg geteilt.",
        "Red and Blue win together: their castles are complete and their Ducats equal, 6 each; "
        "a tie on Ducats is a shared win.",
    )


def test_a_shared_win_names_the_castles_that_lost_on_ducats():
    # Scenario 48's end with green's castle complete too but fewer Ducats (2s1g: 4). The engine's
    # own verdict for this table is the same shared win.
    from engines.gluecksritter.round_end import verdict as engine_verdict

    state = final("gluecksritter/48")
    green = state.player("green")
    state = state.with_player(type(green)(**{**_fields(green), "walls": 4, "towers": 4, "silver": 2, "gold": 1}))
    assert engine_verdict(state)[0] == state.winners == ("red", "blue")
    lines = result.verdict(state)
    assert [both(line) for line in lines[1:]] == [
        (
            "Grün hat die Burg ebenfalls vollendet, aber weniger Dukaten: 4.",
            "Green completed the castle too, but has fewer Ducats: 4.",
        )
    ]


def test_no_verdict_while_nobody_has_won():
    assert result.verdict(first("gluecksritter/46")) == []
    for _, _, state in steps("gluecksritter/46")[:-5]:
        assert state.phase != OVER
        assert result.verdict(state) == []


def test_a_name_repeating_the_colour_counts_as_none():
    state = final("gluecksritter/46")
    for given in ("red", " Red ", "RED"):
        renamed = state.with_player(_renamed(state.player("red"), given))
        assert render(result.verdict(renamed)[0], "en").startswith("Red wins:")


def _fields(player: Any) -> dict[str, Any]:
    return {name: getattr(player, name) for name in type(player).__slots__}


def _renamed(player: Any, name: str) -> Any:
    return type(player)(**{**_fields(player), "name": name})


# ----------------------------------------------------------------------------- the final table


@pytest.mark.parametrize("name", sorted(FINISHED))
def test_columns_have_one_row_per_player_in_seating_order(name):
    state = final(name)
    table = result.columns(state)
    assert isinstance(table, Columns)
    assert [colour for colour, _ in table.rows] == [p.colour for p in state.players]
    for (_, cells), p in zip(table.rows, state.players, strict=True):
        assert len(cells) == len(table.headings)
        assert cells[:6] == (p.walls, p.towers, p.silver, p.gold, p.silver + 2 * p.gold, len(p.documents))


def test_column_headings_in_both_languages():
    table = result.columns(final("gluecksritter/46"))
    assert [both(h) for h in table.headings] == [
        ("Mauern", "Walls"),
        ("Türme", "Towers"),
        ("Silber", "Silver"),
        ("Gold", "Gold"),
        ("Dukaten", "Ducats"),
        ("Dokumente", "Documents"),
    ]


def test_columns_show_the_documents_held():
    # Scenario 46: green drew documents on field 1 and still holds some at the end.
    end = final("gluecksritter/46")
    held = {colour: cells[5] for colour, cells in result.columns(end).rows}
    assert held["green"] == len(end.player("green").documents) > 0
