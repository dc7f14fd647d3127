"""The serial die's face logic: accelerometer samples in, protocol lines out (docs/dice-firmware.md).

This one file runs unchanged on the die's board (CircuitPython, copied there as ``faces.py`` beside
``code.py``) and in the tests on the project's Python. It therefore keeps to what CircuitPython
runs: no dataclasses, no ``typing`` or ``re`` at run time (annotations are never evaluated there),
no ``match``, no walrus, f-strings only in their plain form, dicts never relied on for order. It
reads no clock and no sensor: the caller hands in the time in milliseconds and each sample.

- ``Die.update(now_ms, x, y, z)`` takes one sample in m/s² (what the Adafruit sensor libraries
  give) and returns the lines to send, each ``bytes`` with its ``\\n``: ``HELLO`` (seq 0) with the
  first sample, a ``BEAT`` every second, ``ROLLING`` when a throw is seen, then ``SETTLED`` once the
  die lay still and flat for ``SETTLE_MS``, or ``TILTED``. The lines are exactly those of
  docs/dice-protocol.md (CRC-8/SMBUS checksum, sequence numbers).
- ``Calibrator`` records the six faces one after another and writes the table (``FACES = {...}``)
  to put in the board's ``settings.py``.

What counts as a throw (docs/dice-protocol.md, "What makes a roll"): the die falls freely for
``FALL_MS`` (thrown or dropped), or while it moves a second face comes on top (it tumbled over an
edge). A die lifted and put down on the same face, a bumped or shaking table and sensor noise
send nothing. A throw that comes to rest more than ``FLAT_DEGREES`` from every face, or that is
caught (it goes on moving gently, with no fall, knock or new face, for ``CALM_MS``), sends
``TILTED``; so does a die put down on an edge by hand.
"""

import math

PROTOCOL_VERSION = 1
FIRMWARE_VERSION = "cp-1.0.0"
STANDARD_GRAVITY = 9.80665  # m/s²: what the sensor reads at rest

# The direction the sensor reads "up" in while a face is on top, for a standard die (opposite
# faces add up to 7; 1, 2, 3 counter-clockwise around their corner) with the sensor's Z axis
# towards face 1, X towards face 2 and Y towards face 3. A calibration replaces it.
STANDARD_FACES = {
    1: (0.0, 0.0, 1.0),
    2: (1.0, 0.0, 0.0),
    3: (0.0, 1.0, 0.0),
    4: (0.0, -1.0, 0.0),
    5: (-1.0, 0.0, 0.0),
    6: (0.0, 0.0, -1.0),
}
DICE = ("NUMBER", "SPECIAL")

FLAT_DEGREES = 20.0  # a face this close to up lies flat; with none that close the die is tilted
SEEN_DEGREES = 30.0  # while the die moves, a face this close to up has been on top
SAME_REST_DEGREES = 10.0  # a rest this close to the one before is where the die already lay
WINDOW_MS = 100  # stillness is judged over the samples of this long
STILL_G = 0.08  # still: every sample of the window within this of the window's mean, in g
MAGNITUDE_G = 0.15  # and the window's mean within this of 1 g
ORIENTED_G = 0.25  # a moving die's mean within this of 1 g shows which way is up
SETTLE_MS = 300  # still (and flat) this long: the die has come to rest
FREEFALL_G = 0.4  # below this the die is falling
FALL_MS = 60  # falling this long is a throw (about 2 cm of free fall)
IMPACT_G = 2.5  # above this the die hit something
CALM_MS = 2000  # a throw calm this long without coming to rest was caught or picked up
BEAT_MS = 1000
CALIBRATION_APART_DEGREES = 45.0  # a face being calibrated must lie this far from those before

_ID_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
_FIRMWARE_CHARACTERS = _ID_CHARACTERS + ".+"


def crc8(data: bytes) -> int:
    """CRC-8, polynomial 0x07, start 0, no reflection, no final XOR (CRC-8/SMBUS)."""
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
    return crc


def line(device: str, seq: int, fields: list[str]) -> bytes:
    """One protocol line: ``$DICE,<device>,<seq>,<fields...>*<CRC>\\n``."""
    body = ",".join(["DICE", device, str(seq)] + fields).encode()
    return b"$" + body + b"*" + f"{crc8(body):02X}".encode() + b"\n"


def _length(vector: tuple[float, float, float]) -> float:
    return math.sqrt(vector[0] * vector[0] + vector[1] * vector[1] + vector[2] * vector[2])


def _unit(vector: tuple[float, float, float]) -> tuple[float, float, float]:
    length = _length(vector)
    if length == 0:
        raise ValueError("a zero vector has no direction")
    return (vector[0] / length, vector[1] / length, vector[2] / length)


def _dot(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cos(degrees: float) -> float:
    return math.cos(degrees * math.pi / 180.0)


def degrees_between(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    cosine = max(-1.0, min(1.0, _dot(_unit(a), _unit(b))))
    return math.acos(cosine) * 180.0 / math.pi


def face_normals(faces: dict[int, tuple[float, float, float]]) -> list[tuple[int, tuple[float, float, float]]]:
    """The calibration table checked and as unit vectors, faces in order: six faces 1..6, each
    direction at least 60 degrees from every other (a cube's are 90 or 180 apart)."""
    if sorted(faces) != [1, 2, 3, 4, 5, 6]:
        raise ValueError("the face table needs exactly the faces 1 to 6")
    normals = [(face, _unit(faces[face])) for face in sorted(faces)]
    for index, (face, normal) in enumerate(normals):
        for other, other_normal in normals[index + 1 :]:
            if _dot(normal, other_normal) > 0.5:
                raise ValueError(f"faces {face} and {other} point less than 60 degrees apart: calibrate again")
    return normals


def nearest_face(
    normals: list[tuple[int, tuple[float, float, float]]], up: tuple[float, float, float]
) -> tuple[int, float]:
    """The face whose direction is closest to ``up`` and the cosine of the angle between them."""
    direction = _unit(up)
    best, best_cos = 0, -2.0
    for face, normal in normals:
        cosine = _dot(normal, direction)
        if cosine > best_cos:
            best, best_cos = face, cosine
    return best, best_cos


class Stillness:
    """Whether the die lies still, judged over the last ``WINDOW_MS`` of samples (in g).

    ``feed`` returns True while every sample of a full window is within ``STILL_G`` of the
    window's mean on each axis and that mean is within ``MAGNITUDE_G`` of 1 g. ``since`` is when
    the stillness began (the start of the first still window), ``None`` while the die moves;
    ``mean`` is the window's mean, the way up as the sensor sees it.
    """

    def __init__(self) -> None:
        self._samples: list[tuple[int, float, float, float]] = []
        self.since: int | None = None
        self.mean = (0.0, 0.0, 0.0)

    def feed(self, now: int, x: float, y: float, z: float) -> bool:
        samples = self._samples
        samples.append((now, x, y, z))
        while len(samples) > 2 and now - samples[1][0] >= WINDOW_MS:
            samples.pop(0)
        count = len(samples)
        mean = (
            sum(sample[1] for sample in samples) / count,
            sum(sample[2] for sample in samples) / count,
            sum(sample[3] for sample in samples) / count,
        )
        self.mean = mean
        still = now - samples[0][0] >= WINDOW_MS and abs(_length(mean) - 1.0) <= MAGNITUDE_G
        if still:
            for sample in samples:
                if (
                    abs(sample[1] - mean[0]) > STILL_G
                    or abs(sample[2] - mean[1]) > STILL_G
                    or abs(sample[3] - mean[2]) > STILL_G
                ):
                    still = False
                    break
        if not still:
            self.since = None
        elif self.since is None:
            self.since = samples[0][0]
        return still


class Die:
    """One die's face logic and the lines it sends. ``device`` is the id in every line (1 to 12 of
    A-Z a-z 0-9 _ -), ``die`` is ``"NUMBER"`` or ``"SPECIAL"`` (which of the table's dice this board
    is), ``faces`` the calibration table (``STANDARD_FACES`` when not given)."""

    def __init__(
        self,
        device: str,
        die: str = "NUMBER",
        faces: dict[int, tuple[float, float, float]] | None = None,
        firmware: str = FIRMWARE_VERSION,
    ) -> None:
        if not 1 <= len(device) <= 12 or any(char not in _ID_CHARACTERS for char in device):
            raise ValueError(f"device id {device} is not 1 to 12 of A-Z a-z 0-9 _ -")
        if die not in DICE:
            raise ValueError(f"die {die} is neither NUMBER nor SPECIAL")
        if not 1 <= len(firmware) <= 16 or any(char not in _FIRMWARE_CHARACTERS for char in firmware):
            raise ValueError(f"firmware {firmware} is not 1 to 16 of A-Z a-z 0-9 . _ + -")
        self.device = device
        self.die = die
        self.firmware = firmware
        self.normals = face_normals(faces if faces is not None else STANDARD_FACES)
        self._flat = _cos(FLAT_DEGREES)
        self._seen_cos = _cos(SEEN_DEGREES)
        self._same_rest = _cos(SAME_REST_DEGREES)
        self._seq = 0
        self._started = False
        self._next_beat = 0
        self._still = Stillness()
        self._resting = False  # the die has come to rest and not moved since
        self._rest: tuple[float, float, float] | None = None  # the way up of the last rest
        self._rest_face = 0  # the face on top at the last rest, 0 when it rested tilted
        self._throw = False  # ROLLING was sent and neither SETTLED nor TILTED since
        self._seen: list[int] = []  # faces that were on top since the die began to move
        self._falling_since: int | None = None
        self._fell = False
        self._lively = 0  # the last fall, knock or new face on top
        self.face = 0  # the face on top while resting flat, else 0

    def _send(self, fields: list[str]) -> bytes:
        data = line(self.device, self._seq, fields)
        self._seq = (self._seq + 1) % 65536
        return data

    def start(self, now: int) -> bytes:
        """The ``HELLO`` a board sends when it starts (``update`` sends it with the first sample)."""
        self._started = True
        self._seq = 0
        self._next_beat = now + BEAT_MS
        return self._send(["HELLO", str(PROTOCOL_VERSION), self.firmware])

    def update(self, now: int, x: float, y: float, z: float) -> list[bytes]:
        """One sample at ``now`` (milliseconds, never going back), in m/s²: the lines to send."""
        out: list[bytes] = []
        if not self._started:
            out.append(self.start(now))
        gx, gy, gz = x / STANDARD_GRAVITY, y / STANDARD_GRAVITY, z / STANDARD_GRAVITY
        magnitude = math.sqrt(gx * gx + gy * gy + gz * gz)
        if magnitude < FREEFALL_G:
            if self._falling_since is None:
                self._falling_since = now
            elif now - self._falling_since >= FALL_MS:
                self._fell = True
                self._lively = now
        else:
            self._falling_since = None
        if magnitude > IMPACT_G:
            self._lively = now
        still = self._still.feed(now, gx, gy, gz)
        if self._resting and not still:
            self._moves(now)
        if not self._resting:
            self._follow(now, out)
            since = self._still.since
            if still and since is not None and now - since >= SETTLE_MS:
                self._settle(out)
        if now >= self._next_beat:
            out.append(self._send(["BEAT", str(PROTOCOL_VERSION), self.firmware]))
            self._next_beat += BEAT_MS
            if self._next_beat <= now:
                self._next_beat = now + BEAT_MS
        return out

    def _moves(self, now: int) -> None:
        """The die, at rest until now, moves."""
        self._resting = False
        self.face = 0
        self._seen = [self._rest_face] if self._rest_face else []
        self._fell = self._falling_since is not None and now - self._falling_since >= FALL_MS
        self._lively = now

    def _follow(self, now: int, out: list[bytes]) -> None:
        """While the die moves or settles: which faces come on top, and whether it is a throw."""
        mean = self._still.mean
        if abs(_length(mean) - 1.0) <= ORIENTED_G:
            face, cosine = nearest_face(self.normals, mean)
            if cosine >= self._seen_cos and face not in self._seen:
                self._seen.append(face)
                if len(self._seen) > 1:
                    self._lively = now
        if not self._throw and (self._fell or len(self._seen) > 1):
            self._throw = True
            out.append(self._send(["ROLLING", self.die]))
        elif self._throw and now - self._lively >= CALM_MS:
            self._throw = False  # caught, or picked up before it came to rest
            self._fell = False
            self._seen = self._seen[-1:]
            out.append(self._send(["TILTED", self.die]))

    def _settle(self, out: list[bytes]) -> None:
        """The die has been still for ``SETTLE_MS``: it rests, flat on a face or tilted."""
        up = _unit(self._still.mean)
        face, cosine = nearest_face(self.normals, up)
        flat = cosine >= self._flat
        if self._throw:
            out.append(self._send(["SETTLED", self.die, str(face)] if flat else ["TILTED", self.die]))
        elif not flat and self._rest is not None and _dot(up, self._rest) < self._same_rest:
            out.append(self._send(["TILTED", self.die]))  # put down on an edge
        self._resting = True
        self._throw = False
        self._fell = False
        self._seen = []
        self._rest = up
        self._rest_face = face if flat else 0
        self.face = self._rest_face


class Calibrator:
    """Calibration: the maker turns face 1 up, lets it lie, then face 2, ... up to face 6. Each rest
    at least ``CALIBRATION_APART_DEGREES`` from the faces recorded so far is the next face.
    ``update`` returns text lines saying what was recorded (each starting with ``#``: no reader takes
    one for a protocol line) and, after face 6, the ``FACES = {...}`` line to put in the board's
    settings.py. A rest near a face already recorded is said but not recorded."""

    def __init__(self) -> None:
        self._still = Stillness()
        self._resting = False
        self.faces: dict[int, tuple[float, float, float]] = {}

    @property
    def done(self) -> bool:
        return len(self.faces) == 6

    def update(self, now: int, x: float, y: float, z: float) -> list[str]:
        still = self._still.feed(now, x / STANDARD_GRAVITY, y / STANDARD_GRAVITY, z / STANDARD_GRAVITY)
        if not still:
            self._resting = False
            return []
        since = self._still.since
        if self._resting or self.done or since is None or now - since < SETTLE_MS:
            return []
        self._resting = True
        up = _unit(self._still.mean)
        shown = f"({up[0]:.3f}, {up[1]:.3f}, {up[2]:.3f})"
        for face in sorted(self.faces):
            if degrees_between(up, self.faces[face]) < CALIBRATION_APART_DEGREES:
                return [f"# {shown} is face {face} again: turn face {len(self.faces) + 1} up"]
        face = len(self.faces) + 1
        self.faces[face] = (round(up[0], 3), round(up[1], 3), round(up[2], 3))
        if not self.done:
            return [f"# face {face}: {shown}; now turn face {face + 1} up and let it lie"]
        try:
            face_normals(self.faces)
        except ValueError as error:
            self.faces = {}
            return [f"# face 6: {shown}, but {error}; start again with face 1"]
        table = ", ".join(f"{key}: {self.faces[key]}" for key in sorted(self.faces))
        return [f"# face 6: {shown}; put this line in settings.py:", "FACES = {" + table + "}"]
