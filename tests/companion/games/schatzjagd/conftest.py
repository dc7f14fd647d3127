"""Fixtures for Schatzjagd's table on a journal (test_table_on_a_journal.py), the same as the table's
own tests have: the UI loop, tables that are always closed, the die on a pty."""

from __future__ import annotations

from tests.companion.table.conftest import closing, loop  # noqa: F401
from tests.hardware.dice.conftest import emulator  # noqa: F401
