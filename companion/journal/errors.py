"""What can go wrong with a journal file, in words for the table and for the Pi owner."""


class JournalError(Exception):
    """A journal that cannot be opened or used: foreign, newer, truncated, corrupt, unwritable.
    The file is left exactly as it was."""


class JournalWriteError(JournalError):
    """A write that failed (disk full, I/O error, read-only file): nothing of it was kept and the
    game stands at the last step that was written."""
