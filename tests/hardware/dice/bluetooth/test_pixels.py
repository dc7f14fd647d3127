"""A Pixels die's notifications replayed into its adapter: rolls, a crooked rest, a die picked up,
its battery, and garbage, short and unknown messages dropped and counted."""

from __future__ import annotations

import pytest

from hardware.dice.bluetooth.pixels import (
    LEGACY_NOTIFY,
    LEGACY_WRITE,
    NOTIFY,
    REQUEST_BATTERY_LEVEL,
    REQUEST_ROLL_STATE,
    WRITE,
    PixelsAdapter,
)
from hardware.events import DeviceBattery, DieRolling, DieSettled, DieTilted

DEV = "AA:BB:CC:DD:EE:02"
UNKNOWN, ROLLED, HANDLING, ROLLING, CROOKED, ON_FACE = range(6)


def roll_state(state: int, index: int = 0) -> bytes:
    return bytes([3, state, index])


def battery(level: int, state: int = 0) -> bytes:
    return bytes([34, level, state])


def replay(adapter: PixelsAdapter, *notifications: bytes) -> list[object]:
    events: list[object] = []
    for at, data in enumerate(notifications):
        events.extend(adapter.feed(data, float(at)))
    return events


@pytest.mark.parametrize("index", range(6))
def test_a_roll_settles_on_the_face_of_its_index(index):
    adapter = PixelsAdapter(DEV, "number")
    events = replay(adapter, roll_state(HANDLING), roll_state(ROLLING), roll_state(ROLLING), roll_state(ROLLED, index))
    assert events == [DieRolling(DEV, "number", 1.0), DieSettled(DEV, "number", index + 1, "bluetooth", 3.0)]
    assert not adapter.counts.dropped


def test_a_die_shaken_in_the_hand_then_thrown_is_one_roll():
    adapter = PixelsAdapter(DEV, "special")
    events = replay(adapter, roll_state(ROLLING), roll_state(HANDLING), roll_state(ROLLING), roll_state(ROLLED, 2))
    assert events == [DieRolling(DEV, "special", 0.0), DieSettled(DEV, "special", 3, "bluetooth", 3.0)]


def test_a_crooked_rest_after_a_roll_is_tilted():
    adapter = PixelsAdapter(DEV, "number")
    events = replay(adapter, roll_state(ROLLING), roll_state(CROOKED, 4), roll_state(CROOKED, 4))
    assert events == [DieRolling(DEV, "number", 0.0), DieTilted(DEV, "number", 1.0)]
    assert adapter.counts.dropped == {"not-rolled": 1}


def test_a_die_caught_and_put_down_voids_the_roll():
    """Caught in the air (handling) and set down without a proper roll (on a face): roll again."""
    adapter = PixelsAdapter(DEV, "number")
    events = replay(adapter, roll_state(ROLLING), roll_state(HANDLING), roll_state(ON_FACE, 5))
    assert events == [DieRolling(DEV, "number", 0.0), DieTilted(DEV, "number", 2.0)]


def test_a_die_picked_up_and_put_down_makes_nothing():
    adapter = PixelsAdapter(DEV, "number")
    assert replay(adapter, roll_state(HANDLING), roll_state(ON_FACE, 1), roll_state(UNKNOWN)) == []
    assert not adapter.counts.dropped and adapter.counts.accepted == 3


def test_an_older_firmware_at_rest_without_a_roll_makes_no_roll():
    """The older firmware says 1 for any rest on a face: it counts only after rolling."""
    adapter = PixelsAdapter(DEV, "number")
    assert replay(adapter, roll_state(ROLLED, 3)) == []
    assert adapter.counts.dropped == {"not-rolled": 1}


def test_a_face_that_no_d6_has_is_dropped():
    adapter = PixelsAdapter(DEV, "number")
    assert replay(adapter, roll_state(ROLLING), roll_state(ROLLED, 19)) == [DieRolling(DEV, "number", 0.0)]
    assert adapter.counts.dropped == {"face": 1}


def test_the_battery_low_charging_and_done():
    adapter = PixelsAdapter(DEV, "number")
    events = replay(adapter, battery(64), battery(64), battery(30, 1), battery(12, 2), battery(100, 3), battery(15))
    assert events == [
        DeviceBattery(DEV, "dice", 64, False, False, 0.0),
        DeviceBattery(DEV, "dice", 30, True, False, 2.0),  # the die says low
        DeviceBattery(DEV, "dice", 12, False, True, 3.0),  # low, but charging
        DeviceBattery(DEV, "dice", 100, False, True, 4.0),
        DeviceBattery(DEV, "dice", 15, True, False, 5.0),  # off the charger at 15 %: low
    ]


def test_garbage_short_and_unknown_messages_are_dropped_and_counted():
    adapter = PixelsAdapter(DEV, "number")
    events = replay(
        adapter,
        b"",
        b"\x03",
        b"\x03\x03",
        b"\x22\x50",
        b"\xfe\x01\x02",
        roll_state(9, 0),
        battery(180),
        bytes([2]) + bytes(20),  # its identity: used for nothing, not dropped
        bytes([36, 0xC4]),  # its RSSI: the same
    )
    assert events == []
    assert adapter.counts.dropped == {"empty": 1, "short": 3, "unknown": 3}


def test_it_listens_where_the_firmware_offers():
    adapter = PixelsAdapter(DEV, "number")
    assert adapter.channels(lambda uuid: uuid == NOTIFY) == (NOTIFY, WRITE)
    assert adapter.channels(lambda uuid: False) == (LEGACY_NOTIFY, LEGACY_WRITE)
    assert adapter.on_connect() == (REQUEST_ROLL_STATE, REQUEST_BATTERY_LEVEL)
