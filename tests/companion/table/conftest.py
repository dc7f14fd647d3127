"""Fixtures for the table's tests: the UI loop, tables that are always closed, the pty die."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from companion.table import Table
from hardware.dice.emulator import DiceEmulator
from tests.companion.table.rig import UILoop


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


@pytest.fixture
def emulator(tmp_path) -> Iterator[DiceEmulator]:
    die = DiceEmulator("D7", rng=random.Random(7), link=tmp_path / "dice")
    die.open()
    yield die
    die.close()
