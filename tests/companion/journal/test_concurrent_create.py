"""Several processes creating the same new journal at once (issue 12, point 6): the schema is
laid out once, under SQLite's write lock, by whichever process takes it first; every other one
finds it there. None fails with "table meta already exists"."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

from companion.journal.store import Journal
from tests.support.waiting import WAIT

PROCESSES = 16


def create(path: str, start: multiprocessing.synchronize.Event) -> str:  # type: ignore[name-defined]
    start.wait()
    try:
        with Journal.open(path) as journal:
            journal.games()
            return "ok"
    except Exception as exc:  # the test shows what went wrong
        return f"{type(exc).__name__}: {exc}"


def test_many_processes_create_the_same_journal(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    with context.Manager() as manager, context.Pool(PROCESSES) as pool:
        for round_ in range(8):
            path = tmp_path / f"round-{round_}" / "journal.sqlite3"
            start = manager.Event()
            waiting = [pool.apply_async(create, (str(path), start)) for _ in range(PROCESSES)]
            start.set()
            results = [w.get(timeout=WAIT) for w in waiting]
            assert results == ["ok"] * PROCESSES, results
            with Journal.open(path) as journal:
                assert journal.db.execute("SELECT COUNT(*) FROM meta WHERE key = 'format'").fetchone() == (1,)
