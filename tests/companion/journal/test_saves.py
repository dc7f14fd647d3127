"""Named saves of the running game on real journal files: save, list, load, delete all, quit."""

from __future__ import annotations

import datetime
import random
from pathlib import Path

import pytest

from companion.journal import saves
from companion.journal.exports import pending_picks
from companion.journal.session import Session
from companion.journal.store import Journal, JournalWriteError
from companion.journal.verify import canonical, verify
from engines.core.saved import load_history
from engines.gluecksritter import GAME as GLUECKSRITTER
from engines.raubritter import GAME as RAUBRITTER
from tests.companion.journal.fixtures.games import play
from tests.engines.gluecksritter import autoplay

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
EVENING = datetime.datetime(2026, 11, 25, 21, 7, 42)


def contents(journal: Journal) -> list[str]:
    return list(journal.db.iterdump())


def state_of(journal: Journal, game_id: int) -> str:
    session = Session.open(journal, game_id)
    return canonical(session.game, session.state)


def glueck(journal: Journal, seed: int, steps: int) -> tuple[Session, random.Random]:
    rng = random.Random(seed)
    setup = autoplay.random_setup(rng, 4)
    session = Session.start(journal, "gluecksritter", GLUECKSRITTER.dump_config(setup), f"seed {seed}")
    for _ in range(steps):
        autoplay.play_step(session, rng)
    return session, rng


@pytest.fixture
def journal(tmp_path: Path) -> Journal:
    with Journal.open(tmp_path / "journal.sqlite3") as journal:
        yield journal


def test_a_save_is_the_line_of_play_as_a_history_document(journal):
    game_id = play(journal, "raubritter/16-undo-redo-tile-and-march.scn")  # ends with one command undone
    session = Session.open(journal, game_id)
    saved = saves.save(journal, "before the march")
    assert (saved.name, saved.game, saved.game_id) == ("before the march", "raubritter", game_id)
    name, document = journal.save_document(saved.id)
    assert name == "before the march"
    assert document["format"] == "companion.history" and document["game"] == "raubritter"
    commands = [seq for seq, kind, _, _ in journal.outline(game_id) if kind == "command"]
    assert len(document["entries"]) == len(session.chain(session.head)) < len(commands)
    assert canonical(RAUBRITTER, load_history(RAUBRITTER, document).state) == canonical(RAUBRITTER, session.state)
    assert journal.running() == game_id  # saving does not stop the game


def test_saves_are_listed_newest_first(journal):
    play(journal, "raubritter/20-complete-game-two-players.scn")
    first = saves.save(journal, "first")
    play(journal, "schatzjagd/44-complete-game-three-players.scn")
    second = saves.save(journal, "second")
    rows = saves.list_saves(journal)
    assert [(r.id, r.name, r.game) for r in rows] == [
        (second.id, "second", "schatzjagd"),
        (first.id, "first", "raubritter"),
    ]
    assert all(datetime.datetime.fromisoformat(r.saved).tzinfo is not None for r in rows)


def test_without_a_name_a_save_is_named_by_the_local_date_and_time(journal):
    play(journal, "raubritter/20-complete-game-two-players.scn")
    assert saves.save(journal, moment=EVENING).name == "2026-11-25 21:07"
    assert saves.stamp(EVENING) == "2026-11-25 21:07"


@pytest.mark.parametrize(
    "name, expected",
    [("  Abend   bei  Anna ", "Abend bei Anna"), ("Schatzjagd, Runde 2", "Schatzjagd, Runde 2")],
)
def test_a_name_is_kept_with_its_spaces_tidied(journal, name, expected):
    play(journal, "raubritter/20-complete-game-two-players.scn")
    assert saves.save(journal, name).name == expected


@pytest.mark.parametrize("name, expected", [("   ", "needs a name"), ("x" * 81, "at most 80 characters")])
def test_an_unusable_name_is_refused_and_nothing_is_saved(journal, name, expected):
    play(journal, "raubritter/20-complete-game-two-players.scn")
    with pytest.raises(saves.SaveError, match=expected):
        saves.save(journal, name)
    assert saves.list_saves(journal) == []


def test_nothing_is_saved_when_no_game_is_running(journal):
    before = contents(journal)
    for step in (lambda: saves.save(journal, "x"), lambda: saves.quit_game(journal)):
        with pytest.raises(saves.SaveRefused, match="no game is running, so there is nothing to save"):
            step()
    assert contents(journal) == before


def test_loading_a_save_starts_a_new_running_game_that_plays_on_like_the_saved_one(journal):
    original, rng = glueck(journal, seed=5, steps=60)
    while pending_picks(original.game, original.state):  # a save leaves out picks not yet revealed: save where none is
        autoplay.play_step(original, rng)
    saved = saves.save(journal, "halfway")
    snapshot_of_rng = rng.getstate()
    loaded = saves.load(journal, saved.id)

    assert loaded.game_id != original.game_id and journal.running() == loaded.game_id
    assert (loaded.name, loaded.game) == ("halfway", "gluecksritter")
    assert journal.game(loaded.game_id).name == "halfway"
    assert state_of(journal, loaded.game_id) == state_of(journal, original.game_id)
    assert {kind for _, kind, _, _ in journal.outline(loaded.game_id)} == {"command"}
    assert verify(journal).ok

    # The same choices at both tables lead to the same place: the loaded game is a real game.
    for session in (original, loaded.session):
        rng.setstate(snapshot_of_rng)
        for _ in range(20):
            autoplay.play_step(session, rng)
    assert canonical(GLUECKSRITTER, original.state) == canonical(GLUECKSRITTER, loaded.session.state)
    assert Session.resume(journal).game_id == loaded.game_id


def test_a_long_save_is_loaded_with_snapshots(journal):
    glueck(journal, seed=11, steps=400)
    saved = saves.save(journal)
    loaded = saves.load(journal, saved.id)
    assert journal.snapshot_seqs(loaded.game_id)
    assert verify(journal).ok


def test_quit_saves_under_the_date_and_time_and_leaves_no_game_running(journal):
    game_id = play(journal, "schatzjagd/44-complete-game-three-players.scn")
    saved = saves.quit_game(journal, moment=EVENING)
    assert (saved.name, saved.game_id) == ("2026-11-25 21:07", game_id)
    assert journal.running() is None and Session.resume(journal) is None
    assert [g.id for g in journal.games()] == [game_id]  # the game stays in the journal
    loaded = saves.load(journal, saved.id)
    assert journal.running() == loaded.game_id
    assert state_of(journal, loaded.game_id) == state_of(journal, game_id)
    assert journal.game(loaded.game_id).finished is not None  # the loaded game is over, as the saved one was


def test_an_unknown_save_is_named(journal):
    with pytest.raises(saves.SaveError, match="there is no save 9; 'companion saves list' shows the saves"):
        saves.load(journal, 9)


def _broken_event(document: dict) -> None:
    document["entries"][2]["events"][0]["type"] = "nonsense"


def _newer(document: dict) -> None:
    document["version"] = 99


def _foreign(document: dict) -> None:
    document["game"] = "chess"


def _impossible(document: dict) -> None:
    document["entries"].insert(1, document["entries"][0])  # the same tile laid twice on one place


@pytest.mark.parametrize(
    "damage, expected",
    [
        (_broken_event, "not a valid saved game"),
        (_newer, "written by a newer version (format 99)"),
        (_foreign, "a game of 'chess', which this companion does not know"),
        (_impossible, "the saved events do not replay: InvariantBroken: two tiles on one position"),
    ],
)
def test_a_damaged_save_is_refused_and_the_journal_stays_as_it_was(journal, damage, expected):
    play(journal, "raubritter/20-complete-game-two-players.scn")
    _, document = journal.save_document(saves.save(journal, "good").id)
    damage(document)
    bad = journal.add_save("bad", "raubritter", document)
    before = contents(journal)
    with pytest.raises(saves.SaveError) as refused:
        saves.load(journal, bad)
    assert str(refused.value).startswith(f"save {bad} ('bad') cannot be loaded: ")
    assert expected in str(refused.value)
    assert contents(journal) == before


def test_delete_all_needs_confirmation(journal):
    play(journal, "raubritter/20-complete-game-two-players.scn")
    saves.save(journal, "a")
    saves.save(journal, "b")
    before = contents(journal)
    with pytest.raises(saves.SaveRefused, match="this would delete all 2 save\\(s\\) for good; nothing was deleted"):
        saves.delete_all(journal, confirmed=False)
    assert contents(journal) == before
    assert saves.delete_all(journal, confirmed=True) == 2
    assert saves.list_saves(journal) == []
    assert saves.delete_all(journal, confirmed=False) == 0  # nothing to confirm
    assert len(journal.games()) == 1  # the games themselves stay


def test_a_full_disk_while_loading_keeps_nothing_of_it(journal):
    play(journal, "gluecksritter/55-full-game-end-osullivan.scn")
    running = journal.running()
    saved = saves.save(journal, "full")
    before = contents(journal)
    pages = journal.db.execute("PRAGMA page_count").fetchone()[0]
    journal.db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "database or disk is full"
    with pytest.raises(JournalWriteError, match="the disk is full"):
        saves.load(journal, saved.id)
    assert contents(journal) == before and journal.running() == running
