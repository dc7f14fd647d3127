"""``companion scenario run|check FILE...``.

The engines and the journal are imported when a command runs, not when the command line is
built, so that ``companion --help`` does not pay for them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.scenario.run import Result

SUMMARY = """scenario run [--journal DB] FILE...  play scenario files against the engine and check them
  companion scenario check FILE...  only read scenario files and report mistakes in them"""


def add_to(commands: argparse._SubParsersAction) -> None:
    scenario = commands.add_parser("scenario", help="scenario files: table situations checked against the engine")
    actions = scenario.add_subparsers(dest="action", required=True, metavar="ACTION")
    run = actions.add_parser("run", help="play each file on a fresh game and check its expectations")
    run.add_argument("files", nargs="+", metavar="FILE")
    run.add_argument(
        "--journal", metavar="DB", help="write every command to this journal file, one line per committed event"
    )
    run.set_defaults(handler=_run)
    check = actions.add_parser("check", help="read each file and report mistakes in it, without playing it")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.set_defaults(handler=_check)


def _check(args: argparse.Namespace) -> int:
    from companion.scenario.run import check_file

    return _each(args.files, check_file)


def _run(args: argparse.Namespace) -> int:
    from companion.journal.damage import damage_said
    from companion.journal.errors import JournalError
    from companion.journal.store import Journal
    from companion.scenario.run import run_file

    if not args.journal:
        return _each(args.files, run_file)
    try:
        journal = Journal.open(args.journal)
    except JournalError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    try:
        with damage_said(args.journal), journal:
            return _each(args.files, lambda name: run_file(name, journal))
    except JournalError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2


def _each(files: Sequence[str], action: Callable[[str], Result]) -> int:
    results = []
    for name in files:
        results.append(action(name))
        print(results[-1].report(), flush=True)
    count = {status: sum(r.status == status for r in results) for status in ("ok", "fail", "error")}
    if len(results) > 1:
        print(f"{len(results)} files: {count['ok']} ok, {count['fail']} failed, {count['error']} not readable")
    return 2 if count["error"] else 1 if count["fail"] else 0
