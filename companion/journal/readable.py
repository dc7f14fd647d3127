"""Whether the documents of a journal can be read: the cheap part of ``journal verify`` that every
opening for writing runs, so that nothing is written into a journal verify would call damaged.

SQLite's ``quick_check`` finds a zeroed or broken b-tree page, but not a page of text: the last
overflow page of a long document (a snapshot, a long entry), zeroed or garbled, leaves every page
of the tree sound while the document no longer decodes. So, inside the read transaction of the
check, every game record, every snapshot and every entry whose documents are too long to lie
whole in their b-tree page is given to SQLite's ``json_valid`` (in C: reading the texts costs about
what ``quick_check`` does, decoding them in Python would cost 15 times that), and each one it
refuses is read as verify and a resume read it (:func:`decoded`): only a document that fails
there too is damage, named in verify's words. Short entries lie whole in their leaf pages, which
``quick_check`` judges. Saves are not read here: a damaged save is a copy that ``saves load``
refuses on its own, and the journal stays usable beside it.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

RECORD = 128
"""More than an entry's record holds besides its documents (its key, kind, numbers and time)."""


def decoded(value: bytes | None) -> Any:
    """A document as the journal stores it (UTF-8 JSON), decoded; ValueError when it cannot be."""
    return None if value is None else json.loads(value.decode("utf-8"))


def longest_local(page_size: int) -> int:
    """The most bytes of a record of a ``WITHOUT ROWID`` table (the entries, the snapshots) that
    SQLite keeps in the b-tree page itself; the rest goes to overflow pages (SQLite's file format,
    "B-tree Pages": (usable size - 12) * 64 / 255 - 23)."""
    return (page_size - 12) * 64 // 255 - 23


def _length(column: str) -> str:
    return f"COALESCE(LENGTH(CAST({column} AS BLOB)), 0)"


def _checks(long: int, valid: bool) -> list[tuple[str, int, str]]:
    """(query, key columns, words) of each table; ``valid``: only the rows SQLite's JSON refuses."""

    def refused(*columns: str) -> str:
        tests = " AND ".join(f"json_valid(CAST(COALESCE({c}, 'null') AS TEXT))" for c in columns)
        return f"NOT ({tests})" if valid else "1"

    documents = ("command", "events", "words")
    return [
        (
            f"SELECT id, CAST(config AS BLOB) FROM games WHERE {refused('config')}",
            1,
            "game {0}: its record cannot be read: {exc}",
        ),
        (
            f"SELECT game_id, seq, {', '.join(f'CAST({d} AS BLOB)' for d in documents)} FROM entries"
            f" WHERE {' + '.join(_length(d) for d in documents)} > {long} AND {refused(*documents)}",
            2,
            "game {0}, entry {1} cannot be read ({kind}: {exc})",
        ),
        (
            f"SELECT game_id, seq, CAST(state AS BLOB) FROM snapshots WHERE {refused('state')}",
            2,
            "game {0}: the snapshot after entry {1} cannot be read ({exc})",
        ),
    ]


def unreadable(db: sqlite3.Connection) -> str | None:
    """The first game record, long entry or snapshot of a journal (format 2) that cannot be read,
    in verify's words; None when every one can. sqlite3.DatabaseError when SQLite cannot read a
    page."""
    long = longest_local(db.execute("PRAGMA page_size").fetchone()[0]) - RECORD
    try:
        return _first(db, _checks(long, valid=True))
    except sqlite3.OperationalError as exc:
        if "no such function" not in str(exc):
            raise
        return _first(db, _checks(long, valid=False))  # an SQLite without JSON: every one in Python


def _first(db: sqlite3.Connection, checks: list[tuple[str, int, str]]) -> str | None:
    for query, keys, words in checks:
        for row in db.execute(query):
            try:
                for value in row[keys:]:
                    decoded(value)
            except ValueError as exc:
                return words.format(*row[:keys], kind=type(exc).__name__, exc=exc)
    return None
