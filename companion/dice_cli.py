"""``companion dice-emulator``: a pretend serial die on a pseudo-terminal.

The first line on stdout is the path to open (the ``--link`` path when given, else the pty);
it is flushed at once, so a script can read it and connect. stdout carries nothing but paths:
without ``--link`` the pty's path is printed again each time the emulator comes back after
an unplug. Messages go to stderr.

Keys are read from stdin: from a terminal one key at a time, and without ``--auto-roll`` also
from a pipe, in which case the end of the input ends the emulator. With ``--auto-roll`` it rolls
until interrupted (SIGINT or SIGTERM) and then exits 0.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import re
import signal
import sys
import termios
import time
import tty
from collections.abc import Iterator

from hardware.dice import emulator
from hardware.dice.protocol import DEVICE_ID_PATTERN

SUMMARY = "dice-emulator [--auto-roll SECONDS]  act as the serial die on a pseudo-terminal (prints its path first)"


def add_to(commands: argparse._SubParsersAction) -> None:
    keys = ", ".join(f"{key} {what}" for key, what in emulator.KEYS.items())
    parser = commands.add_parser(
        "dice-emulator",
        help="act as the serial electronic die on a pseudo-terminal",
        description="Act as the serial die (docs/dice-protocol.md) on a pseudo-terminal. The first line printed "
        f"is the path a reader should open. Keys: {keys}.",
    )
    parser.add_argument("--auto-roll", type=_seconds, metavar="SECONDS", help="roll a random die this often")
    parser.add_argument("--link", metavar="PATH", help="keep a symbolic link here pointing at the current pty")
    parser.add_argument("--device-id", type=_device_id, default="EMU1", help="the id the die reports (EMU1)")
    parser.add_argument("--seed", type=int, help="seed for the faces, for repeatable demos")
    parser.set_defaults(handler=_run)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError("give a number of seconds above 0 and at most 3600")
    return value


def _device_id(text: str) -> str:
    if not re.fullmatch(DEVICE_ID_PATTERN, text):
        raise argparse.ArgumentTypeError("a device id is 1 to 12 of A-Z a-z 0-9 _ -")
    return text


def _run(args: argparse.Namespace) -> int:
    die = emulator.DiceEmulator(args.device_id, rng=random.Random(args.seed), link=args.link)
    try:
        path = die.open()
    except OSError as exc:
        print(f"dice-emulator: cannot start: {exc}", file=sys.stderr)
        return 2
    stop = _SignalFlag()
    previous = {sig: signal.signal(sig, lambda _sig, _frame: stop.set()) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        _print_path(path)
        keys = _keys_fd(args.auto_roll is not None)
        if keys is not None and sys.stdin.isatty():
            _say("keys: " + ", ".join(f"{key} {what}" for key, what in emulator.KEYS.items()))
        with _single_keys(keys):
            emulator.run(die, stop, auto_roll=args.auto_roll, keys=keys, on_path=_print_path, say=_say)
    finally:
        die.close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return 0


class _SignalFlag:
    """A stop flag that a signal handler may set. ``threading.Event`` would not do: its ``set``
    takes a lock, and a signal landing while the main thread holds that lock deadlocks."""

    def __init__(self) -> None:
        self._set = False

    def set(self) -> None:
        self._set = True

    def is_set(self) -> bool:
        return self._set

    def wait(self, timeout: float) -> bool:
        if not self._set:
            time.sleep(timeout)  # a signal cuts the sleep short only by the rest of ``timeout``
        return self._set


def _keys_fd(auto_rolling: bool) -> int | None:
    """stdin's descriptor when keys should be read from it: always a terminal; a pipe only without auto-roll."""
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return None
    return fd if sys.stdin.isatty() or not auto_rolling else None


@contextlib.contextmanager
def _single_keys(fd: int | None) -> Iterator[None]:
    """Let a terminal hand over each key at once, without Enter; restore it afterwards."""
    if fd is None or not sys.stdin.isatty():
        yield
        return
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _print_path(path: str) -> None:
    try:
        print(path, flush=True)
    except OSError:  # nobody reads stdout any more
        pass


def _say(message: str) -> None:
    try:
        print(f"dice-emulator: {message}", file=sys.stderr, flush=True)
    except OSError:
        pass
