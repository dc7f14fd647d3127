"""Finding the die: the stable link ``/dev/companion-dice`` when udev made it (the rule in
``deploy/99-companion-dice.rules``, installed on a Pi by ``deploy/install.sh``), else among the
USB serial devices that udev lists under /dev/serial/by-id.

The by-id names carry the maker, product and serial number of each device, so they survive
re-plugging and do not depend on the order of plugging. A die is recognised by a name pattern
(shell-style, case-insensitive), by default ``*dice*``. Exactly one match is used; none or
several are reported in words and nothing is guessed.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from pathlib import Path

BY_ID = Path("/dev/serial/by-id")
LINK = Path("/dev/companion-dice")


@dataclass(frozen=True, slots=True)
class Detection:
    """``path`` is the by-id link to open, or ``None``; ``message`` says what was found."""

    path: str | None
    candidates: tuple[str, ...]
    message: str


def find_dice(directory: Path = BY_ID, pattern: str = "*dice*", link: Path | None = LINK) -> Detection:
    """``link`` when it leads to a device; else the one serial device under ``directory`` whose
    name matches ``pattern``, if exactly one does."""
    if link is not None and link.exists():
        return Detection(str(link), (link.name,), f"found {link}")
    try:
        names = sorted(entry.name for entry in directory.iterdir() if entry.exists())
    except FileNotFoundError:
        return Detection(None, (), f"no USB serial device is plugged in ({directory} does not exist)")
    except OSError as exc:
        return Detection(None, (), f"cannot list {directory}: {exc.strerror or exc}")
    matches = tuple(name for name in names if fnmatch.fnmatchcase(name.lower(), pattern.lower()))
    if len(matches) == 1:
        return Detection(str(directory / matches[0]), matches, f"found {directory / matches[0]}")
    if len(matches) > 1:
        listed = ", ".join(matches)
        return Detection(
            None, matches, f"several serial devices match {pattern!r}: {listed}; set the dice port to the one you mean"
        )
    if not names:
        return Detection(None, (), f"no USB serial device is plugged in ({directory} is empty)")
    listed = ", ".join(names)
    return Detection(
        None, (), f"no serial device matches {pattern!r} (present: {listed}); set the dice port or the pattern"
    )
