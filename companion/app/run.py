"""Starting the app: ``companion`` with no arguments (or ``companion app [options]``).

On a desktop without a hardware settings file the keyboard is the button panel and rolls come from
the screen; ``--dice emulator`` plugs in an emulated serial die on a pseudo-terminal and reads it
like a real one. On the Pi the hardware settings file (docs/wiring.md) names the panel and the die.
"""

from __future__ import annotations

import argparse
import errno
import logging
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

SUMMARY = "[app] [--dice emulator|settings|none] [--data-dir DIR] [--size WxH] [--kiosk]  start the touchscreen app"


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--dice",
        choices=("settings", "emulator", "none"),
        default="settings",
        help="the serial die: as the hardware settings file says (default), an emulated die, or none",
    )
    parser.add_argument("--data-dir", help="where the journal and the app's settings live")
    parser.add_argument("--size", type=size, help="window size, e.g. 800x480 (default) or 1280x720")
    parser.add_argument("--fullscreen", action="store_true", help="fill the display (the Pi's kiosk)")
    parser.add_argument(
        "--kiosk", action="store_true", help="no key ends the app (Escape ends it otherwise); companion.service's way"
    )


def add_to(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("app", help="start the touchscreen app (the default without a command)")
    add_options(parser)
    parser.set_defaults(handler=run)


def size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 800x480") from None
    if not (320 <= width <= 7680 and 240 <= height <= 4320):
        raise argparse.ArgumentTypeError(f"{text!r}: width 320..7680 and height 240..4320")
    return width, height


class Hardware:
    """What the app gives each new table: the panel and LEDs from the hardware settings file (the
    keyboard when there is none), and the serial die or the paired Bluetooth dice only when the
    app's settings choose them.

    Nothing is read or imported until the first table opens (gpiozero, pyserial and the settings
    file's models cost a third of a second): the start screen comes first. A settings file that
    cannot be used raises ``HardwareConfigError`` then, and the app says so on the screen."""

    def __init__(self, app_settings: Any, *, dice: str = "settings", emulator: Any = None) -> None:
        self.app_settings = app_settings
        self.dice_option = dice  # --dice (``dice`` is the die's reader factory)
        self.emulator = emulator
        self._config: Any = None

    def config(self) -> Any:
        if self._config is None:
            from hardware.config import HardwareConfig, load_hardware_config
            from hardware.dice.config import DiceConfig
            from hardware.panel import PanelConfig

            config = load_hardware_config()
            if config.source is None:  # no settings file: a desktop
                config = HardwareConfig(PanelConfig(wiring="keyboard"), DiceConfig(port="none"), None)
            if self.emulator is not None:
                config = replace(config, dice=DiceConfig(port=self.emulator.path))
            elif self.dice_option == "none":
                config = replace(config, dice=DiceConfig(port="none"))
            self._config = config
        return self._config

    def __call__(self) -> dict[str, Any]:
        from companion.app.dice_source import chosen_die
        from companion.table.devices import from_config

        hardware = from_config(self.config(), pin_factory=None)
        hardware["dice"] = chosen_die(self.app_settings(), hardware["dice"])  # serial, Bluetooth or none
        return hardware

    def dice(self) -> Any:
        """The die's reader factory alone (None: no serial die), for a table whose die changes."""
        from companion.table.devices import dice_factory

        return dice_factory(self.config())


def hardware_factory(app_settings: Any, *, dice: str, emulator: Any = None) -> tuple[Hardware, Any]:
    """The app's hardware and its settings read now (for benchmarks and tests that want both)."""
    hardware = Hardware(app_settings, dice=dice, emulator=emulator)
    return hardware, hardware.config()


def run(args: argparse.Namespace) -> int:
    from companion.app import env
    from companion.journal.errors import JournalError
    from companion.journal.paths import data_dir

    try:
        directory = data_dir(args.data_dir).resolve()
    except JournalError as error:
        print(f"companion: {error}", file=sys.stderr)
        return 2
    read_only = unwritable(directory)
    if read_only is not None:  # the window says so; the journal's games are shown, nothing is written
        print(f"companion: the data directory {directory} cannot be written: {read_only}", file=sys.stderr)
        import tempfile

        env.prepare(Path(tempfile.mkdtemp(prefix="companion-kivy-")), size=args.size)
    else:
        env.prepare(directory / "kivy", size=args.size)
    if args.fullscreen:
        os.environ["KCFG_GRAPHICS_FULLSCREEN"] = "auto"
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    from companion.app import display
    from hardware.display import read_display

    display_settings, unreadable = read_display()  # a file that cannot be read: the defaults, and said
    display.apply(display_settings)  # before the window opens (the shell's import opens it)
    emulator, stop = start_emulator() if args.dice == "emulator" else (None, None)
    from companion.app.shell import CompanionApp
    from companion.clock import DayClock

    app: CompanionApp  # the hardware's settings are read from it once it runs
    app = CompanionApp(
        directory,
        hardware=Hardware(lambda: app.settings_, dice=args.dice, emulator=emulator),
        emulator=emulator,
        read_only=read_only,
        clock=DayClock(directory),  # an unsynchronised clock: the first new game of a boot asks the date
    )
    if args.kiosk:
        from companion.app import kiosk

        kiosk.keep_open(app)
    if unreadable is not None:
        from companion.app.shell import hardware_words

        print(f"companion: {unreadable}", file=sys.stderr)
        app.startup_problems.extend(hardware_words(unreadable))
    if emulator is not None and app.settings_.die != "serial":
        app.settings_.die = "serial"  # the emulated die was asked for: read it
    try:
        app.run()
    finally:
        if emulator is not None:
            assert stop is not None  # started with the emulator
            stop.set()
            emulator.close()
    return 0


def unwritable(directory: Path) -> str | None:
    """Why the data directory (made if missing) and Kivy's folder in it cannot be written, or None."""
    try:
        (directory / "kivy").mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as error:
        return error.strerror or str(error)
    if not os.access(directory, os.W_OK) or not os.access(directory / "kivy", os.W_OK):
        return os.strerror(errno.EACCES)
    return None


def start_emulator() -> tuple[Any, Any]:
    """An emulated serial die on a pseudo-terminal, sending its heartbeat on a thread of its own
    until the returned event is set; the app's roll buttons throw it (``emulator.roll``)."""
    import threading

    from hardware.dice.emulator import DiceEmulator
    from hardware.dice.emulator import run as drive

    emulator = DiceEmulator("EMU1")
    emulator.open()
    stop = threading.Event()
    thread = threading.Thread(target=drive, args=(emulator, stop), name="dice-emulator", daemon=True)
    thread.start()
    return emulator, stop
