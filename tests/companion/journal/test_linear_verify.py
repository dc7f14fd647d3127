"""``journal verify`` and ``import`` fold a game's entries with :class:`LineOfPlay`; each entry
must cost the same however long the game already is (issue 12, point 13: they were quadratic).

The work is counted, not timed: entry numbers are an ``int`` whose hash counts itself, so every
look-up of an entry number in a set or dict (what keeping the states along the line takes) is
one step. A linear fold takes a few per entry; one that goes over the whole line for every entry
takes as many as the line is long.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from companion.journal.line import EntryProblem, LineOfPlay
from companion.journal.store import EntryRow

LOOKUPS = 0


class Seq(int):
    """An entry number that counts how often it is hashed."""

    def __hash__(self) -> int:
        global LOOKUPS
        LOOKUPS += 1
        return int.__hash__(self)


@dataclass(frozen=True)
class Counter:
    """A game whose state counts the events replayed: enough for the line of play."""

    name: str = "counter"

    def parse_command(self, data: dict[str, Any]) -> dict[str, Any]:
        return data

    def parse_event(self, data: dict[str, Any]) -> dict[str, Any]:
        return data

    def evolve(self, state: int, event: dict[str, Any]) -> int:
        return state + event["add"]

    def check(self, state: int) -> None:
        pass


def entries(count: int) -> list[EntryRow]:
    """``count`` entries: runs of commands with undos, redos and abandoned branches between them,
    the line of play growing with the game."""
    rows: list[EntryRow] = []
    line: list[int] = []
    redo: list[int] = []
    pattern = ["c", "c", "c", "u", "u", "r", "c", "c", "u", "c", "u", "r"]
    while len(rows) < count:
        kind = pattern[len(rows) % len(pattern)]
        seq = Seq(len(rows) + 1)
        if kind == "c":
            rows.append(EntryRow(seq, "command", None, Seq(line[-1] if line else 0), {"type": "add"},
                                 [{"add": 1}], None, "2026-11-26T08:00:00+00:00"))  # fmt: skip
            line.append(seq)
            redo.clear()
        elif kind == "u":
            rows.append(EntryRow(seq, "undo", Seq(line[-1]), None, None, None, [], "2026-11-26T08:00:00+00:00"))
            redo.append(line.pop())
        else:
            rows.append(EntryRow(seq, "redo", Seq(redo[-1]), None, None, None, [], "2026-11-26T08:00:00+00:00"))
            line.append(redo.pop())
    return rows


def lookups(count: int) -> tuple[int, LineOfPlay]:
    global LOOKUPS
    rows = entries(count)
    play = LineOfPlay(Counter(), 0)
    LOOKUPS = 0
    for row in rows:
        play.add(row)
    return LOOKUPS, play


def test_each_entry_costs_a_bounded_number_of_lookups() -> None:
    done, play = lookups(2_000)
    assert play.state == len(play.line)  # one event per command in play
    assert done <= 10 * 2_000, f"{done} look-ups of entry numbers for 2,000 entries"


def test_the_work_grows_linearly_with_the_game() -> None:
    short, _ = lookups(1_000)
    long, _ = lookups(4_000)
    assert long <= 5 * short, f"1,000 entries: {short} look-ups; 4,000 entries: {long}"


def test_only_the_states_a_later_entry_can_start_from_are_kept() -> None:
    _, play = lookups(2_999)
    assert set(play._states) == {0, *play.line, *play.redo}
    assert play.redo  # the pattern ends with something to redo
    # and every kept state is still the right one to start from
    undo = EntryRow(3_000, "undo", play.head, None, None, None, [], "2026-11-26T08:00:00+00:00")
    before = play.state
    play.add(undo)
    assert play.state == before - 1


def test_a_redo_after_a_new_command_is_still_refused() -> None:
    play = LineOfPlay(Counter(), 0)
    at = "2026-11-26T08:00:00+00:00"
    play.add(EntryRow(1, "command", None, 0, {"type": "add"}, [{"add": 1}], None, at))
    play.add(EntryRow(2, "undo", 1, None, None, None, [], at))
    play.add(EntryRow(3, "command", None, 0, {"type": "add"}, [{"add": 2}], None, at))
    with pytest.raises(EntryProblem, match="entry 4: it redoes entry 1, which was not the last one undone"):
        play.add(EntryRow(4, "redo", 1, None, None, None, [], at))
    assert play.state == 2
    assert set(play._states) == {0, 3}
