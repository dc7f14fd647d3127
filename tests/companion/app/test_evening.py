"""An evening of different games in one app keeps nothing of the games before
(``evening_sessions.py``): when a game of another kind opens, the screens of the game before and
the listeners they gave the app are let go of (each board once kept its widgets, and its listener
its screen, for the rest of the evening); the played games' list is not kept once another screen
is shown. Counts and weak references after a full collection, not resident memory."""

from __future__ import annotations

from tests.companion.app.ui import run_session

BOARDS = {"gluecksritter": "gluecksritter-board", "schatzjagd": "schatzjagd-table", "raubritter": "raubritter-table"}


def test_a_game_of_another_kind_lets_go_of_the_screens_before(tmp_path):
    seen = {n: step for n, step in enumerate(run_session("games-in-turn", tmp_path)["seen"])}
    heard = {
        "gluecksritter": ["BoardScreen._heard"],
        "schatzjagd": ["TableScreen._heard"],
        "raubritter": ["RaubritterScreen._heard"],
    }
    alive = {
        0: {"gluecksritter": 1, "schatzjagd": 0, "raubritter": 0},
        1: {"gluecksritter": 0, "schatzjagd": 1, "raubritter": 0},
        2: {"gluecksritter": 0, "schatzjagd": 0, "raubritter": 1},
        3: {"gluecksritter": 1, "schatzjagd": 0, "raubritter": 0},
    }
    for n, step in seen.items():
        assert step["alive"] == alive[n], step
        assert step["listeners"] == heard[step["game"]], step
        assert [name for name in step["screens"] if name in BOARDS.values()] == [BOARDS[step["game"]]], step


def test_the_played_games_are_not_kept_once_left(tmp_path):
    seen = run_session("history-left", tmp_path)
    assert seen["shown"] >= 1, seen
    assert seen["left"] == 0, seen
