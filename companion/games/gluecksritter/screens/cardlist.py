"""The table's own list of its document cards, read by touch from a USB stick (or any folder): the
places, then the card lists found there (the app's :class:`~companion.app.pieces.files.FilePicker`;
``.toml`` files, written as ``companion/data/gluecksritter-documents.toml`` is); a tap checks one
as a game's setup would (every entry valid, the box's 25 cards, each id once) and keeps it in the
game's settings for every new game. A list that cannot be used is said in red inside the dialog,
which stays open, and nothing changes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.app.pieces.files import FilePicker
from companion.i18n import Join, Local, Message, Plural, Text
from companion.results.drives import FilesProblem

SHOWN = 4  # the names a settings line shows of a card list


def described(cards: list[dict[str, Any]] | None) -> Text:
    """The card list new games take, in a line: the shipped one, or the table's with its first names."""
    from companion.catalogue import load_catalogue

    if cards is None:
        names = [Local(dict(spec.kind().names)) for spec in load_catalogue()]
        return Message("Card list: the shipped one ({names})", names=Join(*names))
    names = [Local(entry["name"]) for entry in cards[:SHOWN]]
    more = ["…"] if len(cards) > SHOWN else []
    return Plural(
        "Card list: our own, {n} kind of card ({names})",
        "Card list: our own, {n} kinds of card ({names})",
        len(cards),
        names=Join(*names, *more, last=not more),
    )


class CardListDialog(FilePicker):
    """Where the card list is, then which one; ``taken(cards)`` with the list's entries."""

    WORDS = {
        "title": Message("Read our card list"),
        "where": Message("Tap where the card list is: a .toml file like the shipped one."),
        "files": Message("Card lists in {folder}"),
        "pick": Message("Tap the card list to take it."),
        "none": Message("There is no card list (.toml) in {folder}."),
    }

    def __init__(self, data_dir: Path, taken: Callable[[list[dict[str, Any]]], Any], **kwargs: Any) -> None:
        self.taken = taken
        super().__init__(data_dir, **kwargs)

    def files(self, folder: Path) -> list[Path]:
        try:
            return sorted(path for path in folder.glob("*.toml") if path.is_file())
        except OSError as error:
            problem = error.strerror or str(error)
            raise FilesProblem(
                Message("{folder} cannot be read: {problem}", folder=str(folder), problem=problem)
            ) from None

    def take(self, path: Path) -> None:
        from companion.catalogue import CatalogueError, load_catalogue

        try:
            specs = load_catalogue(path)
        except CatalogueError as error:
            if error.reason is not None:  # the file could not be read at all: why, in the table's language
                self.say_refusal(
                    Message("The card list {file} cannot be read. {reason}", file=path.name, reason=error.reason)
                )
            else:
                self.say_refusal(Message("This card list cannot be used: {problem}", problem=str(error)))
            return
        cards = [spec.model_dump(mode="json", by_alias=True, exclude_defaults=True) for spec in specs]
        self.close()
        self.taken(cards)
        self.app.tell(
            Plural(
                "Card list {file} read: {n} kind of card; new games take it.",
                "Card list {file} read: {n} kinds of card; new games take it.",
                len(cards),
                file=path.name,
            )
        )
