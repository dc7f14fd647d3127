"""The journal file's layout, its versions and the migrations between them.

Version history:
- 1: games and entries (command, undo and redo rows) only.
- 2: each command row knows its parent (so the active line of play is a walk from ``games.head``),
  snapshots of states keep resume time flat, named saves, and a ``meta`` table that marks the
  file as a companion journal.
"""

from __future__ import annotations

import sqlite3

from companion.journal.errors import JournalError, JournalForeign

FORMAT = "companion.journal"
VERSION = 2

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    format INTEGER NOT NULL,
    config TEXT NOT NULL,
    name TEXT,
    started TEXT NOT NULL,
    updated TEXT NOT NULL,
    finished TEXT,
    head INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE entries (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('command', 'undo', 'redo')),
    target INTEGER,
    parent INTEGER,
    command TEXT,
    events TEXT,
    words TEXT,
    at TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE INDEX entries_by_kind ON entries (game_id, kind, seq);
CREATE TABLE snapshots (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE saves (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    saved TEXT NOT NULL,
    document TEXT NOT NULL
);
CREATE TABLE session (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

SCHEMA_1 = """
CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, format INTEGER NOT NULL, config TEXT NOT NULL,
                    name TEXT, started TEXT NOT NULL);
CREATE TABLE entries (game_id INTEGER NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, target INTEGER,
                      command TEXT, events TEXT, at TEXT NOT NULL, PRIMARY KEY (game_id, seq));
CREATE TABLE session (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


def create(db: sqlite3.Connection, now: str) -> None:
    """Lay out an empty journal (inside the caller's transaction)."""
    for statement in SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute("INSERT INTO meta VALUES ('format', ?), ('created', ?)", (FORMAT, now))
    db.execute(f"PRAGMA user_version = {VERSION}")


def migrate_1_to_2(db: sqlite3.Connection, now: str) -> None:
    """Version 1 kept no parents: rebuild them (and each game's head) by folding its entries."""
    db.execute("PRAGMA defer_foreign_keys = ON")  # entries are copied before their game rows
    db.execute("ALTER TABLE entries RENAME TO entries_1")
    db.execute("ALTER TABLE games RENAME TO games_1")
    for statement in SCHEMA.split(";"):
        if statement.strip() and "TABLE session" not in statement:
            db.execute(statement)
    db.execute("INSERT INTO meta VALUES ('format', ?), ('created', ?), ('migrated-from-1', ?)", (FORMAT, now, now))
    games = db.execute("SELECT id, game, format, config, name, started FROM games_1 ORDER BY id").fetchall()
    for game_id, game, fmt, config, name, started in games:
        rows = db.execute(
            "SELECT seq, kind, target, command, events, at FROM entries_1 WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        active: list[int] = []
        updated = started
        for seq, kind, target, command, events, at in rows:
            parent = None
            if kind == "command":
                parent = active[-1] if active else 0
                active.append(seq)
            elif kind == "undo":
                active.pop()
            else:
                active.append(target)
            updated = at
            db.execute(
                "INSERT INTO entries (game_id, seq, kind, target, parent, command, events, words, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    seq,
                    kind,
                    target,
                    parent,
                    command,
                    events,
                    None if kind == "command" else "[]",
                    at,
                ),
            )
        db.execute(
            "INSERT INTO games (id, game, format, config, name, started, updated, head)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, game, fmt, config, name, started, updated, active[-1] if active else 0),
        )
    db.execute("DROP TABLE entries_1")
    db.execute("DROP TABLE games_1")
    db.execute("PRAGMA user_version = 2")


MIGRATIONS = {1: migrate_1_to_2}


def check_version(version: int, path: object) -> None:
    if version > VERSION:
        raise JournalError(
            f"{path} was written by a newer companion (journal version {version}; this one reads up to "
            f"{VERSION}). It was left untouched: update companion, or start this one with another --data-dir."
        )
    if version < 1:
        raise JournalForeign(f"{path} is an SQLite database of something else, not a companion journal; left untouched")
