"""``companion selftest``: press every button and roll the die; report what did not register.

Reads the hardware settings file (``hardware.config``), watches the button panel for the given
time while the players press each of their buttons, then listens to the die until it rolls.
Exit code 0 when everything registered, 1 when something is stuck, chattering, silent or not
found, 2 when the settings file is unusable or the command line leaves nothing to test (both
``--skip-panel`` and ``--skip-die``) or gives a time that is not above 0 and at most an hour.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:  # gpiozero and the settings' models load when the self-test runs, not for --help
    from hardware.config import HardwareConfig
    from hardware.panel import Panel
    from hardware.panel.debounce import Sink

SUMMARY = "selftest [--config FILE] [--seconds N]  press every button and roll the die; report faults"


def add_to(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "selftest",
        help="check the button panel and the die",
        description="Watch the button panel while every button is pressed once, then wait for a roll of the die.",
    )
    parser.add_argument("--config", type=Path, help="the hardware settings file (default: see docs/wiring.md)")
    parser.add_argument("--seconds", type=_seconds, default=30.0, help="how long to watch the panel (30)")
    parser.add_argument("--die-seconds", type=_seconds, default=15.0, help="how long to wait for a roll (15)")
    parser.add_argument("--skip-panel", action="store_true", help="only test the die")
    parser.add_argument("--skip-die", action="store_true", help="only test the panel")
    parser.set_defaults(handler=run)


LONGEST_WAIT = 3600.0


def _seconds(text: str) -> float:
    """A time to watch or wait: above 0 and at most an hour (not nan, not infinite)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number of seconds") from None
    if not 0 < value <= LONGEST_WAIT:  # also false for nan
        raise argparse.ArgumentTypeError(
            f"give a number of seconds above 0 and at most {LONGEST_WAIT:g}, not {text[:40]}"
        )
    return value


def run(args: argparse.Namespace, *, pin_factory: Any = None, out: TextIO = sys.stdout) -> int:
    from hardware.config import HardwareConfigError, load_hardware_config

    if args.skip_panel and args.skip_die:
        print("companion selftest: --skip-panel and --skip-die together leave nothing to test", file=sys.stderr)
        return 2
    try:
        config = load_hardware_config(args.config)
    except HardwareConfigError as error:
        print(f"companion selftest: {error}", file=sys.stderr)
        return 2
    print(f"Settings: {config.source or 'none found, using the defaults'}", file=out, flush=True)
    ok = True
    if not args.skip_panel:
        ok &= _panel(config, args.seconds, pin_factory, out)
    if not args.skip_die:
        ok &= _die(config, args.die_seconds, out)
    print("Everything registered." if ok else "Something needs a look (see above).", file=out, flush=True)
    return 0 if ok else 1


def _panel(config: HardwareConfig, seconds: float, pin_factory: Any, out: TextIO) -> bool:
    from gpiozero.exc import BadPinFactory, GPIOZeroError, PinFactoryFallback

    from hardware.panel import open_panel, run_selftest

    panel_config = config.panel
    if panel_config.wiring == "none":
        print("Panel: none configured; picks are made on the screen.", file=out, flush=True)
        return True
    if panel_config.wiring == "keyboard":
        print("Panel: the keyboard stands in for it; it is checked in the app, not here.", file=out, flush=True)
        return True
    buttons = panel_config.buttons()

    def opened(sink: Sink) -> Panel:
        panel = open_panel(panel_config, sink, pin_factory=pin_factory)
        assert panel is not None  # None only for wiring "none", answered above
        return panel

    print(
        f"Panel ({panel_config.wiring} wiring, {len(buttons)} buttons): press every button once within {seconds:g} s.",
        file=out,
        flush=True,
    )
    try:
        with warnings.catch_warnings():  # gpiozero warns once per pin library it cannot load
            warnings.simplefilter("ignore", PinFactoryFallback)
            report = run_selftest(
                opened,
                buttons,
                duration_s=seconds,
            )
    except BadPinFactory:
        print(
            'Panel: this machine has no GPIO pins (no pin factory); set wiring = "keyboard" on a desktop.',
            file=out,
            flush=True,
        )
        return False
    except GPIOZeroError as error:
        print(f"Panel: the pins could not be opened: {error}", file=out, flush=True)
        return False
    print(report.text(), file=out, flush=True)
    return report.ok


def _die(config: HardwareConfig, seconds: float, out: TextIO) -> bool:
    from hardware.dice.selftest import listen

    if config.dice.port_kind != "none":
        where = ", ".join(config.dice.ports) or config.dice.port
        print(f"Die ({where}): roll it once within {seconds:g} s.", file=out, flush=True)
    report = listen(config.dice, seconds, rolls=1)
    print(report.text(), file=out, flush=True)
    return report.verdict in ("ok", "disabled")
