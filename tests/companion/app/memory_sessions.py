"""What the app keeps alive while a game goes on: each game played through the app's table and
screens as :mod:`bench.app_memory` plays it (Die Glücksritter by its board's steps and the panel,
its table check answered at every round's end; Schatzjagd by its longest whole scenario;
Raubritter by the rules of thumb of its autoplay), and at every round (a day in Schatzjagd, eight
tiles in Raubritter) after a full garbage collection: the Kivy widgets alive, the Python objects
the collector tracks, by type, and the bytes Python has allocated (``tracemalloc``). Counts, not
times or resident memory: a busy machine moves none of them. Run by
:mod:`tests.companion.app.sessions`."""

from __future__ import annotations

import collections
import gc
import tracemalloc
from pathlib import Path
from typing import Any


def _alive() -> dict[str, Any]:
    from kivy.uix.widget import Widget

    gc.collect()
    kinds: collections.Counter[str] = collections.Counter()
    widgets = 0
    for thing in gc.get_objects():
        try:
            widget = isinstance(thing, Widget)
        except ReferenceError:  # a weak proxy whose widget is gone
            continue
        widgets += widget
        kinds[type(thing).__name__] += 1
    return {
        "widgets": widgets,
        "objects": sum(kinds.values()),
        "kinds": dict(kinds),
        "traced": tracemalloc.get_traced_memory()[0],
        "made": _made(),
    }


def _made() -> int:
    """How many Kivy event dispatchers (widgets and their parts) the process has made so far:
    Kivy numbers each one it makes (``uid``), so a new one's number is the count."""
    from kivy.event import EventDispatcher

    return EventDispatcher().uid


def growth(data: Path, game: str, rounds: str = "10", answer: str = "answer") -> dict[str, Any]:
    """``answer``: "answer" (the table confirms each table check) or "leave" (it stays open)."""
    from bench import app_memory
    from companion.app import env

    env.prepare(data / "kivy", headless=True)
    tracemalloc.start(1)
    seen: list[dict[str, Any]] = []

    def checkpoint(at: int, app: Any) -> None:
        seen.append({"at": at, **_alive()})

    if game == "gluecksritter":
        app_memory.gluecksritter_child(data, int(rounds), 1, checkpoint, answer_checks=answer == "answer")
    elif game == "schatzjagd":
        app_memory.schatzjagd_child(data, app_memory.whole_games()[0][0], 1, checkpoint)
    else:
        app_memory.raubritter_child(data, 1, checkpoint)
    return {"checkpoints": seen}


SESSIONS = {"memory-growth": growth}
