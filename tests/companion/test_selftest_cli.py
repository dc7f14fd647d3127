"""``companion selftest``: the panel on mock pins, the die through the emulator, and the exit codes."""

from __future__ import annotations

import argparse
import io
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from companion.selftest_cli import run
from tests.hardware.dice.test_cli import finish, first_line, start
from tests.support.waiting import WAIT

COMPANION = Path(sys.executable).with_name("companion")
PINS = [5, 6, 12, 13, 16, 26]
SMALL_TABLE = f'[panel]\nwiring = "direct"\ndirect = {{1 = {PINS}}}\nleds = {{}}\n'


def args(config: Path, **changes) -> argparse.Namespace:
    settings = {"config": config, "seconds": 0.6, "die_seconds": 3.0, "skip_panel": False, "skip_die": False}
    return argparse.Namespace(**(settings | changes))


def test_every_button_pressed_and_no_die_configured_passes(tmp_path):
    config = tmp_path / "hardware.toml"
    config.write_text(SMALL_TABLE + '[dice]\nport = "none"\n')
    factory = MockFactory()

    def press_all() -> None:
        time.sleep(0.1)
        for pin in PINS:
            factory.pin(pin).drive_low()
            time.sleep(0.03)
            factory.pin(pin).drive_high()
            time.sleep(0.03)

    presser = threading.Thread(target=press_all)
    presser.start()
    out = io.StringIO()
    code = run(args(config), pin_factory=factory, out=out)
    presser.join()
    text = out.getvalue()
    assert code == 0, text
    assert "6 ok, 0 stuck, 0 chattering, 0 silent" in text
    assert "no electronic die is configured" in text
    assert "Everything registered." in text


def test_buttons_nobody_pressed_are_reported_silent_and_exit_1(tmp_path):
    config = tmp_path / "hardware.toml"
    config.write_text(SMALL_TABLE + '[dice]\nport = "none"\n')
    out = io.StringIO()
    assert run(args(config, seconds=0.2), pin_factory=MockFactory(), out=out) == 1
    assert "player 1 button 4: silent" in out.getvalue()


def test_an_unusable_settings_file_exits_2(tmp_path, capsys):
    config = tmp_path / "hardware.toml"
    config.write_text('[panel]\nwiring = "direct"\ndirect = {1 = [5, 5, 12, 13, 16, 26]}\n')
    assert run(args(config), out=io.StringIO()) == 2
    assert str(config) in capsys.readouterr().err


def test_the_command_rolls_the_emulated_die_and_reports_a_silent_one(tmp_path):
    emulator = start("--auto-roll", "0.2")
    try:
        path = first_line(emulator)
        config = tmp_path / "hardware.toml"
        config.write_text(f'[panel]\nwiring = "none"\n[dice]\nport = "{path}"\n')
        env = dict(os.environ, GPIOZERO_PIN_FACTORY="mock")
        done = subprocess.run(
            [str(COMPANION), "selftest", "--config", str(config), "--die-seconds", "5"],
            capture_output=True,
            text=True,
            timeout=WAIT,
            env=env,
        )
    finally:
        finish(emulator, None if emulator.poll() is not None else signal.SIGTERM)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok: 1 roll(s) from EMU1" in done.stdout

    silent_master, silent_slave = os.openpty()  # a port that opens but never speaks
    try:
        config.write_text(f'[panel]\nwiring = "none"\n[dice]\nport = "{os.ttyname(silent_slave)}"\n')
        done = subprocess.run(
            [str(COMPANION), "selftest", "--config", str(config), "--die-seconds", "0.5"],
            capture_output=True,
            text=True,
            timeout=WAIT,
        )
    finally:
        os.close(silent_master)
        os.close(silent_slave)
    assert done.returncode == 1
    assert "silent die" in done.stdout
