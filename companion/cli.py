"""The ``companion`` command line. Without a command (or with only the app's options such as
``--dice emulator``) it starts the touchscreen app. Each subcommand lives beside what it drives and
registers itself here through ``add_to(commands)``.

Exit codes: 0 all good, 1 a check failed, 2 a file, a device or the command line was wrong.
When the reader of the output goes away (``companion journal show DB --json | head``) the command
stops quietly with 141, as a program ended by SIGPIPE does in a shell.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from companion import __version__, dice_cli, selftest_cli
from companion.app import run as app_cli_run
from companion.app import screenshots as screenshots_cli
from companion.journal import app_cli
from companion.journal import cli as journal_cli
from companion.scenario import cli as scenario_cli

SUBCOMMANDS = (app_cli_run, screenshots_cli, scenario_cli, journal_cli, app_cli, dice_cli, selftest_cli)


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or (args_list[0].startswith("--") and args_list[0] not in ("--help", "--version")):
        args_list.insert(0, "app")  # the app, with its own options: as ``companion app ...`` in every way
    try:
        try:
            args = _parser().parse_args(args_list)
        except SystemExit as exc:  # --help, --version and usage errors
            code = exc.code if isinstance(exc.code, int) else 0
        else:
            code = args.handler(args)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
    except BrokenPipeError:
        return _reader_gone()
    except RecursionError:  # the commands that read nested input say so themselves; this is the net
        print("companion: the input is nested too deeply to be read", file=sys.stderr)
        return 2
    return code


SIGPIPE_EXIT = 141  # 128 + SIGPIPE: what a shell reports for a program that wrote into a closed pipe


def _reader_gone() -> int:
    """Nobody reads the standard output any more: stop without a traceback. What is still buffered
    goes to /dev/null, so that the interpreter's last flush does not fail again
    (https://docs.python.org/3/library/signal.html#note-on-sigpipe)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return SIGPIPE_EXIT


class _Version(argparse.Action):
    """``--version``: the version the package carries (``companion.__version__``)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(f"companion {__version__}")
        parser.exit()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Referee and bookkeeper for board games.")
    parser.add_argument("--version", action=_Version, nargs=0, help="print the version and exit")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in SUBCOMMANDS:
        module.add_to(commands)
    return parser
