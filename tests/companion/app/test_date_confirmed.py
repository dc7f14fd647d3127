"""A device clock that may be wrong, in real windows on a real journal: while the kernel says the
clock is unsynchronised, the first new game of a boot asks the table which day today is (the
clock's day chosen at first; "Back" starts nothing), and the day confirmed is the game's day in
the journal, in a save, on the result screen and in the BG Stats code read back from the screen;
the second new game of the boot, and the app started again in it, do not ask; the next boot
asks again. A synchronised clock never asks."""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.companion.app.png import colours, size
from tests.companion.app.ui import run_process

QUESTION = {"de": ("Ist heute der ", "Die Uhr dieses Geräts geht vielleicht falsch.", "Zurück", "Stimmt"),
            "en": ("Is today ", "The clock of this device may be wrong.", "Back", "That's right")}  # fmt: skip


def session(name: str, data: Path, *args: str) -> dict[str, Any]:
    command = [sys.executable, "-m", "tests.companion.app.date_confirmed_sessions", name, str(data), *args]
    done = run_process(command, f"session {name}")
    assert done.returncode == 0, f"session {name} failed ({done.returncode}):\n{done.stderr[-4000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def day_of(moment: str) -> str:
    return moment[:10]


def drawn(shot: str) -> None:
    path = Path(shot)
    assert size(path) == (800, 480)
    assert colours(path, enough=8) >= 8, f"{path} is one flat colour"


@pytest.mark.parametrize("language", ["de", "en"])
def test_an_unsynchronised_clock_asks_once_a_boot(tmp_path: Path, language: str) -> None:
    seen = session("first-games", tmp_path, language, "unsynchronised")
    clock_day = datetime.date.fromisoformat(seen["clock_day"])
    confirmed = (clock_day + datetime.timedelta(days=10)).isoformat()
    question, why, back, right = QUESTION[language]

    # asked, the clock's day chosen at first; "Back" starts nothing and keeps nothing
    assert seen["asked_first"]
    assert seen["preselected"] == seen["clock_day"]
    assert seen["texts_asked"][0].startswith(question) and seen["texts_asked"][1:] == [why, back, right]
    assert str(clock_day.year) in seen["question"] and str(clock_day.day) in seen["question"]
    assert seen["after_back"] == {"screen": "new", "games": 0}
    assert seen["kept_after_back"] is False
    assert str(int(confirmed[8:])) in seen["question_chosen"]
    for shot in ("shot_asked", "shot_chosen", "shot_result"):
        drawn(seen[shot])

    # the day confirmed is the day of play everywhere
    assert seen["today"] == confirmed
    assert seen["asked_second"] is False
    assert [(g["game"], day_of(g["started"])) for g in seen["games"]] == [
        ("gluecksritter", confirmed),
        ("raubritter", confirmed),
    ]
    assert [day_of(s["saved"]) for s in seen["saves"]] == [confirmed]
    assert seen["saves"][0]["name"].startswith(confirmed)  # the first game, put aside
    assert len(seen["play_dates"]) == 1 and seen["play_dates"][0].startswith(f"{confirmed} ")
    assert any(f"{confirmed} " in text for text in seen["result_texts"])
    assert not any(seen["clock_day"] in text for text in seen["result_texts"])
    assert seen["kept"]["days"] == 10 and seen["kept"]["confirmed"] == confirmed

    # the app started again in the same boot does not ask; the next boot does
    again = session("later-game", tmp_path, language, "unsynchronised")
    assert again["asked"] is False
    assert day_of(again["games"][-1]["started"]) == confirmed
    next_boot = session("later-game", tmp_path, language, "unsynchronised", "the-next-boot")
    assert next_boot["asked"] is True
    assert next_boot["preselected"] == next_boot["clock_day"]
    assert day_of(next_boot["games"][-1]["started"]) == next_boot["clock_day"]  # the clock's day confirmed
    assert len(next_boot["games"]) == 4


def test_a_synchronised_clock_never_asks(tmp_path: Path) -> None:
    seen = session("first-games", tmp_path, "en", "synchronised")
    assert seen["asked_first"] is False and seen["asked_second"] is False
    assert [day_of(g["started"]) for g in seen["games"]] == [seen["clock_day"]] * 2
    assert seen["play_dates"][0].startswith(f"{seen['clock_day']} ")
    drawn(seen["shot_result"])
    assert not (tmp_path / "confirmed-day.json").exists()
    again = session("later-game", tmp_path, "en", "synchronised", "the-next-boot")
    assert again["asked"] is False
