"""The public view shows the whole table: the state read back from it is the state it was made
from, at every step of random games (what a screen asks the rules' helpers with)."""

from __future__ import annotations

import random

import pytest

from engines.raubritter import GAME
from engines.raubritter.moves import legal_cells
from engines.raubritter.views import state_of
from tests.engines.raubritter.table import correction, legal_command, new_history


@pytest.mark.parametrize("seed", range(6))
def test_the_state_read_from_the_view_is_the_state(seed):
    rng = random.Random(seed)
    history = new_history(2 + seed % 3, rng)
    steps = 0
    while history.state.phase != "over" and steps < 400:
        command = correction(history.state, rng) if rng.random() < 0.05 else legal_command(history.state, rng)
        try:
            history.apply(command)
        except Exception:  # noqa: BLE001 - a random correction the rules refuse changes nothing
            pass
        state = history.state
        view = GAME.public_view(state)
        read = state_of(view)
        assert GAME.public_view(read) == view
        assert legal_cells(read) == legal_cells(state)
        steps += 1
    assert steps > 20
