"""Rolls without the electronic die: a roll made on the screen, and a roll a player types in.

Both give the same ``DieSettled`` event as the serial die, with ``source`` saying where the
roll came from ("screen" or "typed"), so a session can show and log how each roll was made.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from hardware.events import Die, DieSettled

FACES = ("1", "2", "3", "4", "5", "6")


@dataclass(frozen=True, slots=True)
class Refused:
    """A typed roll that is not used, with the message to show the player."""

    message: str


class ScreenDie:
    """The on-screen die: each ``roll`` draws a face from the injected ``random.Random``."""

    def __init__(
        self, rng: random.Random, *, device: str = "screen", clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rng = rng
        self.device = device
        self.clock = clock

    def roll(self, die: Die = "number") -> DieSettled:
        return DieSettled(self.device, die, self.rng.randint(1, 6), "screen", self.clock())


def typed_roll(
    text: str, die: Die = "number", *, device: str = "typed", clock: Callable[[], float] = time.monotonic
) -> DieSettled | Refused:
    """The roll a player typed: one digit 1 to 6 (spaces around it are fine), anything else refused."""
    entry = text.strip()
    if entry in FACES:
        return DieSettled(device, die, int(entry), "typed", clock())
    which = "the number die" if die == "number" else "the special die (its faces are numbered too)"
    if not entry:
        return Refused(f"Type the face that is on top of {which}: a number from 1 to 6.")
    return Refused(f"{entry[:20]!r} is not a face of {which}: type a number from 1 to 6.")
