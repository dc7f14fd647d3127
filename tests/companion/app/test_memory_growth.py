"""Nothing piles up while a game goes on. Each game is played through the app's table and screens
in a window of its own, as :mod:`bench.app_memory` plays it (Die Glücksritter by its board's steps
and the panel; Schatzjagd by its longest whole scenario; Raubritter by the rules of thumb of its
autoplay). At every round (a day in Schatzjagd, eight tiles in Raubritter), after a full garbage
collection, the Kivy widgets alive, the Python objects and the bytes Python holds are counted:
from the early rounds to the late ones they stay flat. Counts, not resident memory: a busy machine
moves none of them. Die Glücksritter once kept every round's table check (about 200 widgets and
23 MB a round) when a check was still open at the next round's end; it is played both with the
table answering each check and with the checks left open."""

from __future__ import annotations

import collections
import gc
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from tests.support.window import in_window

WIDGETS = 20  # widgets more alive late than early, at most (a dialog's few rows, a step's buttons)
OBJECTS_PER_ROUND = 500  # the leak it guards against kept about 10,000 a round
BYTES_PER_ROUND = 100_000  # the log and the journal's rows grow with the game: a little


def flat(checkpoints: list[dict[str, Any]], warm_up: int) -> None:
    """From the checkpoint after ``warm_up`` on: the growth per round, early third to late third."""
    kept = checkpoints[warm_up:]
    assert len(kept) >= 3, checkpoints
    third = max(1, len(kept) // 3)
    early, late = kept[:third], kept[-third:]
    rounds = (len(kept) - third) or 1

    def mean(part: list[dict[str, Any]], key: str) -> float:
        return sum(c[key] for c in part) / len(part)

    grown = {key: mean(late, key) - mean(early, key) for key in ("widgets", "objects", "traced")}
    kinds = {
        kind: late[-1]["kinds"].get(kind, 0) - early[0]["kinds"].get(kind, 0)
        for kind in set(late[-1]["kinds"]) | set(early[0]["kinds"])
    }
    most = sorted(kinds.items(), key=lambda item: -item[1])[:8]
    said = f"grown {grown} over {rounds} rounds; most grown: {most}"
    assert max(c["widgets"] for c in late) - min(c["widgets"] for c in early) <= WIDGETS, said
    assert grown["objects"] / rounds <= OBJECTS_PER_ROUND, said
    assert grown["traced"] / rounds <= BYTES_PER_ROUND, said


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


def growth(data: Path, game: str, rounds: int = 10, answer: str = "answer") -> list[dict[str, Any]]:
    """The checkpoints of one game played through the app; ``answer``: "answer" (the table
    confirms each table check) or "leave" (it stays open)."""
    from bench import app_memory
    from companion.app import env

    env.prepare(data / "kivy", headless=True)
    tracemalloc.start(1)
    seen: list[dict[str, Any]] = []

    def checkpoint(at: int, app: Any) -> None:
        seen.append({"at": at, **_alive()})

    if game == "gluecksritter":
        app_memory.gluecksritter_child(data, rounds, 1, checkpoint, answer_checks=answer == "answer")
    elif game == "schatzjagd":
        app_memory.schatzjagd_child(data, app_memory.whole_games()[0][0], 1, checkpoint)
    else:
        app_memory.raubritter_child(data, 1, checkpoint)
    return seen


MADE_PER_ROUND = 300  # dispatchers a round makes: its steps' buttons and the check's page (60-170; 510-620 before)


@pytest.mark.parametrize("answer", ["answer", "leave"])
@in_window
def test_die_gluecksritter_keeps_nothing_from_round_to_round(tmp_path, answer):
    """Also: the table check at every round's end is the board's one check with its new counts (a
    new check each round made about 70 widgets, some 450 dispatchers, whose drawings and some
    27,000 objects waited for a full collection, and the heap they left behind grew the process)."""
    checkpoints = growth(tmp_path, "gluecksritter", 9, answer)
    assert [c["at"] for c in checkpoints] == list(range(1, 10))
    counts = [checkpoint["made"] for checkpoint in checkpoints[2:]]
    made = [late - early for early, late in zip(counts, counts[1:], strict=False)]
    assert max(made) <= MADE_PER_ROUND, made
    flat(checkpoints, warm_up=2)


@in_window
def test_schatzjagd_keeps_nothing_from_day_to_day(tmp_path):
    flat(growth(tmp_path, "schatzjagd"), warm_up=1)


@in_window
def test_raubritter_keeps_nothing_from_round_to_round(tmp_path):
    checkpoints = growth(tmp_path, "raubritter")
    assert len(checkpoints) == 12  # 96 tiles, 8 a round
    flat(checkpoints, warm_up=2)
