"""A sink for hardware events that keeps every event and lets a test wait for the ones it expects
(thread-safe: drivers call their sinks on their own threads)."""

from __future__ import annotations

import threading

from hardware.events import InputEvent
from tests.support.waiting import WAIT


class Collector:
    def __init__(self) -> None:
        self.events: list[InputEvent] = []
        self._changed = threading.Condition()

    def __call__(self, event: InputEvent) -> None:
        with self._changed:
            self.events.append(event)
            self._changed.notify_all()

    def of(self, kind: type) -> list:
        with self._changed:
            return [e for e in self.events if isinstance(e, kind)]

    def wait_for(self, kind: type, count: int = 1, timeout: float = WAIT) -> list:
        with self._changed:
            ok = self._changed.wait_for(lambda: len([e for e in self.events if isinstance(e, kind)]) >= count, timeout)
        found = self.of(kind)
        assert ok, f"waited for {count} {kind.__name__}, have {found}; all: {self.events}"
        return found
