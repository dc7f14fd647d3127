"""The journal: every game's commands and events, durable in one SQLite file per installation.

Import from the modules: ``store.Journal``, ``session.Session``, ``errors.JournalError``."""
