"""The ``companion`` command line. Each subcommand lives beside what it drives and registers
itself here through ``add_to(commands)``; its module's ``SUMMARY`` line appears in the message
shown when companion is started without arguments.

Exit codes: 0 all good, 1 a check failed, 2 a file, a device or the command line was wrong.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from companion import dice_cli, selftest_cli
from companion.journal import app_cli
from companion.journal import cli as journal_cli
from companion.scenario import cli as scenario_cli

SUBCOMMANDS = (scenario_cli, journal_cli, app_cli, dice_cli, selftest_cli)


def package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version  # only when the version is shown

    try:
        return version("companion")
    except PackageNotFoundError:
        return "unknown"


def no_app_message() -> str:
    lines = [f"companion {package_version()}: the touchscreen app is not part of this version.", "Available commands:"]
    lines += [f"  companion {module.SUMMARY}" for module in SUBCOMMANDS]
    lines += ["  companion --version  print the version", "See docs/scenarios.md for the scenario format."]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list:
        print(no_app_message(), file=sys.stderr)
        return 2
    try:
        args = _parser().parse_args(args_list)
    except SystemExit as exc:  # --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else 0
    return args.handler(args)


class _Version(argparse.Action):
    """``--version``, reading the installed package's version only when asked."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(f"companion {package_version()}")
        parser.exit()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Referee and bookkeeper for board games.")
    parser.add_argument("--version", action=_Version, nargs=0, help="print the version and exit")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in SUBCOMMANDS:
        module.add_to(commands)
    return parser
