"""A game bound to a journal file: what is committed is what resumes, for every game.

Real SQLite files in ``tmp_path``, real engines, legal play from the property tests' random
tables; the same commands are played on an in-memory :class:`History` to know the right state
independently of the journal. Covered: start/apply/resume equality; resuming Die Glücksritter in
the middle of the secret card selection; undo and redo as journal entries; refused commands
write nothing; snapshots every ~256 events along the line of play, resume reading only the tail,
undo past a snapshot; ``journal verify`` catching an edited event, an edited snapshot and a
wrong head.
"""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.journal.session import SNAPSHOT_EVERY, Session, is_over
from companion.journal.store import Journal
from companion.journal.verify import canonical, verify
from engines.core.errors import RuleViolation
from engines.core.history import History
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import ChooseActions, PlaceDucats, RevealActions, RevealDocuments
from engines.gluecksritter.views import awaiting
from tests.companion.journal.fixtures.games import (
    ENGINES,
    GAME_NAMES,
    cli,
    illegal_command,
    legal_command,
    random_config,
)
from tests.engines.gluecksritter import autoplay


def files_digest(path: Path) -> dict[str, str]:
    """sha256 of the journal and its WAL (the bytes a write would change)."""
    found = {}
    for suffix in ("", "-wal"):
        part = path.with_name(path.name + suffix)
        if part.exists():
            found[suffix or "db"] = hashlib.sha256(part.read_bytes()).hexdigest()
    return found


def rows(path: Path, sql: str, *args: Any) -> list[tuple]:
    """Read the file with a connection of its own, read-only."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


def reopen(path: Path) -> tuple[Journal, Session]:
    journal = Journal.open(path, create=False)
    session = Session.resume(journal)
    assert session is not None, "the running game is gone"
    return journal, session


def assert_same(session: Session, history: History) -> None:
    game = session.game
    assert session.state == history.state
    assert canonical(game, session.state) == canonical(game, history.state)
    assert session.public_view()["view"] == game.public_view(history.state)
    assert session.can_undo == history.can_undo
    assert session.can_redo == history.can_redo


# --------------------------------------------------------------------- start / apply / resume

PLAY = {"gluecksritter": (11, 160), "raubritter": (12, 140), "schatzjagd": (13, 180)}


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_step_resumes_to_the_state_it_committed(tmp_path: Path, game: str) -> None:
    """Random legal play with undo and redo; after every step the file is closed and reopened at
    random moments, and the resumed game must equal the History that played the same steps."""
    seed, steps = PLAY.get(game, (10, 160))  # a game not tuned here plays with these
    rng = random.Random(seed)
    path = tmp_path / "journal.sqlite3"
    config = random_config(game, rng)
    journal = Journal.open(path)
    session = Session.start(journal, game, config, name=f"{game} at the table")
    history = History(ENGINES[game], config)
    resumed = undone = 0
    for _ in range(steps):
        if is_over(history.state):
            break
        roll = rng.random()
        if roll < 0.08 and history.can_undo:
            moved = session.undo()
            history.undo()
            undone += 1
            assert all(isinstance(w, str) and w for w in moved.words)
        elif roll < 0.12 and history.can_redo:
            session.redo()
            history.redo()
        else:
            command = legal_command(game, history.state, rng)
            done = session.apply(command)
            assert done.events == history.apply(command)
        assert_same(session, history)
        if rng.random() < 0.15:
            journal.close()
            journal, session = reopen(path)
            resumed += 1
            assert_same(session, history)
    journal.close()
    journal, session = reopen(path)
    with journal:
        assert_same(session, history)
        assert session.game_id == journal.running()
        assert journal.game(session.game_id).name == f"{game} at the table"
        report = verify(journal)
        assert report.ok, report.problems
        assert report.entries == journal.next_seq(session.game_id) - 1
    assert resumed >= 5 and undone >= 3


def test_each_game_in_a_journal_resumes_to_its_own_state(tmp_path: Path) -> None:
    """Three games of three kinds in one file: the running one resumes, the others open by id."""
    path = tmp_path / "journal.sqlite3"
    histories: dict[int, History] = {}
    with Journal.open(path) as journal:
        for i, game in enumerate(GAME_NAMES):
            rng = random.Random(100 + i)
            config = random_config(game, rng)
            session = Session.start(journal, game, config)
            history = History(ENGINES[game], config)
            for _ in range(40):
                if is_over(history.state):
                    break
                command = legal_command(game, history.state, rng)
                session.apply(command)
                history.apply(command)
            histories[session.game_id] = history
        last = session.game_id
    with Journal.open(path, create=False) as journal:
        assert journal.running() == last
        resumed = Session.resume(journal)
        assert resumed is not None and resumed.game_id == last
        for game_id, history in histories.items():
            assert_same(Session.open(journal, game_id), history)


# ----------------------------------------------------------------- the secret card selection


def test_resume_in_the_middle_of_the_secret_selection_keeps_picks_locked_and_hidden(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    config = autoplay.random_setup(random.Random(1), 4, autoplay.SCHMIDT, shuffle_colours=False)
    red, blue, green, yellow = config.players
    with Journal.open(path) as journal:
        session = Session.start(journal, "gluecksritter", config)
        session.apply(PlaceDucats(2, 2, field5=Coins(2, 0), field6=Coins(1, 1)))
        session.apply(ChooseActions(red, (1, 5)))
        session.apply(ChooseActions(blue, (6, 2)))
        before = session.state

    journal, session = reopen(path)
    with journal:
        assert session.state == before
        assert session.state.player(red).pick == (1, 5)
        assert session.state.player(blue).pick == (2, 6)  # kept in order
        view = session.public_view()["view"]
        chosen = {p["colour"]: p["has_chosen"] for p in view["players"]}
        assert chosen == {red: True, blue: True, green: False, yellow: False}
        assert all(p["pick"] is None for p in view["players"])
        assert sorted(n["player"] for n in awaiting(session.state)) == sorted([green, yellow])
        # the log the table sees names who chose, never the cards
        chosen_events = [e for line in session.log() for e in line.get("events", []) if e["type"] == "actions-chosen"]
        assert [(e["player"], e["cards"]) for e in chosen_events] == [(red, None), (blue, None)]
        # the owner still sees the own pick
        assert session.game.player_view(session.state, red)["you"]["pick"] == [1, 5]
        assert session.game.player_view(session.state, green)["you"]["pick"] is None
        # locked: choosing again is refused and writes nothing
        digest = files_digest(path)
        with pytest.raises(RuleViolation) as refusal:
            session.apply(ChooseActions(red, (2, 3)))
        assert refusal.value.rule == "B.locked"
        assert files_digest(path) == digest
        assert session.state == before

    code, out, err = cli("journal", "show", "--json", path)
    assert code == 0, err
    shown = json.loads(out)
    assert [p["pick"] for p in shown["view"]["players"]] == [None] * 4
    assert [p["has_chosen"] for p in shown["view"]["players"]] == [True, True, False, False]

    journal, session = reopen(path)
    with journal:
        session.apply(ChooseActions(green, (3, 4)))
        session.apply(ChooseActions(yellow, (5, 6)))
        session.apply(RevealDocuments())
        session.apply(RevealActions())
        picks = {p["colour"]: p["pick"] for p in session.public_view()["view"]["players"]}
        assert picks == {red: [1, 5], blue: [2, 6], green: [3, 4], yellow: [5, 6]}


# ----------------------------------------------------------------------------- undo and redo


def test_undo_and_redo_are_entries_and_the_undone_command_stays_in_the_log(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    rng = random.Random(7)
    config = random_config("schatzjagd", rng, players=3)
    history = History(ENGINES["schatzjagd"], config)
    journal = Journal.open(path)
    session = Session.start(journal, "schatzjagd", config)
    for _ in range(12):
        command = legal_command("schatzjagd", history.state, rng)
        session.apply(command)
        history.apply(command)
    undo_a, undo_b = session.undo(), session.undo()
    history.undo(), history.undo()
    redo = session.redo()
    history.redo()
    assert (undo_a.target, undo_b.target, redo.target) == (12, 11, 11)
    assert (undo_a.seq, undo_b.seq, redo.seq) == (13, 14, 15)
    assert_same(session, history)
    # a new command drops what was left to redo (entry 12), but the journal keeps its row
    command = legal_command("schatzjagd", history.state, rng)
    done = session.apply(command)
    history.apply(command)
    assert done.seq == 16 and not session.can_redo
    with pytest.raises(RuleViolation):
        session.redo()
    journal.close()

    assert rows(path, "SELECT seq, kind, target, parent FROM entries ORDER BY seq")[10:] == [
        (11, "command", None, 10),
        (12, "command", None, 11),
        (13, "undo", 12, None),
        (14, "undo", 11, None),
        (15, "redo", 11, None),
        (16, "command", None, 11),
    ]
    for (words,) in rows(path, "SELECT words FROM entries WHERE kind != 'command'"):
        assert isinstance(json.loads(words), list)
    assert rows(path, "SELECT head FROM games") == [(16,)]

    journal, session = reopen(path)
    with journal:
        assert_same(session, history)
        log = {line["entry"]: line for line in session.log()}
        assert len(log) == 16
        assert log[12]["in_play"] is False  # undone, never redone: kept, marked out of play
        assert all(log[seq]["in_play"] for seq in (1, 2, 11, 16))
        assert (log[13]["undo"], log[14]["undo"], log[15]["redo"]) == (12, 11, 11)
        assert all("words" in log[seq] for seq in (13, 14, 15))
    code, out, _ = cli("journal", "verify", path)
    assert code == 0 and out.rstrip().endswith("ok"), out
    assert "1 games, 16 entries" in out


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_refused_command_writes_nothing(tmp_path: Path, game: str) -> None:
    path = tmp_path / "journal.sqlite3"
    rng = random.Random(21)
    config = random_config(game, rng)
    journal = Journal.open(path)
    session = Session.start(journal, game, config)
    with pytest.raises(RuleViolation):
        session.undo()  # nothing to undo yet
    with pytest.raises(RuleViolation):
        session.redo()
    refused = 0
    for _ in range(30):
        state, head, digest = session.state, session.head, files_digest(path)
        changes = journal.db.total_changes
        command = illegal_command(game, state, rng)
        with pytest.raises(RuleViolation):
            session.apply(command)
        refused += 1
        assert files_digest(path) == digest, f"the refused {command} was written"
        assert journal.db.total_changes == changes
        assert (session.state, session.head) == (state, head)
        session.apply(legal_command(game, state, rng))
    count = session.head
    journal.close()
    assert rows(path, "SELECT COUNT(*), MAX(seq) FROM entries") == [(count, count)]
    assert refused == 30


# ---------------------------------------------------------------------------------- snapshots

LONG_EVENTS = 5000


def play_long(journal: Journal, seed: int, events: int) -> tuple[Session, History, list[int]]:
    """A two-player Schatzjagd game that only ends after ``events`` events (nobody can hide all
    twelve treasures at home quickly): returns the session, the history and the events per entry."""
    rng = random.Random(seed)
    config = random_config("schatzjagd", rng, players=2, victory={"treasures": 12})
    session = Session.start(journal, "schatzjagd", config)
    history = History(ENGINES["schatzjagd"], config, check_every_event=False)
    sizes = [0]
    while sum(sizes) < events:
        assert not is_over(history.state), f"seed {seed}: the game ended after {sum(sizes)} events"
        command = legal_command("schatzjagd", history.state, rng)
        sizes.append(len(session.apply(command).events))
        history.apply(command)
    return session, history, sizes


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, History, list[int]]]:
    path = tmp_path_factory.mktemp("long") / "journal.sqlite3"
    with Journal.open(path) as journal:
        _, history, sizes = play_long(journal, 1, LONG_EVENTS)
    yield path, history, sizes


def expected_snapshots(sizes: list[int]) -> list[int]:
    """Commands after which the events since the last snapshot (or the start) reach 256."""
    marks, since = [], 0
    for seq, n in enumerate(sizes[1:], start=1):
        since += n
        if since >= SNAPSHOT_EVERY:
            marks.append(seq)
            since = 0
    return marks


def test_snapshots_every_256_events_along_the_line(long_game: tuple[Path, History, list[int]]) -> None:
    path, _, sizes = long_game
    assert sum(sizes) >= LONG_EVENTS
    seqs = [seq for (seq,) in rows(path, "SELECT seq FROM snapshots WHERE seq > 0 ORDER BY seq")]
    assert rows(path, "SELECT seq FROM snapshots WHERE seq = 0") == [(0,)]  # the setup's state
    assert seqs == expected_snapshots(sizes)
    assert len(seqs) >= LONG_EVENTS // (SNAPSHOT_EVERY + max(sizes))
    gaps = [sum(sizes[a + 1 : b + 1]) for a, b in zip([0, *seqs], seqs, strict=False)]
    assert all(SNAPSHOT_EVERY <= gap < SNAPSHOT_EVERY + max(sizes) for gap in gaps), gaps


def test_resume_reads_the_last_snapshot_and_the_tail_only(long_game: tuple[Path, History, list[int]]) -> None:
    path, history, sizes = long_game
    journal = Journal.open(path, create=False)
    read = {"events": 0, "entries": 0, "snapshots": []}
    entry_events, snapshot, entries = journal.entry_events, journal.snapshot, journal.entries

    def counted_entry_events(game_id: int, seqs: list[int]) -> dict[int, list[dict[str, Any]]]:
        found = entry_events(game_id, seqs)
        read["events"] += sum(len(v) for v in found.values())
        return found

    def counted_snapshot(game_id: int, seq: int) -> dict[str, Any]:
        read["snapshots"].append(seq)
        return snapshot(game_id, seq)

    def counted_entries(game_id: int, *, after: int = 0) -> Iterator[Any]:
        for row in entries(game_id, after=after):
            read["entries"] += 1
            yield row

    journal.entry_events = counted_entry_events  # type: ignore[method-assign]
    journal.snapshot = counted_snapshot  # type: ignore[method-assign]
    journal.entries = counted_entries  # type: ignore[method-assign]
    with journal:
        session = Session.resume(journal)
        assert session is not None
        assert session.state == history.state
    last = expected_snapshots(sizes)[-1]
    assert read["snapshots"] == [last]
    assert read["events"] == sum(sizes[last + 1 :])
    assert read["events"] < 300, f"resume replayed {read['events']} of {sum(sizes)} events"
    assert read["entries"] == 0


def test_undo_past_a_snapshot(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    rng = random.Random(3)
    journal = Journal.open(path)
    session, history, sizes = play_long(journal, 2, 600)
    snapshots = expected_snapshots(sizes)
    assert len(snapshots) >= 2
    # back to before the first snapshot, reopening the file half way
    while session.head >= snapshots[0]:
        session.undo()
        history.undo()
        if session.head == snapshots[1] - 5:
            journal.close()
            journal, session = reopen(path)
        assert_same(session, history)
    # forward again over it, back once more, then a new line of play from there
    for _ in range(8):
        session.redo()
        history.redo()
    assert_same(session, history)
    journal.close()
    journal, session = reopen(path)
    assert_same(session, history)
    for _ in range(10):  # below the first snapshot again; the new line leaves both old snapshots behind
        session.undo()
        history.undo()
    assert session.head < snapshots[0]
    for _ in range(150):
        command = legal_command("schatzjagd", history.state, rng)
        session.apply(command)
        history.apply(command)
    assert_same(session, history)
    journal.close()
    journal, session = reopen(path)
    with journal:
        assert_same(session, history)
        line = set(session.chain(session.head))
        assert not set(snapshots) & line  # the old snapshots are off the line now
        assert any(seq in line for seq in journal.snapshot_seqs(session.game_id))  # a new one on it
        report = verify(journal)
        assert report.ok, report.problems


# ------------------------------------------------------------------------------ journal verify


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """A Glücksritter game of a few hundred events (so it has a snapshot), closed cleanly."""
    path = tmp_path / "journal.sqlite3"
    rng = random.Random(5)
    config = random_config("gluecksritter", rng, players=4)
    history = History(ENGINES["gluecksritter"], config)
    with Journal.open(path) as journal:
        session = Session.start(journal, "gluecksritter", config)
        while sum(len(e.events) for e in history.entries) < 400:
            command = legal_command("gluecksritter", history.state, rng)
            session.apply(command)
            history.apply(command)
        session.undo()
    assert not path.with_name(path.name + "-wal").exists()
    code, out, _ = cli("journal", "verify", path)
    assert code == 0, out
    return path


def test_verify_finds_an_event_edited_in_the_file(played: Path) -> None:
    """One digit of one event changed in the file's bytes, the file still a sound SQLite file: a
    player's two action cards become the same card twice."""
    data = played.read_bytes()
    chosen = rows(played, "SELECT seq, events FROM entries WHERE events LIKE '%\"actions-chosen\"%'")
    for seq, events in chosen:  # noqa: B007 - the edited entry is named below
        raw = events.encode()
        event = json.loads(events)[0]
        first, second = event["cards"]
        if data.count(raw) != 1 or raw.count(f"[{first},{second}]".encode()) != 1:
            continue
        edited = raw.replace(f"[{first},{second}]".encode(), f"[{first},{first}]".encode())
        played.write_bytes(data.replace(raw, edited))
        break
    else:
        pytest.fail("no event to edit")
    assert rows(played, "PRAGMA integrity_check") == [("ok",)]
    code, out, _ = cli("journal", "verify", played)
    assert code == 1, out
    problems = [line for line in out.splitlines() if line.startswith("PROBLEM ")]
    impossible = f"{event['player']} picked ({first}, {first})"
    assert problems == [f"PROBLEM game 1, entry {seq}: an impossible state after its events: {impossible}"]
    assert out.rstrip().endswith("1 problem(s)")


def test_verify_finds_a_snapshot_that_differs_from_the_replay(played: Path) -> None:
    (seq, state), *_ = rows(played, "SELECT seq, state FROM snapshots WHERE seq > 0 ORDER BY seq")
    data = json.loads(state)
    data["round"] += 1
    db = sqlite3.connect(played)
    with db:
        db.execute("UPDATE snapshots SET state = ? WHERE seq = ?", (json.dumps(data), seq))
    db.close()
    code, out, _ = cli("journal", "verify", played)
    assert code == 1
    assert f"PROBLEM game 1, entry {seq}: its snapshot differs from the replayed state" in out


def test_verify_finds_a_damaged_setup(played: Path) -> None:
    """The setup's state is written beside the setup: a letter of a name changed on the disk is found."""
    ((config,),) = rows(played, "SELECT config FROM games")
    data = json.loads(config)
    data["names"] = {data["players"][0]: "Zora"}
    db = sqlite3.connect(played)
    with db:
        db.execute("UPDATE games SET config = ?", (json.dumps(data),))
    db.close()
    code, out, _ = cli("journal", "verify", played)
    assert code == 1
    assert "PROBLEM game 1, the setup: its snapshot differs from the replayed state" in out


def test_verify_finds_a_wrong_head(played: Path) -> None:
    ((head,),) = rows(played, "SELECT head FROM games")
    db = sqlite3.connect(played)
    with db:
        db.execute("UPDATE games SET head = head - 1")
    db.close()
    code, out, _ = cli("journal", "verify", played)
    assert code == 1
    assert f"PROBLEM game 1: the journal says entry {head - 1} is in play, the entries say {head}" in out
