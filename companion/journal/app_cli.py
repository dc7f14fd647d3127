"""``companion export``, ``companion import`` and ``companion saves``.

Every command works on the installation's journal (``--data-dir DIR``, else the settings file,
else ``$XDG_DATA_HOME/companion``; see :mod:`companion.journal.paths`) or on the file named with
``--journal DB``. Exit codes: 0 done, 1 refused (nothing changed), 2 an unusable file or argument.

The commands themselves live in :mod:`companion.journal.app_commands`, imported when one runs,
so that building the command line (``companion --help``) does not load the journal or the engines.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable

SUMMARY = """export ID [--format json|bgstats] [--language de|en] [--output FILE]  write one game as a file
  companion import FILE  add a game from a companion export to the journal
  companion saves list|save [NAME]|load ID|delete-all [--yes]|quit  named saves of the running game"""


def add_to(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    export = commands.add_parser(
        "export",
        help="write one game of the journal as a file",
        description="Write one game as a companion export (json) or as a BG Stats play file (bgstats, "
        "finished games only). Without --output the document goes to the standard output.",
    )
    export.add_argument("game_id", type=record_id, metavar="ID", help="the game's number in the journal")
    export.add_argument("--format", choices=("json", "bgstats"), default="json", help="json (default) or bgstats")
    export.add_argument("--output", "-o", metavar="FILE", help="write to FILE (whole or not at all)")
    export.add_argument(
        "--language",
        choices=("de", "en"),
        help="bgstats: name players without a name by their colour in this language (default: the language "
        "of the app's settings beside the journal, else en)",
    )
    _journal_options(export)
    export.set_defaults(handler=_guarded("export"))

    imp = commands.add_parser(
        "import",
        help="add a game from a companion export to the journal",
        description="Check a companion export, replay its recorded events and add it to the journal as a "
        "new game; prints the new game's number. A newer, foreign or broken file changes nothing.",
    )
    imp.add_argument("file", metavar="FILE")
    _journal_options(imp)
    imp.set_defaults(handler=_guarded("import"))

    group = commands.add_parser("saves", help="named saves of the running game")
    actions = group.add_subparsers(dest="action", required=True, metavar="ACTION")
    listing = actions.add_parser("list", help="every save, newest first: id, name, game, when")
    _journal_options(listing)
    listing.set_defaults(handler=_guarded("list"))
    save = actions.add_parser("save", help="save the running game (under the date and time if no NAME)")
    save.add_argument("name", nargs="?", metavar="NAME")
    _journal_options(save)
    save.set_defaults(handler=_guarded("save"))
    load = actions.add_parser("load", help="continue a save as a new game, which becomes the running one")
    load.add_argument("save_id", type=record_id, metavar="ID")
    _journal_options(load)
    load.set_defaults(handler=_guarded("load"))
    wipe = actions.add_parser("delete-all", help="delete every save (only with --yes)")
    wipe.add_argument("--yes", action="store_true", help="confirm: the saves are gone for good")
    _journal_options(wipe)
    wipe.set_defaults(handler=_guarded("delete_all"))
    quit_ = actions.add_parser("quit", help="save the running game under the date and time; no game runs after")
    _journal_options(quit_)
    quit_.set_defaults(handler=_guarded("quit"))


LARGEST_ID = 2**63 - 1  # SQLite's largest integer


def record_id(text: str) -> int:
    """A game's or a save's number on the command line: a whole number from 1 to 2**63 - 1 (the
    journal numbers from 1; anything else could only be a mistake)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
    if not 1 <= value <= LARGEST_ID:
        raise argparse.ArgumentTypeError(f"{text[:40]} is no number in the journal (they run from 1 to {LARGEST_ID})")
    return value


def _journal_options(parser: argparse.ArgumentParser) -> None:
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--data-dir", metavar="DIR", help="the installation's data directory (its journal)")
    where.add_argument("--journal", metavar="DB", help="this journal file")


def _guarded(name: str) -> Callable[[argparse.Namespace], int]:
    """The command ``run_<name>`` of :mod:`companion.journal.app_commands`, loaded when it runs;
    a refusal exits 1, an unusable file or argument 2 (a damaged journal among them), each with
    its message."""

    def run(args: argparse.Namespace) -> int:
        commands = importlib.import_module("companion.journal.app_commands")
        from companion.journal.damage import damage_said

        try:
            with damage_said(commands.journal_of(args), passing=commands.REFUSED + commands.UNUSABLE):
                code: int = getattr(commands, f"run_{name}")(args)
                return code
        except commands.REFUSED as exc:
            print(f"companion: {exc}", file=sys.stderr)
            return 1
        except commands.UNUSABLE as exc:
            print(f"companion: {exc}", file=sys.stderr)
            return 2

    return run
