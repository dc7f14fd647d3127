"""``companion dice-emulator`` as a real process: the first line is a path from which pyserial
reads valid rolls; it stops cleanly on SIGTERM, SIGINT and the end of its input."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import serial

from companion.cli import main
from hardware.dice.protocol import Rejected, Rolling, Settled, parse
from tests.support.waiting import WAIT

COMPANION = Path(sys.executable).with_name("companion")


def start(*args: str, stdin=subprocess.DEVNULL) -> subprocess.Popen:
    command = [str(COMPANION)] if COMPANION.exists() else [sys.executable, "-m", "companion"]
    return subprocess.Popen(
        [*command, "dice-emulator", *args], stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


def first_line(process: subprocess.Popen, timeout: float = WAIT) -> str:
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    assert ready, "the emulator printed nothing"
    return process.stdout.readline().decode().strip()


def read_parsed(path: str, settled: int, timeout: float = WAIT) -> list:
    port = serial.serial_for_url(path, timeout=0.5)
    parsed = []
    deadline = time.monotonic() + timeout
    try:
        while sum(isinstance(line, Settled) for line in parsed) < settled and time.monotonic() < deadline:
            raw = port.readline()
            if raw:
                parsed.append(parse(raw))
    finally:
        port.close()
    return parsed


def finish(process: subprocess.Popen, how: signal.Signals | None) -> tuple[int, str]:
    if how is not None:
        process.send_signal(how)
    try:
        _, err = process.communicate(timeout=WAIT)
    except subprocess.TimeoutExpired:
        process.kill()
        raise
    return process.returncode, err.decode()


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_auto_roll_prints_a_path_that_gives_valid_rolls(how):
    process = start("--auto-roll", "0.2")
    try:
        path = first_line(process)
        assert path.startswith("/dev/")
        parsed = read_parsed(path, settled=3)
    finally:
        code, err = finish(process, how)
    assert [line for line in parsed if isinstance(line, Rejected)] == []
    rolls = [line for line in parsed if isinstance(line, Settled)]
    assert len(rolls) >= 3 and all(1 <= roll.face <= 6 and roll.device == "EMU1" for roll in rolls)
    assert code == 0, err
    assert "Traceback" not in err


def test_link_device_id_and_seed_options(tmp_path):
    link = tmp_path / "dice"
    process = start("--auto-roll", "0.05", "--link", str(link), "--device-id", "TABLE2", "--seed", "42")
    try:
        assert first_line(process) == str(link)
        assert os.path.islink(link)
        parsed = read_parsed(str(link), settled=1)
    finally:
        code, err = finish(process, signal.SIGTERM)
    assert code == 0, err
    assert not os.path.lexists(link)  # removed on the way out
    assert any(isinstance(line, Settled) for line in parsed)
    assert all(line.device == "TABLE2" for line in parsed)


def test_keys_from_a_pipe_and_the_end_of_input():
    process = start(stdin=subprocess.PIPE)
    try:
        path = first_line(process)
        port = serial.serial_for_url(path, timeout=1)
        try:
            process.stdin.write(b"n")
            process.stdin.flush()
            seen = []
            while not any(isinstance(line, Settled) for line in seen):
                raw = port.readline()
                assert raw, f"no roll came: {seen}"
                seen.append(parse(raw))
            assert any(isinstance(line, Rolling) for line in seen)
        finally:
            port.close()
        process.stdin.close()
        process.stdin = None  # so that communicate() does not flush it
        code, err = finish(process, None)
    finally:
        if process.poll() is None:
            process.kill()
    assert code == 0, err


@pytest.mark.parametrize("args", [["--auto-roll", "0"], ["--auto-roll", "soon"], ["--device-id", "a b"]])
def test_bad_options_exit_2(args, capsys):
    assert main(["dice-emulator", *args]) == 2


def test_the_command_is_listed_in_companions_help(capsys):
    assert main(["--help"]) == 0
    assert "dice-emulator" in capsys.readouterr().out


def test_a_link_that_cannot_be_made_exits_2(tmp_path, capsys):
    assert main(["dice-emulator", "--link", str(tmp_path / "no-such-dir" / "dice")]) == 2
    assert "cannot start" in capsys.readouterr().err
