"""Telling systemd how the app is, without a dependency: one datagram per message to the socket
named by ``$NOTIFY_SOCKET`` (a path, or an abstract socket when it starts with ``@``), as
systemd's ``sd_notify`` does.

The service (``systemd/companion.service``, ``Type=notify``) waits for ``READY=1``, sent once the
window has drawn its first frame, and restarts the app when ``WATCHDOG=1`` stops coming: it is
sent from a callback of the UI loop's clock every half of ``$WATCHDOG_USEC``, so a frozen screen
stops it. Without ``$NOTIFY_SOCKET`` (a desktop, the tests) nothing is sent. A message that cannot
be sent is logged (once until one is sent again), never raised.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Mapping
from typing import Any

log = logging.getLogger(__name__)


class Notifier:
    def __init__(self, environ: Mapping[str, str] = os.environ) -> None:
        self.address = _address(environ.get("NOTIFY_SOCKET", ""))
        self.watchdog = watchdog_interval(environ)
        self._failing = False

    def send(self, message: str) -> bool:
        """``message`` (``READY=1``, ``WATCHDOG=1``, ...) sent; False when there is nowhere to send
        it or it could not be sent."""
        if self.address is None:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.connect(self.address)
                sock.sendall(message.encode())
        except OSError as error:
            if not self._failing:
                log.warning("systemd was not told %s: %s", message, error.strerror or error)
            self._failing = True
            return False
        if self._failing:
            log.info("systemd is told again (%s)", message)
        self._failing = False
        return True

    def drawn(self, schedule_interval: Callable[[Callable[[Any], Any], float], Any]) -> None:
        """The first frame is drawn: ``READY=1``, and ``WATCHDOG=1`` from the UI loop's clock
        (``schedule_interval(callback, seconds)``, Kivy's ``Clock.schedule_interval``) from now on."""
        self.send("READY=1")
        if self.watchdog is not None and self.address is not None:
            schedule_interval(lambda _dt: self.send("WATCHDOG=1"), self.watchdog)


def watchdog_interval(environ: Mapping[str, str]) -> float | None:
    """Seconds between two ``WATCHDOG=1``: half of ``$WATCHDOG_USEC``, when systemd watches this
    process (``$WATCHDOG_PID`` unset or ours); else None."""
    usec, pid = environ.get("WATCHDOG_USEC", ""), environ.get("WATCHDOG_PID", "")
    if not usec or (pid and pid != str(os.getpid())):
        return None
    try:
        value = int(usec)
    except ValueError:
        log.warning("WATCHDOG_USEC=%s is not a number; the watchdog is not fed", usec)
        return None
    return value / 2_000_000 if value > 0 else None


def _address(value: str) -> str | None:
    if value.startswith("@"):
        return "\0" + value[1:]  # an abstract socket
    if value.startswith("/"):
        return value
    if value:
        log.warning("NOTIFY_SOCKET=%s is neither a path nor an abstract socket; systemd is not told", value)
    return None
