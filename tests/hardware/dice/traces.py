"""Accelerometer traces for the die's face logic (hardware/dice/faces.py), made up but shaped like
what an LIS3DH or MPU-6050 inside a die reads at about 100 Hz: samples of (milliseconds, x, y, z)
in m/s², with sensor noise and, where asked, uneven sample times. Every trace is made from a seed,
so it is the same on every run.

A trace is built move by move: the die lies (maybe on a shaking table), is lifted and held in a
hand, falls, knocks against the table, tumbles over its edges, rocks and lies still. Each trace
keeps ``rests``: the moments the die came to rest after moving, to check when a settle is sent.
At rest the sensor reads 1 g pointing up (away from the table); in free fall it reads nothing.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from hardware.dice.faces import STANDARD_FACES, STANDARD_GRAVITY

Vector = tuple[float, float, float]
Sample = tuple[int, float, float, float]


def unit(v: Vector) -> Vector:
    length = math.sqrt(sum(c * c for c in v))
    return (v[0] / length, v[1] / length, v[2] / length)


def scale(v: Vector, k: float) -> Vector:
    return (v[0] * k, v[1] * k, v[2] * k)


def add(a: Vector, b: Vector) -> Vector:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def dot(a: Vector, b: Vector) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def perpendicular(v: Vector) -> Vector:
    """A unit vector at right angles to ``v``."""
    other = (1.0, 0.0, 0.0) if abs(v[0]) < 0.9 else (0.0, 1.0, 0.0)
    along = dot(other, v)
    return unit((other[0] - along * v[0], other[1] - along * v[1], other[2] - along * v[2]))


def turned(v: Vector, towards: Vector, degrees: float) -> Vector:
    """``v`` turned by ``degrees`` towards the perpendicular ``towards``."""
    angle = math.radians(degrees)
    return unit(add(scale(v, math.cos(angle)), scale(towards, math.sin(angle))))


def slerp(a: Vector, b: Vector, s: float) -> Vector:
    cosine = max(-1.0, min(1.0, dot(a, b)))
    theta = math.acos(cosine)
    if theta < 1e-6:
        return b
    return unit(
        add(scale(a, math.sin((1 - s) * theta) / math.sin(theta)), scale(b, math.sin(s * theta) / math.sin(theta)))
    )


def up(face: int) -> Vector:
    """What the sensor reads (as a direction) while ``face`` is on top of a standard die."""
    return STANDARD_FACES[face]


def neighbours(face: int) -> list[int]:
    """The four faces that share an edge with ``face``."""
    return [other for other in range(1, 7) if other not in (face, 7 - face)]


def edge(a: int, b: int) -> Vector:
    """The way up of a die balanced on the edge between faces ``a`` and ``b``."""
    return unit(add(up(a), up(b)))


@dataclass
class Trace:
    name: str
    seed: int
    noise: float = 0.01  # g, standard deviation on each axis
    jitter: int = 0  # ms: each sample comes up to this much later or earlier than every 10 ms
    samples: list[Sample] = field(default_factory=list)
    rests: list[int] = field(default_factory=list)
    way_up: Vector = (0.0, 0.0, 1.0)
    now: int = 0

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    # -- the sensor

    def read(self, g: Vector) -> None:
        """One sample of ``g`` (in g) at the current time, with noise."""
        noisy = tuple(c + self.rng.gauss(0.0, self.noise) for c in g)
        self.samples.append((self.now, *(c * STANDARD_GRAVITY for c in noisy)))  # type: ignore[arg-type]
        self.now += 10 + (self.rng.randint(-self.jitter, self.jitter) if self.jitter else 0)

    def steps(self, ms: int) -> list[float]:
        """Fractions 0..1 of a move lasting ``ms``, one per sample."""
        count = ms // 10
        return [(i + 1) / count for i in range(count)]

    # -- moves

    def lie(self, ms: int, *, vibration: float = 0.0, hz: float = 12.0) -> Trace:
        """Lie still for ``ms`` (on a table that shakes by ``vibration`` g at ``hz``)."""
        start = self.now
        for _ in self.steps(ms):
            shake = vibration * math.sin(2 * math.pi * hz * (self.now - start) / 1000)
            self.read(add(self.way_up, (shake * 0.3, shake * 0.3, shake)))
        return self

    def rest(self, ms: int = 1000, **kwargs: float) -> Trace:
        """Come to rest after moving: lie, and mark the moment."""
        self.rests.append(self.now)
        return self.lie(ms, **kwargs)

    def lift(self, ms: int = 200) -> Trace:
        """Lifted off the table: pushed up, then slowing down (never near free fall)."""
        for s in self.steps(ms):
            self.read(scale(self.way_up, 1 + 0.35 * math.sin(2 * math.pi * s)))
        return self

    def set_down(self, ms: int = 200, knock: float = 1.4) -> Trace:
        """Put down gently: slowing down, then a small knock as it touches the table."""
        for s in self.steps(ms):
            self.read(scale(self.way_up, 1 - 0.25 * math.sin(math.pi * s)))
        self.read(scale(self.way_up, knock))
        return self

    def hold(self, ms: int, *, wobble: float = 15.0, hz: float = 1.3, towards: Vector | None = None) -> Trace:
        """Held in a hand: turning back and forth by ``wobble`` degrees, with a hand's jerks."""
        base = self.way_up
        side = towards if towards is not None else perpendicular(base)
        start = self.now
        for _ in self.steps(ms):
            angle = wobble * math.sin(2 * math.pi * hz * (self.now - start) / 1000)
            self.way_up = turned(base, side, angle)
            jerk = tuple(self.rng.gauss(0.0, 0.05) for _ in range(3))
            self.read(add(self.way_up, jerk))  # type: ignore[arg-type]
        self.way_up = base
        return self

    def turn_to(self, target: Vector, ms: int = 300, *, magnitude: float = 1.0) -> Trace:
        """Turned (in the hand, or rolling on the table) until ``target`` points up."""
        start = self.way_up
        for s in self.steps(ms):
            self.way_up = slerp(start, target, s)
            self.read(scale(self.way_up, magnitude + 0.15 * math.sin(math.pi * s)))
        self.way_up = target
        return self

    def fall(self, ms: int = 250, landing: Vector | None = None) -> Trace:
        """Falls freely (the sensor reads almost nothing), turning in the air to ``landing``."""
        for _ in self.steps(ms):
            self.read((0.0, 0.0, 0.0))
        if landing is not None:
            self.way_up = landing
        return self

    def knock(self, g: float = 4.0, ms: int = 20) -> Trace:
        """Hits the table (or the table is hit): a short jolt of ``g``."""
        direction = unit(add(self.way_up, (self.rng.uniform(-0.5, 0.5), self.rng.uniform(-0.5, 0.5), 0.0)))
        for _ in self.steps(ms):
            self.read(scale(direction, g))
        return self

    def tumble(self, faces: list[int], ms_per_edge: int = 140, knock: float = 3.0) -> Trace:
        """Rolls over its edges through ``faces`` (each next one sharing an edge with the one before),
        knocking the table each time a face lands."""
        for face in faces:
            self.turn_to(up(face), ms_per_edge, magnitude=1.1)
            self.knock(knock, 20)
        return self

    def rock(self, ms: int = 300, degrees: float = 12.0, hz: float = 6.0, *, fading: bool = True) -> Trace:
        """Rocks on the face it landed on, less and less (or, not ``fading``, as much until it stops)."""
        base = self.way_up
        side = perpendicular(base)
        start = self.now
        for s in self.steps(ms):
            amplitude = degrees * (1 - s) if fading else degrees
            angle = amplitude * math.sin(2 * math.pi * hz * (self.now - start) / 1000)
            self.read(turned(base, side, angle))
        self.way_up = base
        return self

    def glitch(self, reading: Vector) -> Trace:
        """One wrong sample (a disturbed I2C read)."""
        self.read(reading)
        return self


def start(name: str, seed: int, face: int, *, noise: float = 0.01, jitter: int = 0) -> Trace:
    trace = Trace(name, seed, noise=noise, jitter=jitter)
    trace.way_up = up(face)
    return trace.lie(800)


def throw(face: int, seed: int, *, start_face: int | None = None, **kwargs: float) -> Trace:
    """Picked up, thrown, lands on a neighbour of ``face``, tumbles onto ``face``, rocks and rests."""
    rng = random.Random(seed)
    first = start_face if start_face is not None else rng.randint(1, 6)
    trace = start(
        f"a throw onto {face}", seed, first, noise=kwargs.get("noise", 0.01), jitter=int(kwargs.get("jitter", 0))
    )
    landing = rng.choice(neighbours(face))
    trace.lift().hold(300).fall(250, landing=up(landing)).knock(4.5)
    trace.tumble([face]).rock()
    return trace.rest(1200, vibration=kwargs.get("vibration", 0.0))


def rocking(face: int, seed: int, rocking_ms: int) -> Trace:
    """Thrown, lands on ``face`` and rocks on it for ``rocking_ms`` before it stops at once."""
    trace = start(f"rocking on {face} for {rocking_ms} ms", seed, 7 - face)
    trace.lift().fall(250, landing=up(neighbours(face)[0])).knock(4.0).tumble([face])
    trace.rock(rocking_ms, 10, 5, fading=False)
    return trace.rest(1200)


def rolled_along(faces: list[int], seed: int) -> Trace:
    """Pushed over its edges on the table, never in the air: a tumble without a fall."""
    trace = start(f"rolled along {faces}", seed, faces[0])
    trace.tumble(faces[1:], ms_per_edge=200, knock=1.8).rock(200, 8)
    return trace.rest(1200)


def picked_up_and_put_down(face: int, seed: int) -> Trace:
    """Lifted, held and turned a little in the hand, and put down on the same face: no roll."""
    trace = start(f"picked up from {face} and put down", seed, face)
    trace.lift().hold(800, wobble=25).set_down()
    return trace.rest(1200)


def turned_by_hand(face: int, onto: int, seed: int) -> Trace:
    """Lifted, turned over one edge in the hand and put down on another face: that is a roll."""
    trace = start(f"turned from {face} onto {onto}", seed, face)
    trace.lift().turn_to(up(onto), 400).hold(300, wobble=8).set_down()
    return trace.rest(1200)


def on_an_edge(seed: int, a: int = 2, b: int = 3, *, lean: float = 45.0) -> Trace:
    """Thrown, and comes to rest ``lean`` degrees from face ``a`` towards face ``b`` (45: on the
    edge between them; less: leaning against a wall or another die)."""
    trace = start(f"on the edge {a}/{b} at {lean:g} degrees", seed, 7 - a)
    trace.lift().fall(250, landing=up(b)).knock(4.0).tumble([a]).rock(200, 6)
    trace.turn_to(slerp(up(a), up(b), lean / 90.0), 150)
    return trace.rest(1200)


def put_down_on_an_edge(seed: int) -> Trace:
    """Lifted and put down on an edge by hand, no throw."""
    trace = start("put down on an edge", seed, 1)
    trace.lift().turn_to(edge(1, 2), 300).set_down()
    return trace.rest(1200)


def shaky_table(face: int, seed: int) -> Trace:
    """Lying on a table that trembles and is knocked twice: no roll."""
    trace = start(f"on a shaky table, {face} up", seed, face)
    trace.lie(1500, vibration=0.03).knock(2.8).lie(700, vibration=0.05, hz=20).knock(2.2)
    trace.lie(400, vibration=0.25, hz=9)  # someone leans on the table
    return trace.lie(1500, vibration=0.02)


def caught(seed: int) -> Trace:
    """Thrown and caught in the air, held a while, then put down on a face: a roll that never settled."""
    trace = start("caught in the air", seed, 4)
    trace.lift().fall(250, landing=up(2))
    for _ in trace.steps(60):
        trace.read(scale(trace.way_up, 2.0))  # the hand closes around it
    trace.hold(3000, wobble=10, hz=0.9)
    trace.set_down()
    return trace.rest(1200)


def noisy(face: int, seed: int) -> Trace:
    """A noisy sensor with a few wrong reads while the die lies: no roll."""
    trace = start(f"noisy sensor, {face} up", seed, face, noise=0.015, jitter=3)
    trace.lie(700).glitch((0.0, 0.0, 0.0)).lie(600).glitch((3.0, -2.5, 4.0)).lie(600)
    trace.glitch((0.0, 0.0, 0.0)).glitch((0.0, 0.0, 0.0)).glitch((0.0, 0.0, 0.0))
    return trace.lie(1500)


def calibration(seed: int, faces: dict[int, Vector] | None = None) -> Trace:
    """The maker turns face 1 up, lets it lie, then 2, ... 6 (on a die whose faces are ``faces``)."""
    table = faces or STANDARD_FACES
    trace = Trace("calibration", seed)
    trace.way_up = table[1]
    trace.lie(800)
    for face in range(2, 7):
        trace.lift()
        if dot(trace.way_up, unit(table[face])) < -0.5:  # the opposite face: over an edge first
            trace.turn_to(perpendicular(trace.way_up), 300)
        trace.turn_to(unit(table[face]), 400).set_down().rest(800)
    return trace
