"""Finding the dice: the stable links udev makes (the rule in ``deploy/99-companion-dice.rules``,
installed on a Pi by ``deploy/install.sh``: ``/dev/companion-dice``, and one
``/dev/companion-dice-<serial>`` per board that has a serial number), and the USB serial devices
that udev lists under /dev/serial/by-id.

The by-id names carry the maker, product and serial number of each device, so they survive
re-plugging and do not depend on the order of plugging. A die is recognised by a name pattern
(shell-style, case-insensitive), by default ``*dice*``. A table may have one board or two side by
side (one reporting the number die, one the special die): up to :data:`MOST` devices are used,
each once however many links lead to it; more are reported in words and nothing is guessed.
"""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass
from pathlib import Path

BY_ID = Path("/dev/serial/by-id")
LINK = Path("/dev/companion-dice")
MOST = 2  # dice boards read side by side


@dataclass(frozen=True, slots=True)
class Detection:
    """``paths``: what to open, one path per device (at most :data:`MOST`), empty when nothing
    can be used; ``candidates``: the names that matched; ``message`` says what was found."""

    paths: tuple[str, ...]
    candidates: tuple[str, ...]
    message: str

    @property
    def path(self) -> str | None:
        """The first device found, or ``None``."""
        return self.paths[0] if self.paths else None


def device_of(path: str) -> str:
    """The device a path leads to, so that two links to one board count as one."""
    return os.path.realpath(path)


def _links(link: Path | None) -> list[Path]:
    """``link`` and the per-board links beside it (``<link>-*``) that lead to a device."""
    if link is None:
        return []
    found = [link] if link.exists() else []
    try:
        found += sorted(path for path in link.parent.glob(f"{link.name}-*") if path.exists())
    except OSError:
        pass
    return found


def find_dice(directory: Path = BY_ID, pattern: str = "*dice*", link: Path | None = LINK) -> Detection:
    """The dice devices: the links udev made (``link`` first), then the serial devices under
    ``directory`` whose names match ``pattern``, each device once; up to :data:`MOST` are used."""
    links = _links(link)
    names: list[str] = []
    problem: str | None = None
    try:
        names = sorted(entry.name for entry in directory.iterdir() if entry.exists())
    except FileNotFoundError:
        problem = f"no USB serial device is plugged in ({directory} does not exist)"
    except OSError as exc:
        problem = f"cannot list {directory}: {exc.strerror or exc}"
    matches = tuple(name for name in names if fnmatch.fnmatchcase(name.lower(), pattern.lower()))
    devices: dict[str, str] = {}  # device -> the first path found for it
    for path in [*map(str, links), *(str(directory / name) for name in matches)]:
        devices.setdefault(device_of(path), path)
    paths = tuple(devices.values())
    candidates = (*(path.name for path in links), *matches)
    if len(paths) > MOST:
        listed = ", ".join(paths)
        return Detection(
            (),
            candidates,
            f"{len(paths)} serial devices match {pattern!r}: {listed}; companion reads at most {MOST} dice:"
            " set the dice ports to the ones you mean",
        )
    if paths:
        return Detection(paths, candidates, "found " + " and ".join(paths))
    if problem is not None:
        return Detection((), (), problem)
    if not names:
        return Detection((), (), f"no USB serial device is plugged in ({directory} is empty)")
    listed = ", ".join(names)
    return Detection(
        (), (), f"no serial device matches {pattern!r} (present: {listed}); set the dice port or the pattern"
    )
