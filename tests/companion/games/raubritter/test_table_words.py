"""What the players are told to change on the table when a Raubritter step is undone or redone:
real states from real commands, and over seeded random play (corrections included) words that a
table can follow back to the restored state."""

from __future__ import annotations

import datetime
import random
import re
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.journal.table_words import instructions
from engines.core.correction import Correct
from engines.raubritter import GAME as RB
from engines.raubritter import Setup as RBSetup
from engines.raubritter.commands import CorrectStack, CorrectTile, LayTile, MoveTile, Surrender
from engines.raubritter.commands import EndTurn as RBEndTurn
from engines.raubritter.rules import KINDS as RB_KINDS
from tests.companion.games.words import FAST, Play, both_ways, colour, number, seeds
from tests.engines.raubritter.table import correction as raubritter_correction
from tests.engines.raubritter.table import legal_command
from tests.engines.raubritter.table import new_history as raubritter_history


def raubritter() -> Play:
    players = [
        {"name": "Ann", "birthday": datetime.date(1970, 1, 1), "colour": "red"},
        {"name": "Bob", "birthday": datetime.date(1980, 1, 1), "colour": "blue"},
    ]
    return Play("raubritter", RBSetup(players=players))


def raubritter_opening(play: Play) -> None:
    """The initial placement: red (the oldest) plain 0,0 and village 1,0; blue forest village 2,0
    and plain 0,1."""
    play.do(
        LayTile("red", "plain", 0, 0),
        LayTile("red", "plain-village", 1, 0),
        LayTile("blue", "forest-village", 2, 0),
        LayTile("blue", "plain", 0, 1),
    )


def test_raubritter_a_tile_of_the_initial_placement() -> None:
    play = raubritter()
    play.do(LayTile("red", "plain", 0, 0))
    assert play.undo_words(LayTile("red", "plain-village", 1, 0)) == [
        "Take the plain-village tile at 1,0 back to Ann (Red)'s pile.",
        "It is Ann (Red)'s turn again, with 1 tile laid.",
    ]
    assert play.redo_words() == ["Lay Ann (Red)'s plain-village tile at 1,0 again.", "It is Bob (Blue)'s turn again."]
    play.do(LayTile("blue", "forest-village", 2, 0))
    assert play.undo_words(LayTile("blue", "plain", 0, 1)) == [
        "Take the plain tile at 0,1 back to Bob (Blue)'s pile.",
        "It is the initial placement again.",
        "It is Bob (Blue)'s turn again, with 1 tile laid.",
    ]


def test_raubritter_a_castle_with_a_march() -> None:
    play = raubritter()
    raubritter_opening(play)
    assert play.undo_words(LayTile("red", "plain-castle", -1, 0, drops=(2, 1), direction="east")) == [
        "Take the plain-castle tile at -1,0 back to Ann (Red)'s pile and the 2 knights on it back to Ann (Red).",
        "Take 1 Red knight off the plain at 0,0 back to Ann (Red).",
    ]
    assert play.redo_words() == [
        "Lay Ann (Red)'s plain-castle tile at -1,0 again with 2 Red knights on it.",
        "Put 1 Red knight back on the plain at 0,0.",
    ]
    play.do(LayTile("red", "forest-castle", 3, 0, drops=(2, 3), direction="west"))
    assert play.undo_words(RBEndTurn("red")) == ["It is Ann (Red)'s turn again, with 2 tiles laid."]
    # Bob (Blue)'s knights land on top of Ann (Red)'s: only Bob (Blue)'s come off
    assert play.undo_words(LayTile("blue", "plain-castle", 0, 2, drops=(1, 1, 2), direction="north")) == [
        "Take the plain-castle tile at 0,2 back to Bob (Blue)'s pile and the knight on it back to Bob (Blue).",
        "Take 2 Blue knights off the plain at 0,0 back to Bob (Blue).",
        "Take 1 Blue knight off the plain at 0,1 back to Bob (Blue).",
    ]


def test_raubritter_a_surrender() -> None:
    play = raubritter()
    raubritter_opening(play)
    assert play.undo_words(Surrender("red")) == ["Ann (Red) is back in the game.", "It is Ann (Red)'s turn again."]
    assert play.redo_words() == ["Ann (Red) surrenders again.", "It is Bob (Blue)'s turn again."]


def test_raubritter_corrections_of_tiles_stacks_and_knights_in_hand() -> None:
    play = raubritter()
    raubritter_opening(play)
    play.do(LayTile("red", "plain-castle", -1, 0, drops=(2, 1), direction="east"))  # Red knight on 0,0
    assert play.undo_words(CorrectTile(0, 0, "plain-town", "a town")) == [
        "Lay Ann (Red)'s plain tile at 0,0 again in place of the plain-town, under the same knights; "
        "the plain-town goes back to Ann (Red)'s pile."
    ]
    assert play.redo_words() == [
        "Lay Ann (Red)'s plain-town tile at 0,0 again in place of the plain, under the same knights; "
        "the plain goes back to Ann (Red)'s pile."
    ]
    assert play.undo_words(MoveTile(0, 0, 0, -1, "it lies north")) == [
        "Move the plain-town tile at 0,-1 back to 0,0 with the knights on it."
    ]
    assert play.undo_words(CorrectTile(0, 1, None, "never laid")) == ["Lay Bob (Blue)'s plain tile at 0,1 again."]
    assert play.undo_words(CorrectTile(1, 1, "lake", "laid, not entered", player="blue")) == [
        "Take the lake tile at 1,1 back to Bob (Blue)'s pile."
    ]
    assert play.undo_words(CorrectStack(2, 0, ("blue", "red"), "the knights there")) == [
        "Take 1 Blue knight and 1 Red knight off the forest-village at 2,0 back to their owners."
    ]
    assert play.undo_words(Correct("red.knights", 20, "lost")) == [
        "Ann (Red): take 6 set-aside knights back into your hand."
    ]
    assert play.redo_words() == ["Ann (Red): set 6 knights aside again."]


def test_raubritter_a_correction_after_the_end_counts_the_scores_again() -> None:
    rng = random.Random(3)
    history = raubritter_history(2, rng)
    while history.state.phase != "over":
        history.apply(legal_command(history.state, rng))
    before = history.state
    loser = next(p for p in before.players if p.colour not in before.winners)
    command = Correct(f"{before.winners[0]}.knights", 0, "all lost")
    cell = next((c for c in before.cells if c.kind.endswith("-town") and len(c.stack) < 4), None)
    if cell is not None:  # a knight of the loser on top of a town
        command = CorrectStack(cell.x, cell.y, (*cell.stack, loser.colour), "a knight was missed")
    history.apply(command)
    words = instructions("raubritter", history.state, before, RB.dump_command(command))
    winner = before.player(before.winners[0])
    assert words[-1] == f"The scores are counted again: {winner.name} ({winner.colour.capitalize()}) wins.", words
    assert instructions("raubritter", history.state, history.state) == []


def test_raubritter_everyone_surrendered_and_nobody_wins() -> None:
    play = raubritter()
    raubritter_opening(play)
    play.do(Surrender("red"))
    assert play.redo_words() == ["Ann (Red) surrenders again.", "It is Bob (Blue)'s turn again."]
    assert play.undo_words(Surrender("blue")) == [
        "Bob (Blue) is back in the game.",
        "The game is not over: the scores are taken back.",
        "It is Bob (Blue)'s turn again.",
    ]
    assert play.redo_words() == ["Bob (Blue) surrenders again.", "The game is over again: nobody wins."]


def test_raubritter_the_last_tile_ends_the_game_and_undoing_it_takes_the_scores_back() -> None:
    rng = random.Random(3)
    history = raubritter_history(2, rng)
    while True:
        before = history.state
        command = legal_command(before, rng)
        history.apply(command)
        if history.state.phase == "over":
            break
    words = instructions("raubritter", history.state, before, RB.dump_command(command))
    assert "The game is not over: the scores are taken back." in words
    redo = instructions("raubritter", before, history.state, RB.dump_command(command), redo=True)
    assert any(line.startswith("The game is over again: ") for line in redo)


def player(text: str) -> str:
    """A player as the words name them ("Player 1 (Red)", "Red") → the colour; never a colour in
    lower case."""
    m = re.fullmatch(r"(?:.+ \()?([A-Z]\w+)\)?", text)
    assert m, text
    return colour(m[1])


def rb_knights(text: str) -> Counter:
    """``2 Red knights and 1 Blue knight`` → Counter."""
    return Counter({colour(c): int(n) for n, c in re.findall(r"(\d+) ([A-Z]\w+) knights?", text)})


def follow_raubritter(state: Any, words: list[str]) -> tuple[dict, dict, dict, dict]:
    cells = {(c.x, c.y): (c.kind, c.owner, list(c.stack)) for c in state.cells}
    knights = {p.colour: p.knights for p in state.players}
    aside = {p.colour: p.aside for p in state.players}
    tiles = {p.colour: Counter(dict(zip(RB_KINDS, p.tiles, strict=True))) for p in state.players}
    at = r"(-?\d+),(-?\d+)"
    for line in words:
        if m := re.fullmatch(rf"Take the ([\w-]+) tile at {at} back to (.+?)'s pile(.*)\.", line):
            kind, owner, stack = cells.pop((int(m[2]), int(m[3])))
            assert (kind, owner) == (m[1], player(m[4])), line
            tiles[owner][kind] += 1
            for c in stack:
                knights[c] += 1
            rest = m[5]
            assert not stack or rest, line
            if rest and "their owners" not in rest:
                n = 1 if " the knight " in rest else number(rest.split(" the ")[1])
                assert n == len(stack) and set(stack) == {owner}, line
        elif m := re.fullmatch(
            rf"Lay (.+?)'s ([\w-]+) tile at {at} again in place of the ([\w-]+)(.*); "
            r"the ([\w-]+) goes back to (.+?)'s pile\.",
            line,
        ):
            kind, owner, stack = cells[int(m[3]), int(m[4])]
            assert (kind, owner) == (m[5], player(m[8])) and m[5] == m[7] and bool(stack) == bool(m[6]), line
            cells[int(m[3]), int(m[4])] = (m[2], player(m[1]), stack)
            tiles[owner][kind] += 1
            tiles[player(m[1])][m[2]] -= 1
        elif m := re.fullmatch(rf"Lay (.+?)'s ([\w-]+) tile at {at} again(.*)\.", line):
            owner, kind = player(m[1]), m[2]
            rest = m[5]
            if "bottom to top" in rest:
                stack = [player(p) for p in rest.split("bottom to top: ")[1].split(", ")]
            else:
                stack = list(rb_knights(rest).elements())
            cells[int(m[3]), int(m[4])] = (kind, owner, stack)
            tiles[owner][kind] -= 1
            for c in stack:
                knights[c] -= 1
        elif m := re.fullmatch(rf"Take (.*) off the [\w-]+ at {at} back to .*\.", line):
            stack = cells[int(m[2]), int(m[3])][2]
            off = rb_knights(m[1])
            top = sum(off.values())
            assert 0 < top <= len(stack) and Counter(stack[-top:]) == off, line  # the top knights
            del stack[-top:]
            for c, n in off.items():
                knights[c] += n
        elif m := re.fullmatch(rf"Put (.*) back on the [\w-]+ at {at}\.", line):
            for c, n in rb_knights(m[1]).items():
                cells[int(m[2]), int(m[3])][2].extend([c] * n)
                knights[c] -= n
        elif m := re.fullmatch(rf"Stack the knights on the [\w-]+ at {at} again, bottom to top: (.*)\.", line):
            stack = cells[int(m[1]), int(m[2])][2]
            for c in stack:
                knights[c] += 1
            stack[:] = [player(p) for p in m[3].split(", ")]
            for c in stack:
                knights[c] -= 1
        elif m := re.fullmatch(rf"Move the ([\w-]+) tile at {at} back to {at}( with the knights on it)?\.", line):
            kind, owner, stack = cells.pop((int(m[2]), int(m[3])))
            assert kind == m[1] and bool(stack) == bool(m[6]), line
            cells[int(m[4]), int(m[5])] = (kind, owner, stack)
        elif m := re.fullmatch(r"(.+): set (\d+) knights? aside again\.", line):
            knights[player(m[1])] -= int(m[2])
            aside[player(m[1])] += int(m[2])
        elif m := re.fullmatch(r"(.+): take (\d+) set-aside knights? back into your hand\.", line):
            knights[player(m[1])] += int(m[2])
            aside[player(m[1])] -= int(m[2])
    return cells, knights, {c: +t for c, t in tiles.items()}, aside


def rb_table(state: Any) -> tuple[dict, dict, dict, dict]:
    cells = {(c.x, c.y): (c.kind, c.owner, list(c.stack)) for c in state.cells}
    knights = {p.colour: p.knights for p in state.players}
    tiles = {p.colour: +Counter(dict(zip(RB_KINDS, p.tiles, strict=True))) for p in state.players}
    return cells, knights, tiles, {p.colour: p.aside for p in state.players}


# -- Raubritter: everything is public


@settings(FAST, max_examples=10)
@given(seed=seeds, players=st.integers(2, 4), corrections=st.sampled_from((0.0, 0.1)))
def test_raubritter_words_over_random_play(seed: int, players: int, corrections: float) -> None:
    rng = random.Random(seed)
    history = raubritter_history(players, rng)
    after = 5 if corrections else 0  # corrections after the end as well
    while history.state.phase != "over" or after:
        before = history.state
        fix = raubritter_correction(before, rng) if before.phase == "over" or rng.random() < corrections else None
        after -= before.phase == "over"
        command = fix if fix is not None else legal_command(before, rng, surrender_rate=0.01)
        history.apply(command)
        data = RB.dump_command(command)
        (_, _, undo), (_, _, redo) = both_ways("raubritter", before, history.state, data)
        assert follow_raubritter(history.state, undo) == rb_table(before), undo
        assert follow_raubritter(before, redo) == rb_table(history.state), redo
        if command.type == "lay-tile":
            name = f"{before.player(command.player).name} ({command.player.capitalize()})"
            taken = f"Take the {command.kind} tile at {command.x},{command.y} back to {name}'s pile"
            assert undo[0].startswith(taken), undo
        for line in undo + redo:  # a player is named as the screens name them, never by a colour in lower case
            assert not re.search(r"\b(red|blue|green|yellow)\b", line), line
