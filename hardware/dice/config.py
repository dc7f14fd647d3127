"""Settings for the serial electronic die: where to find it and how patient to be with it. Its own
checks raise :class:`~hardware.problems.Invalid` with a phrase the table can translate."""

from __future__ import annotations

import importlib.util
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from hardware.dice.protocol import BAUDRATE, DEVICE_ID_PATTERN
from hardware.problems import Invalid, Phrase

PortKind = Literal["auto", "none", "path", "url"]
_URL = re.compile(r"([a-z][a-z0-9+.-]*)://.*", re.IGNORECASE | re.DOTALL)


class DiceConfig(BaseModel):
    """``port`` is ``"auto"`` (look under /dev/serial/by-id for a name matching ``detect_pattern``),
    ``"none"`` (no die: only the on-screen and typed stand-ins), an absolute device path, or a
    pyserial URL such as ``loop://`` or ``rfc2217://host:port``.

    ``ports`` names the ports of a table with two boards side by side (one reporting the number
    die, one the special die), each a device path or a pyserial URL; when it is given, ``port`` is
    not used. With ``port = "auto"`` up to two boards are found without it.

    ``device_id``, when set, makes the reader ignore lines from any other die (so it names the die
    of a table with one board). The reader waits ``reconnect_interval`` seconds before trying a
    lost port again, doubling the wait after each failure up to ``reconnect_max_interval``. A
    connected die that sends no valid line for ``silence_timeout`` seconds is reported lost
    (``None`` turns that check off). Each port's board is lost and found on its own.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    port: str = "auto"
    ports: tuple[str, ...] = Field(default=(), max_length=2)
    baudrate: int = Field(default=BAUDRATE, gt=0, le=4_000_000)
    device_id: str | None = Field(default=None, pattern=f"^{DEVICE_ID_PATTERN}$")
    detect_pattern: str = Field(default="*dice*", min_length=1)
    reconnect_interval: float = Field(default=0.5, gt=0, le=60)
    reconnect_max_interval: float = Field(default=5.0, gt=0, le=600)
    silence_timeout: float | None = Field(default=3.0, gt=0)

    @field_validator("port")
    @classmethod
    def _port_form(cls, port: str) -> str:
        return _known_port_form(port)

    @field_validator("ports")
    @classmethod
    def _named_ports(cls, ports: tuple[str, ...]) -> tuple[str, ...]:
        for port in ports:
            if port in ("auto", "none"):
                raise Invalid(Phrase("each of the ports is a device path or a pyserial URL, not {port!r}", port=port))
            _known_port_form(port)
        if len(set(ports)) < len(ports):
            raise Invalid(Phrase("the ports name the same port twice"))
        return ports

    @model_validator(mode="after")
    def _backoff_grows(self) -> DiceConfig:
        if self.reconnect_max_interval < self.reconnect_interval:
            raise Invalid(Phrase("reconnect_max_interval must not be smaller than reconnect_interval"))
        if self.device_id is not None and len(self.ports) > 1:
            raise Invalid(Phrase("device_id names the die of a table with one board: leave it out with two ports"))
        return self

    def each_port(self) -> tuple[DiceConfig, ...]:
        """One setting per port to read: each of ``ports``, or the one ``port``."""
        if not self.ports:
            return (self,)
        return tuple(self.model_copy(update={"port": port, "ports": ()}) for port in self.ports)

    @property
    def port_kind(self) -> PortKind:
        if self.ports:
            return "path" if self.ports[0].startswith("/") else "url"
        if self.port in ("auto", "none"):
            return self.port  # type: ignore[return-value]
        return "path" if self.port.startswith("/") else "url"


def _known_port_form(port: str) -> str:
    if port in ("auto", "none") or port.startswith("/"):
        return port
    match = _URL.fullmatch(port)
    if match is None:
        raise Invalid(Phrase("{port!r} is not 'auto', 'none', an absolute device path or a pyserial URL", port=port))
    scheme = match.group(1).lower()
    if importlib.util.find_spec(f"serial.urlhandler.protocol_{scheme}") is None:
        raise Invalid(Phrase("pyserial has no handler for URLs starting with {scheme}://", scheme=scheme))
    return port
