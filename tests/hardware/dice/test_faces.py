"""The die's face logic (hardware/dice/faces.py) on accelerometer traces: each trace gives exactly
the lines expected, every line is one the protocol's parser accepts, a settle waits for the die
to lie still, calibration finds the faces of a die whose sensor sits turned, and the file keeps
to what CircuitPython runs."""

from __future__ import annotations

import ast
import math
import random
from pathlib import Path

import pytest

from hardware.dice import faces
from hardware.dice.faces import SETTLE_MS, STANDARD_FACES, Calibrator, Die, crc8, face_normals, nearest_face
from hardware.dice.protocol import Heartbeat, Hello, Line, Rejected, Rolling, Settled, Tilted, encode, parse
from hardware.dice.protocol import crc8 as protocol_crc8
from tests.hardware.dice import traces
from tests.hardware.dice.traces import Trace

ROOT = Path(__file__).resolve().parents[3]
FIRMWARE = ROOT / "hardware" / "dice" / "firmware"


def play(trace: Trace, die: Die | None = None) -> list[tuple[int, Line]]:
    """Every line the face logic sends for ``trace``, parsed, with the time it was sent."""
    die = die if die is not None else Die("FW1")
    sent = []
    for now, x, y, z in trace.samples:
        for raw in die.update(now, x, y, z):
            line = parse(raw)
            assert not isinstance(line, Rejected), (raw, line)
            assert encode(line) == raw  # the very bytes protocol.py makes of it
            sent.append((now, line))
    return sent


def shape(sent: list[tuple[int, Line]]) -> list[tuple]:
    """What was said, heartbeats left out: ("HELLO",), ("ROLLING", die), ("SETTLED", die, face), ..."""
    out: list[tuple] = []
    for _, line in sent:
        match line:
            case Hello():
                out.append(("HELLO",))
            case Rolling():
                out.append(("ROLLING", line.die.upper()))
            case Settled():
                out.append(("SETTLED", line.die.upper(), line.face))
            case Tilted():
                out.append(("TILTED", line.die.upper()))
    return out


def check_session(sent: list[tuple[int, Line]], trace: Trace, device: str = "FW1") -> None:
    """HELLO first with seq 0, then every seq one more, one BEAT a second, one device throughout."""
    assert isinstance(sent[0][1], Hello) and sent[0][1].seq == 0 and sent[0][0] == trace.samples[0][0]
    assert [line.seq for _, line in sent] == list(range(len(sent)))
    assert {line.device for _, line in sent} == {device}
    beats = [now for now, line in sent if isinstance(line, Heartbeat)]
    duration = trace.samples[-1][0] - trace.samples[0][0]
    assert len(beats) == duration // 1000
    assert all(0 < later - earlier <= 1000 + 20 for earlier, later in zip([0, *beats], beats, strict=False))
    assert all(line.firmware == faces.FIRMWARE_VERSION for _, line in sent if isinstance(line, Hello | Heartbeat))


# -- the pieces


def test_the_checksum_is_crc8_smbus_as_the_reader_computes_it():
    assert crc8(b"123456789") == 0xF4
    rng = random.Random(5)
    for _ in range(200):
        data = bytes(rng.randrange(256) for _ in range(rng.randint(0, 60)))
        assert crc8(data) == protocol_crc8(data)


def test_lines_are_those_of_the_protocols_examples():
    assert faces.line("D7", 0, ["HELLO", "1", "1.4.2"]) == b"$DICE,D7,0,HELLO,1,1.4.2*AB\n"
    assert faces.line("D7", 3, ["SETTLED", "NUMBER", "5"]) == b"$DICE,D7,3,SETTLED,NUMBER,5*47\n"
    assert faces.line("D7", 5, ["TILTED", "SPECIAL"]) == b"$DICE,D7,5,TILTED,SPECIAL*9E\n"


def test_a_die_refuses_settings_the_protocol_cannot_carry():
    for device in ("", "THIRTEEN-CHAR", "D 7", "D7,"):
        with pytest.raises(ValueError, match="device id"):
            Die(device)
    with pytest.raises(ValueError, match="neither NUMBER nor SPECIAL"):
        Die("D7", "number")
    with pytest.raises(ValueError, match="firmware"):
        Die("D7", firmware="1.0 beta")
    with pytest.raises(ValueError, match="faces 1 to 6"):
        face_normals({face: STANDARD_FACES[face] for face in range(1, 6)})
    squeezed = dict(STANDARD_FACES) | {6: (0.0, 0.3, 1.0)}
    with pytest.raises(ValueError, match="faces 1 and 6 point less than 60 degrees apart"):
        face_normals(squeezed)


def test_the_face_up_is_the_nearest_face_and_its_angle_tells_flat_from_tilted():
    normals = face_normals(STANDARD_FACES)
    for face, way_up in STANDARD_FACES.items():
        assert nearest_face(normals, tuple(9.81 * c for c in way_up)) == (face, 1.0)
    face, cosine = nearest_face(normals, traces.turned((0.0, 0.0, 1.0), (1.0, 0.0, 0.0), 19))
    assert face == 1 and cosine > math.cos(math.radians(faces.FLAT_DEGREES))
    face, cosine = nearest_face(normals, traces.edge(1, 2))
    assert face in (1, 2) and cosine < math.cos(math.radians(faces.FLAT_DEGREES))


# -- traces


THROWS = [traces.throw(face, seed=face) for face in range(1, 7)]


@pytest.mark.parametrize("trace", THROWS, ids=[trace.name for trace in THROWS])
def test_a_throw_tumbles_and_settles_on_its_face(trace):
    face = int(trace.name[-1])
    sent = play(trace)
    assert shape(sent) == [("HELLO",), ("ROLLING", "NUMBER"), ("SETTLED", "NUMBER", face)]
    check_session(sent, trace)
    rolling = next(now for now, line in sent if isinstance(line, Rolling))
    assert rolling < trace.rests[0]  # said while the die is still in the air


@pytest.mark.parametrize(
    ("trace", "expected"),
    [
        (traces.throw(3, seed=9, start_face=3), [("ROLLING", "NUMBER"), ("SETTLED", "NUMBER", 3)]),
        (traces.throw(5, seed=10, noise=0.02, jitter=3), [("ROLLING", "NUMBER"), ("SETTLED", "NUMBER", 5)]),
        (traces.throw(6, seed=11, vibration=0.03), [("ROLLING", "NUMBER"), ("SETTLED", "NUMBER", 6)]),
        (traces.rolled_along([1, 2, 6, 5], seed=3), [("ROLLING", "NUMBER"), ("SETTLED", "NUMBER", 5)]),
        (traces.turned_by_hand(1, 3, seed=5), [("ROLLING", "NUMBER"), ("SETTLED", "NUMBER", 3)]),
        (traces.picked_up_and_put_down(1, seed=4), []),
        (traces.picked_up_and_put_down(4, seed=14), []),
        (traces.on_an_edge(6, lean=45), [("ROLLING", "NUMBER"), ("TILTED", "NUMBER")]),
        (traces.on_an_edge(6, 4, 6, lean=30), [("ROLLING", "NUMBER"), ("TILTED", "NUMBER")]),
        (traces.on_an_edge(6, lean=15), [("ROLLING", "NUMBER"), ("SETTLED", "NUMBER", 2)]),
        (traces.put_down_on_an_edge(7), [("TILTED", "NUMBER")]),
        (traces.shaky_table(2, seed=8), []),
        (traces.caught(9), [("ROLLING", "NUMBER"), ("TILTED", "NUMBER")]),
        (traces.noisy(5, seed=10), []),
    ],
    ids=lambda value: value.name if isinstance(value, Trace) else None,
)
def test_each_trace_writes_exactly_the_expected_lines(trace, expected):
    sent = play(trace)
    assert shape(sent) == [("HELLO",), *expected]
    check_session(sent, trace)


def test_the_special_die_board_names_its_die_and_its_own_id():
    trace = traces.throw(2, seed=21)
    sent = play(trace, Die("B2", "SPECIAL"))
    assert shape(sent) == [("HELLO",), ("ROLLING", "SPECIAL"), ("SETTLED", "SPECIAL", 2)]
    check_session(sent, trace, device="B2")


def test_a_caught_die_is_tilted_once_it_has_been_calm_for_a_while_and_nothing_comes_after():
    trace = traces.caught(9)
    sent = play(trace)
    rolling = next(now for now, line in sent if isinstance(line, Rolling))
    tilted = next(now for now, line in sent if isinstance(line, Tilted))
    assert faces.CALM_MS <= tilted - rolling <= faces.CALM_MS + 500
    assert tilted < trace.rests[0]  # still in the hand; being put down afterwards says nothing


@pytest.mark.parametrize("rocking_ms", [0, 400, 1500])
def test_a_settle_comes_once_the_die_has_lain_still_for_the_settle_time(rocking_ms):
    trace = traces.rocking(4, seed=13, rocking_ms=rocking_ms)
    sent = play(trace)
    assert shape(sent) == [("HELLO",), ("ROLLING", "NUMBER"), ("SETTLED", "NUMBER", 4)]
    settled = next(now for now, line in sent if isinstance(line, Settled))
    assert trace.rests[0] + SETTLE_MS - 20 <= settled <= trace.rests[0] + SETTLE_MS + 20


def test_a_die_lying_still_at_power_up_says_only_hello_and_beats():
    trace = traces.start("lying at power-up", 3, 6).lie(4000)
    assert shape(play(trace)) == [("HELLO",)]


def test_sequence_numbers_wrap_after_65535():
    die = Die("W1")
    trace = traces.start("still", 1, 1).lie(3000)
    die._seq = 65534  # as after some 18 hours of heartbeats
    die._started = True
    lines = [parse(raw) for now, x, y, z in trace.samples for raw in die.update(now, x, y, z)]
    assert [line.seq for line in lines] == [65534, 65535, 0, 1]


# -- calibration


def rotation(degrees_x: float, degrees_z: float):
    ax, az = math.radians(degrees_x), math.radians(degrees_z)

    def turn(v: tuple[float, float, float]) -> tuple[float, float, float]:
        x, y, z = v
        y, z = y * math.cos(ax) - z * math.sin(ax), y * math.sin(ax) + z * math.cos(ax)
        return (x * math.cos(az) - y * math.sin(az), x * math.sin(az) + y * math.cos(az), z)

    return turn


def calibrate(trace: Trace) -> tuple[Calibrator, list[str]]:
    calibrator = Calibrator()
    said = [text for now, x, y, z in trace.samples for text in calibrator.update(now, x, y, z)]
    return calibrator, said


def test_calibration_records_the_six_faces_in_turn_and_writes_the_settings_line():
    calibrator, said = calibrate(traces.calibration(12))
    assert calibrator.done
    assert [text.split(":")[0] for text in said[:-1]] == [f"# face {face}" for face in range(1, 7)]
    assert said[-1].startswith("FACES = {1: (")
    namespace: dict = {}
    exec(said[-1], namespace)  # the line is what settings.py takes
    assert namespace["FACES"] == calibrator.faces
    for face, way_up in calibrator.faces.items():
        assert faces.degrees_between(way_up, STANDARD_FACES[face]) < 2


def test_a_die_whose_sensor_sits_turned_reads_its_faces_after_calibration():
    turn = rotation(35, 20)
    mounted = {face: turn(way_up) for face, way_up in STANDARD_FACES.items()}
    calibrator, _ = calibrate(traces.calibration(15, mounted))
    assert calibrator.done
    throw = traces.throw(3, seed=16)
    throw.samples = [(now, *turn((x, y, z))) for now, x, y, z in throw.samples]
    assert shape(play(throw, Die("C1", faces=calibrator.faces)))[-1] == ("SETTLED", "NUMBER", 3)
    assert shape(play(throw, Die("C1")))[-1] != ("SETTLED", "NUMBER", 3)  # the standard table is wrong here


def test_calibration_says_so_when_a_face_is_shown_twice():
    trace = traces.Trace("twice", 17)
    trace.way_up = STANDARD_FACES[1]
    trace.lie(800).lift().hold(300).set_down().rest(800)
    calibrator, said = calibrate(trace)
    assert len(said) == 2 and said[0].startswith("# face 1: ")
    assert said[1].startswith("# (") and said[1].endswith(") is face 1 again: turn face 2 up")
    assert sorted(calibrator.faces) == [1]


# -- what CircuitPython runs

ALLOWED_IMPORTS = {
    "faces.py": {"math"},
    "boot.py": {"supervisor", "usb_cdc", "settings"},
    "code.py": {"time", "board", "busio", "microcontroller", "usb_cdc", "faces", "settings"}
    | {"adafruit_lis3dh", "adafruit_mpu6050"},
}


def circuitpython_sources() -> dict[str, ast.Module]:
    sources = {"faces.py": ROOT / "hardware" / "dice" / "faces.py"} | {
        name: FIRMWARE / name for name in ("boot.py", "code.py", "settings.py")
    }
    return {name: ast.parse(path.read_text(encoding="utf-8"), name) for name, path in sources.items()}


@pytest.mark.parametrize("name", ["faces.py", "boot.py", "code.py", "settings.py"])
def test_the_board_files_keep_to_what_circuitpython_runs(name):
    tree = circuitpython_sources()[name]
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or "").split(".")[0])
        assert not isinstance(node, ast.NamedExpr | ast.Match), f"{name}: {ast.dump(node)[:60]}"
        assert not isinstance(node, ast.AsyncFunctionDef | ast.TryStar), name
        if isinstance(node, ast.FormattedValue):
            assert node.conversion == -1, f"{name}: no !r/!s/!a in f-strings"
            assert not isinstance(node.value, ast.JoinedStr), f"{name}: no nested f-strings"
        if isinstance(node, ast.ClassDef):
            assert not node.decorator_list, f"{name}: no class decorators (dataclasses)"
        if isinstance(node, ast.AnnAssign):  # evaluated by CPython at module and class level only
            assert node.value is not None, f"{name}: annotate only assignments"
    assert imported <= ALLOWED_IMPORTS.get(name, set()), imported
    assert "__future__" not in imported and "typing" not in imported and "dataclasses" not in imported


def test_module_level_names_of_faces_need_no_typing_at_run_time():
    """Annotations are never evaluated on the board: none may appear where CPython would evaluate
    them and MicroPython would need the name (module or class bodies)."""
    tree = circuitpython_sources()["faces.py"]
    for node in tree.body:
        assert not isinstance(node, ast.AnnAssign), ast.dump(node)[:80]
        if isinstance(node, ast.ClassDef):
            assert not any(isinstance(item, ast.AnnAssign) for item in node.body), node.name
