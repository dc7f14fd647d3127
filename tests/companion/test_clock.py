"""The device's clock and the day the table confirmed (companion.clock): what the kernel says, the
day kept per boot in a real file, and the times the journal (a real SQLite file) writes from it:
a game's start, a save's name and time, and BG Stats' play date."""

from __future__ import annotations

import datetime
import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import clock
from companion.clock import FILE, DayClock

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
EVENING = datetime.datetime(2025, 3, 14, 21, 30, 5)  # what a clock restored at shutdown may say


class Wall:
    """The device's clock, standing where a test puts it and moved by it."""

    def __init__(self, at: datetime.datetime) -> None:
        self.at = at

    def __call__(self) -> datetime.datetime:
        return self.at


def unsynchronised(folder: Path | None, wall: Wall, boot: str = "boot-1") -> DayClock:
    return DayClock(folder, synchronised=lambda: False, boot=lambda: boot, wall=wall)


@pytest.fixture
def in_use() -> Iterator[None]:
    yield
    clock.use(None)


# ---------------------------------------------------------------------------------- the kernel


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="adjtimex(2) is Linux's")
def test_the_kernel_is_asked_on_linux() -> None:
    said = clock.kernel_synchronised()
    assert isinstance(said, bool)
    timedatectl = shutil.which("timedatectl")
    if timedatectl is not None:  # where systemd answers, it says the same
        done = subprocess.run(
            [timedatectl, "show", "-p", "NTPSynchronized", "--value"], capture_output=True, text=True, check=False
        )
        if done.returncode == 0:
            assert said == (done.stdout.strip() == "yes")


def test_where_the_kernel_cannot_be_asked_the_clock_is_taken_as_right(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clock.sys, "platform", "darwin")
    assert clock.kernel_synchronised() is None
    day_clock = DayClock(None, synchronised=clock.kernel_synchronised, wall=Wall(EVENING))
    assert day_clock.trusted() and not day_clock.asks()


@pytest.mark.skipif(not os.path.exists("/proc/sys/kernel/random/boot_id"), reason="no boot id here")
def test_the_boot_id_is_the_systems() -> None:
    assert clock.boot_id() == Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    assert clock.boot_id() == clock.boot_id()


# ---------------------------------------------------------------------------------- the day


def test_a_synchronised_clock_never_asks_and_is_taken_as_it_is(tmp_path: Path) -> None:
    day_clock = DayClock(tmp_path, synchronised=lambda: True, boot=lambda: "boot-1", wall=Wall(EVENING))
    assert not day_clock.asks()
    assert day_clock.now().replace(tzinfo=None) == EVENING
    assert day_clock.today() == EVENING.date()


def test_the_confirmed_day_moves_the_clock_by_whole_days(tmp_path: Path) -> None:
    wall = Wall(EVENING)
    day_clock = unsynchronised(tmp_path, wall)
    assert day_clock.asks()
    assert day_clock.now().replace(tzinfo=None) == EVENING  # nothing confirmed yet: the clock as it is
    day_clock.confirm(datetime.date(2025, 3, 24))
    assert not day_clock.asks()
    assert day_clock.days == 10
    assert day_clock.now().replace(tzinfo=None) == datetime.datetime(2025, 3, 24, 21, 30, 5)
    assert day_clock.now().utcoffset() is not None  # local, with its offset, as the journal writes
    wall.at += datetime.timedelta(hours=3)  # past midnight on the clock: the next day on the table too
    assert day_clock.today() == datetime.date(2025, 3, 25)


def test_a_day_before_the_clocks_can_be_confirmed(tmp_path: Path) -> None:
    day_clock = unsynchronised(tmp_path, Wall(EVENING))
    day_clock.confirm(datetime.date(2025, 3, 1))
    assert day_clock.days == -13
    assert day_clock.today() == datetime.date(2025, 3, 1)


def test_a_day_outside_the_choices_changes_nothing(tmp_path: Path) -> None:
    day_clock = unsynchronised(tmp_path, Wall(EVENING))
    earliest, latest = day_clock.choices()
    assert earliest <= EVENING.date() <= latest
    for day in (earliest - datetime.timedelta(days=1), latest + datetime.timedelta(days=1)):
        with pytest.raises(ValueError, match="outside"):
            day_clock.confirm(day)
    assert day_clock.asks() and not (tmp_path / FILE).exists()


def test_a_clock_far_behind_offers_the_days_from_the_earliest_on(tmp_path: Path) -> None:
    day_clock = unsynchronised(tmp_path, Wall(datetime.datetime(1970, 1, 1, 0, 0, 12)))
    earliest, latest = day_clock.choices()
    assert earliest == datetime.date(1970, 1, 1)
    assert latest > clock.EARLIEST + datetime.timedelta(days=3650)


def test_once_the_clock_is_synchronised_it_is_taken_as_it_is_again(tmp_path: Path) -> None:
    synchronised = [False]
    day_clock = DayClock(tmp_path, synchronised=lambda: synchronised[0], boot=lambda: "b", wall=Wall(EVENING))
    day_clock.confirm(datetime.date(2025, 3, 24))
    assert day_clock.today() == datetime.date(2025, 3, 24)
    synchronised[0] = True
    assert day_clock.now().replace(tzinfo=None) == EVENING


# ---------------------------------------------------------------------------------- per boot


def test_the_day_is_kept_for_the_boot_and_asked_again_in_the_next(tmp_path: Path) -> None:
    unsynchronised(tmp_path, Wall(EVENING), "boot-1").confirm(datetime.date(2025, 3, 24))
    kept = json.loads((tmp_path / FILE).read_text())
    assert kept == {"boot": "boot-1", "days": 10, "confirmed": "2025-03-24", "clock": "2025-03-14"}
    again = unsynchronised(tmp_path, Wall(EVENING + datetime.timedelta(minutes=5)), "boot-1")
    assert not again.asks()
    assert again.today() == datetime.date(2025, 3, 24)
    next_boot = unsynchronised(tmp_path, Wall(EVENING), "boot-2")
    assert next_boot.asks()
    assert next_boot.today() == EVENING.date()


@pytest.mark.parametrize(
    "text",
    ["", "{", "[]", '{"boot": "boot-1"}', '{"boot": "boot-1", "days": "10"}', '{"boot": "boot-1", "days": true}',
     '{"boot": "boot-1", "days": 99999999999}', "\udcff"],
)  # fmt: skip
def test_a_damaged_file_only_asks_again(tmp_path: Path, text: str) -> None:
    (tmp_path / FILE).write_bytes(text.encode("utf-8", "surrogateescape"))
    day_clock = unsynchronised(tmp_path, Wall(EVENING))
    assert day_clock.asks()
    assert day_clock.today() == EVENING.date()
    day_clock.confirm(datetime.date(2025, 3, 20))  # and the confirmation replaces it
    assert json.loads((tmp_path / FILE).read_text())["days"] == 6


def test_a_folder_that_cannot_be_written_keeps_the_day_for_the_app_all_the_same(tmp_path: Path) -> None:
    folder = tmp_path / "not-there"  # no folder: nothing can be written into it
    day_clock = unsynchronised(folder, Wall(EVENING))
    day_clock.confirm(datetime.date(2025, 3, 24))
    assert day_clock.today() == datetime.date(2025, 3, 24)
    assert not folder.exists()
    assert unsynchronised(folder, Wall(EVENING)).asks()


def test_without_a_boot_id_the_day_is_kept_in_memory_only(tmp_path: Path) -> None:
    day_clock = DayClock(tmp_path, synchronised=lambda: False, boot=lambda: None, wall=Wall(EVENING))
    day_clock.confirm(datetime.date(2025, 3, 24))
    assert day_clock.today() == datetime.date(2025, 3, 24)
    assert not (tmp_path / FILE).exists()


# ---------------------------------------------------------------------------------- the journal


def test_the_journal_writes_the_confirmed_day(tmp_path: Path, in_use: None) -> None:
    from companion.journal import bgstats, saves
    from companion.journal.store import Journal
    from companion.results.push import play
    from companion.scenario.run import run_file

    day_clock = unsynchronised(tmp_path, Wall(EVENING))
    day_clock.confirm(datetime.date(2025, 3, 24))
    clock.use(day_clock)
    with Journal.open(tmp_path / "journal.sqlite3") as journal:
        assert run_file(SCENARIOS / "raubritter/22-complete-game-four-players.scn", journal, io.StringIO()).ok
        game_id = journal.running()
        assert game_id is not None
        row = journal.game(game_id)
        assert row.started.startswith("2025-03-24T21:30:05")
        assert all(entry.at.startswith("2025-03-24T") for entry in journal.entries(game_id))
        assert bgstats.play_document(journal, game_id)["plays"][0]["playDate"] == "2025-03-24 21:30:05"
        assert play(journal, game_id)["playDate"] == "2025-03-24 21:30:05"
        run_file(SCENARIOS / "raubritter/01-turn-order-oldest-first.scn", journal, io.StringIO())
        saved = saves.save(journal)
        assert saved.name == "2025-03-24 21:30"
        assert journal.saves()[0][3].startswith("2025-03-24T21:30:05")
    clock.use(None)
    assert clock.now().date() == datetime.date.today()
