"""Two dice boards side by side, each on its own pseudo-terminal (one reports the number die, one
the special die): found together, read into one sink, named apart in the status and the
self-test, and each lost and found on its own. More than two boards are said in words."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator

import pytest
from pydantic import ValidationError

from hardware.dice.config import DiceConfig
from hardware.dice.emulator import DiceEmulator
from hardware.dice.reader import DiceReaders, open_dice
from hardware.dice.selftest import listen
from hardware.events import DeviceConnected, DeviceLost, DieSettled
from tests.hardware.dice.conftest import fast_config, wait_until


@pytest.fixture
def by_id(tmp_path):
    directory = tmp_path / "by-id"
    directory.mkdir()
    return directory


@pytest.fixture
def boards(by_id) -> Iterator[list[DiceEmulator]]:
    """Two boards whose USB names match ``*dice*``, linked under ``by_id`` as udev does."""
    made = [
        DiceEmulator(device, rng=random.Random(seed), link=by_id / f"usb-Acme_Companion_Dice_{device}-if00")
        for seed, device in enumerate(("NUM1", "SPC2"))
    ]
    for board in made:
        board.open()
    yield made
    for board in made:
        board.close()


@pytest.fixture
def readers() -> Iterator[list[DiceReaders]]:
    made: list[DiceReaders] = []
    yield made
    for group in made:
        assert group.stop(), "a reader thread did not stop"


def start(readers, config: DiceConfig, sink, **options) -> DiceReaders:
    group = open_dice(config, sink, **options)
    readers.append(group)
    group.start()
    return group


def speak_until_connected(group: DiceReaders, collector, boards: list[DiceEmulator]) -> None:
    """Heartbeats from every board until the readers have reported each one connected."""
    names = {board.device_id for board in boards}

    def heard() -> bool:
        for board in boards:
            board.heartbeat()
        return names <= {event.device for event in collector.of(DeviceConnected)}

    wait_until(heard, what="both boards to be connected")
    wait_until(lambda: [b.state for b in group.status().boards] == ["connected", "connected"], what="the status")


def test_two_boards_found_by_name_are_read_side_by_side(boards, by_id, collector, readers):
    number, special = boards
    group = start(readers, fast_config("auto"), collector, by_id_dir=by_id, link=None)
    speak_until_connected(group, collector, boards)
    status = group.status()
    assert status.state == "connected"
    assert sorted(b.device for b in status.boards) == ["NUM1", "SPC2"]
    assert sorted(b.port for b in status.boards) == sorted(board.path for board in boards)
    assert {part.strip() for part in (status.device or "").split(",")} == {"NUM1", "SPC2"}

    number.roll("number", 4)
    special.roll("special", 2)
    settled = collector.wait_for(DieSettled, 2)
    assert sorted((e.device, e.die, e.face) for e in settled) == [("NUM1", "number", 4), ("SPC2", "special", 2)]


def test_a_board_unplugged_is_lost_alone_and_the_other_goes_on(boards, by_id, collector, readers):
    number, special = boards
    group = start(readers, fast_config("auto"), collector, by_id_dir=by_id, link=None)
    speak_until_connected(group, collector, boards)

    number.disconnect()
    lost = collector.wait_for(DeviceLost)
    assert [event.device for event in lost] == ["NUM1"]
    wait_until(lambda: sorted(b.state for b in group.status().boards) == ["connected", "searching"])
    assert group.status().state == "searching"  # the worst of the two first
    special.roll("special", 5)
    settled = collector.wait_for(DieSettled)
    assert (settled[-1].device, settled[-1].die, settled[-1].face) == ("SPC2", "special", 5)
    assert [event.device for event in collector.of(DeviceLost)] == ["NUM1"]  # the other was never lost

    number.reconnect()
    wait_until(
        lambda: number.heartbeat() and [e.device for e in collector.of(DeviceConnected)].count("NUM1") == 2,
        what="the unplugged board to come back",
    )
    number.roll("number", 6)
    wait_until(lambda: any(e.device == "NUM1" and e.face == 6 for e in collector.of(DieSettled)), what="its roll")


def test_two_named_ports_are_read_without_searching(boards, collector, readers):
    number, special = boards
    config = DiceConfig(ports=(number.path, special.path), reconnect_interval=0.02, reconnect_max_interval=0.1)
    group = start(readers, config, collector)
    assert [reader.config.port for reader in group.readers] == [number.path, special.path]
    speak_until_connected(group, collector, boards)
    special.roll("special", 1)
    number.roll("number", 3)
    settled = collector.wait_for(DieSettled, 2)
    assert sorted((e.device, e.face) for e in settled) == [("NUM1", 3), ("SPC2", 1)]


def test_one_board_with_the_search_looking_for_two_is_one_die(boards, by_id, collector, readers):
    """The second reader keeps looking for a second board; until it finds one, nothing of it shows."""
    number, special = boards
    special.disconnect()
    group = start(readers, fast_config("auto"), collector, by_id_dir=by_id, link=None)
    wait_until(lambda: number.heartbeat() and group.status().state == "connected", what="the one board")
    status = group.status()
    assert status.boards == () and status.device == "NUM1" and status.port == number.path
    wait_until(
        lambda: any("read already" in reader.status().detail for reader in group.readers),
        what="the other reader to say that the one board is read already",
    )

    special.reconnect()  # a second board plugged in later is found too
    wait_until(lambda: special.heartbeat() and len(group.status().boards) == 2, what="the second board")


def test_more_than_two_boards_are_said_in_words(boards, by_id, collector, readers):
    with DiceEmulator("THR3", link=by_id / "usb-Acme_Companion_Dice_THR3-if00"):
        group = start(readers, fast_config("auto"), collector, by_id_dir=by_id, link=None)
        wait_until(lambda: "3 serial devices match" in group.status().detail, what="the search to say it")
        assert group.status().state == "searching" and "at most 2 dice" in group.status().detail
        assert all(reader.status().opens == 0 for reader in group.readers)


def test_one_named_port_is_read_as_before(boards, collector, readers):
    number, _special = boards
    group = start(readers, fast_config(number.path), collector)
    assert len(group.readers) == 1
    wait_until(lambda: number.heartbeat() and group.status().state == "connected", what="the board")
    assert group.status().port == number.path and group.status().boards == ()


def test_the_self_test_names_both_boards(boards, by_id):
    number, special = boards
    stop = threading.Event()

    def roll_both():
        while not stop.wait(0.05):
            number.heartbeat()
            special.heartbeat()
            number.roll("number", 6)
            special.roll("special", 4)

    thread = threading.Thread(target=roll_both)
    thread.start()
    try:
        report = listen(fast_config("auto"), seconds=30, boards=2, by_id_dir=by_id)
    finally:
        stop.set()
        thread.join()
    assert report.verdict == "ok"
    assert len(report.boards) == 2
    text = report.text()
    assert "2 dice boards side by side:" in text
    assert f"NUM1 on {number.path} (firmware " in text and "number 6" in text
    assert f"SPC2 on {special.path} (firmware " in text and "special 4" in text


def test_the_settings_name_two_ports_and_one_port_still_works():
    assert DiceConfig(port="/dev/ttyACM0").each_port() == (DiceConfig(port="/dev/ttyACM0"),)  # as before
    two = DiceConfig(ports=("/dev/ttyACM0", "loop://"))
    assert [(one.port, one.ports) for one in two.each_port()] == [("/dev/ttyACM0", ()), ("loop://", ())]
    assert two.port_kind == "path"
    for wrong in (
        {"ports": ("auto",)},
        {"ports": ("/dev/a", "/dev/a")},
        {"ports": ("/dev/a", "/dev/b", "/dev/c")},
        {"ports": ("/dev/a", "/dev/b"), "device_id": "D7"},
        {"ports": ("ttyACM0",)},
    ):
        with pytest.raises(ValidationError):
            DiceConfig(**wrong)
