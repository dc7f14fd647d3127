"""The self-test: a silent die, a missing die, a die that talks but is not rolled, and a roll."""

from __future__ import annotations

import threading
import time

from hardware.dice.config import DiceConfig
from hardware.dice.selftest import SelftestReport, listen
from tests.hardware.dice.conftest import fast_config


def test_a_silent_die_is_reported(emulator):
    report = listen(fast_config(emulator.path), seconds=0.4)
    assert report.verdict == "silent" and report.silent
    assert report.opened and not report.heard and report.rolls == ()
    assert "silent die" in report.text()


def test_a_die_that_sends_only_garbage_is_silent_and_the_drops_are_shown(emulator):
    stop = threading.Event()

    def noise():
        while not stop.wait(0.02):
            emulator.bad_checksum()

    thread = threading.Thread(target=noise)
    thread.start()
    try:
        report = listen(fast_config(emulator.path), seconds=0.4)
    finally:
        stop.set()
        thread.join()
    assert report.verdict == "silent"
    assert report.dropped.get("checksum", 0) > 0
    assert "wrong baud rate" in report.text()


def test_a_missing_die_is_not_found(tmp_path):
    report = listen(fast_config(str(tmp_path / "no-dice")), seconds=0.2)
    assert report.verdict == "not-found" and not report.opened
    assert "die not found" in report.text() and "no-dice" in report.text()


def test_a_die_that_only_talks_was_not_rolled(emulator):
    stop = threading.Event()
    thread = threading.Thread(target=lambda: [emulator.heartbeat() for _ in iter(lambda: stop.wait(0.02), True)])
    thread.start()
    try:
        report = listen(fast_config(emulator.path), seconds=0.4)
    finally:
        stop.set()
        thread.join()
    assert report.verdict == "not-rolled"
    assert report.device == "D7" and report.firmware == "emulator-1"
    assert "roll it" in report.text()


def test_a_roll_ends_the_test_early(emulator):
    stop = threading.Event()

    def roll_when_listened_to():
        while not stop.wait(0.05):
            emulator.roll("special", 3)

    thread = threading.Thread(target=roll_when_listened_to)
    thread.start()
    started = time.monotonic()
    try:
        report = listen(fast_config(emulator.path), seconds=5)
    finally:
        stop.set()
        thread.join()
    assert time.monotonic() - started < 2
    assert report.verdict == "ok" and report.rolls[0] == ("special", 3)
    assert "ok: 1 roll(s) from D7: special 3." in report.text()


def test_no_die_configured():
    report = listen(DiceConfig(port="none"), seconds=5)
    assert report.verdict == "disabled" and report.seconds < 1
    assert "no electronic die" in report.text()


def test_tilted_rolls_only():
    report = SelftestReport(1.0, "/dev/x", "D7", "1.0", opened=True, heard=True, tilted=2, lost=("silent: x",))
    assert report.verdict == "not-rolled"
    text = report.text()
    assert "every roll landed tilted" in text and "2 tilted roll(s)" in text and "connection lost: silent: x" in text
