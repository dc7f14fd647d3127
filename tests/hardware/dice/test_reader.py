"""The reader: the pure tracker rules, then real pyserial ports on pseudo-terminals: valid lines,
garbage, duplicates, unplugging and coming back, silence, and stopping in every state."""

from __future__ import annotations

import os
import random
import threading
import time

import pytest

from hardware.dice.config import DiceConfig
from hardware.dice.protocol import Heartbeat, Hello, Rolling, Settled, Tilted, encode
from hardware.dice.reader import DiceReader, DiceTracker
from hardware.events import DeviceConnected, DeviceLost, DieRolling, DieSettled, DieTilted
from tests.hardware.collector import Collector
from tests.hardware.dice.conftest import fast_config, open_reader, wait_until

# -- the tracker, without any port


def test_a_roll_is_rolling_then_settled():
    tracker = DiceTracker()
    assert tracker.judge(Hello("D7", 0, 1, "1.0"), 1.0) == ((), None)
    assert tracker.judge(Rolling("D7", 1, "number"), 2.0) == ((DieRolling("D7", "number", 2.0),), None)
    events, refused = tracker.judge(Settled("D7", 2, "number", 5), 3.0)
    assert events == (DieSettled("D7", "number", 5, "serial", 3.0),) and refused is None
    assert tracker.firmware == "1.0" and tracker.device == "D7"


def test_settled_without_rolling_is_not_a_roll():
    tracker = DiceTracker()
    assert tracker.judge(Settled("D7", 4, "number", 5), 1.0) == ((), "not-rolled")
    tracker.judge(Rolling("D7", 5, "special"), 1.0)
    assert tracker.judge(Settled("D7", 6, "number", 5), 1.0) == ((), "not-rolled")  # the other die rolled
    assert tracker.judge(Settled("D7", 7, "special", 3), 1.0)[1] is None
    assert tracker.judge(Settled("D7", 8, "special", 3), 1.0) == ((), "not-rolled")  # one roll, one result


def test_tilted_ends_a_roll():
    tracker = DiceTracker()
    tracker.judge(Rolling("D7", 1, "number"), 1.0)
    assert tracker.judge(Tilted("D7", 2, "number"), 2.0) == ((DieTilted("D7", "number", 2.0),), None)
    assert tracker.judge(Settled("D7", 3, "number", 2), 3.0) == ((), "not-rolled")


def test_repeated_and_old_sequence_numbers_are_dropped():
    tracker = DiceTracker()
    tracker.judge(Rolling("D7", 10, "number"), 1.0)
    assert tracker.judge(Rolling("D7", 10, "number"), 1.0) == ((), "duplicate")
    assert tracker.judge(Settled("D7", 11, "number", 4), 1.0)[1] is None
    assert tracker.judge(Settled("D7", 11, "number", 4), 1.0) == ((), "duplicate")
    assert tracker.judge(Heartbeat("D7", 3, 1, "x"), 1.0) == ((), "duplicate")
    assert tracker.judge(Heartbeat("D7", 15, 1, "x"), 1.0) == ((), None)
    assert tracker.missed == 3


def test_sequence_numbers_wrap_around():
    tracker = DiceTracker()
    tracker.judge(Heartbeat("D7", 65535, 1, "x"), 1.0)
    assert tracker.judge(Rolling("D7", 0, "number"), 1.0)[1] is None
    assert tracker.judge(Heartbeat("D7", 65535, 1, "x"), 1.0) == ((), "duplicate")


def test_hello_starts_a_new_session():
    tracker = DiceTracker()
    tracker.judge(Heartbeat("D7", 500, 1, "1.0"), 1.0)
    tracker.judge(Rolling("D7", 501, "number"), 1.0)
    tracker.judge(Hello("D7", 0, 1, "1.1"), 1.0)  # restarted mid-roll
    assert tracker.judge(Settled("D7", 1, "number", 3), 1.0) == ((), "not-rolled")
    assert tracker.firmware == "1.1"


def test_other_devices_are_ignored():
    expecting = DiceTracker("D7")
    assert expecting.judge(Hello("X1", 0, 1, "1.0"), 1.0) == ((), "other-device")
    first_heard = DiceTracker()
    first_heard.judge(Heartbeat("D7", 3, 1, "1.0"), 1.0)
    assert first_heard.judge(Rolling("X1", 4, "number"), 1.0) == ((), "other-device")
    first_heard.reset()
    assert first_heard.judge(Rolling("X1", 4, "number"), 1.0)[1] is None


# -- real ports


def test_valid_lines_give_the_right_events(emulator, collector, make_reader):
    reader = open_reader(make_reader, emulator.path, collector)
    emulator.heartbeat()
    connected = collector.wait_for(DeviceConnected)[0]
    assert connected.device == "D7" and connected.kind == "dice"
    assert "emulator-1" in connected.detail and emulator.path in connected.detail
    before = time.monotonic()
    emulator.roll("number", 4)
    emulator.tilted_roll("special")
    emulator.roll("special", 2)
    settled = collector.wait_for(DieSettled, 2)
    assert [(e.device, e.die, e.face, e.source) for e in settled] == [
        ("D7", "number", 4, "serial"),
        ("D7", "special", 2, "serial"),
    ]
    assert all(before <= e.at <= time.monotonic() for e in settled)
    assert [e.die for e in collector.of(DieRolling)] == ["number", "special", "special"]
    assert [e.die for e in collector.of(DieTilted)] == ["special"]
    status = reader.status()
    assert status.state == "connected" and status.firmware == "emulator-1" and status.dropped_total == 0
    assert status.accepted == 7


def test_garbage_and_partial_lines_give_no_events(emulator, collector, make_reader):
    reader = open_reader(make_reader, emulator.path, collector)
    emulator.heartbeat()
    collector.wait_for(DeviceConnected)
    rng = random.Random(1)
    for _ in range(150):
        emulator.garbage()
        emulator.partial_line(newline=rng.random() < 0.5)
        emulator.bad_checksum()
        emulator.write_raw(bytes(rng.randrange(256) for _ in range(rng.randint(1, 200))))
        time.sleep(0.001)  # let the reader keep up, so that no write is lost for a full buffer
    emulator.write_raw(b"\n")
    emulator.roll("number", 6)
    settled = collector.wait_for(DieSettled)
    assert [(e.die, e.face) for e in settled] == [("number", 6)]
    time.sleep(0.1)
    assert collector.of(DieSettled) == settled and collector.of(DieTilted) == []
    assert len(collector.of(DieRolling)) == 1
    assert collector.of(DeviceLost) == []
    dropped = reader.status().dropped
    assert emulator.lost == 0
    assert dropped["checksum"] == 150 and sum(dropped.values()) >= 450, dropped


def test_repeated_lines_are_dropped(emulator, collector, make_reader):
    reader = open_reader(make_reader, emulator.path, collector)
    rolling = emulator.rolling("number")
    settled = emulator.settled("number", 3)
    emulator.repeat_last()
    emulator.write_raw(rolling + settled)  # a replay of the whole roll
    emulator.heartbeat()
    emulator.roll("number", 5)
    events = collector.wait_for(DieSettled, 2)
    assert [e.face for e in events] == [3, 5]
    time.sleep(0.1)
    assert len(collector.of(DieSettled)) == 2 and len(collector.of(DieRolling)) == 2
    assert reader.status().dropped == {"duplicate": 3}


def test_lines_of_another_device_are_ignored_when_an_id_is_expected(emulator, collector, make_reader):
    reader = open_reader(make_reader, emulator.path, collector, device_id="OTHER")
    emulator.heartbeat()
    emulator.roll()
    wait_until(lambda: reader.status().dropped.get("other-device", 0) == 3, what="three dropped lines")
    assert collector.events == []


def test_unplugging_and_coming_back(emulator, collector, make_reader):
    reader = open_reader(make_reader, emulator.path, collector)
    emulator.roll("number", 1)
    collector.wait_for(DieSettled)
    emulator.rolling("number")
    emulator.write_raw(b"$DICE,D7,9,SETT")  # cut off by the unplugging
    collector.wait_for(DieRolling, 2)
    time.sleep(0.05)
    emulator.disconnect()
    lost = collector.wait_for(DeviceLost)[0]
    assert lost.device == "D7" and lost.kind == "dice" and "failed" in lost.reason
    wait_until(lambda: reader.status().state == "searching", what="the reader to look for the port again")
    time.sleep(0.15)  # several attempts fail while the die is away
    assert reader.status().opens == 1
    assert not os.path.lexists(emulator.path)
    emulator.reconnect()
    wait_until(lambda: reader.status().opens == 2, what="reopening")
    emulator.roll("special", 6)
    assert len(collector.wait_for(DeviceConnected, 2)) == 2
    settled = collector.wait_for(DieSettled, 2)
    assert (settled[-1].die, settled[-1].face) == ("special", 6)
    assert reader.status().dropped == {"partial": 1}
    kinds = [type(e).__name__ for e in collector.events]
    assert kinds == ["DeviceConnected", "DieRolling", "DieSettled", "DieRolling", "DeviceLost"] + [
        "DeviceConnected",
        "DieRolling",
        "DieSettled",
    ]


def test_a_silent_die_is_reported_lost_and_found_again(emulator, collector, make_reader):
    reader = open_reader(make_reader, emulator.path, collector, silence_timeout=0.3)
    emulator.heartbeat()
    collector.wait_for(DeviceConnected)
    lost = collector.wait_for(DeviceLost)[0]
    assert lost.reason.startswith("silent")
    assert reader.status().state == "silent"
    emulator.heartbeat()
    assert len(collector.wait_for(DeviceConnected, 2)) == 2
    assert reader.status().state == "connected"


def test_auto_detection_finds_the_die_by_its_name(emulator, collector, make_reader, tmp_path):
    by_id = tmp_path / "by-id"
    by_id.mkdir()
    (by_id / "usb-Acme_Companion_Dice_0001-if00").symlink_to(emulator.pty_path)
    (by_id / "usb-FTDI_FT232R_USB_UART_A1-if00-port0").symlink_to("/dev/null")
    reader = make_reader(fast_config("auto"), collector, by_id_dir=by_id)
    reader.start()
    wait_until(lambda: reader.status().state == "waiting")
    assert reader.status().port == str(by_id / "usb-Acme_Companion_Dice_0001-if00")
    emulator.roll("number", 2)
    assert collector.wait_for(DieSettled)[0].face == 2


def test_auto_detection_with_nothing_plugged_in_keeps_looking(collector, make_reader, tmp_path):
    reader = make_reader(fast_config("auto"), collector, by_id_dir=tmp_path / "missing")
    reader.start()
    wait_until(lambda: reader.status().state == "searching")
    assert "does not exist" in reader.status().detail


def test_a_port_in_use_is_not_shared(emulator, collector, make_reader):
    open_reader(make_reader, emulator.path, collector)
    second = make_reader(fast_config(emulator.path), Collector())
    second.start()
    wait_until(lambda: second.status().state == "searching" and "lock" in second.status().detail)


def test_a_failing_sink_does_not_stop_the_reader(emulator, make_reader):
    seen = []

    def sink(event):
        seen.append(event)
        if isinstance(event, DieRolling):
            raise RuntimeError("the UI fell over")

    reader = open_reader(make_reader, emulator.path, sink)
    emulator.roll("number", 3)
    wait_until(lambda: any(isinstance(e, DieSettled) for e in seen))
    assert reader.status().sink_errors == 1


def test_a_pyserial_url_works_too(collector, make_reader):
    reader = make_reader(fast_config("loop://"), collector)
    reader.start()
    wait_until(lambda: reader.status().state == "waiting")


# -- starting and stopping


def no_reader_threads() -> bool:
    return not any(t.name == "dice-reader" and t.is_alive() for t in threading.enumerate())


@pytest.mark.parametrize("state", ["waiting", "connected", "searching"])
def test_stop_is_quick_in_every_state(emulator, collector, state):
    port = emulator.path if state != "searching" else "/dev/no-such-dice"
    reader = DiceReader(fast_config(port, reconnect_interval=5, reconnect_max_interval=5), collector)
    reader.start()
    if state == "connected":
        wait_until(lambda: reader.status().state == "waiting")
        emulator.heartbeat()
    wait_until(lambda: reader.status().state == state, what=state)
    started = time.monotonic()
    assert reader.stop()
    assert time.monotonic() - started < 0.5
    assert not reader.running and reader.status().state == "stopped"
    assert no_reader_threads()


def test_stop_while_the_die_is_unplugged(emulator, collector):
    reader = DiceReader(fast_config(emulator.path, reconnect_interval=0.05), collector)
    reader.start()
    wait_until(lambda: reader.status().state == "waiting")
    emulator.heartbeat()
    collector.wait_for(DeviceConnected)
    emulator.disconnect()
    collector.wait_for(DeviceLost)
    started = time.monotonic()
    assert reader.stop()
    assert time.monotonic() - started < 0.5
    assert no_reader_threads()


def test_start_returns_at_once_and_a_reader_can_be_restarted(emulator, collector):
    reader = DiceReader(fast_config(emulator.path), collector)
    started = time.monotonic()
    reader.start()
    assert time.monotonic() - started < 0.05
    with pytest.raises(RuntimeError):
        reader.start()
    assert reader.stop()
    reader.start()
    wait_until(lambda: reader.status().state == "waiting")
    assert reader.stop()
    assert reader.status().opens == 2


def test_a_reader_stopped_from_its_own_sink_ends(emulator):
    holder: list[DiceReader] = []
    reader = DiceReader(fast_config(emulator.path), lambda event: holder[0].stop())
    holder.append(reader)
    reader.start()
    wait_until(lambda: reader.status().state == "waiting")
    emulator.heartbeat()
    wait_until(lambda: not reader.running)
    assert no_reader_threads()


def test_port_none_starts_nothing(collector):
    reader = DiceReader(DiceConfig(port="none"), collector)
    reader.start()
    assert not reader.running
    assert reader.status().state == "disabled"
    assert reader.stop()
    assert reader.status().state == "disabled"


def test_the_context_manager_stops_the_reader(emulator, collector):
    with DiceReader(fast_config(emulator.path), collector) as reader:
        wait_until(lambda: reader.status().state == "waiting")
    assert not reader.running


def test_events_are_stamped_by_the_given_clock(emulator, make_reader):
    collector = Collector()
    reader = make_reader(fast_config(emulator.path), collector, clock=lambda: 1234.5)
    reader.start()
    wait_until(lambda: reader.status().state == "waiting")
    emulator.write_raw(encode(Rolling("D7", 1, "number")) + encode(Settled("D7", 2, "number", 1)))
    assert {e.at for e in collector.wait_for(DieSettled) + collector.of(DeviceConnected)} == {1234.5}


def test_an_unexpected_error_does_not_end_the_reader(emulator, collector, make_reader):
    calls = iter(range(1_000_000))

    def clock():
        if next(calls) == 5:
            raise ValueError("the clock broke")
        return time.monotonic()

    reader = make_reader(fast_config(emulator.path), collector, clock=clock, read_timeout=0.01)
    reader.start()
    wait_until(lambda: reader.status().opens >= 2, what="the reader to open the port again")
    assert reader.running
    emulator.roll("number", 4)
    assert collector.wait_for(DieSettled)[0].face == 4
