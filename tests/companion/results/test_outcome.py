"""The end of a game from the journal: who won, the final figures, and the plot's figures period by
period, for finished games of every game; a running game is not shown."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion.games.registry import part
from companion.i18n import render
from companion.journal.session import Session
from companion.journal.store import Journal
from companion.results.outcome import NotOver, outcome
from companion.scenario.run import run_file

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
FINISHED = [
    "gluecksritter/46-full-game-built-by-purchases-schmidt.scn",
    "gluecksritter/48-shared-win-equal-ducats-schmidt.scn",
    "gluecksritter/55-full-game-end-osullivan.scn",
    "../../companion/games/gluecksritter/screens/six-at-the-end.scn",
    "raubritter/22-complete-game-four-players.scn",
    "raubritter/25-surrender.scn",
    "schatzjagd/44-complete-game-three-players.scn",
    "schatzjagd/45-complete-game-combination.scn",
]


def played(journal: Journal, scenario: str) -> int:
    assert run_file(SCENARIOS / scenario, journal, io.StringIO()).ok
    game_id = journal.running()
    assert game_id is not None
    return game_id


@pytest.fixture
def journal(tmp_path: Path) -> Journal:
    with Journal.open(tmp_path / "journal.sqlite3") as opened:
        yield opened


@pytest.mark.parametrize("scenario", FINISHED)
def test_a_finished_game(journal: Journal, scenario: str) -> None:
    game_id = played(journal, scenario)
    shown = outcome(journal, game_id)
    session = Session.open(journal, game_id)
    state = session.state
    result = part(shown.game, "result")

    assert [p.colour for p in shown.players] == [r[0] for r in shown.columns.rows]
    assert {p.colour for p in shown.players} == {p.colour for p in state.players}
    winners = set(state.winners) if hasattr(state, "winners") else {state.winner}
    assert {p.colour for p in shown.winners} == winners
    for language in ("de", "en"):
        assert all(render(text, language) for text in shown.verdict)

    # The plot: the setup, then the last state of every period, and the end is the final state.
    assert shown.points[0] == result.values(session.initial)
    assert shown.points[-1] == result.values(state)
    assert len(shown.points) == result.period(state) + 1
    for i, _measure in enumerate(shown.measures):
        for player in shown.players:
            assert len(shown.line(i, player.colour)) == len(shown.points)


def test_each_period_ends_where_its_last_command_left_it(journal: Journal) -> None:
    game_id = played(journal, "gluecksritter/46-full-game-built-by-purchases-schmidt.scn")
    shown = outcome(journal, game_id)
    session = Session.open(journal, game_id)
    result = part("gluecksritter", "result")
    last: dict[int, tuple] = {}
    for seq in session.chain(session.head):
        state = session.state_at(seq)
        last[result.period(state)] = result.values(state)
    for period, values in last.items():
        assert shown.points[period] == values
    assert len(shown.points) >= 6  # the scenario's six rounds


def test_a_running_game_is_not_shown(journal: Journal) -> None:
    game_id = played(journal, "raubritter/01-turn-order-oldest-first.scn")
    with pytest.raises(NotOver):
        outcome(journal, game_id)


def test_an_undone_end_is_not_shown(journal: Journal) -> None:
    game_id = played(journal, "raubritter/26-surrender-two-players-game-over.scn")
    assert outcome(journal, game_id).winners
    Session.open(journal, game_id).undo()
    with pytest.raises(NotOver):
        outcome(journal, game_id)
