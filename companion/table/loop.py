"""The UI loop as the table sees it: the one thread that touches the session.

``schedule(f)`` must run ``f()`` later on the UI loop and may be called from any thread (in the
app ``lambda f: Clock.schedule_once(lambda dt: f())``; in tests a queue the test thread drains).
Every callback a hardware thread makes reaches the table through :meth:`Loop.hop`; once the
table is closed, calls still on their way are dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
Schedule = Callable[[Callable[[], None]], None]


class Loop:
    def __init__(self, schedule: Schedule) -> None:
        self._schedule = schedule
        self._open = True
        self._thread = threading.get_ident()  # the table is built on the UI loop's thread

    def hop(self, target: Callable[[T], Any]) -> Callable[[T], None]:
        """A callable for any thread that runs ``target(arg)`` on the UI loop."""

        def call(arg: T) -> None:
            self._schedule(lambda: self._run(target, arg))

        return call

    def _run(self, target: Callable[[T], Any], arg: T) -> None:
        if self._open:
            target(arg)

    def check(self) -> None:
        """Refuse to go on outside the UI loop's thread (a hardware thread must hop first)."""
        if threading.get_ident() != self._thread:
            raise RuntimeError("the table is used from the UI loop only; hardware threads hop there first")

    def close(self) -> None:
        self._open = False
