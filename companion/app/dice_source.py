"""Where the rolls come from: the serial die, the screen's die or a real die's face typed, as the
settings choose, switched at once on the running table (which keeps its panel and what was chosen
on it); the emulated serial die thrown from the screen (``--dice emulator``); and what opening the
table's devices raises when they cannot be used."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from engines.core.errors import CompanionError

if TYPE_CHECKING:
    from companion.app.host import Host
    from companion.table.devices import ReaderFactory


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
        if self.table is not None and (was == "serial") != (source == "serial"):
            dice: ReaderFactory | None = None
            make = getattr(self.hardware, "dice", None)  # run.Hardware gives the die alone
            if source == "serial" and make is not None:
                try:
                    dice = make()
                except device_failures() as error:  # a settings file or port that cannot be used
                    from companion.app.problems import hardware_problems

                    self.tell(hardware_problems(error), refusal=True)
            self.table.use_dice(dice)
        self.refresh()
