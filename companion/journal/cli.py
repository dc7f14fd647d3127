"""``companion journal verify DB`` and ``companion journal show DB [--json]``.

The journal and the engines are imported when a command runs, so that ``companion --help``
does not pay for them.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from companion.journal.app_cli import record_id

if TYPE_CHECKING:
    from companion.journal.store import Journal

UNREADABLE = 3
"""``journal verify``'s exit status for a journal that cannot be read here (a full disk that leaves
no room to read a journal with changes in its -wal file, a folder that cannot be written while
such changes wait, no permission, the medium's I/O error): no finding about damage. 0: sound,
1: damaged (the problems are listed), 2: no journal that can be verified (none there, not a
journal, from a newer companion, damaged before its first page)."""

SUMMARY = """journal verify DB   replay every game in a journal and check it
  companion journal show DB [--json] [--log]  the public view (or the log) of the running game"""


def add_to(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    journal = commands.add_parser("journal", help="check and read a journal file")
    actions = journal.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = actions.add_parser("verify", help="replay every game from its first event and check it")
    check.add_argument("db", metavar="DB")
    check.set_defaults(handler=run_verify)
    show = actions.add_parser("show", help="print the public view of the running game (or of --game ID)")
    show.add_argument("db", metavar="DB")
    show.add_argument("--json", action="store_true", help="as JSON")
    show.add_argument("--game", type=record_id, metavar="ID", help="another game than the running one")
    show.add_argument("--log", action="store_true", help="the game log instead: every entry, corrections marked")
    show.set_defaults(handler=run_show)


def _open(path: str) -> Journal:
    from companion.journal.store import Journal

    return Journal.open(path, readonly=True)


def run_verify(args: argparse.Namespace) -> int:
    from companion.journal.access import REASONS
    from companion.journal.errors import JournalAccessError, JournalError
    from companion.journal.verify import verify

    try:
        with _open(args.db) as journal:
            if journal.unwritable is not None:
                why = REASONS.get(journal.unwritable.cause, journal.unwritable.cause)
                print(f"companion: note: {why}: the journal is read as it lies in its file", file=sys.stderr)
            report = verify(journal)
    except JournalAccessError as exc:
        print(f"companion: {exc} (no finding of damage: the journal cannot be read here)", file=sys.stderr)
        return UNREADABLE
    except JournalError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    for problem in report.problems:
        print(f"PROBLEM {problem}")
    counts = f"{report.games} games, {report.entries} entries, {report.events} events"
    print(f"{counts}; state digest sha256:{report.digest}")
    print("ok" if report.ok else f"{len(report.problems)} problem(s)")
    return 0 if report.ok else 1


def run_show(args: argparse.Namespace) -> int:
    from companion.journal.damage import damage_said
    from companion.journal.errors import JournalError
    from companion.journal.session import Session

    try:
        with damage_said(args.db), _open(args.db) as journal:
            session = Session.open(journal, args.game) if args.game is not None else Session.resume(journal)
            if session is None:
                print("companion: no game is running in this journal", file=sys.stderr)
                return 1
            view = session.public_view()
            log = session.log() if args.log else []
    except JournalError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    if args.log:
        _print_log(log, as_json=args.json)
        return 0
    if args.json:
        print(json.dumps(view, ensure_ascii=False, indent=2))
    else:
        inner = view["view"]
        print(f"game {view['game_id']} ({inner.get('game', session.game.name)}), entry {view['entry']}")
        for key in ("phase", "round", "day", "current", "turn"):
            if key in inner and not isinstance(inner[key], dict):
                print(f"  {key}: {inner[key]}")
    return 0


def _print_log(log: list[dict[str, Any]], *, as_json: bool) -> None:
    if as_json:
        print(json.dumps(log, ensure_ascii=False, indent=2))
        return
    for line in log:
        if "events" not in line:
            kind = "undo" if "undo" in line else "redo"
            print(f"{line['entry']:>5}  {kind} of entry {line[kind]}")
            for words in line["words"]:
                print(f"         {words}")
            continue
        marks = ("  [correction]" if line["correction"] else "") + ("" if line["in_play"] else "  [undone]")
        print(f"{line['entry']:>5}  {line['command']}{marks}")
        for event in line["events"]:
            details = ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
            print(f"         {event['type']}" + (f": {details}" if details else ""))
