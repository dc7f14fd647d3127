"""The hardware one table owns: the button panel with its LEDs, and the electronic die's reader.

Which dice the electronic dice serve: a table with one board that reports the number die for
every roll uses it for the special die too (:meth:`Devices.serves_both`); two boards side by
side, or one that reports both dice, each say which die they rolled.

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
from hardware.dice.reader import ReaderState, ReaderStatus, open_dice
from hardware.events import DeviceConnected, DeviceLost, Die, DieRolling, DieSettled, DieTilted, InputEvent
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
    boards: tuple[ReaderStatus, ...] = ()
    """Two serial dice boards side by side, one by one (none for one board)."""


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
        self._dice_on: set[str] = set()  # the electronic dice connected now, by device
        self._reported: dict[str, set[Die]] = {}  # the dice each device has reported so far

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
        elif isinstance(event, DeviceConnected) and event.kind == "dice":
            self._dice_on.add(event.device)
        elif isinstance(event, DeviceLost) and event.kind == "dice":
            self._dice_on.discard(event.device)
        elif isinstance(event, DieRolling | DieSettled | DieTilted):
            self._reported.setdefault(event.device, set()).add(event.die)
        self._deliver(event)

    def serves_both(self, device: str) -> bool:
        """Whether the electronic die ``device`` stands for either die: it is the only one
        connected and it has only ever reported one die (a board with one die on it says NUMBER
        for every roll). Two boards side by side, or one that has reported both dice, do not."""
        return self._dice_on <= {device} and len(self._reported.get(device, ())) <= 1

    def replace_reader(self, dice: ReaderFactory | None) -> None:
        """Another die (or none) from now on; the panel and what was chosen on it stay."""
        if self.reader is not None:
            self.reader.stop()
        self._dice_on.clear()  # a stopped reader reports nothing lost
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
        boards: tuple[ReaderStatus, ...] = ()
        if self.reader is None:
            die, detail = "absent", "no electronic die: roll on the screen or type the roll"
        else:
            reader = self.reader.status()
            die, detail, links = reader.state, reader.detail, getattr(reader, "dice", ())
            boards = getattr(reader, "boards", ())
        return HardwareStatus(self._panel[0], self._panel[1], die, detail, links, boards)

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
    """The dice's readers as the settings file names them (one port, two, or the search for up to
    two boards); None when it names no die."""
    dice = config.dice
    return None if dice.port_kind == "none" else lambda sink: open_dice(dice, sink)
