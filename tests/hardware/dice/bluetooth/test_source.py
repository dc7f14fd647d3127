"""The Bluetooth dice source with a fake radio in bleak's place: it connects to the paired dice,
listens, asks, reports a die that goes away, tries again with a growing wait, and stops; a search
lists each die once; without bleak it says so in words. Advertisements tell the kinds apart."""

from __future__ import annotations

import sys
import threading
import time

from hardware.dice.bluetooth import godice, pixels
from hardware.dice.bluetooth.common import (
    DEVICE_INFORMATION,
    NORDIC_UART,
    PIXELS_SERVICE,
    BluetoothConfig,
    FoundDie,
    PairedDie,
    classify,
)
from hardware.dice.bluetooth.source import BluetoothDice, search
from hardware.events import DeviceBattery, DeviceConnected, DeviceLost, DieRolling, DieSettled, DieTilted
from tests.hardware.collector import Collector
from tests.hardware.dice.bluetooth.fake import FakeDie, FakeRadio
from tests.support.waiting import WAIT, wait_until

GO = FakeDie("AA:00:00:00:00:01", "GoDice_3A7F21_K_v04", "godice")
PIX = FakeDie("AA:00:00:00:00:02", "Pixel Red", "pixels", offered={pixels.NOTIFY})
FAST = {"reconnect_interval": 0.01, "reconnect_max_interval": 0.08, "connect_timeout": WAIT}


def paired(die: FakeDie, role: str) -> PairedDie:
    return PairedDie(die.address, die.kind, die.name, role)  # type: ignore[arg-type]


def test_rolls_of_both_kinds_arrive_as_settled_dice():
    radio = FakeRadio(FakeDie(**vars(GO)), FakeDie(**vars(PIX)))
    sink = Collector()
    config = BluetoothConfig((paired(GO, "number"), paired(PIX, "special")), **FAST)
    with BluetoothDice(config, sink, backend=lambda: radio, clock=lambda: 5.0) as dice:
        go, pix = radio.listening(GO.address), radio.listening(PIX.address)
        assert go.notify == godice.NOTIFY and pix.notify == pixels.NOTIFY
        sink.wait_for(DeviceConnected, 2)
        wait_until(lambda: dice.status().state == "connected", what="both dice connected")
        go.send(b"R")
        go.send(b"S" + bytes([0, 0x40, 0]))  # 3 up
        pix.send(bytes([3, 3, 0]))
        pix.send(bytes([3, 1, 5]))  # index 5: 6 up
        settled = sink.wait_for(DieSettled, 2)
    assert sorted(settled, key=lambda e: e.die) == [
        DieSettled(GO.address, "number", 3, "bluetooth", 5.0),
        DieSettled(PIX.address, "special", 6, "bluetooth", 5.0),
    ]
    assert sink.of(DieRolling) == [DieRolling(GO.address, "number", 5.0), DieRolling(PIX.address, "special", 5.0)]
    connected = {e.device: e.detail for e in sink.of(DeviceConnected)}
    assert connected == {
        GO.address: "GoDice GoDice_3A7F21_K_v04 as the number die",
        PIX.address: "Pixels Pixel Red as the special die",
    }
    # each die was asked its colour or roll state and its battery once connected
    assert (GO.address, godice.WRITE, godice.ASK_BATTERY) in radio.written
    assert (PIX.address, pixels.WRITE, pixels.REQUEST_BATTERY_LEVEL) in radio.written
    assert not dice.running and dice.status().state == "stopped"


def test_an_older_pixels_is_heard_on_the_uart_characteristic():
    radio = FakeRadio(FakeDie(PIX.address, PIX.name, "pixels"))
    with BluetoothDice(BluetoothConfig((paired(PIX, "number"),), **FAST), Collector(), backend=lambda: radio):
        assert radio.listening(PIX.address).notify == pixels.LEGACY_NOTIFY
    assert radio.written[0] == (PIX.address, pixels.LEGACY_WRITE, pixels.REQUEST_ROLL_STATE)


def test_a_die_that_goes_away_is_lost_tried_again_and_back():
    radio = FakeRadio(FakeDie(**vars(GO)))
    sink = Collector()
    with BluetoothDice(BluetoothConfig((paired(GO, "number"),), **FAST), sink, backend=lambda: radio) as dice:
        go = radio.listening(GO.address)
        go.send(b"R")
        sink.wait_for(DieRolling)
        go.go_away()
        lost = sink.wait_for(DeviceLost)
        assert lost[0].device == GO.address and "went away" in lost[0].reason
        wait_until(lambda: dice.status().dice[0].gone, what="the link said gone")
        status = dice.status()
        assert status.state == "searching" and status.dice[0].state == "lost"
        tries = radio.attempts_at(GO.address)
        wait_until(lambda: radio.attempts_at(GO.address) >= tries + 3, what="three tries more")
        radio.dice[GO.address].reachable = True
        back = radio.listening(GO.address)
        sink.wait_for(DeviceConnected, 2)
        wait_until(lambda: dice.status().dice[0].state == "connected", what="the die back")
        back.send(b"S" + bytes([0xC0, 0, 0]))  # a rest after reconnecting: the roll before is forgotten
        back.send(b"R")
        back.send(b"TS" + bytes([0x2D, 0x2D, 0]))
        sink.wait_for(DieTilted)
        wait_until(lambda: dice.status().dropped == {"not-rolled": 1}, what="the rest without a roll counted")
    assert sink.of(DieSettled) == []
    assert len(sink.of(DeviceLost)) == 1  # stopping is no loss


def test_the_wait_between_tries_grows():
    radio = FakeRadio(FakeDie(GO.address, GO.name, "godice", reachable=False))
    times: list[float] = []
    config = BluetoothConfig((paired(GO, "number"),), reconnect_interval=0.01, reconnect_max_interval=0.04)
    lock = threading.Lock()

    def stamp() -> None:
        with lock:
            times.append(time.monotonic())

    original = radio.client

    def client(address, disconnected, timeout):
        stamp()
        return original(address, disconnected, timeout)

    radio.client = client  # type: ignore[method-assign]
    sink = Collector()
    with BluetoothDice(config, sink, backend=lambda: radio) as dice:
        wait_until(lambda: len(times) >= 6, what="six tries")
        status = dice.status()
    gaps = [b - a for a, b in zip(times, times[1:], strict=False)][:5]
    assert gaps[1] >= 0.02 and gaps[2] >= 0.04 and gaps[3] >= 0.04  # 0.01, 0.02, 0.04, then the cap's 0.04
    assert status.state == "searching" and status.dice[0].state == "connecting"  # never reached: not "gone"
    assert sink.events == []  # a die never connected is never lost


def test_the_battery_running_low_is_an_event_and_in_the_status():
    radio = FakeRadio(FakeDie(**vars(PIX)))
    sink = Collector()
    with BluetoothDice(BluetoothConfig((paired(PIX, "number"),), **FAST), sink, backend=lambda: radio) as dice:
        radio.listening(PIX.address).send(bytes([34, 9, 1]))
        told = sink.wait_for(DeviceBattery)
        wait_until(lambda: dice.status().dice[0].battery_low, what="the status to say low")
        assert dice.status().dice[0].battery == 9
    assert [(e.level, e.low, e.charging) for e in told] == [(9, True, False)]


def test_a_sink_that_fails_is_counted_and_the_dice_go_on():
    radio = FakeRadio(FakeDie(**vars(GO)))
    heard = Collector()

    def sink(event):
        heard(event)
        raise RuntimeError("the sink's bug")

    with BluetoothDice(BluetoothConfig((paired(GO, "number"),), **FAST), sink, backend=lambda: radio) as dice:
        radio.listening(GO.address).send(b"R")
        heard.wait_for(DieRolling)
        wait_until(lambda: dice.status().sink_errors == 2, what="both failures counted")  # connected, rolling


def test_no_paired_die_is_disabled_and_starts_nothing():
    dice = BluetoothDice(BluetoothConfig(), Collector(), backend=lambda: FakeRadio())
    dice.start()
    assert not dice.running and dice.status().state == "disabled" and dice.stop()


def test_without_bleak_it_says_so_in_words(monkeypatch):
    monkeypatch.setitem(sys.modules, "bleak", None)  # an import of it fails
    dice = BluetoothDice(BluetoothConfig((paired(GO, "number"),)), Collector())
    dice.start()
    wait_until(lambda: not dice.running, what="the source to give up")
    assert dice.status().state == "disabled" and "bleak" in dice.status().detail
    assert dice.unavailable is not None and "pip install" in dice.unavailable
    said: list[str | None] = []
    search(1.0, lambda die: None, said.append).join(WAIT)
    assert len(said) == 1 and said[0] is not None and "bleak" in said[0]


def test_a_search_lists_each_die_once():
    radio = FakeRadio(FakeDie(**vars(GO)), FakeDie(**vars(PIX)))
    found: list[FoundDie] = []
    said: list[str | None] = []
    search(0.1, found.append, said.append, backend=lambda: radio).join(WAIT)
    assert said == [None]
    assert found == [
        FoundDie(GO.address, GO.name, "godice", -60),
        FoundDie(PIX.address, PIX.name, "pixels", -60),
    ]


def test_a_search_that_fails_says_why():
    class Broken(FakeRadio):
        async def scan(self, seconds, found):
            raise OSError("org.bluez.Error.NotReady: Resource Not Ready")

    said: list[str | None] = []
    search(0.1, lambda die: None, said.append, backend=Broken).join(WAIT)
    assert said == ["OSError: org.bluez.Error.NotReady: Resource Not Ready"]


def test_advertisements_tell_the_kinds_apart():
    assert classify("GoDice_3A7F21_K_v04", [NORDIC_UART]) == "godice"
    assert classify("Pixel 12", [PIXELS_SERVICE.upper()]) == "pixels"
    assert classify("My d6", [], {0x0D39: b"\x06\x01"}) == "pixels"  # Systemic Games' data
    assert classify("Old d20", [NORDIC_UART], {0xFFFF: b"\x14"}, {DEVICE_INFORMATION: bytes(8)}) == "pixels"
    assert classify("Nordic thing", [NORDIC_UART]) is None  # the UART service alone tells nothing
    assert classify(None, []) is None and classify("Headphones", ["0000110b-0000-1000-8000-00805f9b34fb"]) is None
