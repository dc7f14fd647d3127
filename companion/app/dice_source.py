"""Where the rolls come from: the serial die, the screen's die, a real die's face typed or the
Bluetooth dice paired by touch, as the settings choose, switched at once on the running table
(which keeps its panel and what was chosen on it); the search for Bluetooth dice and their pairing;
the emulated serial die thrown from the screen (``--dice emulator``); and what opening the table's
devices raises when they cannot be used."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engines.core.errors import CompanionError

if TYPE_CHECKING:
    from companion.app.host import Host
    from companion.app.settings import AppSettings
    from companion.table.devices import ReaderFactory
    from hardware.dice.bluetooth.common import BluetoothConfig, FoundDie
    from hardware.dice.bluetooth.source import Backend

SEARCH_SECONDS = 8.0
"""How long "Search for dice" listens."""
ELECTRONIC = ("serial", "bluetooth")
"""The sources that are a device the table reads."""


def bluetooth_config(settings: AppSettings) -> BluetoothConfig:
    """The paired dice of the app's settings, for the Bluetooth source."""
    from hardware.dice.bluetooth.common import BluetoothConfig, PairedDie

    return BluetoothConfig(
        tuple(
            PairedDie(die["address"], die["kind"], die["name"], die["die"])  # type: ignore[arg-type]
            for die in settings.bluetooth_dice
        )
    )


def chosen_die(
    settings: AppSettings, serial: ReaderFactory | None, backend: Callable[[], Backend] | None = None
) -> ReaderFactory | None:
    """The table's die as the settings choose it: the serial die's reader (``serial``, from the
    hardware settings file), the paired Bluetooth dice, or none (the screen's die, a face typed)."""
    if settings.die == "serial":
        return serial
    if settings.die != "bluetooth":
        return None
    config = bluetooth_config(settings)

    def bluetooth(sink: Any) -> Any:
        from hardware.dice.bluetooth.source import BluetoothDice

        return BluetoothDice(config, sink, backend=backend)

    return bluetooth


def device_failures() -> tuple[type[Exception], ...]:
    """What opening the table's hardware raises when a settings file, a pin or a port cannot be
    used: the settings file's problems (ValueError, the project's errors), the system's (OSError,
    pyserial's SerialException among them), a library that is not there (ImportError) and
    gpiozero's own (a pin taken, no pin factory). Evaluated only when something was raised, so
    gpiozero is imported no earlier than the table imports it."""
    failures: tuple[type[Exception], ...] = (CompanionError, OSError, ValueError, ImportError)
    try:
        from gpiozero import GPIOZeroError
    except ImportError:  # no gpiozero: none of its errors can have been raised
        return failures
    return (*failures, GPIOZeroError)


class DiceSource:
    """The app's part that chooses the die: a mixin of :class:`~companion.app.shell.CompanionApp`."""

    bluetooth_backend: Callable[[], Backend] | None = None
    """What makes the Bluetooth radio (None: bleak's); a test's fake radio stands here."""

    def die_source(self: Host) -> str:
        return self.settings_.die

    @property
    def has_emulated_die(self: Host) -> bool:
        return self.emulator is not None

    def throw_die(self: Host, die: str) -> None:
        """Throw the emulated serial die (``--dice emulator``), tumbling a moment as a real one does."""
        if self.emulator is not None:
            threading.Thread(
                target=self.emulator.roll, args=(die,), kwargs={"tumble": 0.3}, name="dice-throw", daemon=True
            ).start()

    def set_die_source(self: Host, source: str) -> None:
        """Where rolls come from, at once: the running table keeps its panel and what was chosen
        on it, and only its die changes."""
        was = self.settings_.die
        self.settings_.die = source
        self.save_settings()
        if self.table is not None and was != source and (was in ELECTRONIC or source in ELECTRONIC):
            self._use_chosen_die()
        self.refresh()

    def _use_chosen_die(self: Host) -> None:
        """The running table reads the die the settings choose from now on."""
        assert self.table is not None
        serial: ReaderFactory | None = None
        make = getattr(self.hardware, "dice", None)  # run.Hardware gives the die alone
        if self.settings_.die == "serial" and make is not None:
            try:
                serial = make()
            except device_failures() as error:  # a settings file or port that cannot be used
                from companion.app.problems import hardware_problems

                self.tell(hardware_problems(error), refusal=True)
        self.table.use_dice(chosen_die(self.settings_, serial, self.bluetooth_backend))

    # -- the Bluetooth dice, paired by touch

    def paired_dice(self: Host) -> list[dict[str, str]]:
        return list(self.settings_.bluetooth_dice)

    def search_dice(self: Host, found: Callable[[FoundDie], None], done: Callable[[str | None], None]) -> None:
        """Listen for dice a while: ``found`` for each die heard, then ``done`` (None, or why no
        search could be made); both on the UI loop."""
        from kivy.clock import Clock

        from hardware.dice.bluetooth.source import search

        def later(call: Callable[..., None]) -> Callable[..., None]:
            return lambda *args: Clock.schedule_once(lambda _dt: call(*args))

        search(SEARCH_SECONDS, later(found), later(done), backend=self.bluetooth_backend)

    def pair_die(self: Host, die: FoundDie, role: str) -> None:
        """``die`` rolls as the game's ``role`` die (number or special) from now on: the die paired
        for that role before, or this die paired for the other role, is forgotten."""
        kept = [d for d in self.settings_.bluetooth_dice if d["die"] != role and d["address"] != die.address]
        paired = {"address": die.address, "kind": die.kind, "name": die.name, "die": role}
        self.settings_.bluetooth_dice = sorted([*kept, paired], key=lambda d: d["die"])
        self._paired_changed()

    def forget_die(self: Host, address: str) -> None:
        self.settings_.bluetooth_dice = [d for d in self.settings_.bluetooth_dice if d["address"] != address]
        self._paired_changed()

    def _paired_changed(self: Host) -> None:
        self.save_settings()
        if self.table is not None and self.settings_.die == "bluetooth":
            self._use_chosen_die()
        self.refresh()
