"""How long a test waits, in one place. A test waits for a condition, never for a fixed time; these
are only the limits after which it gives up and says what it waited for. They leave a busy 2-core
machine plenty of room and are never reached when things work.

``COMPANION_TEST_WAIT`` (seconds) scales them on a machine slower still."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

WAIT = float(os.environ.get("COMPANION_TEST_WAIT", "60"))
"""For one condition: a press reported, a die settled, a thread ended, a screen drawn."""

PROCESS = 10 * WAIT
"""For a whole program run in a process of its own (an app session, the screenshots of every
screen); the test's own limit (pyproject's ``timeout``) is above it, so the reason comes first."""


def wait_until(condition: Callable[[], bool], *, limit: float = WAIT, what: str = "the condition") -> None:
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, f"waited {limit:g} s for {what}"
        time.sleep(0.005)
