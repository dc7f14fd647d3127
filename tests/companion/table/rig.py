"""Helpers for the table's tests: the UI loop as a queue the test thread drains, a Glücksritter
game on a real journal file, and a record of everything the table tells."""

from __future__ import annotations

import queue
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.games.gluecksritter.table import TABLE
from companion.journal.session import Session
from companion.journal.store import Journal
from companion.table import Table, TableGame
from engines.gluecksritter import Setup
from hardware.panel.keyboard import KeyboardPanel
from tests.engines.gluecksritter.autoplay import unique_catalogue
from tests.support.waiting import WAIT

PLAYERS = ("red", "blue", "green", "yellow")


class UILoop:
    """``schedule`` from any thread; the test thread runs what was scheduled, in order."""

    def __init__(self) -> None:
        self.calls: queue.Queue[Callable[[], None]] = queue.Queue()

    def schedule(self, call: Callable[[], None]) -> None:
        self.calls.put(call)

    def drain(self) -> int:
        """Run everything scheduled so far (and what that schedules); how many calls ran."""
        ran = 0
        while True:
            try:
                call = self.calls.get_nowait()
            except queue.Empty:
                return ran
            call()
            ran += 1

    def run_until(self, condition: Callable[[], bool], timeout: float = WAIT, what: str = "condition") -> None:
        """Run scheduled calls as they come until ``condition()`` holds."""
        deadline = time.monotonic() + timeout
        while True:
            self.drain()
            if condition():
                return
            left = deadline - time.monotonic()
            assert left > 0, f"timed out waiting for {what}"
            try:
                call = self.calls.get(timeout=min(left, 0.05))
            except queue.Empty:
                continue
            call()


def setup(rules: str, *, digital_sack: bool = True, players: tuple[str, ...] = PLAYERS) -> Setup:
    return Setup(rules=rules, players=players, digital_sack=digital_sack, documents=unique_catalogue())


def start_game(path: Path, config: Setup) -> tuple[Journal, Session]:
    journal = Journal.open(path)
    return journal, Session.start(journal, "gluecksritter", config)


def resume_game(path: Path) -> tuple[Journal, Session]:
    journal = Journal.open(path, create=False)
    session = Session.resume(journal)
    assert session is not None
    return journal, session


class Heard(list):
    """Every notice the table told, in order."""

    def of(self, kind: type) -> list[Any]:
        return [notice for notice in self if isinstance(notice, kind)]


def make_table(
    session: Session, loop: UILoop, *, seed: int = 1, game: TableGame = TABLE, **hardware: Any
) -> tuple[Table, Heard]:
    table = Table(session, game, schedule=loop.schedule, rng=random.Random(seed), **hardware)
    heard = Heard()
    table.listen(heard.append)
    return table, heard


def keyboard_table(
    path: Path,
    loop: UILoop,
    closing: list[Table],
    *,
    rules: str = "schmidt-1998",
    digital_sack: bool = False,
    resume: bool = False,
    **options: Any,
) -> tuple[Journal, Session, Table, Heard]:
    """A started table with the keyboard for its panel, on a new game at ``path`` or (``resume``)
    on the game running there; it goes into ``closing``."""
    journal, session = resume_game(path) if resume else start_game(path, setup(rules, digital_sack=digital_sack))
    table, heard = make_table(session, loop, panel=lambda sink: KeyboardPanel(sink), **options)
    closing.append(table)
    table.start()
    loop.drain()
    return journal, session, table, heard
