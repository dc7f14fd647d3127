"""The die's firmware as companion meets it: the lines the face logic writes go through a real
pseudo-terminal into the project's own DiceReader, two boards work side by side, the firmware and
``companion dice-emulator`` speak the same protocol, the board's code.py and boot.py run here on
stand-ins for CircuitPython's modules, and scripts/dice-firmware fills a CIRCUITPY drive."""

from __future__ import annotations

import os
import re
import runpy
import subprocess
import sys
import tty
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from hardware.dice import faces
from hardware.dice.detect import find_dice
from hardware.dice.emulator import DiceEmulator
from hardware.dice.protocol import DEVICE_ID_PATTERN, FIRMWARE_PATTERN, Heartbeat, Hello, Rejected, encode, parse
from hardware.dice.reader import DiceTracker
from hardware.events import DeviceConnected, DieRolling, DieSettled, DieTilted
from tests.hardware.collector import Collector
from tests.hardware.dice import traces
from tests.hardware.dice.conftest import open_reader
from tests.hardware.dice.traces import Trace, up

ROOT = Path(__file__).resolve().parents[3]
FIRMWARE = ROOT / "hardware" / "dice" / "firmware"


class Board:
    """A board's USB serial port as a pseudo-terminal: what the board sends is written to the
    master side, the reader opens ``path`` as it opens /dev/ttyACM0."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        self.path = os.ttyname(self.slave)

    def send(self, lines: list[bytes]) -> None:
        os.write(self.master, b"".join(lines))

    def close(self) -> None:
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def boards() -> Iterator[list[Board]]:
    made = [Board(), Board()]
    yield made
    for board in made:
        board.close()


def session() -> Trace:
    """One board's evening: a throw onto 5, a throw that ends on an edge, the die picked up from
    that edge and put back, a throw onto 4."""
    trace = traces.start("a session", 30, 1)
    trace.lift().hold(300).fall(250, landing=up(3)).knock(4.5).tumble([5]).rock().rest(1200)
    trace.lift().fall(250, landing=up(3)).knock(4).tumble([2]).turn_to(traces.edge(2, 3), 150).rest(1200)
    trace.lift().hold(800, wobble=10).set_down().rest(1200)
    trace.lift().fall(250, landing=up(1)).knock(4).tumble([4]).rock().rest(1200)
    return trace


def lines_of(trace: Trace, die: faces.Die) -> list[bytes]:
    return [raw for now, x, y, z in trace.samples for raw in die.update(now, x, y, z)]


def die_events(collector: Collector) -> list[tuple]:
    shown = []
    for event in collector.events:
        if isinstance(event, DieRolling):
            shown.append(("rolling", event.device, event.die))
        elif isinstance(event, DieSettled):
            shown.append(("settled", event.device, event.die, event.face, event.source))
        elif isinstance(event, DieTilted):
            shown.append(("tilted", event.device, event.die))
    return shown


def test_the_firmwares_lines_become_the_readers_events_through_a_real_port(boards, make_reader):
    collector = Collector()
    board = boards[0]
    reader = open_reader(make_reader, board.path, collector)
    board.send(lines_of(session(), faces.Die("FW1")))
    collector.wait_for(DieSettled, 2)
    collector.wait_for(DieTilted)
    connected = collector.of(DeviceConnected)
    assert len(connected) == 1 and connected[0].device == "FW1" and faces.FIRMWARE_VERSION in connected[0].detail
    assert die_events(collector) == [
        ("rolling", "FW1", "number"),
        ("settled", "FW1", "number", 5, "serial"),
        ("rolling", "FW1", "number"),
        ("tilted", "FW1", "number"),
        ("rolling", "FW1", "number"),
        ("settled", "FW1", "number", 4, "serial"),
    ]
    status = reader.status()
    assert status.dropped_total == 0 and status.missed == 0 and status.firmware == faces.FIRMWARE_VERSION


def test_two_boards_side_by_side_one_number_one_special(boards, make_reader):
    number, special = Collector(), Collector()
    open_reader(make_reader, boards[0].path, number, device_id="A1")
    open_reader(make_reader, boards[1].path, special, device_id="B2")
    boards[0].send(lines_of(traces.throw(6, seed=31), faces.Die("A1", "NUMBER")))
    boards[1].send(lines_of(traces.throw(2, seed=32), faces.Die("B2", "SPECIAL")))
    number.wait_for(DieSettled)
    special.wait_for(DieSettled)
    assert die_events(number) == [("rolling", "A1", "number"), ("settled", "A1", "number", 6, "serial")]
    assert die_events(special) == [("rolling", "B2", "special"), ("settled", "B2", "special", 2, "serial")]


def test_the_firmware_and_the_emulator_speak_the_same_protocol():
    firmware = lines_of(session(), faces.Die("FW1"))
    emulator = DiceEmulator("EMU1")  # never opened: each call still returns the line it would send
    replayed = []
    for raw in firmware:  # the emulator says the same things in the same order
        line = parse(raw)
        match type(line).__name__:
            case "Hello":
                replayed.append(emulator.hello())
            case "Heartbeat":
                replayed.append(emulator.heartbeat())
            case "Rolling":
                replayed.append(emulator.rolling(line.die))
            case "Settled":
                replayed.append(emulator.settled(line.die, line.face))
            case "Tilted":
                replayed.append(emulator.tilted(line.die))
    trackers = {"firmware": DiceTracker(), "emulator": DiceTracker()}
    shapes: dict[str, list[tuple]] = {"firmware": [], "emulator": []}
    for source, lines in (("firmware", firmware), ("emulator", replayed)):
        for raw in lines:
            line = parse(raw)
            assert not isinstance(line, Rejected), (source, raw, line)
            assert encode(line) == raw and len(raw) <= 53
            assert re.fullmatch(DEVICE_ID_PATTERN, line.device)
            if isinstance(line, Hello | Heartbeat):
                assert line.protocol == 1 and re.fullmatch(FIRMWARE_PATTERN, line.firmware)
            events, refused = trackers[source].judge(line, 0.0)
            assert refused is None, (source, raw, refused)
            fields = {key: value for key, value in vars_of(line).items() if key not in ("device", "firmware")}
            shapes[source].append((type(line).__name__, fields, [type(event).__name__ for event in events]))
    assert shapes["firmware"] == shapes["emulator"]
    assert [name for name, _, _ in shapes["firmware"]].count("Settled") == 2


def vars_of(line: object) -> dict[str, object]:
    return {name: getattr(line, name) for name in line.__slots__}  # type: ignore[attr-defined]


# -- the board's own files, on stand-ins for CircuitPython's modules


class TraceEnded(BaseException):
    """Ends code.py's endless loop when the trace is played (not an error code.py may catch)."""


class Port:
    def __init__(self) -> None:
        self.connected = True
        self.write_timeout = None
        self.written = bytearray()

    def write(self, data: bytes) -> int:
        self.written += data
        return len(data)


def board_modules(trace: Trace, settings: dict[str, object], *, missing_once: bool = False) -> dict:
    """Stand-ins for board, busio, microcontroller, usb_cdc, time and the sensor library: the sensor
    plays ``trace`` and the clock shows each sample's time while it is read."""
    position = {"next": 0, "failures": 1 if missing_once else 0}
    port = Port()

    def sample() -> tuple[int, float, float, float]:
        if position["next"] >= len(trace.samples):
            raise TraceEnded
        return trace.samples[position["next"]]

    class Sensor:
        def __init__(self, i2c: object, address: int) -> None:
            if position["failures"]:
                position["failures"] -= 1
                raise ValueError(f"No I2C device at address: 0x{address:x}")
            assert address == 0x18 and i2c == ("I2C", "GP5", "GP4", 400000)

        @property
        def acceleration(self) -> tuple[float, float, float]:
            _, x, y, z = sample()
            position["next"] += 1
            return (x, y, z)

    modules = {
        "board": types.SimpleNamespace(GP4="GP4", GP5="GP5"),
        "busio": types.SimpleNamespace(I2C=lambda scl, sda, frequency: ("I2C", scl, sda, frequency)),
        "microcontroller": types.SimpleNamespace(cpu=types.SimpleNamespace(uid=bytearray(range(8)))),
        "usb_cdc": types.SimpleNamespace(data=port, console=None),
        "time": types.SimpleNamespace(monotonic_ns=lambda: sample()[0] * 1000000, sleep=lambda seconds: None),
        "adafruit_lis3dh": types.SimpleNamespace(LIS3DH_I2C=Sensor, RANGE_8_G=2, DATARATE_200_HZ=6),
        "faces": faces,
        "settings": types.SimpleNamespace(**settings),
    }
    return {"modules": modules, "port": port}


def run_code(monkeypatch, trace: Trace, settings: dict[str, object], **kwargs: bool) -> list[bytes]:
    made = board_modules(trace, settings, **kwargs)
    for name, module in made["modules"].items():
        monkeypatch.setitem(sys.modules, name, module)
    with pytest.raises(TraceEnded):
        runpy.run_path(str(FIRMWARE / "code.py"), run_name="__main__")
    return bytes(made["port"].written).splitlines(keepends=True)


def test_code_py_reads_the_sensor_and_writes_the_face_logics_lines(monkeypatch):
    trace = traces.throw(3, seed=40)
    written = run_code(monkeypatch, trace, {"DIE": "SPECIAL", "DEVICE_ID": "", "FACES": None})
    assert written == lines_of(trace, faces.Die("D0304050607", "SPECIAL"))  # the id: the chip's last 5 bytes
    assert parse(written[-1]) is not None and any(b"SETTLED,SPECIAL,3" in raw for raw in written)


def test_code_py_says_when_the_sensor_is_missing_and_starts_once_it_answers(monkeypatch):
    trace = traces.throw(1, seed=41)
    written = run_code(monkeypatch, trace, {"DEVICE_ID": "T1"}, missing_once=True)
    assert written[0] == b"# no LIS3DH found: No I2C device at address: 0x18; check the wiring\n"
    assert written[1:] == lines_of(trace, faces.Die("T1"))


def test_code_py_calibrates_when_asked(monkeypatch):
    written = run_code(monkeypatch, traces.calibration(42), {"CALIBRATE": True})
    assert written[0] == b"# calibrating: turn face 1 up and let it lie\n"
    assert written[-1].startswith(b"FACES = {1: (") and len(written) == 8


def test_boot_py_names_the_board_so_the_automatic_search_finds_its_one_port(monkeypatch, tmp_path):
    said: dict[str, object] = {}
    supervisor = types.SimpleNamespace(set_usb_identification=lambda maker, product: said.update(usb=(maker, product)))
    usb_cdc = types.SimpleNamespace(enable=lambda **ports: said.update(ports=ports))
    monkeypatch.setitem(sys.modules, "supervisor", supervisor)
    monkeypatch.setitem(sys.modules, "usb_cdc", usb_cdc)
    monkeypatch.setitem(sys.modules, "settings", types.SimpleNamespace())  # a settings.py without USB_CONSOLE
    runpy.run_path(str(FIRMWARE / "boot.py"), run_name="__main__")
    assert said == {"usb": ("Companion", "Companion Dice"), "ports": {"console": False, "data": True}}
    # udev's by-id name: maker, product and serial with spaces as underscores, then the interface
    by_id = tmp_path / "by-id"
    by_id.mkdir()
    (tmp_path / "ttyACM0").touch()
    (by_id / "usb-Companion_Companion_Dice_E6614C311B7E1234-if00").symlink_to(tmp_path / "ttyACM0")
    found = find_dice(by_id, link=None)
    assert found.path == str(by_id / "usb-Companion_Companion_Dice_E6614C311B7E1234-if00")


# -- scripts/dice-firmware


def fill(drive: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(ROOT / "scripts" / "dice-firmware"), str(drive)], capture_output=True, text=True, timeout=60
    )


def test_the_script_puts_the_firmware_on_a_drive_and_keeps_its_settings(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n")
    done = fill(drive)
    assert done.returncode == 0, done.stderr
    sources = {
        "faces.py": ROOT / "hardware" / "dice" / "faces.py",
        **{name: FIRMWARE / name for name in ("boot.py", "code.py", "settings.py", "requirements.txt")},
    }
    for name, source in sources.items():
        assert (drive / name).read_bytes() == source.read_bytes(), name
    assert "unplug the board" in done.stdout and "circup" in done.stdout
    (drive / "settings.py").write_text('DIE = "SPECIAL"\n')
    again = fill(drive)
    assert again.returncode == 0 and "kept settings.py" in again.stdout and "unplug" not in again.stdout
    assert (drive / "settings.py").read_text() == 'DIE = "SPECIAL"\n'


def test_the_script_refuses_a_drive_that_is_not_there(tmp_path):
    done = fill(tmp_path / "nothing")
    assert done.returncode == 2 and "is the board plugged in" in done.stderr
    assert not (tmp_path / "nothing").exists()
