"""The time the companion writes, from a device clock that may be wrong.

Most Pis have no battery clock and the kiosk has no network: after a boot the clock may stand
days or months behind (Bookworm restores the time of the last shutdown, Trixie not even that).
The kernel knows whether the clock was ever set from a trusted source: :func:`kernel_synchronised`
asks it through adjtimex(2), which returns ``TIME_ERROR`` while the clock is unsynchronised (the
same flag ``timedatectl show -p NTPSynchronized`` reads).

While the clock is unsynchronised, the table confirms the day once per boot
(:class:`DayClock`); from then on every time written is the clock's time of day on the day the
table confirmed: the clock's time moved by the whole days between its day and the confirmed one.
:func:`now` gives that time to the journal (the start of a game, its entries, saves), and so to
BG Stats' ``playDate``. Once the kernel says the clock is synchronised, the clock is taken as it
is again. Where the kernel cannot be asked (not Linux), the clock is taken as right.

What the table confirmed is kept in a small file beside the journal with the boot's id
(``/proc/sys/kernel/random/boot_id``), so that the app started again in the same boot does not
ask again, and the next boot does.
"""

from __future__ import annotations

import ctypes
import datetime
import json
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)

TIME_ERROR = 5  # adjtimex(2): the clock is not synchronised
BOOT_ID = Path("/proc/sys/kernel/random/boot_id")
FILE = "confirmed-day.json"
EARLIEST = datetime.date(2024, 1, 1)  # no table played with the companion before
AHEAD = datetime.timedelta(days=10 * 366)  # how far after the clock's day the table may confirm
LONGEST = 100 * 366  # more days between the clock and the day confirmed: a damaged file


def kernel_synchronised() -> bool | None:
    """Whether the kernel takes its clock as synchronised; None where it cannot be asked."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        adjtimex = libc.adjtimex
    except (OSError, AttributeError):
        return None
    # struct timex begins with ``modes``: 0 changes nothing. The buffer is larger than the struct
    # on any architecture (208 bytes on 64-bit Linux), so the kernel's answer always fits.
    timex = ctypes.create_string_buffer(512)
    state = adjtimex(timex)
    if state < 0:
        return None
    return state != TIME_ERROR


def boot_id() -> str | None:
    """This boot's id, new at every boot; None where the system has none."""
    try:
        return BOOT_ID.read_text(encoding="ascii").strip() or None
    except (OSError, UnicodeDecodeError):
        return None


def _local_now() -> datetime.datetime:
    return datetime.datetime.now()


class DayClock:
    """The device's clock, and the day the table confirmed for this boot while it is not
    synchronised. ``synchronised``, ``boot`` and ``wall`` (naive local time) are the kernel's, the
    system's and the clock's unless given; ``folder`` keeps the confirmation (None: kept in
    memory only)."""

    def __init__(
        self,
        folder: Path | None = None,
        *,
        synchronised: Callable[[], bool | None] = kernel_synchronised,
        boot: Callable[[], str | None] = boot_id,
        wall: Callable[[], datetime.datetime] = _local_now,
    ) -> None:
        self.folder = folder
        self.synchronised = synchronised
        self.boot = boot()
        self.wall = wall
        self.days: int | None = self._read()  # the confirmed day minus the clock's day, this boot

    # ----------------------------------------------------------------------------- asking
    def trusted(self) -> bool:
        """The clock is taken as it is: synchronised, or the kernel cannot be asked."""
        return self.synchronised() is not False

    def asks(self) -> bool:
        """The table is to confirm the day: the clock is unsynchronised and nothing was confirmed
        in this boot."""
        return self.days is None and not self.trusted()

    def clock_day(self) -> datetime.date:
        return self.wall().date()

    def choices(self) -> tuple[datetime.date, datetime.date]:
        """The first and last day the table may confirm."""
        day = self.clock_day()
        return min(day, EARLIEST), max(day, EARLIEST) + AHEAD

    def confirm(self, day: datetime.date) -> None:
        """``day`` is today for the rest of this boot. Where it cannot be kept for a start of the
        app later in the boot, it holds in this one all the same (and the log says so)."""
        earliest, latest = self.choices()
        if not earliest <= day <= latest:
            raise ValueError(f"{day} lies outside {earliest} … {latest}")
        clock_day = self.clock_day()
        self.days = (day - clock_day).days
        log.info("the table confirmed %s as today; the clock says %s (%+d days)", day, clock_day, self.days)
        self._write(day, clock_day)

    # ----------------------------------------------------------------------------- telling the time
    def shift(self) -> datetime.timedelta:
        if self.days is None or self.trusted():
            return datetime.timedelta(0)
        return datetime.timedelta(days=self.days)

    def now(self) -> datetime.datetime:
        """The time to write: the clock's, on the confirmed day; local, with its UTC offset."""
        return (self.wall() + self.shift()).astimezone()

    def today(self) -> datetime.date:
        return self.now().date()

    # ----------------------------------------------------------------------------- keeping
    def _path(self) -> Path | None:
        return None if self.folder is None or self.boot is None else self.folder / FILE

    def _read(self) -> int | None:
        path = self._path()
        if path is None:
            return None
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as error:  # unreadable: the table is asked again
            log.warning("%s cannot be read (%s); the day is asked again", path, error)
            return None
        if not isinstance(kept, dict) or kept.get("boot") != self.boot:
            return None  # confirmed in another boot
        days = kept.get("days")
        if not isinstance(days, int) or isinstance(days, bool) or abs(days) > LONGEST:
            log.warning("%s holds no number of days; the day is asked again", path)
            return None
        return days

    def _write(self, day: datetime.date, clock_day: datetime.date) -> None:
        path = self._path()
        if path is None:
            return
        kept = {"boot": self.boot, "days": self.days, "confirmed": day.isoformat(), "clock": clock_day.isoformat()}
        part = path.with_name(path.name + ".part")
        try:
            with open(part, "w", encoding="utf-8") as file:
                file.write(json.dumps(kept) + "\n")
                file.flush()
                os.fsync(file.fileno())
            os.replace(part, path)
        except OSError as error:
            log.warning("the confirmed day is not kept in %s (%s); it holds until the app ends", path, error)


_in_use: DayClock | None = None


def use(clock: DayClock | None) -> None:
    """``clock`` gives the time from now on (None: the device's clock as it is)."""
    global _in_use
    _in_use = clock


def now() -> datetime.datetime:
    """The time to write now: local, with its UTC offset."""
    return _in_use.now() if _in_use is not None else datetime.datetime.now().astimezone()
