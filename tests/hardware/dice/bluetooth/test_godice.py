"""A GoDice's notifications replayed into its adapter: each sequence gives exactly the events the
table should see, and what is garbage, short or unknown is dropped and counted."""

from __future__ import annotations

import pytest

from hardware.dice.bluetooth.godice import ASK_BATTERY, ASK_COLOUR, NOTIFY, WRITE, GoDiceAdapter, face
from hardware.events import DeviceBattery, DieRolling, DieSettled, DieTilted

DEV = "AA:BB:CC:DD:EE:01"
UP = {1: (-64, 0, 0), 2: (0, 0, 64), 3: (0, 64, 0), 4: (0, -64, 0), 5: (0, 0, -64), 6: (64, 0, 0)}


def axes(x: int, y: int, z: int) -> bytes:
    return bytes(v & 0xFF for v in (x, y, z))


def replay(adapter: GoDiceAdapter, *notifications: bytes) -> list[object]:
    events: list[object] = []
    for at, data in enumerate(notifications):
        events.extend(adapter.feed(data, float(at)))
    return events


@pytest.mark.parametrize("up", range(1, 7))
def test_a_roll_settles_on_the_face_up(up):
    adapter = GoDiceAdapter(DEV, "number")
    events = replay(adapter, b"R", b"S" + axes(*UP[up]))
    assert events == [DieRolling(DEV, "number", 0.0), DieSettled(DEV, "number", up, "bluetooth", 1.0)]
    assert adapter.counts.accepted == 2 and not adapter.counts.dropped


def test_a_reading_near_a_face_is_that_face_and_one_far_from_all_is_none():
    assert face(-60, 5, -8) == 1 and face(3, 58, 10) == 3
    assert face(0, 0, 0) is None and face(-40, 40, 0) is None  # free fall; an edge


def test_the_special_die_and_a_die_that_rolls_twice():
    adapter = GoDiceAdapter(DEV, "special")
    events = replay(adapter, b"R", b"R", b"S" + axes(*UP[4]), b"R", b"S" + axes(*UP[6]))
    assert events == [
        DieRolling(DEV, "special", 0.0),
        DieSettled(DEV, "special", 4, "bluetooth", 2.0),
        DieRolling(DEV, "special", 3.0),
        DieSettled(DEV, "special", 6, "bluetooth", 4.0),
    ]


@pytest.mark.parametrize("rest", [b"TS", b"FS", b"MS"], ids=["tilted", "fake", "moved"])
def test_a_tilted_fake_or_moved_rest_voids_the_roll(rest):
    adapter = GoDiceAdapter(DEV, "number")
    events = replay(adapter, b"R", rest + axes(-45, 45, 0), b"S" + axes(*UP[2]))
    assert events == [DieRolling(DEV, "number", 0.0), DieTilted(DEV, "number", 1.0)]
    assert adapter.counts.dropped == {"not-rolled": 1}  # the rest after it came without a roll


def test_a_die_turned_by_hand_makes_no_roll():
    adapter = GoDiceAdapter(DEV, "number")
    assert replay(adapter, b"MS" + axes(*UP[5]), b"S" + axes(*UP[5]), b"TS" + axes(40, 40, 0)) == []
    assert adapter.counts.dropped == {"not-rolled": 3}


def test_a_reconnected_die_forgets_the_roll_in_the_air():
    adapter = GoDiceAdapter(DEV, "number")
    assert replay(adapter, b"R") == [DieRolling(DEV, "number", 0.0)]
    adapter.reset()
    assert replay(adapter, b"S" + axes(*UP[3])) == []
    assert adapter.counts.dropped == {"not-rolled": 1}


def test_a_rest_on_no_face_is_dropped():
    adapter = GoDiceAdapter(DEV, "number")
    assert replay(adapter, b"R", b"S" + axes(0, 0, 0)) == [DieRolling(DEV, "number", 0.0)]
    assert adapter.counts.dropped == {"face": 1}


def test_the_battery_is_told_once_each_change_and_low_at_20_percent():
    adapter = GoDiceAdapter(DEV, "number")
    events = replay(adapter, b"Bat\x50", b"Bat\x50", b"Bat\x15", b"Bat\x14", b"Bat\x14")
    assert events == [
        DeviceBattery(DEV, "dice", 80, False, False, 0.0),
        DeviceBattery(DEV, "dice", 21, False, False, 2.0),
        DeviceBattery(DEV, "dice", 20, True, False, 3.0),
    ]
    assert adapter.battery == 20 and adapter.battery_low


def test_the_colour_is_kept():
    adapter = GoDiceAdapter(DEV, "number")
    assert replay(adapter, b"Col\x03") == [] and adapter.colour == "blue"


def test_garbage_short_and_unknown_notifications_are_dropped_and_counted():
    adapter = GoDiceAdapter(DEV, "number")
    events = replay(
        adapter,
        b"",  # empty
        b"S\x01",  # a rest without its axes
        b"TS\x01\x02",
        b"T",
        b"Ba",
        b"Bat",
        b"Col",
        b"\x00\xff\x13",  # noise
        b"Bat\xc8",  # 200 %
        b"Col\x09",  # no such colour
        b"Z",
    )
    assert events == []
    assert adapter.counts.dropped == {"empty": 1, "short": 6, "unknown": 4}
    assert adapter.counts.accepted == 0


def test_it_listens_and_asks_on_the_uart_characteristics():
    adapter = GoDiceAdapter(DEV, "number")
    assert adapter.channels(lambda uuid: False) == (NOTIFY, WRITE)
    assert adapter.on_connect() == (ASK_COLOUR, ASK_BATTERY) and adapter.ask_battery() == bytes([3])
