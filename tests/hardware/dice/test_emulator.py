"""The emulator as a library: what it writes, its link, unplugging, and the key/timer loop."""

from __future__ import annotations

import os
import random
import threading

import pytest
import serial

from hardware.dice.emulator import DiceEmulator, run
from hardware.dice.protocol import Heartbeat, Hello, Rejected, Rolling, Settled, Tilted, parse


def read_lines(port: serial.SerialBase, count: int) -> list[bytes]:
    lines = []
    for _ in range(count):
        line = port.readline()
        assert line, f"only {lines} arrived"
        lines.append(line)
    return lines


def test_rolls_are_protocol_lines_with_rising_sequence_numbers():
    with DiceEmulator("E1", rng=random.Random(3)) as die:
        port = serial.serial_for_url(die.path, timeout=1)
        try:
            die.heartbeat()
            face = die.roll("number")
            die.tilted_roll("special")
            lines = [parse(raw) for raw in read_lines(port, 5)]
        finally:
            port.close()
    assert lines == [
        Heartbeat("E1", 1, 1, "emulator-1"),
        Rolling("E1", 2, "number"),
        Settled("E1", 3, "number", face),
        Rolling("E1", 4, "special"),
        Tilted("E1", 5, "special"),
    ]


def test_misbehaviour_is_never_a_valid_line():
    die = DiceEmulator(rng=random.Random(11))
    die.open()
    try:
        for _ in range(200):
            for raw in (die.garbage(), die.partial_line(), die.bad_checksum()):
                assert isinstance(parse(raw), Rejected), raw
        die.roll()
        assert die.repeat_last() == die.repeat_last() and not isinstance(parse(die.repeat_last()), Rejected)
    finally:
        die.close()


def test_writes_without_a_reader_do_not_block():
    with DiceEmulator() as die:
        for _ in range(2000):
            die.roll()
        assert die.lost > 0  # the pty filled up and the rest was thrown away, as on a device


def test_the_link_follows_the_emulator_across_unplugging(tmp_path):
    link = tmp_path / "dice"
    die = DiceEmulator(link=link)
    assert die.open() == str(link)
    first = die.pty_path
    assert os.readlink(link) == first
    die.disconnect()
    assert not die.connected and not os.path.lexists(link)
    assert not die.write_raw(b"x\n")
    die.reconnect()
    assert os.readlink(link) == die.pty_path
    port = serial.serial_for_url(str(link), timeout=1)
    try:
        die.hello()
        assert parse(port.readline()) == Hello("EMU1", 0, 1, "emulator-1")
    finally:
        port.close()
        die.close()
    assert not os.path.lexists(link)


def test_a_file_in_the_way_of_the_link_is_not_replaced(tmp_path):
    (tmp_path / "dice").write_text("mine")
    die = DiceEmulator(link=tmp_path / "dice")
    with pytest.raises(FileExistsError):
        die.open()
    assert not die.connected
    assert (tmp_path / "dice").read_text() == "mine"


def test_the_run_loop_rolls_on_a_timer_and_obeys_keys():
    read_keys, write_keys = os.pipe()
    die = DiceEmulator(rng=random.Random(2))
    die.open()
    port = serial.serial_for_url(die.path, timeout=1)
    said: list[str] = []
    paths: list[str] = []
    loop = threading.Thread(
        target=run,
        args=(die, threading.Event()),
        kwargs={"keys": read_keys, "heartbeat": 0.05, "down_time": 0.1, "on_path": paths.append, "say": said.append},
    )
    loop.start()
    try:
        os.write(write_keys, b"n")
        kinds = {type(parse(line)).__name__ for line in read_lines(port, 4)}
        assert {"Rolling", "Heartbeat"} <= kinds
        os.write(write_keys, b"x")
        os.write(write_keys, b"d")
        os.write(write_keys, b"q")
        loop.join(2)
        assert not loop.is_alive()
        assert any("unknown key 'x'" in message for message in said)
    finally:
        port.close()
        die.close()
        os.close(read_keys)
        os.close(write_keys)


def test_the_run_loop_ends_when_its_keys_end_unless_auto_rolling():
    read_keys, write_keys = os.pipe()
    os.close(write_keys)
    with DiceEmulator() as die:
        run(die, threading.Event(), keys=read_keys)  # returns at once: end of input
        stop = threading.Event()
        threading.Timer(0.3, stop.set).start()
        run(die, stop, keys=read_keys, auto_roll=0.05)  # ignores the end of input; stops on the event
        assert die.sent > 3
    os.close(read_keys)


def test_coming_back_without_a_link_announces_the_path():
    read_keys, write_keys = os.pipe()
    die = DiceEmulator()
    die.open()
    paths: list[str] = []
    stop = threading.Event()
    loop = threading.Thread(
        target=run, args=(die, stop), kwargs={"keys": read_keys, "down_time": 0.05, "on_path": paths.append}
    )
    loop.start()
    try:
        os.write(write_keys, b"d")
        for _ in range(100):
            if paths:
                break
            stop.wait(0.02)
        assert paths == [die.pty_path] and die.connected
    finally:
        stop.set()
        loop.join(2)
        die.close()
        os.close(read_keys)
        os.close(write_keys)
