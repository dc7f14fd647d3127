"""Whose move it is in Raubritter (the public view's ``awaiting``): the player whose turn it is, in the
initial placement and in play, the end of a turn once a tile is laid, surrender; nobody at the end.
Over random play, every command the rules accept (corrections aside) is one the view awaited."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.raubritter import GAME
from engines.raubritter.commands import EndTurn, LayTile, Surrender
from tests.engines.raubritter.table import correction, legal_command, new_history
from tests.engines.raubritter.test_rules import game, initial_row


def awaiting(history) -> list[dict]:
    return GAME.public_view(history.state)["awaiting"]


def test_the_initial_placement_awaits_the_player_laying_the_pair():
    h = game()  # red is the older: red lays two tiles, then blue
    assert awaiting(h) == [{"player": "red", "commands": ["lay-tile", "surrender"]}]
    h.apply(LayTile("red", "plain", 0, 0))
    assert awaiting(h) == [{"player": "red", "commands": ["lay-tile", "surrender"]}]  # no end-turn: two tiles
    h.apply(LayTile("red", "plain", 1, 0))
    assert awaiting(h) == [{"player": "blue", "commands": ["lay-tile", "surrender"]}]


def test_a_turn_awaits_a_tile_then_also_its_end_and_passes_after_the_third():
    h = game()
    initial_row(h)
    assert awaiting(h) == [{"player": "red", "commands": ["lay-tile", "surrender"]}]
    h.apply(LayTile("red", "plain", 4, 0))
    assert awaiting(h) == [{"player": "red", "commands": ["lay-tile", "end-turn", "surrender"]}]
    h.apply(EndTurn("red"))
    assert awaiting(h) == [{"player": "blue", "commands": ["lay-tile", "surrender"]}]
    for x in (0, 1, 2):
        h.apply(LayTile("blue", "plain", x, 1))
    assert awaiting(h) == [{"player": "red", "commands": ["lay-tile", "surrender"]}]


def test_a_surrender_passes_the_wait_and_the_end_awaits_nobody():
    h = game()
    h.apply(Surrender("red"))
    assert awaiting(h) == [{"player": "blue", "commands": ["lay-tile", "surrender"]}]
    h.apply(Surrender("blue"))
    assert h.state.phase == "over" and awaiting(h) == []


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_every_command_accepted_in_random_play_was_awaited(seed, players):
    rng = random.Random(seed)
    history = new_history(players, rng)
    for _ in range(2000):
        state = history.state
        waiting = GAME.public_view(state)["awaiting"]
        if state.phase == "over":
            assert waiting == []
            break
        assert [w["player"] for w in waiting] == [state.current]
        fix = correction(state, rng) if rng.random() < 0.1 else None
        command = fix or legal_command(state, rng, surrender_rate=0.01)
        history.apply(command)
        if fix is None:
            assert command.type in waiting[0]["commands"]
    else:
        raise AssertionError("the game never ended")
