"""``companion export``, ``companion import`` and ``companion saves``.

Every command works on the installation's journal (``--data-dir DIR``, else the settings file,
else ``$XDG_DATA_HOME/companion``; see :mod:`companion.journal.paths`) or on the file named with
``--journal DB``. Exit codes: 0 done, 1 refused (nothing changed), 2 an unusable file or argument.
"""

from __future__ import annotations

import argparse
import datetime
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

from companion.journal import bgstats, exports, saves
from companion.journal.errors import JournalError
from companion.journal.paths import journal_path
from companion.journal.store import Journal

SUMMARY = """export ID [--format json|bgstats] [--output FILE]  write one game as a file
  companion import FILE  add a game from a companion export to the journal
  companion saves list|save [NAME]|load ID|delete-all [--yes]|quit  named saves of the running game"""

REFUSED = (saves.SaveRefused, bgstats.NotFinished, exports.NotesForbidden)
UNUSABLE = (JournalError, exports.ExportError, saves.SaveError)


def add_to(commands: argparse._SubParsersAction) -> None:
    export = commands.add_parser(
        "export",
        help="write one game of the journal as a file",
        description="Write one game as a companion export (json) or as a BG Stats play file (bgstats, "
        "finished games only). Without --output the document goes to the standard output.",
    )
    export.add_argument("game_id", type=int, metavar="ID", help="the game's number in the journal")
    export.add_argument("--format", choices=("json", "bgstats"), default="json", help="json (default) or bgstats")
    export.add_argument("--output", "-o", metavar="FILE", help="write to FILE (whole or not at all)")
    _journal_options(export)
    export.set_defaults(handler=_guarded(run_export))

    imp = commands.add_parser(
        "import",
        help="add a game from a companion export to the journal",
        description="Check a companion export, replay its recorded events and add it to the journal as a "
        "new game; prints the new game's number. A newer, foreign or broken file changes nothing.",
    )
    imp.add_argument("file", metavar="FILE")
    _journal_options(imp)
    imp.set_defaults(handler=_guarded(run_import))

    group = commands.add_parser("saves", help="named saves of the running game")
    actions = group.add_subparsers(dest="action", required=True, metavar="ACTION")
    listing = actions.add_parser("list", help="every save, newest first: id, name, game, when")
    _journal_options(listing)
    listing.set_defaults(handler=_guarded(run_list))
    save = actions.add_parser("save", help="save the running game (under the date and time if no NAME)")
    save.add_argument("name", nargs="?", metavar="NAME")
    _journal_options(save)
    save.set_defaults(handler=_guarded(run_save))
    load = actions.add_parser("load", help="continue a save as a new game, which becomes the running one")
    load.add_argument("save_id", type=int, metavar="ID")
    _journal_options(load)
    load.set_defaults(handler=_guarded(run_load))
    wipe = actions.add_parser("delete-all", help="delete every save (only with --yes)")
    wipe.add_argument("--yes", action="store_true", help="confirm: the saves are gone for good")
    _journal_options(wipe)
    wipe.set_defaults(handler=_guarded(run_delete_all))
    quit_ = actions.add_parser("quit", help="save the running game under the date and time; no game runs after")
    _journal_options(quit_)
    quit_.set_defaults(handler=_guarded(run_quit))


def _journal_options(parser: argparse.ArgumentParser) -> None:
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--data-dir", metavar="DIR", help="the installation's data directory (its journal)")
    where.add_argument("--journal", metavar="DB", help="this journal file")


def _guarded(action: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        try:
            return action(args)
        except REFUSED as exc:
            print(f"companion: {exc}", file=sys.stderr)
            return 1
        except UNUSABLE as exc:
            print(f"companion: {exc}", file=sys.stderr)
            return 2

    return run


def _path(args: argparse.Namespace) -> Path:
    return Path(args.journal) if args.journal else journal_path(args.data_dir)


def _open(args: argparse.Namespace, *, create: bool = False) -> Journal:
    return Journal.open(_path(args), create=create)


def _where(args: argparse.Namespace) -> str:
    if args.journal:
        return f" --journal {shlex.quote(args.journal)}"
    if args.data_dir:
        return f" --data-dir {shlex.quote(args.data_dir)}"
    return ""


# ---------------------------------------------------------------------------- export, import


def run_export(args: argparse.Namespace) -> int:
    with _open(args) as journal:
        if args.format == "bgstats":
            document = bgstats.play_document(journal, args.game_id)
        else:
            document = exports.export_game(journal, args.game_id)
    text = exports.render(document)
    if args.output is None:
        sys.stdout.write(text)
    else:
        exports.write_file(args.output, text)
        print(f"game {args.game_id} written to {args.output} ({args.format})")
    return 0


def run_import(args: argparse.Namespace) -> int:
    checked = exports.check_document(exports.read_json(args.file))  # before the journal is opened (or made)
    with _open(args, create=True) as journal:
        imported = exports.import_checked(journal, checked)
    print(imported.game_id)
    return 0


# ------------------------------------------------------------------------------------ saves


def _local(text: str) -> str:
    return datetime.datetime.fromisoformat(text).astimezone().strftime("%Y-%m-%d %H:%M")


def run_list(args: argparse.Namespace) -> int:
    with _open(args) as journal:
        rows = saves.list_saves(journal)
    if not rows:
        print("no saves")
        return 0
    table = [("ID", "NAME", "GAME", "SAVED")] + [(str(r.id), r.name, r.game, _local(r.saved)) for r in rows]
    widths = [max(len(line[i]) for line in table) for i in range(3)]
    for line in table:
        print(f"{line[0]:>{widths[0]}}  {line[1]:<{widths[1]}}  {line[2]:<{widths[2]}}  {line[3]}")
    return 0


def run_save(args: argparse.Namespace) -> int:
    with _open(args) as journal:
        saved = saves.save(journal, args.name)
    print(f"game {saved.game_id} ({saved.game}) saved as save {saved.id}: {saved.name}")
    return 0


def run_load(args: argparse.Namespace) -> int:
    with _open(args) as journal:
        loaded = saves.load(journal, args.save_id)
    print(f"save {loaded.save_id} ({loaded.name}) continues as game {loaded.game_id} ({loaded.game}), now running")
    return 0


def run_delete_all(args: argparse.Namespace) -> int:
    with _open(args) as journal:
        try:
            deleted = saves.delete_all(journal, confirmed=args.yes)
        except saves.SaveRefused as exc:
            raise saves.SaveRefused(f"{exc}: companion saves delete-all --yes{_where(args)}") from None
    print(f"deleted {deleted} save(s)" if deleted else "there are no saves")
    return 0


def run_quit(args: argparse.Namespace) -> int:
    with _open(args) as journal:
        saved = saves.quit_game(journal)
    print(
        f"game {saved.game_id} ({saved.game}) saved as save {saved.id}: {saved.name}; no game is running now "
        f"(companion saves load {saved.id}{_where(args)} continues it)"
    )
    return 0
