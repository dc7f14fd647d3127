"""The ``companion`` command line. The touchscreen app is not part of this version; what there
is: ``companion scenario run FILE...`` and ``companion scenario check FILE...``.

Exit codes: 0 all good, 1 a scenario failed, 2 a file could not be read or understood (or the
command line was wrong).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError, version

from companion.scenario import Result, check_file, run_file


def package_version() -> str:
    try:
        return version("companion")
    except PackageNotFoundError:
        return "unknown"


NO_APP = """\
companion {version}: the touchscreen app is not part of this version.
Available commands:
  companion scenario run FILE...    play scenario files against the game engine and check them
  companion scenario check FILE...  only read the scenario files and report mistakes in them
  companion --version               print the version
See docs/scenarios.md for the scenario format."""


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list:
        print(NO_APP.format(version=package_version()), file=sys.stderr)
        return 2
    try:
        args = _parser().parse_args(args_list)
    except SystemExit as exc:  # --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else 0
    return args.handler(args)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Referee and bookkeeper for board games.")
    parser.add_argument("--version", action="version", version=f"companion {package_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    scenario = commands.add_parser("scenario", help="scenario files: table situations checked against the engine")
    actions = scenario.add_subparsers(dest="action", required=True, metavar="ACTION")
    run = actions.add_parser("run", help="play each file on a fresh game and check its expectations")
    run.add_argument("files", nargs="+", metavar="FILE")
    run.set_defaults(handler=lambda a: _each(a.files, run_file))
    check = actions.add_parser("check", help="read each file and report mistakes in it, without playing it")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.set_defaults(handler=lambda a: _each(a.files, check_file))
    return parser


def _each(files: Sequence[str], action: Callable[[str], Result]) -> int:
    results = []
    for name in files:
        results.append(action(name))
        print(results[-1].report(), flush=True)
    count = {status: sum(r.status == status for r in results) for status in ("ok", "fail", "error")}
    if len(results) > 1:
        print(f"{len(results)} files: {count['ok']} ok, {count['fail']} failed, {count['error']} not readable")
    return 2 if count["error"] else 1 if count["fail"] else 0
