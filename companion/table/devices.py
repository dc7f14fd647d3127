"""The hardware one table owns: the button panel with its LEDs, and the electronic die's reader.

The table hands factories that take a sink (``lambda sink: open_panel(config, sink, ...)``,
``lambda sink: DiceReader(config, sink)``); the sinks it passes hop onto the UI loop, so every
event reaches ``deliver`` there, in the order the hardware sent it. Starting and closing the
hardware is the only thread work the table does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from companion.table.loop import Loop
from hardware.config import HardwareConfig
from hardware.dice.bluetooth.common import DieLink
from hardware.dice.reader import DiceReader, ReaderState, ReaderStatus
from hardware.events import DeviceConnected, DeviceLost, InputEvent
from hardware.panel import Panel, PlayerLeds, open_leds, open_panel

Sink = Callable[[InputEvent], None]
PanelFactory = Callable[[Sink], Panel | None]


class DieSource(Protocol):
    """What the table asks of its die: the serial reader, or the Bluetooth dice
    (:class:`hardware.dice.bluetooth.source.BluetoothDice`)."""

    def start(self) -> None: ...

    def stop(self, timeout: float = 2.0) -> bool: ...

    def status(self) -> ReaderStatus: ...


ReaderFactory = Callable[[Sink], DieSource]
PanelState = Literal["absent", "waiting", "connected", "lost"]


@dataclass(frozen=True, slots=True)
class HardwareStatus:
    """For a status line: the panel, and the die (the reader's state, or ``absent``: only the
    on-screen and typed stand-ins)."""

    panel: PanelState
    panel_detail: str
    die: ReaderState | Literal["absent"]
    die_detail: str
    dice: tuple[DieLink, ...] = ()
    """The Bluetooth dice one by one (none for the serial die)."""


class Devices:
    def __init__(
        self,
        loop: Loop,
        deliver: Callable[[InputEvent], None],
        *,
        panel: PanelFactory | None = None,
        leds: PlayerLeds | None = None,
        dice: ReaderFactory | None = None,
    ) -> None:
        self._deliver = deliver
        self._sink = sink = loop.hop(self._arrive)
        self.leds = leds
        self.panel = panel(sink) if panel is not None else None
        self.reader = dice(sink) if dice is not None else None
        self._panel: tuple[PanelState, str] = (
            ("waiting", "not started") if self.panel is not None else ("absent", "no panel: choose on the screen")
        )

    def start(self) -> None:
        if self.panel is not None:
            self.panel.start()
        if self.reader is not None:
            self.reader.start()

    def _arrive(self, event: InputEvent) -> None:
        if isinstance(event, DeviceConnected) and event.kind == "panel":
            self._panel = ("connected", event.detail)
        elif isinstance(event, DeviceLost) and event.kind == "panel":
            self._panel = ("lost", event.reason)
        self._deliver(event)

    def replace_reader(self, dice: ReaderFactory | None) -> None:
        """Another die (or none) from now on; the panel and what was chosen on it stay."""
        if self.reader is not None:
            self.reader.stop()
        self.reader = dice(self._sink) if dice is not None else None
        if self.reader is not None:
            self.reader.start()

    def keys(self) -> dict[int, tuple[str, ...]] | None:
        """The keys of the keyboard standing in for the panel, by seat; None for any other panel."""
        keys = getattr(self.panel, "keys", None)
        return dict(keys) if isinstance(keys, dict) else None

    def key(self, name: str, down: bool) -> bool:
        """A key of the keyboard standing in for the panel; True if it is a panel key."""
        press = getattr(self.panel, "key_down" if down else "key_up", None)
        return bool(press(name)) if press is not None else False

    def status(self) -> HardwareStatus:
        die: ReaderState | Literal["absent"]
        links: tuple[DieLink, ...] = ()
        if self.reader is None:
            die, detail = "absent", "no electronic die: roll on the screen or type the roll"
        else:
            reader = self.reader.status()
            die, detail, links = reader.state, reader.detail, getattr(reader, "dice", ())
        return HardwareStatus(self._panel[0], self._panel[1], die, detail, links)

    def close(self) -> None:
        if self.reader is not None:
            self.reader.stop()
        if self.panel is not None:
            self.panel.close()
        if self.leds is not None:
            self.leds.close()


def from_config(config: HardwareConfig, *, pin_factory: Any) -> dict[str, Any]:
    """The table's hardware arguments for the settings file: ``Table(session, game, schedule=...,
    rng=..., **from_config(config, pin_factory=None))``. The LEDs are opened here (their pins are
    claimed now); the panel and the reader when the table is built."""
    panel = config.panel
    leds = open_leds(panel, pin_factory=pin_factory) if panel.wiring != "none" else None
    return {
        "panel": lambda sink: open_panel(panel, sink, pin_factory=pin_factory),
        "leds": leds,
        "dice": dice_factory(config),
        "hold_to_clear_s": panel.hold_to_clear_s,
    }


def dice_factory(config: HardwareConfig) -> ReaderFactory | None:
    """The die's reader as the settings file names it; None when it names no die."""
    dice = config.dice
    return None if dice.port_kind == "none" else lambda sink: DiceReader(dice, sink)
