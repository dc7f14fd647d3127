"""The commands behind ``companion export``, ``import`` and ``saves`` (their command line is
:mod:`companion.journal.app_cli`). Each returns its exit code or raises one of ``REFUSED`` (exit 1,
nothing changed) or ``UNUSABLE`` (exit 2)."""

from __future__ import annotations

import argparse
import datetime
import shlex
import sys
from pathlib import Path

from companion.journal import bgstats, exports, saves
from companion.journal.errors import ExportError, JournalError
from companion.journal.paths import journal_path
from companion.journal.store import Journal

REFUSED = (saves.SaveRefused, bgstats.NotFinished, exports.NotesForbidden, exports.SecretsPending)
UNUSABLE = (JournalError, ExportError, saves.SaveError)


def _path(args: argparse.Namespace) -> Path:
    return Path(args.journal) if args.journal else journal_path(args.data_dir)


def journal_of(args: argparse.Namespace) -> Path | None:
    """The journal the command works on, or None when its directory cannot be found out (the
    command itself then says why)."""
    try:
        return _path(args)
    except JournalError:
        return None


def _open(args: argparse.Namespace, *, create: bool = False) -> Journal:
    return Journal.open(_path(args), create=create)


def _where(args: argparse.Namespace) -> str:
    if args.journal:
        return f" --journal {shlex.quote(args.journal)}"
    if args.data_dir:
        return f" --data-dir {shlex.quote(args.data_dir)}"
    return ""


# ---------------------------------------------------------------------------- export, import


def table_language(journal: Path) -> str:
    """The language the table beside ``journal`` speaks: the app's settings file in the journal's
    folder (``app-settings.json``), else English (the command line's). Only read: a file the app
    could not use is left for the app to say so."""
    from companion.inputs import InputProblem, read_json

    try:
        data = read_json(journal.parent / "app-settings.json", 1024 * 1024)
    except (InputProblem, OSError):
        return "en"
    language = data.get("language") if isinstance(data, dict) else None
    return language if language in ("de", "en") else "en"


def run_export(args: argparse.Namespace) -> int:
    with Journal.open(_path(args), create=False, readonly=True) as journal:  # reading changes no byte of it
        if args.format == "bgstats":
            language = getattr(args, "language", None) or table_language(_path(args))
            document = bgstats.play_document(journal, args.game_id, language)
        else:
            document = exports.export_game(journal, args.game_id)
    text = exports.render(document)
    if args.output is None:
        sys.stdout.write(text)
    else:
        into_file = exports.write_file(args.output, text)
        # Written into a pipe or device (-o /dev/stdout), the document may be what stdout carries:
        # the confirmation then goes to the standard error, so that it never lands inside it.
        print(f"game {args.game_id} written to {args.output} ({args.format})", file=None if into_file else sys.stderr)
    return 0


def run_import(args: argparse.Namespace) -> int:
    try:
        checked = exports.check_document(exports.read_json(args.file))  # before the journal is opened (or made)
    except RecursionError:
        raise ExportError(f"{args.file} is not a companion export (nested too deeply to be read)") from None
    with _open(args, create=True) as journal:
        try:
            imported = exports.import_checked(journal, checked)
        except RecursionError:  # its one transaction keeps nothing
            raise ExportError(f"{args.file} is nested too deeply to be written into the journal") from None
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
