"""What opening a big journal for writing costs, and how much of it is the check that nothing is
written into a damaged journal.

A journal of ``--games`` long games (default 50) is built once in ``bench/results/``: the
Schatzjagd game of ``bench/verify.py`` (the seeded random table, an undo and a redo every 50
commands, snapshots as an import writes them) of ``--events`` events (default 5,000), written
``--games`` times with ``Journal.add_game``. Then, with the file in the page cache, the median of
``--repeat`` runs in this process of:

- open: ``Journal.open(path)`` for writing and ``close()``: the header, SQLite's ``quick_check``,
  every game record, entry and snapshot decoded (:mod:`companion.journal.readable`), WAL mode;
- quick_check: ``PRAGMA quick_check`` alone, on a read-only connection;
- readable: :func:`companion.journal.readable.unreadable` alone, in one read transaction;
- verify, once: ``journal verify`` of the whole file, for scale.

    python bench/journal_open.py [--games N] [--events N] [--repeat N] [--rebuild]
    python bench/journal_open.py --quick    # 3 games of 1,000 events, built in a temporary directory
"""

from __future__ import annotations

import argparse
import gc
import platform
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.verify import RESULTS, journal_for  # noqa: E402
from companion.journal.readable import unreadable  # noqa: E402
from companion.journal.store import Journal  # noqa: E402
from companion.journal.verify import verify  # noqa: E402


def build(path: Path, games: int, seed: int, events: int, rebuild: bool) -> None:
    one, _ = journal_for(seed, events, rebuild, path.parent)
    with Journal.open(one, readonly=True) as source:
        (row,) = source.games()
        entries = list(source.entries(row.id))
        snapshots = list(source.snapshots(row.id))
    part = path.with_suffix(".part")
    part.unlink(missing_ok=True)
    with Journal.open(part) as journal:
        for number in range(games):
            journal.add_game(row, entries, snapshots, running=number == games - 1)
        journal.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    part.replace(path)


def timed(work: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--events", type=int, default=5000, help="events per game (default 5000)")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--rebuild", action="store_true", help="build the journals anew")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="for CI: few rounds, every path, not judged (3 games of 1,000 events, 2 runs, built anew)",
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.events, args.repeat = 3, 1000, 2
    with tempfile.TemporaryDirectory(prefix="companion-bench-open-") as tmp:
        # quick: the journals built each time, beside none of the full run's
        return run(args, Path(tmp) if args.quick else RESULTS)


def run(args: argparse.Namespace, results: Path) -> int:
    path = results / f"open-{args.games}x-schatzjagd-seed{args.seed}-{args.events}ev.sqlite3"
    if args.rebuild or not path.exists():
        results.mkdir(parents=True, exist_ok=True)
        build(path, args.games, args.seed, args.events, args.rebuild)

    def opened() -> None:
        Journal.open(path).close()

    def quick_check() -> None:
        db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
        assert db.execute("PRAGMA quick_check(5)").fetchall() == [("ok",)]
        db.close()

    def readable() -> None:
        db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
        db.execute("BEGIN")
        assert unreadable(db) is None
        db.close()

    opened()  # the file into the page cache
    with Journal.open(path, readonly=True) as journal:
        entries = journal.db.execute("SELECT COUNT(*) FROM entries").fetchone()[0]
        snapshots = journal.db.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0]
        start = time.perf_counter()
        report = verify(journal)
        verify_s = time.perf_counter() - start
    assert report.ok, report.problems
    print("Opening a journal for writing")
    python = f"{platform.python_implementation()} {platform.python_version()}"
    print(f"  python    {python}, sqlite {sqlite3.sqlite_version}")
    print(f"  machine   {platform.platform()}")
    print(
        f"  journal   {args.games} Schatzjagd games of {report.events // args.games:,} events: {entries:,} entries, "
        f"{snapshots:,} snapshots, {path.stat().st_size / 1e6:.1f} MB; median of {args.repeat} runs"
    )
    print()
    print(f"  open for writing  {timed(opened, args.repeat) * 1000:8.1f} ms")
    print(f"  quick_check       {timed(quick_check, args.repeat) * 1000:8.1f} ms")
    print(f"  readable          {timed(readable, args.repeat) * 1000:8.1f} ms")
    print(f"  verify (once)     {verify_s * 1000:8.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
