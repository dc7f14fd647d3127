"""The journal's finished games newest first, and the names' plays and wins over them."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

from companion.games.registry import HOMES
from companion.journal.session import Session
from companion.journal.store import Journal
from companion.results.history import Played, history, tallies
from companion.scenario.run import run_file

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
GAMES = tuple(HOMES)  # every game the companion serves


def played(journal: Journal, scenario: str) -> int:
    assert run_file(SCENARIOS / scenario, journal, io.StringIO()).ok
    game_id = journal.running()
    assert game_id is not None
    return game_id


def test_finished_games_newest_first(tmp_path: Path) -> None:
    with Journal.open(tmp_path / "journal.sqlite3") as journal:
        first = played(journal, "raubritter/20-complete-game-two-players.scn")
        second = played(journal, "schatzjagd/45-complete-game-combination.scn")
        played(journal, "raubritter/01-turn-order-oldest-first.scn")  # still running
        third = played(journal, "gluecksritter/48-shared-win-equal-ducats-schmidt.scn")
        with journal.transaction() as db:  # the times the games ended, a minute apart
            for minute, game_id in enumerate((first, second, third)):
                db.execute("UPDATE games SET finished = ? WHERE id = ?", (f"2026-11-27T20:0{minute}:00+01:00", game_id))
        found = history(journal, GAMES)
        assert [g.game_id for g in found.games] == [third, second, first]
        assert found.unreadable == 0
        shared = found.games[0]
        assert shared.game == "gluecksritter"
        assert len(shared.winners) == 2  # a shared win: equal castles, equal Ducats
        anna_ben = found.games[2]
        assert {name for _, name in anna_ben.players} == {"Anna", "Ben"}


def test_a_game_that_cannot_be_read_is_counted_not_shown(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as journal:
        good = played(journal, "raubritter/20-complete-game-two-players.scn")
        bad = played(journal, "raubritter/21-complete-game-three-players.scn")
        Session.open(journal, bad)
    db = sqlite3.connect(path)
    with db:
        db.execute('UPDATE entries SET events = \'[{"type": "nonsense"}]\' WHERE game_id = ? AND seq = 5', (bad,))
        db.execute("DELETE FROM snapshots WHERE game_id = ?", (bad,))
    db.close()
    with Journal.open(path) as journal:
        found = history(journal, GAMES)
        assert [g.game_id for g in found.games] == [good]
        assert found.unreadable == 1
        assert history(journal, ("schatzjagd",)).unreadable == 2  # games of no game shown here


def test_tallies_go_by_the_names_given() -> None:
    games = [
        Played(1, "raubritter", {}, "t", (("red", "Anna"), ("blue", "Ben")), ("red",)),
        Played(2, "raubritter", {}, "t", (("red", " anna "), ("blue", None)), ("blue",)),
        Played(3, "schatzjagd", {}, "t", (("green", "Ben"), ("red", "Anna")), ("green",)),
    ]
    found = {t.name.casefold(): t for t in tallies(games)}
    assert set(found) == {"anna", "ben"}  # the nameless blue player counts for nobody
    assert found["anna"].plays == {"raubritter": 2, "schatzjagd": 1}
    assert found["anna"].wins == {"raubritter": 1}
    assert found["ben"].plays == {"raubritter": 1, "schatzjagd": 1}
    assert found["ben"].wins == {"schatzjagd": 1}
    assert [t.name for t in tallies(games)] == ["Anna", "Ben"]  # most wins, then most plays
