"""The journal: every game's commands and events, durable in one SQLite file per installation."""

from companion.journal.errors import JournalError, JournalWriteError
from companion.journal.session import Session
from companion.journal.store import Journal

__all__ = ["Journal", "JournalError", "JournalWriteError", "Session"]
