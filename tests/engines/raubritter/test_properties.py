"""Random legal Raubritter play for 2-4 players: after every step knights are conserved (board, hand and
set aside 30 each), no tile holds more than 4, the layout stays within its box, replay and undo/redo reproduce
the state, and illegal commands are refused without changing anything. Corrections mixed into the
play, and after the end, keep all of that; the result always follows from the corrected table."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core.errors import RuleViolation
from engines.core.saved import dump_history, load_history
from engines.raubritter import GAME
from engines.raubritter.rules import AREA, KNIGHTS, MAX_STACK
from engines.raubritter.scoring import scoring
from tests.engines.raubritter.table import correction, illegal_command, legal_command, new_history


def check_step(history) -> None:
    state = history.state
    GAME.check(state)
    for player in state.players:
        on_board = sum(c.stack.count(player.colour) for c in state.cells)
        assert player.knights + on_board + player.aside == KNIGHTS
    assert all(len(c.stack) <= MAX_STACK for c in state.cells)
    width, height = state.box()
    assert width <= AREA[len(state.players)] and height <= AREA[len(state.players)]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_a_whole_game_keeps_every_invariant_and_replays(seed, players):
    rng = random.Random(seed)
    history = new_history(players, rng)
    steps = 0
    while history.state.phase != "over":
        history.apply(legal_command(history.state, rng, surrender_rate=0.01))
        check_step(history)
        steps += 1
        if steps % 25 == 0:
            assert history.replay() == history.state
            before = history.state
            history.undo()
            history.redo()
            assert history.state == before
        assert steps < 1000
    assert history.replay() == history.state
    final = history.state
    in_game = {p.colour for p in final.players if not p.surrendered}
    assert set(final.winners) <= in_game and bool(final.winners) == bool(in_game)
    assert load_history(GAME, dump_history(history)).state == final


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), moves=st.integers(0, 60))
def test_illegal_commands_are_refused_and_change_nothing(seed, players, moves):
    rng = random.Random(seed)
    history = new_history(players, rng)
    for _ in range(moves):
        if history.state.phase == "over":
            break
        history.apply(legal_command(history.state, rng))
    if history.state.phase == "over":
        return
    for _ in range(10):
        before, length = history.state, len(history.entries)
        command = illegal_command(before, rng)
        with pytest.raises(RuleViolation):
            history.apply(command)
        assert history.state == before and len(history.entries) == length


def check_judgement(state) -> None:
    """A game in play waits for a player in it who has a tile; a finished one is judged on its table."""
    if state.phase == "over":
        judged = scoring(state)
        assert (state.scores, state.winners, state.draw) == (judged.scores, judged.winners, judged.draw)
        assert all(p.surrendered or p.tiles_total == 0 for p in state.players)
    else:
        current = state.player(state.current)
        assert not current.surrendered and current.tiles_total > 0
        assert not state.scores and not state.winners


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), after=st.integers(0, 8))
def test_corrections_in_random_play_keep_every_invariant_and_undo(seed, players, after):
    rng = random.Random(seed)
    history = new_history(players, rng)
    for _ in range(2000):
        state = history.state
        if state.phase == "over":
            if after == 0:
                break
            after -= 1
        fix = correction(state, rng) if state.phase == "over" or rng.random() < 0.15 else None
        history.apply(fix if fix is not None else legal_command(state, rng, surrender_rate=0.01))
        check_step(history)
        check_judgement(history.state)
        if fix is not None:
            now = history.state
            history.undo()
            assert history.state == state
            history.redo()
            assert history.state == now
    else:
        raise AssertionError("the game never ended")
    assert history.replay() == history.state
    assert load_history(GAME, dump_history(history)).state == history.state
