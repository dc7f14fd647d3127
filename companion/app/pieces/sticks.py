"""The USB sticks this device mounts itself, and their safe removal, without Kivy.

On the kiosk nothing of a desktop mounts a stick. ``deploy/stick/98-companion-stick.rules`` has
udev hand each USB partition with a FAT or exFAT file system to ``companion-stick-mount``, which
asks systemd (``systemd-mount --no-block``) to mount it at ``/media/companion/<kernel name>``
(``/media/companion/sda1``), owned by the user ``companion``: the kiosk's unit may write under
``/media``, and :func:`companion.results.drives.removable_drives` finds it there with its label.

The app runs unprivileged, with no right to unmount (no capabilities, ``NoNewPrivileges``), and
an unmount inside its own mount namespace would not reach the system's anyway. So removal is
asked, not done: :meth:`Sticks.remove` flushes the stick (``syncfs``) and leaves an empty file
named after it in ``/run/companion-stick`` (root's folder, which the group ``companion`` may only
add to); the path unit ``companion-stick-eject.path`` starts a root helper, which checks that the
name is one of these sticks, unmounts it and takes the request away. No polkit rule, no D-Bus
from the app, and the helper does only this one thing for only these folders.

A :class:`Removal` tells how it went, read from what can be seen: the stick no longer mounted
(done), the request taken away with the stick still mounted (the helper could not: something
still uses it), or no answer in :data:`PATIENCE` seconds (no helper here: the request is taken
back, so that no late helper pulls the stick from under a later export).
"""

from __future__ import annotations

import ctypes
import os
import time
from dataclasses import dataclass
from pathlib import Path

from companion.results.drives import Drive

STICKS = Path("/media/companion")
"""Where ``companion-stick-mount`` mounts the sticks, each in a folder named after its device."""
REQUESTS = Path("/run/companion-stick")
"""Where the app leaves its requests to remove a stick (made at boot by tmpfiles.d, mode 1730,
root and the group companion)."""
PATIENCE = 20.0
"""Seconds to wait for the helper's answer; it unmounts in well under a second."""

WAITING, REMOVED, IN_USE, NO_HELPER, NOT_ASKED = "waiting", "removed", "in use", "no helper", "not asked"


@dataclass(frozen=True, slots=True)
class Sticks:
    """The folder the sticks are mounted in, the folder of removal requests, and how long to wait
    for the helper (seconds)."""

    root: Path = STICKS
    requests: Path = REQUESTS
    patience: float = PATIENCE

    def ours(self, drive: Drive) -> bool:
        """Whether ``drive`` is one of the sticks mounted here, which the helper may remove."""
        return drive.path.parent == self.root

    def remove(self, drive: Drive) -> Removal:
        """Flush ``drive`` and ask for it to be unmounted; the :class:`Removal` tells how it goes."""
        if not self.ours(drive):
            return Removal(drive, None, NOT_ASKED, "not one of the sticks mounted here")
        try:
            _flush(drive.path)
        except OSError as exc:
            return Removal(drive, None, NOT_ASKED, exc.strerror or str(exc))
        request = self.requests / drive.path.name
        try:
            fd = os.open(request, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        except OSError as exc:
            return Removal(drive, None, NO_HELPER, exc.strerror or str(exc))
        os.close(fd)
        return Removal(drive, request, WAITING, "", patience=self.patience)


def _flush(folder: Path) -> None:
    """Everything written to the file system of ``folder`` onto the medium (Linux's ``syncfs``)."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.syncfs(fd) != 0:
            number = ctypes.get_errno()
            raise OSError(number, os.strerror(number))
    finally:
        os.close(fd)


class Removal:
    """One stick's removal as it goes: :meth:`state` is read again until it is no longer
    :data:`WAITING`; ``why`` says, in the system's words, what stood in the way."""

    def __init__(self, drive: Drive, request: Path | None, state: str, why: str, *, patience: float = PATIENCE) -> None:
        self.drive = drive
        self.request = request
        self._state = state
        self.why = why
        self.patience = patience
        self.since = time.monotonic()

    def state(self) -> str:
        if self._state != WAITING:
            return self._state
        if not os.path.ismount(self.drive.path):
            self._finish(REMOVED)
        elif self.request is not None and not os.path.lexists(self.request):
            self._finish(IN_USE)
        elif time.monotonic() - self.since > self.patience:
            self._take_back()
            self._finish(NO_HELPER, "no helper answered")
        return self._state

    def _take_back(self) -> None:
        if self.request is None:
            return
        try:
            self.request.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:  # a request left behind is handled by a helper started later
            self.why = exc.strerror or str(exc)

    def _finish(self, state: str, why: str = "") -> None:
        self._state = state
        self.why = self.why or why
