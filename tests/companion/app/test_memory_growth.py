"""Nothing piles up while a game goes on: each game is played through the app's table and screens
(:mod:`tests.companion.app.memory_sessions`), and from the early rounds to the late ones the Kivy
widgets alive, the Python objects and the bytes Python holds stay flat. Counts, not resident
memory: a busy machine moves none of them. Die Glücksritter once kept every round's table check
(about 200 widgets and 23 MB a round) when a check was still open at the next round's end; it is
played both with the table answering each check and with the checks left open."""

from __future__ import annotations

from typing import Any

import pytest

from tests.companion.app.ui import run_session

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


MADE_PER_ROUND = 300  # dispatchers a round makes: its steps' buttons and the check's page (60-170; 510-620 before)


@pytest.mark.parametrize("answer", ["answer", "leave"])
def test_die_gluecksritter_keeps_nothing_from_round_to_round(tmp_path, answer):
    """Also: the table check at every round's end is the board's one check with its new counts (a
    new check each round made about 70 widgets, some 450 dispatchers, whose drawings and some
    27,000 objects waited for a full collection, and the heap they left behind grew the process)."""
    seen = run_session("memory-growth", tmp_path, "gluecksritter", "9", answer)
    assert [c["at"] for c in seen["checkpoints"]] == list(range(1, 10))
    counts = [checkpoint["made"] for checkpoint in seen["checkpoints"][2:]]
    made = [late - early for early, late in zip(counts, counts[1:], strict=False)]
    assert max(made) <= MADE_PER_ROUND, made
    flat(seen["checkpoints"], warm_up=2)


def test_schatzjagd_keeps_nothing_from_day_to_day(tmp_path):
    seen = run_session("memory-growth", tmp_path, "schatzjagd")
    flat(seen["checkpoints"], warm_up=1)


def test_raubritter_keeps_nothing_from_round_to_round(tmp_path):
    seen = run_session("memory-growth", tmp_path, "raubritter")
    assert len(seen["checkpoints"]) == 12  # 96 tiles, 8 a round
    flat(seen["checkpoints"], warm_up=2)
