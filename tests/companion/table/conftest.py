"""Fixtures for the table's tests: the UI loop, tables that are always closed, the pty die."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.table import Table
from tests.companion.table.rig import UILoop
from tests.hardware.dice.conftest import emulator  # noqa: F401  (the die on a pty, as the dice tests use it)


@pytest.fixture
def loop() -> UILoop:
    return UILoop()


@pytest.fixture
def closing() -> Iterator[list[Table]]:
    """Tables put here are closed after the test, whatever happened."""
    tables: list[Table] = []
    yield tables
    for table in tables:
        table.close()
