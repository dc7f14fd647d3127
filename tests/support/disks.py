"""Real small disks for tests of a full or read-only disk: a tmpfs of a given size mounted on a
folder (root may mount; a developer without that right gets a skip that says so, CI runs as root),
filled up to its last byte, or remounted read-only; unmounted in the test's teardown.

    disks = pytest.fixture(small_disks)

    def test_x(disks):
        data = disks.mount(size="64k")
        ...
        fill(data)
"""

from __future__ import annotations

import errno
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


class Disks:
    def __init__(self, base: Path) -> None:
        self.base = base
        self.mounted: list[Path] = []

    def mount(self, size: str = "64k") -> Path:
        """A new empty tmpfs of ``size`` (its root folder is usable as a data folder)."""
        folder = self.base / f"disk{len(self.mounted)}"
        folder.mkdir()
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(folder)],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            pytest.skip(f"a small disk needs mounting a tmpfs, which this user may not ({done.stderr.strip()})")
        self.mounted.append(folder)
        return folder

    def read_only(self, folder: Path) -> None:
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True, capture_output=True)

    def unmount_all(self) -> None:
        for folder in reversed(self.mounted):
            subprocess.run(["umount", str(folder)], check=True, capture_output=True)
        self.mounted.clear()


def small_disks(tmp_path: Path) -> Iterator[Disks]:
    """For a fixture: the disks a test mounts, unmounted when it ends."""
    found = Disks(tmp_path)
    try:
        yield found
    finally:
        found.unmount_all()


def fill(folder: Path) -> Path:
    """A file in ``folder`` that takes every byte left on its disk; the file."""
    filler = folder / "filler"
    with filler.open("ab", buffering=0) as out:
        for chunk in (4096, 512, 1):
            while True:
                try:
                    out.write(b"\xa5" * chunk)
                except OSError as error:
                    if error.errno != errno.ENOSPC:
                        raise
                    break
    return filler
