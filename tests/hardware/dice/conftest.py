"""Helpers for the dice tests: an event collector that can be waited on, emulators on real
pseudo-terminals, and readers with short timeouts that are always stopped."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from hardware.dice.config import DiceConfig
from hardware.dice.emulator import DiceEmulator
from hardware.dice.reader import DiceReader
from tests.hardware.collector import Collector
from tests.support import waiting
from tests.support.waiting import WAIT


def wait_until(condition: Callable[[], bool], timeout: float = WAIT, what: str = "condition") -> None:
    waiting.wait_until(condition, limit=timeout, what=what)


def fast_config(port: str, **changes) -> DiceConfig:
    settings = {"reconnect_interval": 0.02, "reconnect_max_interval": 0.1, "silence_timeout": None} | changes
    return DiceConfig(port=port, **settings)


@pytest.fixture
def collector() -> Collector:
    return Collector()


@pytest.fixture
def emulator(tmp_path) -> Iterator[DiceEmulator]:
    die = DiceEmulator("D7", rng=random.Random(7), link=tmp_path / "dice")
    die.open()
    yield die
    die.close()


@pytest.fixture
def make_reader() -> Iterator[Callable[..., DiceReader]]:
    readers: list[DiceReader] = []

    def make(config: DiceConfig, sink, **kwargs) -> DiceReader:
        reader = DiceReader(config, sink, **kwargs)
        readers.append(reader)
        return reader

    yield make
    for reader in readers:
        assert reader.stop(), "a reader thread did not stop"


def open_reader(make_reader, port: str, sink, **changes) -> DiceReader:
    """A started reader that has opened ``port`` (lines written from now on will be read)."""
    reader = make_reader(fast_config(port, **changes), sink)
    reader.start()
    wait_until(lambda: reader.status().state == "waiting", what=f"the reader to open {port}")
    return reader
