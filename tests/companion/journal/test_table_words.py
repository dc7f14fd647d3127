"""What the players are told to change on the table when a step is undone (or redone).

Here: the dispatcher (an unknown game, equal states) and the moves that settle counts; each
game's words are tested beside its other parts (``tests/companion/games/<game>/test_table_words.py``).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.journal.table_words import flows, instructions
from engines.gluecksritter import GAME as GR
from engines.gluecksritter import Setup as GRSetup
from tests.engines.gluecksritter.autoplay import unique_catalogue


def test_an_unknown_game_is_refused() -> None:
    state = GR.setup(GRSetup(players=("red", "blue", "green"), documents=unique_catalogue()))
    with pytest.raises(ValueError, match="no table words for the game 'chess'"):
        instructions("chess", state, state)


def test_nothing_changes_between_equal_states() -> None:
    state = GR.setup(GRSetup(players=("red", "blue", "green"), documents=unique_catalogue()))
    assert instructions("gluecksritter", state, state) == []


# --------------------------------------------------------------------------- random play


@settings(deadline=None, database=None)
@given(values=st.lists(st.integers(-6, 6), min_size=1, max_size=7))
def test_moves_settle_any_counts_that_add_up(values: list[int]) -> None:
    need = {f"place{i}": v for i, v in enumerate(values)}
    need["rest"] = -sum(values)
    moves, left = flows(need, list(need))
    assert left == {}
    moved: Counter = Counter()
    for source, target, n in moves:
        assert n > 0 and source != target
        moved[source] -= n
        moved[target] += n
    assert {k: v for k, v in moved.items() if v} == {k: v for k, v in need.items() if v}
    assert len({(s, t) for s, t, _ in moves}) == len(moves)  # one instruction per pair
