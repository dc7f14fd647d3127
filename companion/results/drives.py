"""The removable drives (USB sticks) mounted now, without Kivy: :func:`removable_drives` reads
``/proc/self/mounts`` and ``/sys/block``: a disk whose ``removable`` is 1 or that hangs on USB, and
whatever is mounted under ``/media/`` or ``/run/media/`` (where the Pi OS automounter puts sticks),
never the disk the system runs from. A game's files are written there and read from there by
:mod:`companion.results.gamefiles`; what goes wrong on a drive or in a file is a
:class:`FilesProblem`, whose ``text`` says it in the table's words (a catalogue message).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import ENGLISH, Message, Plural, Text, render
from engines.core.errors import CompanionError

__all__ = ["Drive", "FilesProblem", "removable_drives", "size_words"]
MEDIA = ("/media/", "/run/media/")
"""Where automounters mount removable media (Pi OS: ``/media/<user>/<label>``)."""
SYSTEM = ("/boot", "/usr", "/var", "/home", "/opt", "/srv", "/etc", "/proc", "/sys", "/dev", "/run")
"""Mount points of the system itself: never offered as a stick, whatever the disk."""
BY_LABEL = Path("/dev/disk/by-label")


class FilesProblem(CompanionError):
    """Writing or reading a game's files failed; ``text`` says what happened, in the table's words.
    Nothing was written into the folder, and nothing into the journal."""

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def __str__(self) -> str:
        return render(self.text, ENGLISH)


@dataclass(frozen=True, slots=True)
class Drive:
    """A mounted removable medium: where it is mounted, its name for people, its free space in
    bytes (None: unknown) and whether it is mounted read-only."""

    path: Path
    label: str
    free: int | None
    read_only: bool

    def words(self) -> Text:
        """The drive as a line for people: "STICK · 3.2 GB free"."""
        if self.read_only:
            return Message("{drive} · read-only", drive=self.label)
        if self.free is None:
            return self.label
        return Message("{drive} · {free} free", drive=self.label, free=size_words(self.free))


def size_words(size: int, *, up: bool = False) -> Text:
    """A size in bytes as people read it: "512 bytes", "3.2 GB" ("3,2 GB" in German); rounded
    down (free space: never more than there is), or ``up`` (what is needed: never less)."""
    if size < 1000:
        return Plural("{n} byte", "{n} bytes", size)
    units = ("kB", "MB", "GB", "TB")
    value, step = size / 1000, 0
    while value >= 1000 and step < len(units) - 1:
        value, step = value / 1000, step + 1
    unit = units[step]
    if value >= 10:
        whole = int(-(-value // 1)) if up else int(value)
        return f"{whole} {unit}"
    tenths = int(-(-value * 10 // 1)) if up else int(value * 10)
    return Message("{units}.{tenths} {unit}", units=tenths // 10, tenths=tenths % 10, unit=unit)


# ---------------------------------------------------------------------------------- drives


@dataclass(frozen=True, slots=True)
class _Mount:
    device: str
    point: str
    kind: str
    options: tuple[str, ...]


def _unescape(field: str) -> str:
    """The octal escapes of /proc/mounts (``\\040`` a space, ``\\011`` a tab, ``\\134`` a backslash)."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), field)


def _mounts(mounts: Path) -> list[_Mount]:
    try:
        text = mounts.read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        return []
    found: dict[str, _Mount] = {}
    for line in text.splitlines():
        fields = line.split()
        if len(fields) < 4:
            continue
        point = _unescape(fields[1])
        found.pop(point, None)  # mounted over: the last mount is the one seen
        found[point] = _Mount(_unescape(fields[0]), point, fields[2], tuple(fields[3].split(",")))
    return list(found.values())


def _disk(device: str, sys_block: Path) -> str | None:
    """The disk a block device belongs to (``sdb1`` -> ``sdb``), by the sysfs tree; None: no disk."""
    if not device.startswith("/dev/"):
        return None
    name = Path(os.path.realpath(device)).name
    if (sys_block / name).exists():
        return name
    try:
        disks = list(sys_block.iterdir())
    except OSError:
        return None
    for disk in disks:
        if (disk / name).is_dir():  # a partition's folder lies inside its disk's
            return disk.name
    return None


def _removable(disk: str, sys_block: Path) -> bool:
    try:
        if (sys_block / disk / "removable").read_text().strip() == "1":
            return True
    except OSError:
        pass
    return any("/usb" in os.path.realpath(sys_block / disk / part) for part in ("", "device"))


def _system(point: str) -> bool:
    if point.startswith(MEDIA):
        return False
    return point == "/" or any(point == top or point.startswith(top + "/") for top in SYSTEM)


def _root_disk(table: list[_Mount], sys_block: Path) -> str | None:
    """The disk the system runs from: the device mounted at ``/``, or, where that is no device
    (``/dev/root``), the device of ``/`` itself, found through ``/sys/dev/block/<major>:<minor>``."""
    disk = next((_disk(m.device, sys_block) for m in table if m.point == "/"), None)
    if disk is not None:
        return disk
    try:
        number = os.stat("/").st_dev
    except OSError:
        return None
    link = sys_block.parent / "dev" / "block" / f"{os.major(number)}:{os.minor(number)}"
    if not link.exists():
        return None
    device = Path(os.path.realpath(link))  # …/block/sda/sda2 for a partition, …/block/sda for a disk
    return device.name if device.parent.name == "block" else device.parent.name


def _label(mount: _Mount, by_label: Path) -> str:
    """The volume's name: its label from /dev/disk/by-label, else the mount point's last part."""
    device = os.path.normpath(os.path.realpath(mount.device)) if mount.device.startswith("/") else None
    if device is not None:
        try:
            links = sorted(by_label.iterdir())
        except OSError:
            links = []
        for link in links:
            try:
                target = os.path.normpath(os.path.join(str(BY_LABEL), os.readlink(link)))
            except OSError:
                continue
            if target == device:
                return re.sub(r"\\x([0-9a-fA-F]{2})", lambda m: chr(int(m.group(1), 16)), link.name)
    return Path(mount.point).name or mount.point


def removable_drives(
    mounts: Path = Path("/proc/self/mounts"), sys_block: Path = Path("/sys/block"), *, by_label: Path = BY_LABEL
) -> list[Drive]:
    """The mounted removable media, by their names. ``mounts``, ``sys_block`` and ``by_label`` are
    the system's own files; tests pass crafted ones."""
    table = _mounts(mounts)
    root = _root_disk(table, sys_block)
    drives = []
    for mount in table:
        disk = _disk(mount.device, sys_block)
        if _system(mount.point) or (disk is not None and disk == root):
            continue
        if not (mount.point.startswith(MEDIA) or (disk is not None and _removable(disk, sys_block))):
            continue
        free: int | None
        read_only = "ro" in mount.options
        try:
            info = os.statvfs(mount.point)
        except OSError:
            free = None
        else:
            free = info.f_bavail * info.f_frsize
            read_only = read_only or bool(info.f_flag & os.ST_RDONLY)
        drives.append(Drive(Path(mount.point), _label(mount, by_label), free, read_only))
    return sorted(drives, key=lambda d: (d.label.casefold(), str(d.path)))
